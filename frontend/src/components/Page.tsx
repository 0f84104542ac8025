import { useEffect, useRef, type ReactNode } from "react";

let firstPage = true;

/**
 * Sets the document title and, after client-side navigation, moves focus to the returned
 * h1 ref so screen readers announce the new page. For pages that place their own h1.
 */
export function usePageHeading(title: string) {
  const h1 = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Multiplayground`;
    if (firstPage) firstPage = false;
    else h1.current?.focus();
  }, [title]);
  return h1;
}

/** A page: a focusable h1 and the content below it. */
export function Page({ title, heading, children, className }: { title: string; heading?: ReactNode; children: ReactNode; className?: string }) {
  const h1 = usePageHeading(title);
  return (
    <div className={`page ${className ?? ""}`}>
      <h1 ref={h1} tabIndex={-1}>
        {heading ?? title}
      </h1>
      {children}
    </div>
  );
}
