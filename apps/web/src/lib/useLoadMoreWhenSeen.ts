import { useEffect, useRef } from 'react';
import type { CursorPagesQuery } from './useCursorPages';

/**
 * A sentinel below a list: when it scrolls into view, the list's next page is asked for, unless it is already on
 * its way. Started a screen early (rootMargin) so the next page is usually there before the reader reaches the
 * end. A new observer per loaded page reports at once whether the sentinel is still in view, so a page too short
 * to fill the screen pulls the next one.
 */
export function useLoadMoreWhenSeen(list: CursorPagesQuery<unknown>) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(list);
  latest.current = list;
  const enabled = list.hasNextPage;
  const pagesLoaded = list.data?.pages.length ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: pagesLoaded renews the observer, whose first report says whether the sentinel is still in view
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const current = latest.current;
        if (
          entries.some((entry) => entry.isIntersecting) &&
          current.hasNextPage &&
          !current.isFetchingNextPage
        )
          void current.fetchNextPage();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, pagesLoaded]);

  return sentinel;
}
