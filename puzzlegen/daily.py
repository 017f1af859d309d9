"""One puzzle a date: the same for everyone, on every machine, in every later version.

The puzzle for a date depends on the date alone, never on a catalog or the
clock.  The game says what the date wants (:meth:`Game.daily_level`) and
grades each candidate as the schedule in force on that date grades it
(:meth:`Game.daily_candidate`), so a game may change its schedule from some
date on without changing any date already published.  Candidates are the
puzzles for the seeds ``daily-YYYY-MM-DD-0``, ``-1``, ... and the first of
the wanted level is the day's puzzle.


Different dates draw from disjoint seed streams, so two dates share a puzzle
only if two different deals are the same puzzle in disguise; the test suite
checks every 365-day window of a pinned span for repeats by canonical key.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from puzzlegen.errors import InvalidInputError
from puzzlegen.games import Game, Puzzle


@dataclass(frozen=True)
class ScheduleVersion:
    """One version of a game's daily schedule, in force from ``first`` until the next.

    A game lists its versions oldest first (see :func:`schedule_in_force`), so
    a new version never changes a date already published.  A game needing more
    (Cat's Cradle's allowed pars) subclasses it."""

    name: str
    first: dt.date
    #: Which of the game's gradings grades its candidates.
    grading: str
    #: Weekday (Monday = 0) -> (kind, level).
    weekdays: dict[int, tuple[str, str]]


Version = TypeVar("Version", bound=ScheduleVersion)


def schedule_in_force(versions: Sequence[Version], date: dt.date) -> Version:
    """The version of ``versions`` (oldest first) in force on ``date``: the last one
    whose ``first`` is on or before it."""
    return [v for v in versions if v.first <= date][-1]


def long_date(date: dt.date) -> str:
    """The date as the pages and the command line say it: "Tuesday 1 December 2026"."""
    return f"{date.strftime('%A')} {date.day} {date.strftime('%B %Y')}"


def parse_date(text: str) -> dt.date:
    stripped = text.strip()
    try:
        return dt.date.fromisoformat(stripped)
    except ValueError:
        pass
    if _calendar_month(stripped):  # the form is right, the day is not (2026-02-30)
        raise InvalidInputError(f"there is no date {text!r}: that month has no such day")
    parts = stripped.split("-")
    if len(stripped) == 10 and len(parts) == 3 and all(p.isascii() and p.isdigit() for p in parts):
        year, month = int(parts[0]), int(parts[1])
        if year == 0:
            raise InvalidInputError(f"there is no date {text!r}: years run from 0001 to 9999")
        if not 1 <= month <= 12:
            raise InvalidInputError(
                f"there is no date {text!r}: month {parts[1]} is not 01 to 12"
            )
    raise InvalidInputError(f"a date reads YYYY-MM-DD, got {text!r}")


def _calendar_month(text: str) -> bool:
    """Whether ``text`` is YYYY-MM-DD with a real year and month (any two-digit day)."""
    if len(text) != 10 or text[7] != "-" or not text[8:].isdigit():
        return False
    try:
        dt.date.fromisoformat(text[:8] + "01")
    except ValueError:
        return False
    return True


def daily_puzzle(date: dt.date, game: Game) -> Puzzle:
    """The puzzle of ``game`` for ``date``.

    >>> from puzzlegen.registry import get_game
    >>> daily_puzzle(dt.date(2026, 11, 23), get_game("cats-cradle")).level   # a Monday
    'Easy'
    """
    level = game.daily_level(date)
    index = 0
    while True:
        seed = f"daily-{date.isoformat()}-{index}"
        puzzle = game.daily_candidate(date, seed)
        if puzzle is not None and puzzle.level == level:
            return puzzle
        index += 1


def daily_json(date: dt.date, puzzle: Puzzle) -> dict[str, Any]:
    return {"date": date.isoformat(), "weekday": date.strftime("%A"), **puzzle.to_json()}


def date_range(first: dt.date, last: dt.date) -> list[dt.date]:
    if last < first:
        raise InvalidInputError(f"--to {last.isoformat()} is before --from {first.isoformat()}")
    return [first + dt.timedelta(days=n) for n in range((last - first).days + 1)]
