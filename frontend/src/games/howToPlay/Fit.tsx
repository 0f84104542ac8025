import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

/** Without a max-height in the CSS: the share of the window's height a picture may take, so the
 * sentence and the buttons stay in view. */
const MAX_HEIGHT_SHARE = 0.42;
const MIN_HEIGHT_PX = 160;
/** A small picture (three cards) may grow this much, to be seen from a child's distance. */
const MAX_SCALE = 1.5;

/**
 * Shows its content whole, scaled to the width it is given and to the
 * height its CSS max-height allows (howToPlay.css): a board laid out for a tablet becomes a small
 * picture on a phone, and the boards' own CSS stays as it is. The content is measured
 * untransformed (offsetWidth/Height).
 */
export function Fit({ children, className = "" }: { children: ReactNode; className?: string }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ scale: number; w: number; h: number; avail: number } | null>(null);

  useLayoutEffect(() => {
    const o = outer.current;
    const i = inner.current;
    if (!o || !i) return;
    const measure = () => {
      const w = i.offsetWidth;
      const h = i.offsetHeight;
      const avail = o.clientWidth;
      if (!w || !h || !avail) return setBox(null); // not laid out (jsdom): shown as it is
      const cssMax = parseFloat(window.getComputedStyle(o).maxHeight);
      const maxH = Math.max(MIN_HEIGHT_PX, Number.isFinite(cssMax) ? cssMax : window.innerHeight * MAX_HEIGHT_SHARE);
      const scale = Math.min(MAX_SCALE, avail / w, maxH / h);
      setBox((prev) => (prev && Math.abs(prev.scale - scale) < 0.001 && prev.w === w && prev.h === h && prev.avail === avail ? prev : { scale, w, h, avail }));
    };
    measure();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    observer?.observe(o);
    observer?.observe(i);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  return (
    <div ref={outer} className={`howto-fit ${className}`} style={box ? { height: Math.ceil(box.h * box.scale) } : undefined}>
      <div
        ref={inner}
        className="howto-fit-inner"
        style={box ? { transform: `scale(${box.scale})`, marginLeft: Math.max(0, (box.avail - box.w * box.scale) / 2) } : undefined}
      >
        {children}
      </div>
    </div>
  );
}
