"""What ``daily --kind prepare`` calls: Sunday's prepare puzzle (see :mod:`prepareday`).

The shared command line names no game; it reaches this object through
:data:`puzzlegen.registry.PREPARE_DAYS`.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from pathlib import Path

from puzzlegen.catscradle.prepareday import PrepareDay, prepare_day, sundays
from puzzlegen.daily import long_date


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
            f"{long_date(day.date)}: prepare puzzle, {puzzle.level} ({puzzle.id})",
            question(puzzle.choice),
            puzzle.position.grid(symbols=True),
            "The stock, next card first: " + " ".join(c.symbol() for c in puzzle.stock),
        ]
        if solution:
            lines.append(answer(puzzle.choice))
        return "\n".join(lines) + "\n"

    def publish(
        self, days: Iterable[PrepareDay], out_dir: Path, *, mono: bool = False
    ) -> list[str]:
        """Write the days' pages under ``out_dir/prepare/``; return warnings about the disk."""
        from puzzlegen.catscradle.plugin import CATS_CRADLE
        from puzzlegen.catscradle.views.preparepages import publish_prepare_days

        return publish_prepare_days(CATS_CRADLE, days, out_dir, mono=mono)


PREPARE_DAY = PrepareDays()
