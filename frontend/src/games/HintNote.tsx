/** One hint in words ("Hint: try 42. 6 × 7 = 42."), read out once by screen readers. */
export function HintNote({ text }: { text: string | null }) {
  return (
    <p className="hint-note" role="status" data-testid="hint">
      {text ?? ""}
    </p>
  );
}
