"""Sunday's second puzzle: the prepare puzzle of a date, chosen by the date alone.

Every Sunday has, beside its puzzle of the day (chosen by the daily schedule,
which this does not touch), a prepare puzzle (:mod:`preparepuzzle`): the
first of the seeds ``prepare-YYYY-MM-DD-0``, ``-1``, ... whose deal holds a
prepare choice graded above Easy (an Easy one is found by simply making the
most spaces, which a Sunday's second puzzle should not be).  It depends on
the date alone.  Other days have none, and asking for one is refused by name.

:mod:`preparedaily` holds what ``daily --kind prepare`` calls.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
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
        """The day's puzzle.json: the puzzle's JSON, each ending with the cards dealt into
        it and what the next sequence can then make, and the question and answer in words."""
        from puzzlegen.catscradle.views.preparation import answer, goal, next_deal, question

        puzzle = self.puzzle
        data = puzzle.to_json()
        for entry, ending in zip(data["endings"], puzzle.choice.endings, strict=True):
            dealt, made = next_deal(puzzle.choice, ending)
            entry["dealt"] = [str(c) for c in dealt]
            entry["next"] = made  # None: its spaces take the last of the stock: won
        data.update(
            {
                "daily": KIND,
                "date": self.date.isoformat(),
                "weekday": self.date.strftime("%A"),
                "daily_seed": self.seed,
                "question_text": question(puzzle.choice),
                "goal": goal(puzzle),
                "answer": answer(puzzle.choice),
            }
        )
        return data


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
