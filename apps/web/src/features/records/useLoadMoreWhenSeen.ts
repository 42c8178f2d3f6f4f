import { useEffect, useRef } from 'react';

/**
 * A sentinel below a list: when it scrolls into view, `loadMore` runs. Started a screen early (rootMargin) so
 * the next page is usually there before the reader reaches the end. A new observer per loaded page reports at
 * once whether the sentinel is still in view, so a page too short to fill the screen pulls the next one.
 */
export function useLoadMoreWhenSeen(loadMore: () => void, enabled: boolean, pagesLoaded: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadMore);
  latest.current = loadMore;

  // biome-ignore lint/correctness/useExhaustiveDependencies: pagesLoaded renews the observer, whose first report says whether the sentinel is still in view
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, pagesLoaded]);

  return sentinel;
}
