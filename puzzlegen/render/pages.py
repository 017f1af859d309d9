"""Daily puzzle pages: ``DATE/puzzle.svg``, ``solution.svg``, ``puzzle.json``, ``index.html``.

Pages come from jinja2 templates that escape every inserted value; the
solution sits in a ``<details>`` element, hidden until the reader opens it,
with no script needed.  A range of dates also gets an archive ``index.html``
that lists every date found under the output folder.  Every file is written
atomically.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from puzzlegen.daily import daily_json
from puzzlegen.fileio import write_text
from puzzlegen.games import Game, Puzzle
from puzzlegen.render.svg import to_svg
from puzzlegen.render.templating import render


def long_date(date: dt.date) -> str:
    return f"{date.strftime('%A')} {date.day} {date.strftime('%B %Y')}"


def write_daily(
    game: Game, date: dt.date, puzzle: Puzzle, out_dir: Path, *, mono: bool = False
) -> Path:
    """Write the four files of ``date`` under ``out_dir / date``; return that folder."""
    folder = out_dir / date.isoformat()
    puzzle_diagram = game.diagram(puzzle, mono=mono, title=f"{game.title}, {date}")
    solution_diagram = game.diagram(
        puzzle, solution=True, mono=mono, title=f"{game.title}, {date}: solution"
    )
    write_text(folder / "puzzle.svg", to_svg(puzzle_diagram))
    write_text(folder / "solution.svg", to_svg(solution_diagram))
    write_text(
        folder / "puzzle.json",
        json.dumps(daily_json(date, puzzle), indent=2, sort_keys=True) + "\n",
    )
    page = render(
        "daily.html.j2",
        long_date=long_date(date),
        level=puzzle.level,
        puzzle_id=puzzle.id,
        kind=puzzle.kind,
        goal=game.goal(puzzle),
        position_caption=game.position_caption,
        game=game.title,
        credit=game.credit,
        position=puzzle.position_text,
        solution=game.solution_text(puzzle),
        width=round(puzzle_diagram.width * 1.5),
        height=round(puzzle_diagram.height * 1.5),
    )
    write_text(folder / "index.html", page + "\n")
    return folder


def write_archive(game: Game, out_dir: Path) -> Path:
    """Write ``out_dir/index.html`` listing every daily folder found there, newest first."""
    days = []
    for json_path in sorted(out_dir.glob("*/puzzle.json"), reverse=True):
        try:
            date = dt.date.fromisoformat(json_path.parent.name)
            data = json.loads(json_path.read_text(encoding="utf-8"))
        except (ValueError, OSError):
            continue  # not one of ours
        days.append(
            {
                "date": date.isoformat(),
                "long_date": long_date(date),
                "level": data.get("level", "?"),
                "par": data.get("par", "?"),
            }
        )
    path = out_dir / "index.html"
    page = render("archive.html.j2", days=days, game=game.title, credit=game.credit)
    write_text(path, page + "\n")
    return path
