import { useEffect, useRef, useState } from 'react';

/**
 * Part 1 §9: images load when they come within 1.3 screens, i.e. 30 % of the viewport beyond its
 * edge. One observer for every image of the page.
 */
export const PRELOAD_MARGIN = '30% 0px';

type Watch = (el: Element, show: () => void) => () => void;
let watcher: Watch | null = null;

function sharedWatcher(): Watch {
  if (watcher) return watcher;
  if (typeof IntersectionObserver === 'undefined') return (_el, show) => (show(), () => {});
  const waiting = new Map<Element, () => void>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        waiting.get(e.target)?.();
        waiting.delete(e.target);
        observer.unobserve(e.target);
      }
    },
    { rootMargin: PRELOAD_MARGIN },
  );
  watcher = (el, show) => {
    waiting.set(el, show);
    observer.observe(el);
    return () => {
      waiting.delete(el);
      observer.unobserve(el);
    };
  };
  return watcher;
}

export function LazyImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ref.current || !src) return;
    return sharedWatcher()(ref.current, () => setShown(true));
  }, [src]);
  return (
    <span ref={ref} className={`lazy-image ${className ?? ''}`}>
      {src && shown ? <img src={src} alt={alt} loading="lazy" decoding="async" /> : <span className="lazy-image-placeholder" role="img" aria-label={alt} />}
    </span>
  );
}
