import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

export interface GalleryImage {
  src: string;
  alt: string;
  /** Whose picture it is (the maker's render, a print by someone else), under the image. */
  caption?: string;
}

export interface GalleryLabels {
  /** The region's name (`Images of Calibration cube`). */
  region: string;
  previous: string;
  next: string;
  /** A dot's name: `Image 2 of 4`. */
  show: (n: number, total: number) => string;
}

/**
 * Images side by side that a finger swipes (CSS scroll snap: it works before and without the
 * script), with arrows and dots that say where the visitor is, and the arrow keys on the strip.
 * Only the first image loads with the page; the others when they come near.
 */
export function Gallery({
  images,
  labels,
  width,
  height,
}: {
  images: GalleryImage[];
  labels: GalleryLabels;
  width: number;
  height: number;
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const total = images.length;

  // The image an arrow, dot or key asked for, while the strip glides to it: the images it passes
  // on the way are not "current", and a second key press counts from where it is going.
  const aim = useRef<number | null>(null);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    // The image nearest the strip's left edge is the one shown, however it got there (swipe, key, dot).
    const shown = () => Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
    const onScroll = () => {
      if (aim.current === null) setCurrent(shown());
      else if (shown() === aim.current) aim.current = null;
    };
    const onScrollEnd = () => {
      aim.current = null;
      setCurrent(shown());
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('scrollend', onScrollEnd);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('scrollend', onScrollEnd);
    };
  }, []);

  const go = (i: number) => {
    const el = strip.current;
    if (!el) return;
    const n = Math.max(0, Math.min(total - 1, i));
    aim.current = n;
    el.scrollTo({ left: n * el.clientWidth, behavior: 'smooth' });
    setCurrent(n);
  };
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={labels.region}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls; keyboard users reach it to move with the arrow keys. */}
      <ul className="gallery-strip" ref={strip} tabIndex={0} onKeyDown={onKey}>
        {images.map((img, i) => (
          <li key={img.src} className="gallery-slide" aria-roledescription="slide" aria-label={labels.show(i + 1, total)}>
            <img src={img.src} alt={img.alt} width={width} height={height} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
            {img.caption ? <p className="gallery-caption">{img.caption}</p> : null}
          </li>
        ))}
      </ul>
      {total > 1 ? (
        <div className="gallery-controls">
          <button
            type="button"
            className="gallery-arrow"
            aria-label={labels.previous}
            disabled={current === 0}
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="gallery-dots">
            {images.map((img, i) => (
              <button
                key={img.src}
                type="button"
                className="gallery-dot"
                aria-label={labels.show(i + 1, total)}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="gallery-arrow"
            aria-label={labels.next}
            disabled={current === total - 1}
            onClick={() => go(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
