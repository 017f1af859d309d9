"""What ``daily --kind prepare`` calls: Sunday's second puzzle, a prepare puzzle.

Every Sunday has, beside its puzzle of the day (chosen by the daily schedule,
which this does not touch), a prepare puzzle (:mod:`preparepuzzle`): the
first of the seeds ``prepare-YYYY-MM-DD-0``, ``-1``, ... whose deal holds a
prepare choice graded above Easy (an Easy one is found by simply making the
most spaces, which a Sunday's second puzzle should not be).  It depends on
the date alone.  Other days have none, and asking for one is refused by name.

The shared command line names no game; it reaches this object through
:data:`puzzlegen.registry.PREPARE_DAYS`.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlegen.catscradle.preparepuzzle import PreparePuzzle, make_prepare
from puzzlegen.errors import InvalidInputError

#: The weekday of prepare puzzles (Monday = 0).
WEEKDAY = 6
#: Candidates tried per date before giving up (about one seed in six gives one).
MAX_CANDIDATES = 400
#: The kind of a prepare day, in its JSON.
KIND = "prepare-day"


@dataclass(frozen=True)
class PrepareDay:
    date: dt.date
    seed: str
    puzzle: PreparePuzzle

    def to_json(self) -> dict[str, Any]:
        from puzzlegen.catscradle.views.preparepages import day_json

        return day_json(self)


def next_sunday(date: dt.date) -> dt.date:
    return date + dt.timedelta(days=(WEEKDAY - date.weekday()) % 7)


def check_date(date: dt.date) -> None:
    """Refuse a date that is not a Sunday, naming the nearest Sundays."""
    if date.weekday() == WEEKDAY:
        return
    after = next_sunday(date)
    before = after - dt.timedelta(days=7)
    raise InvalidInputError(
        f"{date.isoformat()} is a {date.strftime('%A')}: prepare puzzles come out on Sundays "
        f"only ({before.isoformat()} or {after.isoformat()})"
    )


def prepare_day(date: dt.date) -> PrepareDay:
    """The prepare puzzle of the Sunday ``date``."""
    check_date(date)
    for index in range(MAX_CANDIDATES):
        seed = f"prepare-{date.isoformat()}-{index}"
        puzzle = make_prepare(seed)
        if puzzle is not None and puzzle.level != "Easy":
            return PrepareDay(date, seed, puzzle)
    raise InvalidInputError(  # pragma: no cover - would need 400 seeds without one
        f"no prepare puzzle among {MAX_CANDIDATES} candidates for {date.isoformat()}"
    )


def sundays(dates: list[dt.date]) -> list[dt.date]:
    """The Sundays of a range; a range without one is refused by name."""
    found = [d for d in dates if d.weekday() == WEEKDAY]
    if not found and len(dates) == 1:
        check_date(dates[0])
    if not found:
        raise InvalidInputError(
            f"no Sunday from {dates[0].isoformat()} to {dates[-1].isoformat()}: prepare "
            "puzzles come out on Sundays only"
        )
    return found


class PrepareDays:
    """Choose, print and publish Sundays' prepare puzzles (``daily --kind prepare``)."""

    folder = "prepare"

    def dates(self, dates: list[dt.date]) -> list[dt.date]:
        return sundays(dates)

    def choose(self, date: dt.date) -> PrepareDay:
        return prepare_day(date)

    def json_line(self, day: PrepareDay) -> str:
        return json.dumps(day.to_json(), sort_keys=True)

    def text(self, day: PrepareDay, *, solution: bool) -> str:
        from puzzlegen.catscradle.views.preparation import answer, question

        puzzle = day.puzzle
        lines = [
            f"{day.date.strftime('%A %d %B %Y')}: prepare puzzle, {puzzle.level} ({puzzle.id})",
            question(puzzle.choice),
            puzzle.position_text,
            "The stock, next card first: " + " ".join(c.symbol() for c in puzzle.stock),
        ]
        if solution:
            lines.append(answer(puzzle.choice))
        return "\n".join(lines) + "\n"

    def publish(self, days: list[PrepareDay], out_dir: Path, *, mono: bool = False) -> list[str]:
        """Write the days' pages under ``out_dir/prepare/``; return warnings about the disk."""
        from puzzlegen.catscradle.plugin import CATS_CRADLE
        from puzzlegen.catscradle.views.preparepages import publish_prepare_days

        return publish_prepare_days(CATS_CRADLE, days, out_dir, mono=mono)


PREPARE_DAY = PrepareDays()
