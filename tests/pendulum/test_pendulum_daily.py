"""Pendulum's daily puzzles: pinned dates never change, and the schedule is versioned."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from pathlib import Path

import pytest

from puzzlegen.daily import daily_puzzle
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.core import CORE
from puzzlegen.pendulum.plugin import DAILY_SCHEDULES, PENDULUM, schedule_for

DATA = Path(__file__).parent.parent / "data" / "pendulum_daily.txt"
ROWS = [
    line.split(" | ")
    for line in DATA.read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
ANSWERS = dict(
    line.split(" | ")
    for line in (DATA.parent / "pendulum_answers.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
)
PAGES = DATA.parent / "pendulum_pages"
#: A date whose puzzle came after this many candidates is checked at its own
#: seed only: searching every candidate before it again (2026-11-29 took 90,
#: 2027-01-10 250) costs well under a second with the compiled core, whose
#: players and the daily's shortcut (pp.quick_level) make every pinned date's
#: whole search cheap; without the core, 2026-11-29 alone takes twenty.
FULL_SEARCH_BELOW = 1000 if CORE == "compiled" else 50


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_a_pinned_daily_never_changes(row: list[str]) -> None:
    date, seed, grading, puzzle_id, level, par, key = row
    day = dt.date.fromisoformat(date)
    assert schedule_for(day).grading == grading
    if int(seed.rsplit("-", 1)[1]) < FULL_SEARCH_BELOW:
        puzzle = daily_puzzle(day, PENDULUM)
    else:
        candidate = PENDULUM.daily_candidate(day, seed)
        assert candidate is not None
        puzzle = candidate
    assert isinstance(puzzle, pp.Puzzle)
    got = (puzzle.seed, puzzle.grading, puzzle.id, puzzle.level, str(puzzle.par), puzzle.key)
    assert got == (seed, grading, puzzle_id, level, par, key)
    assert answer_pin(puzzle.to_json()["answer"]) == ANSWERS[date], (
        f"a solver change altered a published day's answer line ({date}); re-pin it in "
        "tests/data/pendulum_answers.txt only if the new line is as short"
    )


def answer_pin(answer: object) -> str:
    """The pin of a puzzle.json's "answer" (see tests/data/pendulum_answers.txt)."""
    text = json.dumps(answer, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_every_pinned_day_has_its_answer_pinned() -> None:
    assert sorted(ANSWERS) == [row[0] for row in ROWS]


@pytest.mark.parametrize("page", sorted(PAGES.glob("*.json")), ids=lambda p: p.stem)
def test_the_stored_pages_carry_the_pinned_answers(page: Path) -> None:
    assert answer_pin(json.loads(page.read_text())["answer"]) == ANSWERS[page.stem]


def test_schedule_versions() -> None:
    assert schedule_for(dt.date(2026, 12, 31)).name == "v1"
    assert schedule_for(dt.date(2027, 1, 1)).name == "v3"
    assert schedule_for(dt.date(2100, 1, 1)) is DAILY_SCHEDULES[-1]
    assert DAILY_SCHEDULES[-1].grading == pp.GRADING
    assert [v.first for v in DAILY_SCHEDULES] == sorted(v.first for v in DAILY_SCHEDULES)


def test_v2_levels_count_the_players_who_miss() -> None:
    puzzle = pp.make_puzzle(pp.WIN_IN_PAR, "daily-2027-01-07-1", "v2")
    assert puzzle is not None and puzzle.grading == "v2"
    assert len(puzzle.players[0]) == 3 + pp.RANDOM_PLAYERS["v2"]
    par = puzzle.par
    for missed, level in [(0, "Easy"), (1, "Medium"), (4, "Medium"), (5, "Hard"),
                          (8, "Hard"), (9, "Expert"), (13, "Expert")]:
        # The panel: greedy and twelve random players; ``missed`` of them lose.
        panel = (None, None) + (None,) * missed + (par,) * (13 - missed)
        graded = dataclasses.replace(puzzle, players=(panel,))
        assert (graded.misses, graded.level) == (missed, level)
    # A win over par is a miss; for choose-method only a loss is.
    over = dataclasses.replace(puzzle, players=((None, None) + (par + 1,) * 13,))
    assert over.level == "Expert"
    choose = dataclasses.replace(over, kind=pp.CHOOSE, method=None)
    assert choose.misses == 0 and choose.level == "Easy"


def test_v1_players_are_v2s_first_seven() -> None:
    v1 = pp.make_puzzle(pp.WIN_IN_PAR, "daily-2026-11-27-2", "v1")
    v2 = pp.make_puzzle(pp.WIN_IN_PAR, "daily-2026-11-27-2", "v2")
    assert v1 is not None and v2 is not None
    assert v1.players[0] == v2.players[0][:7] and v1.level == "Expert"


def test_v3_players_extend_v2s() -> None:
    v2 = pp.make_puzzle(pp.WIN_IN_PAR, "daily-2026-11-27-2", "v2")
    v3 = pp.make_puzzle(pp.WIN_IN_PAR, "daily-2026-11-27-2", "v3")
    assert v2 is not None and v3 is not None
    fixed = pp.FIXED_PLAYERS["v3"]
    assert len(v3.players[0]) == fixed + pp.RANDOM_PLAYERS["v3"]
    # outs, plain and greedy come first, and random player n is the same player.
    assert v3.players[0][:3] == v2.players[0][:3]
    assert v3.players[0][fixed : fixed + 12] == v2.players[0][3:]


def v3_panel(habit: tuple[int | None, ...], randoms: list[int | None]) -> tuple[int | None, ...]:
    width = pp.RANDOM_PLAYERS["v3"]
    assert len(habit) == pp.FIXED_PLAYERS["v3"]
    return habit + tuple(randoms) + (None,) * (width - len(randoms))


def test_v3_win_in_par_a_planless_win_is_easy_and_random_wins_set_the_rest() -> None:
    puzzle = pp.make_puzzle(pp.WIN_IN_PAR, "daily-2027-01-07-1", "v3")
    assert puzzle is not None
    par = puzzle.par
    lost = (None,) * pp.FIXED_PLAYERS["v3"]
    easy, medium, hard = pp.WIN_CUTS
    for winners, level in [(0, "Expert"), (hard - 1, "Expert"), (hard, "Hard"),
                           (medium - 1, "Hard"), (medium, "Medium"), (easy - 1, "Medium"),
                           (easy, "Easy")]:
        graded = dataclasses.replace(puzzle, players=(v3_panel(lost, [par] * winners),))
        assert graded.level == level, winners
        # A win over par is no win at par.
        over = dataclasses.replace(puzzle, players=(v3_panel(lost, [par + 1] * winners),))
        assert over.level == "Expert"
    # Any player of fixed habit (here the last: tallest pile first) winning at par caps it at Easy.
    for index in range(pp.FIXED_PLAYERS["v3"]):
        habit = tuple(par if i == index else None for i in range(pp.FIXED_PLAYERS["v3"]))
        graded = dataclasses.replace(puzzle, players=(v3_panel(habit, []),))
        assert graded.level == "Easy"
        late = tuple(par + 1 if i == index else None for i in range(pp.FIXED_PLAYERS["v3"]))
        assert dataclasses.replace(puzzle, players=(v3_panel(late, []),)).level == "Expert"


def test_v3_choose_method_counts_the_methods_to_try() -> None:
    puzzle = pp.make_puzzle(pp.CHOOSE, "daily-2027-01-09-6", "v3")
    assert puzzle is not None and puzzle.kind == pp.CHOOSE
    methods = len(puzzle.results)
    assert methods >= 3
    lost = (None,) * pp.FIXED_PLAYERS["v3"]
    easy, medium, hard = pp.WIN_CUTS
    found = v3_panel((None, None, 99, None, None, None), [])  # greedy play wins with it
    common = v3_panel(lost, [99] * easy)  # half the random players win with it
    one = v3_panel(lost, [99] * medium)  # a method scoring 1
    two = v3_panel(lost, [99] * hard)  # 2
    three = v3_panel(lost, [])  # 3: no player wins with it
    cases = [((found, common), "Easy", 0), ((one,), "Medium", 1), ((one, one), "Hard", 2),
             ((two,), "Hard", 1), ((one, two), "Expert", 2), ((three,), "Expert", 1),
             ((one, one, one), "Expert", 3)]
    for hidden, level, count in cases:
        players = (hidden + (found,) * methods)[:methods]
        graded = dataclasses.replace(puzzle, players=players)
        assert (graded.level, len(graded.to_try)) == (level, count), hidden
    # Par is no part of it: a choose-method answer only has to win, in any number of swings.
    assert pp.method_score(found, None) == 0 and pp.method_score(found, 98) == 3
