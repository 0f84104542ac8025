// The period and game choices of a report page (a class's, a student's, all my classes). The games
// are the server's (GET /api/games/), in its order.
import type { ReportGame, ReportPeriod } from "../api/reports";
import { useGameTitle } from "../games/catalog";
import { useGames } from "../games/useGames";

/** "All games", or the game's title. */
export function gameLabel(game: ReportGame, title: (slug: string) => string): string {
  return game ? title(game) : "All games";
}

interface Props {
  idPrefix: string;
  period: ReportPeriod;
  game: ReportGame;
  periods: { value: ReportPeriod; label: string }[];
  onChange: (key: "period" | "game", value: string) => void;
}

export function FilterFields({ idPrefix, period, game, periods, onChange }: Props) {
  const { games } = useGames();
  const title = useGameTitle();
  const choices: ReportGame[] = ["", ...(games ?? []).map((g) => g.slug)];
  // The chosen game stays a choice until the list arrives.
  if (game && !choices.includes(game)) choices.push(game);
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-period`}>Period</label>
        <select id={`${idPrefix}-period`} value={period} onChange={(e) => onChange("period", e.target.value)}>
          {periods.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-game`}>Game</label>
        <select id={`${idPrefix}-game`} value={game} onChange={(e) => onChange("game", e.target.value)}>
          {choices.map((g) => (
            <option key={g || "all"} value={g}>
              {gameLabel(g, title)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
