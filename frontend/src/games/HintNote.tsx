/** One hint in words ("Hint: try 42. 42 is 6 x 7."), read out once by screen readers. */
export function HintNote({ text }: { text: string | null }) {
  return (
    <p className="hint-note" role="status" data-testid="hint">
      {text ?? ""}
    </p>
  );
}
