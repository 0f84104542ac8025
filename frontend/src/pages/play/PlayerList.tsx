import { Avatar } from "../../components/Avatar";
import { SeatMarker } from "../../components/SeatMarker";
import { useSeatAvatars } from "../../lib/useSeatAvatars";
import type { BaseView, MatchMeta } from "../../protocol/messages";
import { mistakesInWords } from "../../games/words";

/** Each player: seat marker, name, "(you)", computer, mistakes. The one(s) to move stand out.
 * A child sees only their own mistake count (never a classmate's); the teacher watching sees all. */
export function PlayerList({ match, view, viewerSeat }: { match: MatchMeta; view: BaseView | null; viewerSeat: number | null }) {
  const avatars = useSeatAvatars(match.classroom_id);
  const toMove = new Set(match.status === "active" ? (view?.to_move ?? []) : []);
  return (
    <ul className="players" aria-label="Players">
      {match.seats.map((s) => {
        const mistakes = viewerSeat === null || s.index === viewerSeat ? view?.mistakes?.[s.index] : undefined;
        return (
          <li key={s.index} className={`player ${toMove.has(s.index) ? "player-to-move" : ""}`}>
            <SeatMarker seat={s.index} size={22} />
            <Avatar avatar={s.user_id !== null ? avatars.get(s.user_id) : null} size={26} />
            <span className="player-name">
              {s.name}
              {s.index === viewerSeat && <span className="player-you"> (you)</span>}
            </span>
            {s.taken_over && <span className="badge badge-warn">computer helping</span>}
            {!s.taken_over && (s.stand_in_moves ?? 0) > 0 && <span className="badge">computer helped</span>}
            {typeof mistakes === "number" && <span className="player-mistakes">{mistakesInWords(mistakes)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
