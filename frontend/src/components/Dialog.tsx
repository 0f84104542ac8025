import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Button } from "./forms";
import { useModal } from "./useModal";

/**
 * A modal with a title, some content and a Close button. Focus starts on Close, Tab stays
 * inside, Escape closes, the page behind is inert, and focus returns where it was.
 */
export function Dialog({ title, children, onClose, wide = false }: { title: string; children: ReactNode; onClose: () => void; wide?: boolean }) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = useModal(boxRef, closeRef, onClose);

  return createPortal(
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={boxRef}
        className={`dialog ${wide ? "dialog-wide" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body dialog-scroll">{children}</div>
        <div className="actions">
          <Button ref={closeRef} variant="primary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
