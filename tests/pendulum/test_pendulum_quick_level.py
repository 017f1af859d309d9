"""The daily search's shortcut: :func:`pp.v3_level` gives the full grading's level.

A daily takes the first candidate of the date's level, so grading a rejected
candidate only as far as its level needs changes no day, provided that
level is always the one :func:`pp.from_deal` would give (None when it gives
no puzzle).  Checked here on candidates of every level and of none.
"""

from __future__ import annotations

import collections
import datetime as dt
from pathlib import Path

import pytest

from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.plugin import PENDULUM
from puzzlegen.pendulum.position import Deal

DATA = Path(__file__).parent.parent / "data" / "pendulum_daily.txt"
#: The pinned v3 days: candidates of Medium, Hard and Expert, each the first of its date.
PINNED = [
    line.split(" | ")[:5]
    for line in DATA.read_text().splitlines()
    if line.strip() and not line.startswith("#") and line.split(" | ")[2] == "v3"
]


def full_level(kind: str, seed: str) -> str | None:
    deal = Deal.from_seed(seed)
    method = pp.method_for(seed) if kind == pp.WIN_IN_PAR else None
    puzzle = pp.from_deal(kind, deal, method, seed, "v3")
    return None if puzzle is None else puzzle.level


def quick_level(kind: str, seed: str) -> str | None:
    method = pp.method_for(seed) if kind == pp.WIN_IN_PAR else None
    return pp.v3_level(kind, Deal.from_seed(seed), method)


@pytest.mark.parametrize("first", [0, 20])
def test_the_quick_level_is_the_full_gradings(first: int) -> None:
    seen: collections.Counter[tuple[str, str | None]] = collections.Counter()
    for n in range(first, first + 20):
        # Candidates of real dates (Saturdays and Sundays ask choose-method).
        seed = f"daily-2027-02-2{n % 2}-{n}"
        for kind in pp.KINDS:
            level = full_level(kind, seed)
            assert quick_level(kind, seed) == level, (kind, seed)
            seen[(kind, level)] += 1
    # Both kinds gave a puzzle and no puzzle (a lost method; too many winners).
    assert {(k, None) for k in pp.KINDS} <= set(seen)
    assert {(k, "Easy") for k in pp.KINDS} <= set(seen)


def test_the_quick_level_of_the_pinned_days() -> None:
    levels = set()
    for date, seed, _, _, level in PINNED:
        kind = pp.CHOOSE if dt.date.fromisoformat(date).weekday() >= 5 else pp.WIN_IN_PAR
        assert quick_level(kind, seed) == level == full_level(kind, seed), date
        levels.add(level)
    assert levels == {"Medium", "Hard", "Expert"}


def test_a_candidate_of_another_level_is_refused_early() -> None:
    # 2027-01-09 (a Saturday, choose-method Hard) took candidate 100; 0 to 99 are not Hard.
    day = dt.date(2027, 1, 9)
    seeds = [f"daily-2027-01-09-{n}" for n in range(8)]
    others = [s for s in seeds if full_level(pp.CHOOSE, s) not in (None, "Hard")]
    assert others  # puzzles of other levels ...
    for seed in others:
        assert PENDULUM.daily_candidate(day, seed) is None  # ... the daily passes over
        assert pp.make_puzzle(pp.CHOOSE, seed, "v3") is not None
    kept = PENDULUM.daily_candidate(day, "daily-2027-01-09-100")
    assert kept is not None and kept.level == "Hard"


def test_start_texts_are_the_opening_positions() -> None:
    for n in range(5):
        deal = Deal.from_seed(f"texts-{n}")
        assert pp.start_texts(deal) == {m: str(deal.start(m)) for m in METHODS}
