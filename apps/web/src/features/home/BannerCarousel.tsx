import type { Banner } from '@kestrel/contract';
import { Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKETS_PATH } from '../../app/paths';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import styles from './BannerCarousel.module.css';
import home from './HomeScreen.module.css';

/** Long enough to read a title; WCAG asks for a pause control on anything that moves by itself this long. */
export const AUTOPLAY_MS = 5000;

function prefersReducedMotion() {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** The slide the strip shows: in RTL the browser counts scroll positions from the right, as negatives. */
function shownIndex(strip: HTMLElement, count: number) {
  const width = strip.clientWidth || 1;
  return Math.min(count - 1, Math.max(0, Math.round(Math.abs(strip.scrollLeft) / width)));
}

function scrollToSlide(strip: HTMLElement, index: number) {
  const rtl = getComputedStyle(strip).direction === 'rtl';
  const left = index * strip.clientWidth * (rtl ? -1 : 1);
  strip.scrollTo({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/** Shown while there are no banners: the app's own welcome, from the catalogue. */
function DefaultBanner() {
  const { t } = useTranslation();
  return (
    <section className={`${home.hero} ${home.heroGlowLow}`} data-testid={TestId.homeBannerDefault}>
      <h2 className={home.heroTitle}>{t('home.defaultTitle')}</h2>
      <p className={home.heroBody}>{t('home.defaultBody')}</p>
      <Link to={MARKETS_PATH} className={styles.defaultAction}>
        {t('home.defaultAction')}
      </Link>
    </section>
  );
}

function Slide({ banner, index, count }: { banner: Banner; index: number; count: number }) {
  const { t } = useTranslation();
  const content = (
    <>
      <img
        src={banner.imageUrl}
        alt=""
        className={styles.image}
        width={720}
        height={360}
        loading={index === 0 ? 'eager' : 'lazy'}
        decoding="async"
        {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
      />
      {banner.title ? <span className={styles.title}>{banner.title}</span> : null}
    </>
  );
  return (
    <li
      className={styles.slide}
      aria-roledescription="slide"
      aria-label={t('home.slideOf', { index: index + 1, count })}
    >
      {banner.link ? (
        <Link to={banner.link} className={styles.slideLink} aria-label={banner.title || undefined}>
          {content}
        </Link>
      ) : (
        <div className={styles.slideLink}>{content}</div>
      )}
    </li>
  );
}

/**
 * The home banners: a strip that scrolls with the finger (CSS scroll snap, no library), moves on by itself every
 * few seconds unless paused, hovered, focused or the reader prefers less motion, and has dots to jump to a slide.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  const stripId = useId();
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [held, setHeld] = useState(false);
  const count = banners.length;

  const onScroll = useCallback(() => {
    if (strip.current) setCurrent(shownIndex(strip.current, count));
  }, [count]);

  useEffect(() => {
    if (paused || held || count < 2) return;
    const timer = setInterval(() => {
      const element = strip.current;
      if (!element || document.hidden) return;
      scrollToSlide(element, (shownIndex(element, count) + 1) % count);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, held, count]);

  if (count === 0) return <DefaultBanner />;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('home.bannersLabel')}
      data-testid={TestId.homeBanners}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <ul
        id={stripId}
        ref={strip}
        className={styles.strip}
        onScroll={onScroll}
        aria-live={paused ? 'polite' : 'off'}
      >
        {banners.map((banner, index) => (
          <Slide key={banner.id} banner={banner} index={index} count={count} />
        ))}
      </ul>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.pause}
            aria-controls={stripId}
            aria-label={paused ? t('home.play') : t('home.pause')}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? <Play size={12} aria-hidden /> : <Pause size={12} aria-hidden />}
          </button>
          <div className={styles.dots}>
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={`${styles.dot} ${index === current ? styles.dotCurrent : ''}`}
                aria-label={t('home.goToSlide', { index: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                aria-controls={stripId}
                onClick={() => {
                  if (strip.current) scrollToSlide(strip.current, index);
                }}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
