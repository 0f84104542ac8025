import { useEffect, useRef, type ReactNode } from "react";

let firstPage = true;

/**
 * A page: sets the document title and, after client-side navigation, moves
 * focus to the h1 so screen readers announce the new page.
 */
export function Page({ title, heading, children, className }: { title: string; heading?: ReactNode; children: ReactNode; className?: string }) {
  const h1 = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Multiplayground`;
    if (firstPage) firstPage = false;
    else h1.current?.focus();
  }, [title]);
  return (
    <div className={`page ${className ?? ""}`}>
      <h1 ref={h1} tabIndex={-1}>
        {heading ?? title}
      </h1>
      {children}
    </div>
  );
}
