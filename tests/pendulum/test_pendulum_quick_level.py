"""The daily search's shortcut: :func:`pp.quick_level` gives the full grading's level.

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
from puzzlegen.pendulum.solver import encode, start_state

DATA = Path(__file__).parent.parent / "data" / "pendulum_daily.txt"
#: The pinned v3 days: candidates of Medium, Hard and Expert, each the first of its date.
PINNED = [
    line.split(" | ")[:5]
    for line in DATA.read_text().splitlines()
    if line.strip() and not line.startswith("#") and line.split(" | ")[2] == "v3"
]


def full_level(kind: str, seed: str, grading: str = "v3") -> str | None:
    deal = Deal.from_seed(seed)
    method = pp.method_for(seed) if kind == pp.WIN_IN_PAR else None
    puzzle = pp.from_deal(kind, deal, method, seed, grading)
    return None if puzzle is None else puzzle.level


def quick_level(kind: str, seed: str, grading: str = "v3") -> str | None:
    method = pp.method_for(seed) if kind == pp.WIN_IN_PAR else None
    return pp.quick_level(kind, Deal.from_seed(seed), method, grading)


#: Candidate numbers of 2027-02-20/21's seeds: the first few, and some that a scan
#: found of the rarer levels (Medium to Expert under v3; Expert under v1).
NUMBERS = {
    "v3": [*range(12), 16, 19, 59, 117, 124, 179],
    "v2": list(range(10)),
    "v1": [*range(10), 22, 140],
}


@pytest.mark.parametrize("grading", sorted(NUMBERS))
def test_the_quick_level_is_the_full_gradings(grading: str) -> None:
    seen: collections.Counter[tuple[str, str | None]] = collections.Counter()
    for n in NUMBERS[grading]:
        # Candidates of real dates (Saturdays and Sundays ask choose-method).
        seed = f"daily-2027-02-2{n % 2}-{n}"
        for kind in pp.KINDS:
            level = full_level(kind, seed, grading)
            assert quick_level(kind, seed, grading) == level, (kind, seed)
            seen[(kind, level)] += 1
    # Both kinds gave a puzzle and no puzzle (a lost method; too many winners).
    assert {(k, None) for k in pp.KINDS} <= set(seen)
    assert len({level for _, level in seen}) >= 4  # and puzzles of three levels or more


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


def test_start_texts_and_states_are_the_opening_positions() -> None:
    for n in range(5):
        deal = Deal.from_seed(f"texts-{n}")
        assert pp.start_texts(deal) == {m: str(deal.start(m)) for m in METHODS}
        for m in METHODS:
            assert start_state(deal, m) == encode(deal.start(m))
