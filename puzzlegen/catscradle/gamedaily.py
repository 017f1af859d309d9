"""What ``daily --kind game`` calls: Cat's Cradle's whole game of the day.

The shared command line names no game (tests/test_games.py holds it to
that); it reaches this object through :data:`puzzlegen.registry.GAME_DAYS`.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from pathlib import Path

from puzzlegen.catscradle.gameday import GameDay, game_day
from puzzlegen.daily import long_date


class GameDays:
    """Choose, print and publish whole games of the day."""

    def choose(self, date: dt.date) -> GameDay:
        return game_day(date)

    def json_line(self, day: GameDay) -> str:
        return json.dumps(day.to_json(), sort_keys=True)

    def text(self, day: GameDay, *, solution: bool) -> str:
        from puzzlegen.catscradle.views.gamepages import line_text

        lines = [
            f"{long_date(day.date)}: the whole game, deal {day.id} "
            f"(a winning line of {len(day.line)} sequences is known)",
            " ".join(c.symbol() for c in day.deal.cards),
        ]
        if solution:
            lines += line_text(day)
        return "\n".join(lines) + "\n"

    def publish(self, days: Iterable[GameDay], out_dir: Path, *, mono: bool = False) -> list[str]:
        """Write the days' pages under ``out_dir/game/``; return warnings about the disk."""
        from puzzlegen.catscradle.plugin import CATS_CRADLE
        from puzzlegen.catscradle.views.gamepages import publish_game_days

        return publish_game_days(CATS_CRADLE, days, out_dir, mono=mono)


GAME_DAY = GameDays()
