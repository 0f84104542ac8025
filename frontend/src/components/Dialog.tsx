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
  const boxRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = useModal(boxRef, closeRef, onClose);

  return createPortal(
    // A tap beside the box closes it too, a shortcut for a pointer; the keyboard has Escape and Close.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <dialog ref={boxRef} open className={`dialog ${wide ? "dialog-wide" : ""}`} aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        {/* A long body scrolls: it takes the focus (Tab) so the keyboard can scroll it too (axe-core's
            scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable */}
        <div className="dialog-body dialog-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
          {children}
        </div>
        <div className="actions">
          <Button ref={closeRef} variant="primary" onClick={onClose}>
            Close
          </Button>
        </div>
      </dialog>
    </div>,
    document.body,
  );
}
