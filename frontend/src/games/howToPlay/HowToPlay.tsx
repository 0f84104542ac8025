// "How to play", shown, not told: 3 to 5 steps a game, each a picture of the real board in a small
// practice state (the game's own pieces, non-interactive) and one short sentence. Next / Back step
// through them; on the step with the first move, "Show me" plays it on the practice board. "Read to
// me" speaks each sentence (speechSynthesis), remembered per child. The words are in words.ts.
import { lazy, Suspense, useEffect, useId, useState, type ComponentType, type LazyExoticComponent } from "react";
import { prefersReducedMotion } from "../../fx/motion";
import { canSpeak, readAloudOn, setReadAloud, speak, stopSpeaking } from "../../lib/speech";
import type { GameSlug, MatchSettings } from "../../protocol/messages";
import { isGameSlug } from "../catalog";
import { Fit } from "./Fit";
import type { PictureProps } from "./Marked";
import { stepsFor } from "./steps";
import { DIALOG, GLOSSARY, type GlossaryTerm } from "./words";
import "./howToPlay.css";

// Each game's pictures load with its board pieces, on demand (as the boards do: registry.ts).
const PICTURES: Record<GameSlug, LazyExoticComponent<ComponentType<PictureProps>>> = {
  fultiples: lazy(() => import("./pictures/fultiples")),
  four_in_a_row: lazy(() => import("./pictures/four_in_a_row")),
  multiplin: lazy(() => import("./pictures/multiplin")),
  stepping_divisors: lazy(() => import("./pictures/stepping_divisors")),
};

export function HowToPlay({ game, settings, userId, playerName }: { game: string; settings?: MatchSettings | null; userId?: number | null; playerName?: string }) {
  const steps = stepsFor(game, settings);
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const [animate, setAnimate] = useState(false);
  const [reading, setReading] = useState(() => canSpeak() && readAloudOn(userId));
  const counterId = useId();

  const i = Math.min(index, Math.max(0, steps.length - 1));
  const step = steps[i];
  const after = shown && step?.after ? step.after : null;
  const sentence = after ?? step?.text ?? "";
  const terms: GlossaryTerm[] = (after ? step?.afterGlossary : step?.glossary) ?? [];

  // Read to me: each new sentence (Next, Back, Show me) is spoken while it is on.
  useEffect(() => {
    if (reading && sentence) speak(sentence);
  }, [reading, sentence, i]);
  useEffect(() => () => stopSpeaking(), []);

  if (!step || !isGameSlug(game)) return null;
  const Picture = PICTURES[game];
  const first = i === 0;
  const last = i === steps.length - 1;

  const go = (to: number) => {
    if (to < 0 || to >= steps.length) return;
    setIndex(to);
    setShown(false);
    setAnimate(false);
  };
  const showMe = () => {
    setAnimate(!shown && !prefersReducedMotion());
    setShown((s) => !s);
  };
  const flipReading = () => {
    const next = !reading;
    setReadAloud(userId, next);
    setReading(next);
    if (!next) stopSpeaking();
  };

  return (
    <section className="howto" aria-labelledby={counterId}>
      {/* The picture is one image to assistive technology, named by its sentence; the board
          pieces inside are inert (no focus, no clicks). */}
      <div className={`howto-pic${animate ? " howto-pic--play" : ""}`} role="img" aria-label={sentence} data-testid="howto-picture">
        <Fit>
          <div inert className="howto-board">
            <Suspense fallback={<div className="howto-loading" />}>
              <Picture key={`${step.id}-${shown}`} step={step.id} shown={shown} settings={settings} me={playerName} />
            </Suspense>
          </div>
        </Fit>
      </div>
      {/* Polite live region: a screen reader hears the new step after Next, Back or Show me. */}
      <div className="howto-caption" aria-live="polite" aria-atomic="true">
        <p className="howto-counter" id={counterId}>
          {DIALOG.stepOf(i + 1, steps.length)}
        </p>
        <p className="howto-sentence" data-testid="howto-sentence">
          {sentence}
        </p>
      </div>
      <div className="howto-controls">
        <button type="button" className="btn howto-back" aria-disabled={first || undefined} onClick={() => go(i - 1)}>
          <span aria-hidden="true">←</span> {DIALOG.back}
        </button>
        {step.after && (
          <button type="button" className="btn howto-show" onClick={showMe}>
            {shown ? DIALOG.startOver : DIALOG.showMe}
          </button>
        )}
        <button type="button" className="btn btn-primary howto-next" aria-disabled={last || undefined} onClick={() => go(i + 1)}>
          {DIALOG.next} <span aria-hidden="true">→</span>
        </button>
      </div>
      {terms.length > 0 && (
        <dl className="howto-glossary" aria-label={DIALOG.wordsToKnow}>
          {terms.map((term) => (
            <div key={term} className="howto-term">
              <dt>{term}</dt>
              <dd>{GLOSSARY[term]}</dd>
            </div>
          ))}
        </dl>
      )}
      {canSpeak() && (
        <p className="howto-read">
          <button type="button" className="btn howto-read-toggle" aria-pressed={reading} onClick={flipReading}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
              {reading && <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />}
            </svg>
            {DIALOG.readToMe}
          </button>
        </p>
      )}
    </section>
  );
}
