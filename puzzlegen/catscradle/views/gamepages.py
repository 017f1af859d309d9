"""The whole game of the day as web pages, beside the daily puzzles in the same site.

Under the daily site's folder::

    game/index.html        opens today's game (the browser's date), else the latest
                           before it; before the first, the archive
    game/archive.html      every game on disk, by month, marked when played here
                           (the page takes out the days after today)
    game/days.js           the list of games on disk (window.GAME_DAYS)
    lists.js               which lists of days the site holds (render/pages.py)
    game/YYYY-MM-DD/       index.html game.json
    assets/cats-cradle-game.js      the whole game's rules and search  (catscradle/game.js)
    assets/cats-cradle-gamepage.js  the page                          (catscradle/gamepage.js)
    assets/cats-cradle-game.css     what the page adds to daily.css   (catscradle/game.css)
    assets/daily.css, cats-cradle.js, cats-cradle-rules.svg   shared with the puzzle pages

(the names in brackets are under templates/).

A game's page links to the same date's puzzle when the site has it (it
reads the puzzles' ``days.js``), and a puzzle's page to the game of its date
(it reads ``game/days.js``), so either kind may be written first: each asks
for the other's list only when ``lists.js`` names it.  As on the puzzles'
pages, no redirect, row or link offers a game after today (a site may be
written ahead).  Each date's folder is written as one set, as the puzzles' are.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from puzzlegen.catscradle.gameday import KIND, GameDay
from puzzlegen.daily import long_date
from puzzlegen.fileio import write_text
from puzzlegen.games import Game
from puzzlegen.render.pages import (
    ASSETS,
    _replace_folder,
    _rules_caption,
    by_month,
    remove_stale_temporaries,
    script_json,
    write_assets,
    write_days,
    write_lists,
)
from puzzlegen.render.templating import render, template_dir

FOLDER = "game"
DAY_FILES = ("index.html", "game.json")
#: Page assets: file under templates/catscradle/ -> name under assets/.
SCRIPTS = {
    "game.js": "cats-cradle-game.js",
    "gamepage.js": "cats-cradle-gamepage.js",
    "game.css": "cats-cradle-game.css",
}


def line_text(day: GameDay) -> list[str]:
    """The winning line in words, a sentence per sequence (for pages without JavaScript)."""
    said = []
    for number, played in enumerate(day.line, 1):
        moves = ", ".join(m.symbol() for m in played.moves)
        dealt = ", ".join(c.symbol() for c in played.dealt)
        said.append(
            f"Sequence {number}: {moves}: {played.spaces} "
            f"{'space' if played.spaces == 1 else 'spaces'}; dealt {dealt}."
        )
    return said


def game_day_files(game: Game, day: GameDay, *, mono: bool = False) -> dict[str, str]:
    """The text of a date's two files, by name."""
    data = day.to_json()
    page = render(
        "catscradle/game.html.j2",
        date=day.date.isoformat(),
        long_date=long_date(day.date),
        deal_id=day.id,
        sequences=len(day.line),
        deal_text=" ".join(c.symbol() for c in day.deal.cards),
        line_text=line_text(day),
        credit=game.credit,
        rules_caption=_rules_caption(game, mono),
        data_json=script_json(data),
    )
    return {
        "index.html": page + "\n",
        "game.json": json.dumps(data, indent=2, sort_keys=True) + "\n",
    }


def write_game_day(game: Game, day: GameDay, out_dir: Path, *, mono: bool = False) -> Path:
    """Write ``out_dir/game/DATE/`` as one set; return that folder."""
    folder = out_dir / FOLDER / day.date.isoformat()
    _replace_folder(folder, game_day_files(game, day, mono=mono))
    return folder


def write_game_assets(game: Game, out_dir: Path, *, mono: bool = False) -> None:
    write_assets(game, out_dir, mono=mono)
    source = template_dir() / "catscradle"
    for name, target in SCRIPTS.items():
        write_text(out_dir / ASSETS / target, (source / name).read_text(encoding="utf-8"))


def read_day_folders(
    root: Path, filename: str, *, kind: tuple[str, str], what: str, required: tuple[str, ...]
) -> tuple[list[tuple[dt.date, dict[str, Any]]], list[str]]:
    """The dated folders under ``root`` whose ``filename`` is a sound day, oldest first.

    ``kind`` is the key and value a day's JSON must carry (``what`` names it
    in the warning when it does not), ``required`` the keys that must hold
    strings.  A folder that fails is skipped with a warning naming its file.
    """
    days: list[tuple[dt.date, dict[str, Any]]] = []
    warnings: list[str] = []
    if not root.is_dir():
        return days, warnings
    key, value = kind
    for folder in sorted(root.iterdir()):
        path = folder / filename
        if folder.name.startswith(".") or not path.is_file():
            continue
        try:
            date = dt.date.fromisoformat(folder.name)
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get(key) != value:
                raise ValueError(what)
            if data.get("date") != folder.name:
                raise ValueError(f"its date {data.get('date')!r} is not its folder's")
            if not all(isinstance(data.get(name), str) for name in required):
                raise ValueError(f"missing or malformed {' or '.join(required)}")
            if not (folder / "index.html").is_file():
                raise ValueError("the folder lacks index.html")
        except (ValueError, OSError) as exc:
            warnings.append(f"skipping {str(path)!r}: {exc}")
            continue
        days.append((date, data))
    return days, warnings


def read_game_days(out_dir: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The games on disk, oldest first, and a warning for each folder skipped."""
    found, warnings = read_day_folders(
        out_dir / FOLDER,
        "game.json",
        kind=("kind", KIND),
        what="not a whole game of Cat's Cradle",
        required=("id",),
    )
    days = [
        {
            "date": date.isoformat(),
            "long_date": long_date(date),
            "month": date.strftime("%B %Y"),
            "id": data["id"],
        }
        for date, data in found
    ]
    return days, warnings


def write_game_site(game: Game, out_dir: Path, *, mono: bool = False) -> list[str]:
    """Rebuild the games' index, archive and list from what is on disk; return warnings."""
    write_game_assets(game, out_dir, mono=mono)
    days, warnings = read_game_days(out_dir)
    root = out_dir / FOLDER
    listed = [{"date": d["date"], "id": d["id"]} for d in days]
    write_text(root / "days.js", f"window.GAME_DAYS = {script_json({'days': listed})};\n")
    write_lists(out_dir)
    months = by_month(days)
    puzzles = (out_dir / "index.html").is_file()
    archive = render(
        "catscradle/game_archive.html.j2", months=months, credit=game.credit, puzzles=puzzles
    )
    write_text(root / "archive.html", archive + "\n")
    latest = days[-1]["date"] if days else ""
    write_text(root / "index.html", render("catscradle/game_today.html.j2", latest=latest) + "\n")
    return warnings


def publish_game_days(
    game: Game, days: Iterable[GameDay], out_dir: Path, *, mono: bool = False
) -> list[str]:
    """Write the pages of ``days`` under ``out_dir/game/`` and the site around them.

    ``days`` may be chosen as they are written; a run stopped midway (Ctrl-C,
    SIGTERM) still lists every day it wrote.
    """
    remove_stale_temporaries(out_dir / FOLDER)
    return write_days(
        days,
        lambda day: write_game_day(game, day, out_dir, mono=mono),
        lambda: write_game_site(game, out_dir, mono=mono),
    )
