import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Button, FormError, useAction } from "./forms";
import { useModal } from "./useModal";

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * A modal confirmation. Focus starts on "Cancel", Tab stays inside, Escape
 * cancels, the page behind is inert, and focus returns where it was.
 * Closes itself after onConfirm resolves; shows the error if it fails.
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, danger = false, onConfirm, onClose }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const boxRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { run, busy, error } = useAction(async () => {
    await onConfirm();
    onClose();
  });

  const onKeyDown = useModal(boxRef, cancelRef, busy ? null : onClose);

  return createPortal(
    <div className="dialog-backdrop">
      <dialog
        ref={boxRef}
        open
        className="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} className="dialog-body">
          {children}
        </div>
        <FormError error={error} />
        <div className="actions">
          <Button ref={cancelRef} onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={danger ? "danger" : "primary"} busy={busy} busyLabel={busyLabel} onClick={() => void run()}>
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </div>,
    document.body,
  );
}
