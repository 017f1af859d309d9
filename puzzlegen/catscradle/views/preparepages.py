"""Sundays' prepare puzzles as web pages, beside the daily puzzles in the same site.

Under the daily site's folder::

    prepare/index.html        every prepare puzzle on disk, newest first (none after today)
    prepare/days.js           the list of them (window.PREPARE_DAYS)
    lists.js                  which lists of days the site holds (render/pages.py)
    prepare/YYYY-MM-DD/       index.html puzzle.json
    assets/cats-cradle-preparepage.js   the page   (templates/catscradle/preparepage.js)
    assets/cats-cradle-game.js, cats-cradle-game.css, cats-cradle.js, daily.css  shared

A prepare page links to the same date's puzzle when the site has it, and a
Sunday's puzzle page to its prepare puzzle (it reads ``prepare/days.js``).
Each date's folder is written as one set, as the puzzles' are.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from puzzlegen.catscradle.prepareday import KIND, PrepareDay
from puzzlegen.daily import long_date
from puzzlegen.fileio import write_text
from puzzlegen.games import Game
from puzzlegen.render.pages import (
    ASSETS,
    _replace_folder,
    _rules_caption,
    remove_stale_temporaries,
    script_json,
    write_days,
    write_lists,
)
from puzzlegen.render.templating import render, template_dir

FOLDER = "prepare"
DAY_FILES = ("index.html", "puzzle.json")
SCRIPT = ("preparepage.js", "cats-cradle-preparepage.js")


def day_files(game: Game, day: PrepareDay, *, mono: bool = False) -> dict[str, str]:
    """The text of a date's two files, by name."""
    data = day.to_json()
    puzzle = day.puzzle
    page = render(
        "catscradle/prepare.html.j2",
        date=day.date.isoformat(),
        long_date=long_date(day.date),
        level=puzzle.level,
        puzzle_id=puzzle.id,
        sequence=puzzle.number,
        question=data["question_text"],
        position_text=puzzle.position_text,
        stock=[c.symbol() for c in puzzle.stock],
        answer=data["answer"],
        samples=puzzle.choice.samples,
        credit=game.credit,
        rules_caption=_rules_caption(game, mono),
        data_json=script_json(data),
    )
    return {
        "index.html": page + "\n",
        "puzzle.json": json.dumps(data, indent=2, sort_keys=True) + "\n",
    }


def write_day(game: Game, day: PrepareDay, out_dir: Path, *, mono: bool = False) -> Path:
    """Write ``out_dir/prepare/DATE/`` as one set; return that folder."""
    folder = out_dir / FOLDER / day.date.isoformat()
    _replace_folder(folder, day_files(game, day, mono=mono))
    return folder


def read_days(out_dir: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The prepare puzzles on disk, oldest first, and a warning for each folder skipped."""
    from puzzlegen.catscradle.views.gamepages import read_day_folders

    found, warnings = read_day_folders(
        out_dir / FOLDER,
        "puzzle.json",
        kind=("daily", KIND),
        what="not a prepare puzzle of Cat's Cradle",
        required=("level", "id"),
    )
    days = [
        {
            "date": date.isoformat(),
            "long_date": long_date(date),
            "level": data["level"],
            "id": data["id"],
        }
        for date, data in found
    ]
    return days, warnings


def write_site(game: Game, out_dir: Path, *, mono: bool = False) -> list[str]:
    """Rebuild the prepare puzzles' list and index from what is on disk; return warnings."""
    from puzzlegen.catscradle.views.gamepages import write_game_assets

    write_game_assets(game, out_dir, mono=mono)
    source, target = SCRIPT
    write_text(
        out_dir / ASSETS / target,
        (template_dir() / "catscradle" / source).read_text(encoding="utf-8"),
    )
    days, warnings = read_days(out_dir)
    root = out_dir / FOLDER
    listed = [{"date": d["date"], "level": d["level"]} for d in days]
    write_text(root / "days.js", f"window.PREPARE_DAYS = {script_json({'days': listed})};\n")
    write_lists(out_dir)
    index = render(
        "catscradle/prepare_index.html.j2",
        days=list(reversed(days)),
        credit=game.credit,
        puzzles=(out_dir / "index.html").is_file(),
    )
    write_text(root / "index.html", index + "\n")
    return warnings


def publish_prepare_days(
    game: Game, days: Iterable[PrepareDay], out_dir: Path, *, mono: bool = False
) -> list[str]:
    """Write the pages of ``days`` under ``out_dir/prepare/`` and the list around them.

    ``days`` may be chosen as they are written; a run stopped midway (Ctrl-C,
    SIGTERM) still lists every day it wrote.
    """
    remove_stale_temporaries(out_dir / FOLDER)
    return write_days(
        days,
        lambda day: write_day(game, day, out_dir, mono=mono),
        lambda: write_site(game, out_dir, mono=mono),
    )
