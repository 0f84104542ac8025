"""Reports as CSV files (cheap: written by the web request). The printable PDF is games/reports/pdf.py,
made by a job (games.services.exports)."""

from __future__ import annotations

import csv
import io

from games.engines import DEFINITIONS
from games.models import Report
from games.reports.mastery import NAMES

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell a spreadsheet will not run: text starting like a formula gets a leading apostrophe
    (OWASP's advice on CSV injection). Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv(header: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows([[csv_cell(value) for value in row] for row in rows])
    return out.getvalue()


def _percent(accuracy: float | None) -> float | str:
    return "" if accuracy is None else round(accuracy * 100, 1)


def facts_csv(data: dict) -> str:
    return _csv(["Fact", "First factor", "Second factor", "Tries", "Right", "Wrong", "Right (%)",
                 "Median think time (s)", "How well known"],
                [[f"{f['a']} x {f['b']}", f["a"], f["b"], f["attempts"], f["right"], f["wrong"],
                  _percent(f["accuracy"]), round(f["median_think_ms"] / 1000, 1),
                  NAMES.get(f.get("state", ""), "")] for f in data["facts"]])


def students_csv(data: dict) -> str:
    return _csv(["Student", "Matches", "Minutes played", "Answers", "Right (%)"],
                [[row["student"], row["matches"], row["minutes"], row["attempts"], _percent(row["accuracy"])]
                 for row in data.get("activity", [])])


PERIOD_WORDS = {"live": "the last two hours", "7d": "last 7 days", "30d": "last 30 days", "all": "all time"}


def title_of(who: str, period: str, game: str) -> str:
    """"Class 3B: multiplication facts (last 30 days, all games)"."""
    definition = DEFINITIONS.get(game)
    game_words = definition.title if definition is not None else "all games"
    return f"{who}: multiplication facts ({PERIOD_WORDS.get(period, period)}, {game_words})"


def report_title(report: Report) -> str:
    return title_of(report.student.display_name if report.student is not None else report.classroom.name, report.period,
                    report.game)
