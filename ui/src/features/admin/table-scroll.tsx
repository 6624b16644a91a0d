import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box around a wide table that scrolls sideways on a narrow screen (the page itself does not). While it
 * scrolls it is a named region in the Tab order, so that a keyboard can scroll it too (axe-core's
 * scrollable-region-focusable); on a wide screen it is a plain box, not a Tab stop.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    const seen = new ResizeObserver(measure);
    seen.observe(el);
    if (el.firstElementChild) seen.observe(el.firstElementChild);
    return () => seen.disconnect();
  }, []);
  return (
    <div ref={box} className="admin-table-scroll" tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'region' : undefined} aria-label={scrolls ? label : undefined}>
      {children}
    </div>
  );
}
