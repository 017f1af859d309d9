from __future__ import annotations

import datetime as dt
import json

import pytest
from conftest import DATA, own

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.cli import main
from puzzlegen.daily import daily_json, daily_puzzle, date_range, parse_date
from puzzlegen.errors import InvalidInputError

GOLDEN = [
    line.split(" | ")
    for line in (DATA / "daily_2026.txt").read_text().splitlines()
    if not line.startswith("#")
]


@pytest.mark.parametrize("quarter", range(4))
def test_a_pinned_year_of_daily_puzzles(quarter: int) -> None:
    for date, puzzle_id, level, par, key in GOLDEN[quarter * 92 : (quarter + 1) * 92]:
        puzzle = daily_puzzle(dt.date.fromisoformat(date), CATS_CRADLE)
        assert (puzzle.id, puzzle.level, str(puzzle.par), puzzle.key) == (
            puzzle_id,
            level,
            par,
            key,
        ), date


def test_schedule_rises_through_the_week() -> None:
    monday = dt.date(2026, 11, 23)
    week = [own(daily_puzzle(monday + dt.timedelta(days=n), CATS_CRADLE)) for n in range(7)]
    levels = ["Easy", "Medium", "Hard", "Expert"]
    ranks = [levels.index(p.level) for p in week[:6]]
    assert ranks == sorted(ranks) and ranks[0] == 0 and ranks[5] == 3
    assert week[6].kind == "midgame" and any(len(s) > 1 for s in week[6].position.cells)
    assert [CATS_CRADLE.daily_schedule[n][0] for n in range(7)].count("midgame") == 1


def test_no_repeat_within_any_365_days() -> None:
    # 2026's keys are pinned (and checked) above; add the first half of 2027
    # and check every window from January 2026 to June 2027.
    keys = [row[4] for row in GOLDEN]
    keys += [
        daily_puzzle(d, CATS_CRADLE).key
        for d in date_range(dt.date(2027, 1, 1), dt.date(2027, 6, 30))
    ]
    assert len(keys) == 365 + 181
    for start in range(len(keys)):
        window = keys[start : start + 365]
        assert len(set(window)) == len(window)


def test_daily_json_and_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-22", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    expected = daily_json(dt.date(2026, 11, 22), daily_puzzle(dt.date(2026, 11, 22), CATS_CRADLE))
    assert payload == json.loads(json.dumps(expected))
    for field in (
        "id",
        "kind",
        "position",
        "par",
        "level",
        "tags",
        "line",
        "novice_spaces",
        "date",
    ):
        assert field in payload


def test_bad_dates() -> None:
    with pytest.raises(InvalidInputError, match="'2026-02-30'"):
        parse_date("2026-02-30")
    with pytest.raises(InvalidInputError, match="before"):
        date_range(dt.date(2026, 2, 2), dt.date(2026, 2, 1))
