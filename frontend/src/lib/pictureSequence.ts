// State of the picture password: tap three pictures in order, undo, auto-submit
// on the last one, start again after a wrong try, stop when locked.
import { useCallback, useReducer, useRef } from "react";
import { useLatest } from "./useLatest";

export const SEQUENCE_LENGTH = 3;

export type SequenceStatus = "choosing" | "checking" | "wrong" | "locked" | "failed" | "done";

export interface SequenceState {
  picked: string[];
  status: SequenceStatus;
  message: string | null;
}

export type SequenceAction =
  | { type: "tap"; slug: string }
  | { type: "undo" }
  | { type: "checking" }
  | { type: "wrong"; message: string }
  | { type: "locked"; message: string }
  | { type: "failed"; message: string }
  | { type: "done" };

export const initialSequence: SequenceState = { picked: [], status: "choosing", message: null };

/** Taps and undos are ignored while checking, when locked and when done. */
function canEdit(s: SequenceState): boolean {
  return s.status === "choosing" || s.status === "wrong" || s.status === "failed";
}

export function sequenceReducer(state: SequenceState, action: SequenceAction): SequenceState {
  switch (action.type) {
    case "tap":
      if (!canEdit(state) || state.picked.length >= SEQUENCE_LENGTH) return state;
      // A new tap after a wrong try clears the old message.
      return { picked: [...state.picked, action.slug], status: "choosing", message: null };
    case "undo":
      if (!canEdit(state) || state.picked.length === 0) return state;
      return { picked: state.picked.slice(0, -1), status: "choosing", message: null };
    case "checking":
      if (state.picked.length !== SEQUENCE_LENGTH || state.status !== "choosing") return state;
      return { ...state, status: "checking", message: null };
    case "wrong":
      return { picked: [], status: "wrong", message: action.message };
    case "failed":
      return { picked: [], status: "failed", message: action.message };
    case "locked":
      return { picked: [], status: "locked", message: action.message };
    case "done":
      return { ...state, status: "done", message: null };
  }
}

export type SubmitOutcome =
  | { kind: "ok" }
  | { kind: "wrong"; message: string }
  | { kind: "locked"; message: string }
  | { kind: "failed"; message: string };

/**
 * Hook around the reducer. `submit` is called once with the three slugs when
 * the third picture is tapped; a second tap while checking does nothing.
 */
export function usePictureSequence(submit: (slugs: string[]) => Promise<SubmitOutcome>) {
  const [state, dispatch] = useReducer(sequenceReducer, initialSequence);
  const stateRef = useLatest(state);
  const busy = useRef(false);

  const tap = useCallback(
    (slug: string) => {
      const current = stateRef.current;
      if (busy.current || !canEdit(current) || current.picked.length >= SEQUENCE_LENGTH) return;
      const next = [...current.picked, slug];
      dispatch({ type: "tap", slug });
      stateRef.current = { picked: next, status: "choosing", message: null };
      if (next.length < SEQUENCE_LENGTH) return;
      busy.current = true;
      dispatch({ type: "checking" });
      void submit(next)
        .then((outcome) => {
          if (outcome.kind === "ok") dispatch({ type: "done" });
          else dispatch({ type: outcome.kind, message: outcome.message });
        })
        .finally(() => {
          busy.current = false;
        });
    },
    [submit, stateRef],
  );

  const undo = useCallback(() => {
    if (!busy.current) dispatch({ type: "undo" });
  }, []);

  return { state, tap, undo };
}
