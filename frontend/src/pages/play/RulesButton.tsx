import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { gameTitle } from "../../games/catalog";
import { useGames } from "../../games/useGames";

/** "How to play": the game's rules (with the house rules) from /api/games/, in a dialog. */
export function RulesButton({ game }: { game: string }) {
  const [open, setOpen] = useState(false);
  const { games, failed } = useGames();
  const rules = games?.find((g) => g.slug === game)?.rules_summary;
  return (
    <>
      <button type="button" className="btn btn-rules" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span aria-hidden="true">?</span> How to play
      </button>
      {open && (
        <Dialog title={`How to play ${gameTitle(game)}`} onClose={() => setOpen(false)} wide>
          {rules ? (
            <div className="rules-text">{rules}</div>
          ) : failed ? (
            <p role="alert">We couldn't load the rules. Ask your teacher.</p>
          ) : (
            <p role="status">Loading the rules…</p>
          )}
        </Dialog>
      )}
    </>
  );
}
