import { useId, useState } from "react";
import { useAuth } from "../../auth";
import { Dialog } from "../../components/Dialog";
import { useGameTitle } from "../../games/catalog";
import { useGameDefinition } from "../../games/definitions";
import { hintsInWords } from "../../games/hints";
import { rulesBlocks } from "../../games/howToPlay/fullRules";
import { HowToPlay } from "../../games/howToPlay/HowToPlay";
import { DIALOG } from "../../games/howToPlay/words";
import { settingsInWords } from "../../games/settings";
import type { MatchSettings } from "../../protocol/messages";

/** "How to play": the game's steps, each a picture of the board and one short sentence
 * (games/howToPlay), then this match's settings in words (and what hints show, when they are on).
 * A teacher also finds the adults' full rules (the game's rules_summary, house rules included). */
export function RulesButton({
  game,
  settings,
  hints = false,
  viewer,
}: {
  game: string;
  settings?: MatchSettings | null;
  hints?: boolean;
  /** Who is looking; the signed-in user's role when left out. Only a teacher sees the full rules. */
  viewer?: "student" | "teacher";
}) {
  const [open, setOpen] = useState(false);
  const { me } = useAuth();
  const { game: definition, failed } = useGameDefinition(game);
  const gameTitle = useGameTitle();
  const role = viewer ?? me?.role ?? "student";
  const hintLine = hints ? hintsInWords(definition) : null;
  const thisMatch = [...settingsInWords(definition, settings), ...(hintLine ? [hintLine] : [])];
  const headingId = useId();
  return (
    <>
      <button type="button" className="btn btn-rules" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span aria-hidden="true">?</span> {DIALOG.open}
      </button>
      {open && (
        <Dialog title={DIALOG.title(gameTitle(game))} onClose={() => setOpen(false)} wide>
          <HowToPlay game={game} settings={settings} userId={me?.id ?? null} playerName={role === "student" ? me?.name : undefined} />
          {thisMatch.length > 0 && (
            <section className="rules-settings howto-settings" aria-labelledby={headingId}>
              <h3 id={headingId}>{DIALOG.inThisMatch}</h3>
              <ul>
                {thisMatch.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          )}
          {role === "teacher" &&
            (definition?.rules_summary ? (
              <FullRules text={definition.rules_summary} />
            ) : failed ? (
              <p role="alert">{DIALOG.failed}</p>
            ) : (
              <p role="status">{DIALOG.loading}</p>
            ))}
        </Dialog>
      )}
    </>
  );
}

/** The adults' rules, folded: paragraphs of reflowing text and real lists (games/howToPlay/fullRules.ts). */
function FullRules({ text }: { text: string }) {
  return (
    <details className="howto-full-rules">
      <summary>{DIALOG.fullRules}</summary>
      <div className="rules-text">
        {rulesBlocks(text).map((block, i) =>
          block.kind === "p" ? (
            <p key={i}>{block.text}</p>
          ) : block.kind === "ol" ? (
            <ol key={i} className="rules-list">
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ol>
          ) : (
            <ul key={i} className="rules-list">
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          ),
        )}
      </div>
    </details>
  );
}
