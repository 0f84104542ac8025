import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { gameTitle } from "../../games/catalog";
import { useGameDefinition } from "../../games/definitions";
import { hintsInWords } from "../../games/hints";
import { RulesPicture } from "../../games/RulesPicture";
import { settingsInWords } from "../../games/settings";
import type { MatchSettings } from "../../protocol/messages";

/** "How to play": this match's settings in words (and what hints show, when they are on), then
 * the game's rules (with the house rules), all from the game's definition at /api/games/. */
export function RulesButton({ game, settings, hints = false }: { game: string; settings?: MatchSettings | null; hints?: boolean }) {
  const [open, setOpen] = useState(false);
  const { game: definition, failed } = useGameDefinition(game);
  const rules = definition?.rules_summary;
  const hintLine = hints ? hintsInWords(definition) : null;
  const thisMatch = [...settingsInWords(definition, settings), ...(hintLine ? [hintLine] : [])];
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
            <RulesText rules={rules} game={game} />
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

/** The rules as reflowing text: the first sentence leads, each rule after it is a list item (the
 * server sends one rule a line; the lines are not kept as hard breaks), and one picture example. */
function RulesText({ rules, game }: { rules: string; game: string }) {
  const [lead, ...items] = rules.split("\n").map((line) => line.trim()).filter(Boolean);
  return (
    <div className="rules-text">
      <p>{lead}</p>
      <RulesPicture game={game} />
      <ul className="rules-list">
        {items.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
