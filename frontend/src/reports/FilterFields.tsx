// The period and game choices of a report page (a class's, a student's, all my classes).
import type { ReportGame, ReportPeriod } from "../api/reports";
import { GAME_TITLES } from "../games/catalog";

export const REPORT_GAMES: ReportGame[] = ["", "fultiples", "four_in_a_row", "multiplin", "stepping_divisors"];

export function gameLabel(game: ReportGame): string {
  return game ? GAME_TITLES[game] : "All games";
}

interface Props {
  idPrefix: string;
  period: ReportPeriod;
  game: ReportGame;
  periods: { value: ReportPeriod; label: string }[];
  onChange: (key: "period" | "game", value: string) => void;
}

export function FilterFields({ idPrefix, period, game, periods, onChange }: Props) {
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
          {REPORT_GAMES.map((g) => (
            <option key={g || "all"} value={g}>
              {gameLabel(g)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
