import type { Connection } from "../../protocol/matchSocket";

/** Shown only when the socket is not open. */
export function ConnectionBadge({ connection }: { connection: Connection }) {
  if (connection === "open") return null;
  const text =
    connection === "closed"
      ? "Not connected. Reload the page."
      : connection === "reconnecting"
        ? "Connecting again…"
        : "Connecting…";
  return (
    <p className={`connection connection-${connection}`} role="status">
      <span className="connection-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
