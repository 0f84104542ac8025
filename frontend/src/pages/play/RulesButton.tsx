import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { gameTitle } from "../../games/catalog";
import { settingsInWords } from "../../games/settings";
import { useGames } from "../../games/useGames";
import type { MatchSettings } from "../../protocol/messages";

/** "How to play": this match's settings in words, then the game's rules (with the house rules)
 * from /api/games/, in a dialog. */
export function RulesButton({ game, settings }: { game: string; settings?: MatchSettings | null }) {
  const [open, setOpen] = useState(false);
  const { games, failed } = useGames();
  const rules = games?.find((g) => g.slug === game)?.rules_summary;
  const thisMatch = settingsInWords(game, settings);
  const headingId = useId();
  return (
    <>
      <button type="button" className="btn btn-rules" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span aria-hidden="true">?</span> How to play
      </button>
      {open && (
        <Dialog title={`How to play ${gameTitle(game)}`} onClose={() => setOpen(false)} wide>
          {thisMatch.length > 0 && (
            <section className="rules-settings" aria-labelledby={headingId}>
              <h3 id={headingId}>In this match</h3>
              <ul>
                {thisMatch.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          )}
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
