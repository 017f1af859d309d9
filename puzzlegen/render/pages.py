"""Daily puzzle pages: a static site you can play, opened from disk or any web server.

The output folder holds::

    index.html          opens today's puzzle (the browser's date), else the latest
    archive.html        every day on disk, by month, marked when this browser solved it
    days.js             the list of days on disk, for navigation (a script: file://
                        pages cannot fetch JSON)
    lists.js            which lists of days the site holds (this one, game/days.js,
                        prepare/days.js): a page asks only for those, so no page
                        view meets a missing file, whichever kind was written first
    assets/site.js      what every playable page shares: the browser's records,
                        dates, the games' registry                (templates/web/)
    assets/daily.js     the shared, game-neutral page script   (templates/web/)
    assets/daily.css    the shared stylesheet                   (templates/web/)
    assets/GAME.js      the game's board script: rules and drawing (templates/GAMEDIR/board.js)
    assets/GAME.css     the game's board stylesheet, if it has one (templates/GAMEDIR/board.css)
    assets/GAME-rules.svg  the rules panel's diagram
    YYYY-MM-DD/         index.html puzzle.json puzzle.svg solution.svg

A day's page stays small: the puzzle's JSON inside it, everything shared one
level up by relative path, so the folder works anywhere and asks no other
host for anything.  Without JavaScript the page falls back to the puzzle's
picture and the solution in a ``<details>`` element.

Each date's four files are written as one set (into a hidden temporary folder
renamed into place), so a reader, or a run killed midway, sees all of a date
or none of it.  The archive, ``days.js`` and ``index.html`` are rebuilt from
what is on disk; a stray or malformed ``puzzle.json`` is skipped with a
warning.  Every file is written atomically and the bytes depend only on the
inputs (and, for the archive, on the days on disk).

A game's pages are playable when ``templates/GAMEDIR/board.js`` and
``rules.html.j2`` exist, GAMEDIR being its name without hyphens
(``catscradle``); a game without them gets the same site with static pages
(the puzzle's picture and its solution behind a ``<details>``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import html
import itertools
import json
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from puzzlegen.daily import daily_json, long_date
from puzzlegen.fileio import signals_held, write_text
from puzzlegen.games import LEVELS, Game, Puzzle
from puzzlegen.render.svg import to_svg
from puzzlegen.render.templating import render, template_dir

ASSETS = "assets"
#: What every page of a site shares, from templates/web/, one copy under assets/.
SHARED_ASSETS = ("site.js", "daily.js", "daily.css")
DAY_FILES = ("index.html", "puzzle.json", "puzzle.svg", "solution.svg")


_Day = TypeVar("_Day")


#: How often a long run of days rebuilds the site around them, in seconds.
SITE_EVERY = 2.0


def write_days(
    days: Iterable[_Day], write_day: Callable[[_Day], object], write_site: Callable[[], list[str]]
) -> list[str]:
    """Write each of ``days`` as it comes, and the site around them; its warnings.

    ``days`` may be chosen as they are written; a run stopped midway (Ctrl-C,
    SIGTERM) still lists every day it wrote: the site is rewritten before the
    stop goes on.  It is also rewritten every :data:`SITE_EVERY` seconds, so even
    a run killed outright leaves a site that lists nearly all it wrote (the whole
    games' list stayed empty until the end), and the next run removes what it left.
    """
    write_site()
    last = time.monotonic()
    try:
        for day in days:
            write_day(day)
            if time.monotonic() - last > SITE_EVERY:  # for a run killed outright
                write_site()
                last = time.monotonic()
    except BaseException:
        with contextlib.suppress(Exception):  # the stop, not this, is what is shown
            write_site()
        raise
    return write_site()


def write_lists(out_dir: Path) -> None:
    """Rewrite ``lists.js``: the site's lists of days, ``days.js`` and ``KIND/days.js``.

    Every kind of page rewrites it after its own list, from what is on disk,
    so a page that links to another kind's days loads that list only when the
    site holds it.
    """
    found = ["days.js"] if (out_dir / "days.js").is_file() else []
    found += sorted(
        f"{sub.name}/days.js"
        for sub in out_dir.iterdir()
        if sub.is_dir() and not sub.name.startswith(".") and (sub / "days.js").is_file()
    )
    write_text(out_dir / "lists.js", f"window.SITE_LISTS = {script_json(found)};\n")


def by_month(days: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``days`` (oldest first) as an archive lists them: by month, newest first."""
    return [
        {"name": name, "days": list(run)}
        for name, run in itertools.groupby(reversed(days), key=lambda day: day["month"])
    ]


def game_dir(game: Game) -> str:
    """The folder of the game's web files under templates/: its name without hyphens."""
    return game.name.replace("-", "")


def script_json(data: object) -> str:
    """JSON safe inside a <script> element: no "<", ">" or "&" left to end it early."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_captions: dict[tuple[str, bool], str] = {}


def _rules_caption(game: Game, mono: bool) -> str:
    """The rules diagram's caption, drawn once per game rather than once per date."""
    if (game.name, mono) not in _captions:
        _captions[game.name, mono] = game.rules_diagram(mono=mono)[1]
    return _captions[game.name, mono]


def playable(game: Game) -> bool:
    """Whether the game has a board script for playable pages."""
    return (template_dir() / game_dir(game) / "board.js").is_file()


def play_template(game: Game) -> str | None:
    """The game's own playing area (``templates/GAMEDIR/play.html.j2``), for a game
    whose page runs itself rather than the shell's puzzle board (Escape: the reader
    plays against the computer); None for the shell's."""
    name = f"{game_dir(game)}/play.html.j2"
    return name if playable(game) and (template_dir() / name).is_file() else None


def board_css(game: Game) -> bool:
    """Whether the game has its own stylesheet for the board (besides the shared one)."""
    return playable(game) and (template_dir() / game_dir(game) / "board.css").is_file()


def day_files(game: Game, date: dt.date, puzzle: Puzzle, *, mono: bool = False) -> dict[str, str]:
    """The text of the four files of ``date``, by file name."""
    puzzle_diagram = game.diagram(puzzle, mono=mono, title=f"{game.title}, {date}")
    solution_diagram = game.diagram(
        puzzle, solution=True, mono=mono, title=f"{game.title}, {date}: solution"
    )
    data = daily_json(date, puzzle)
    page = render(
        "daily.html.j2",
        date=date.isoformat(),
        long_date=long_date(date),
        level=puzzle.level,
        par_phrase=game.par_phrase(puzzle),
        puzzle_id=puzzle.id,
        kind=game.kind_names.get(puzzle.kind, puzzle.kind),
        goal=game.goal(puzzle),
        position_caption=game.position_caption,
        game=game.title,
        game_name=game.name,
        credit=game.credit,
        position=puzzle.position_text,
        solution=game.solution_text(puzzle),
        width=round(puzzle_diagram.width * 1.5),
        height=round(puzzle_diagram.height * 1.5),
        data_json=script_json(data),
        playable=playable(game),
        board_css=board_css(game),
        rules_paragraphs=[] if playable(game) else game.rules_text(),
        rules_template=f"{game_dir(game)}/rules.html.j2",
        play_template=play_template(game),
        rules_caption=_rules_caption(game, mono),
    )
    return {
        "index.html": page + "\n",
        "puzzle.json": json.dumps(data, indent=2, sort_keys=True) + "\n",
        "puzzle.svg": to_svg(puzzle_diagram),
        "solution.svg": to_svg(solution_diagram),
    }


def write_daily(
    game: Game, date: dt.date, puzzle: Puzzle, out_dir: Path, *, mono: bool = False
) -> Path:
    """Write the four files of ``date`` under ``out_dir / date`` as one set; return that folder."""
    folder = out_dir / date.isoformat()
    _replace_folder(folder, day_files(game, date, puzzle, mono=mono))
    return folder


def _new_folder_beside(folder: Path, suffix: str) -> Path:
    """A new, empty, hidden folder beside ``folder``, with the mode ``mkdir`` gives.

    Its name carries this process's id, so a later run can tell the folder of
    a run that was killed outright (and remove it) from one still at work.
    """
    while True:
        path = folder.with_name(
            f".{folder.name}.{os.getpid()}-{secrets.token_hex(4)}.{suffix}"
        )
        try:
            path.mkdir(0o777)  # the umask applies, as for any folder the user makes
            return path
        except FileExistsError:
            continue


def _replace_folder(folder: Path, files: dict[str, str]) -> None:
    """Make ``folder`` hold exactly ``files``, all at once.

    The files are written into a hidden sibling folder which is then renamed
    into place (the old folder, if any, moved aside first and removed after),
    so a reader sees the old set, the new set or, for an instant, none.
    Errors name ``folder``, never the temporary one.  A folder replaced keeps
    its permissions; a symbolic link to a folder stays, and its target is
    replaced (as a file written through a link, see :mod:`puzzlegen.fileio`).
    """
    shown = folder
    if folder.is_symlink() and folder.is_dir():
        folder = Path(os.path.realpath(folder))
    tmp: Path | None = None
    aside: Path | None = None
    try:
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
            mode = stat.S_IMODE(folder.stat().st_mode) if folder.is_dir() else None
            with signals_held():  # a stop may not fall between mkdir and ``tmp =``
                tmp = _new_folder_beside(folder, "tmp")
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror or str(exc), str(shown)) from None
        for name, text in files.items():
            write_text(tmp / name, text)
        if mode is not None:
            os.chmod(tmp, mode)
        if folder.is_dir() and not folder.is_symlink():
            with signals_held():
                aside = _new_folder_beside(folder, "old")
            os.replace(folder, aside / folder.name)
        os.rename(tmp, folder)
    except BaseException as exc:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        if aside is not None:
            if not folder.exists() and (aside / folder.name).exists():
                os.rename(aside / folder.name, folder)
            shutil.rmtree(aside, ignore_errors=True)
        where = str(getattr(exc, "filename", None) or "")
        if isinstance(exc, OSError) and tmp is not None and where.startswith(str(tmp)):
            named = str(shown) + where[len(str(tmp)) :]
            raise OSError(exc.errno, exc.strerror or str(exc), named) from None
        raise
    if aside is not None:
        with signals_held():  # the old day's few files: a stop waits for them to go
            shutil.rmtree(aside, ignore_errors=True)


_TEMPORARY = re.compile(r"\.\d{4}-\d{2}-\d{2}\.(?:(?P<pid>\d+)-)?[0-9a-f]{8}\.(?:tmp|old)")

#: A temporary folder named without a process id (an older puzzlegen) is
#: left alone for this long, in case its run is still at work.
_UNOWNED_GRACE = 3600.0


def _process_gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError):
        return False
    return False


#: ``fileio``'s temporary files (``.NAME.TOKEN.tmp``): written in a second or
#: two, so one an hour old was left by a run killed outright.
_TEMPORARY_FILE = re.compile(r"\..+\.[0-9a-f]{8}\.tmp")


def remove_stale_temporaries(out_dir: Path) -> list[str]:
    """Remove what runs killed outright left in ``out_dir``; return the names.

    Those are hidden day folders directly in ``out_dir`` (removed as soon as
    the run that named itself in them is gone) and hidden temporary files
    anywhere under it (removed an hour after they were last written).
    """
    removed: list[str] = []
    if not out_dir.is_dir():
        return removed
    for path in sorted(out_dir.rglob(".*.tmp")):
        if _TEMPORARY_FILE.fullmatch(path.name) and path.is_file() and not path.is_symlink():
            with contextlib.suppress(OSError):
                if time.time() - path.lstat().st_mtime > _UNOWNED_GRACE:
                    path.unlink()
                    removed.append(str(path.relative_to(out_dir)))
    for path in sorted(out_dir.iterdir()):
        match = _TEMPORARY.fullmatch(path.name)
        if match is None or path.is_symlink() or not path.is_dir():
            continue
        if match["pid"] is not None:
            stale = _process_gone(int(match["pid"]))
        else:
            try:
                stale = time.time() - path.stat().st_mtime > _UNOWNED_GRACE
            except OSError:
                continue
        if stale:
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path.name)
    return removed


# -- the site around the days --------------------------------------------------


def write_assets(game: Game, out_dir: Path, *, mono: bool = False) -> None:
    """Write the shared scripts, stylesheet, the game's board script and rules diagram."""
    templates = template_dir()
    assets = out_dir / ASSETS
    for shared in SHARED_ASSETS:
        write_text(assets / shared, (templates / "web" / shared).read_text(encoding="utf-8"))
    if playable(game):
        board = templates / game_dir(game) / "board.js"
        write_text(assets / f"{game.name}.js", board.read_text(encoding="utf-8"))
    if board_css(game):
        css = templates / game_dir(game) / "board.css"
        write_text(assets / f"{game.name}.css", css.read_text(encoding="utf-8"))
    diagram, _ = game.rules_diagram(mono=mono)
    write_text(assets / f"{game.name}-rules.svg", to_svg(diagram))


def read_days(game: Game, out_dir: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The days on disk, oldest first, and a warning for each folder skipped."""
    days: list[dict[str, Any]] = []
    warnings: list[str] = []
    if not out_dir.is_dir():
        return days, warnings
    for folder in sorted(out_dir.iterdir()):
        json_path = folder / "puzzle.json"
        if folder.name.startswith(".") or not json_path.is_file():
            continue  # our temporary folders, or not a day at all
        try:
            day = _read_day(game, folder, json_path)
        except (ValueError, OSError, RecursionError) as exc:
            # RecursionError: JSON nested deeper than the parser goes.
            reason = "nested too deeply" if isinstance(exc, RecursionError) else exc
            warnings.append(f"skipping {str(json_path)!r}: {reason}")
            continue
        days.append(day)
    return days, warnings


def _read_day(game: Game, folder: Path, json_path: Path) -> dict[str, Any]:
    try:
        date = dt.date.fromisoformat(folder.name)
    except ValueError:
        raise ValueError(f"folder name {folder.name!r} is not a date (YYYY-MM-DD)") from None
    data = json.loads(json_path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not a puzzle (a JSON object is expected)")
    if data.get("game") != game.name:
        raise ValueError(f"a puzzle of game {data.get('game')!r}, not {game.name!r}")
    if data.get("date") != folder.name:
        raise ValueError(f"its date {data.get('date')!r} is not its folder's")
    level, par, puzzle_id = data.get("level"), data.get("par"), data.get("id")
    if level not in LEVELS or not isinstance(par, int) or not isinstance(puzzle_id, str):
        raise ValueError("missing or malformed level, par or id")
    missing = [name for name in DAY_FILES if not (folder / name).is_file()]
    if missing:
        raise ValueError(f"the folder lacks {', '.join(missing)}")
    # What par counts, in words ("six spaces", "five swings"), as the day's page
    # states it: a puzzle.json alone cannot say it without the game's rules.
    found = _PAR_META.search((folder / "index.html").read_text(encoding="utf-8"))
    return {
        "date": folder.name,
        "long_date": long_date(date),
        "month": date.strftime("%B %Y"),
        "level": level,
        "par": par,
        "par_text": html.unescape(found.group(1)) if found else str(par),
        "id": puzzle_id,
    }


_PAR_META = re.compile(r'<meta name="puzzlegen-par" content="([^"]*)">')


def write_archive(game: Game, out_dir: Path, *, mono: bool = False) -> list[str]:
    """Rebuild the site around the days on disk; return a warning per day skipped.

    Writes the assets, ``days.js``, ``archive.html`` (newest month first) and
    ``index.html`` (today's puzzle, else the latest).
    """
    write_assets(game, out_dir, mono=mono)
    days, warnings = read_days(game, out_dir)
    listed = [{"date": d["date"], "level": d["level"], "id": d["id"]} for d in days]
    manifest = {"game": game.name, "days": listed}
    write_text(out_dir / "days.js", f"window.PUZZLE_DAYS = {script_json(manifest)};\n")
    write_lists(out_dir)
    months = by_month(days)
    archive = render(
        "archive.html.j2",
        months=months,
        game=game.title,
        game_name=game.name,
        credit=game.credit,
        # What par_phrase measures, as a column head: "Par" unless the game names it.
        par_heading=getattr(game, "par_heading", "Par"),
        # The week's schedule in a sentence, if the game gives one.
        week=getattr(game, "daily_week", "One puzzle a day."),
    )
    write_text(out_dir / "archive.html", archive + "\n")
    latest = days[-1]["date"] if days else ""
    today = render("today.html.j2", game=game.title, game_name=game.name, latest=latest)
    write_text(out_dir / "index.html", today + "\n")
    return warnings
