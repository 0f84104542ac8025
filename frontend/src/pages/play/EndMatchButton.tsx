import { useState } from "react";
import { endMatch } from "../../api/endpoints";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Button } from "../../components/forms";

/** The teacher ends a running match (or a lobby) for everybody, after a confirmation. */
export function EndMatchButton({ matchId, players, onEnded }: { matchId: number; players: string; onEnded?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        End match
      </Button>
      {open && (
        <ConfirmDialog
          title="End this match?"
          confirmLabel="End match"
          busyLabel="Ending…"
          danger
          onConfirm={async () => {
            await endMatch(matchId);
            onEnded?.();
          }}
          onClose={() => setOpen(false)}
        >
          <p>The match of {players} stops now for everybody. Nobody wins. The moves so far stay in the reports.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
