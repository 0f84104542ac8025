import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { resignMatch } from "../../api/endpoints";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Button } from "../../components/forms";

/** A student leaves a running match for good, after a confirmation: a computer finishes it. */
export function LeaveMatchButton({ matchId }: { matchId: number }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={() => setOpen(true)}>Leave this match</Button>
      {open && (
        <ConfirmDialog
          title="Leave this match?"
          confirmLabel="Leave the match"
          busyLabel="Leaving…"
          danger
          onConfirm={async () => {
            await resignMatch(matchId);
            navigate("/home");
          }}
          onClose={() => setOpen(false)}
        >
          <p>A computer will finish this match for you. You can't come back to it.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
