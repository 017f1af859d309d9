from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from conftest import DATA, own

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.plugin import CATS_CRADLE, DAILY_SCHEDULES, schedule_for
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.puzzle import level_for
from puzzlegen.cli import main
from puzzlegen.daily import daily_json, daily_puzzle, date_range, parse_date
from puzzlegen.errors import InvalidInputError


def pinned(year: int) -> list[list[str]]:
    text = (DATA / f"daily_{year}.txt").read_text()
    return [line.split(" | ") for line in text.splitlines() if not line.startswith("#")]


GOLDEN = pinned(2026)  # schedule v1
GOLDEN_2027 = pinned(2027)  # schedule v3


@pytest.mark.parametrize("quarter", range(4))
@pytest.mark.parametrize("year", [2026, 2027])
def test_a_pinned_year_of_daily_puzzles(year: int, quarter: int) -> None:
    rows = GOLDEN if year == 2026 else GOLDEN_2027
    for date, puzzle_id, level, par, key in rows[quarter * 92 : (quarter + 1) * 92]:
        puzzle = daily_puzzle(dt.date.fromisoformat(date), CATS_CRADLE)
        assert (puzzle.id, puzzle.level, str(puzzle.par), puzzle.key) == (
            puzzle_id,
            level,
            par,
            key,
        ), date
        assert year == 2026 or own(puzzle).publishable, date


def test_schedule_rises_through_the_week() -> None:
    monday = dt.date(2026, 11, 23)
    week = [own(daily_puzzle(monday + dt.timedelta(days=n), CATS_CRADLE)) for n in range(7)]
    levels = ["Easy", "Medium", "Hard", "Expert"]
    ranks = [levels.index(p.level) for p in week[:6]]
    assert ranks == sorted(ranks) and ranks[0] == 0 and ranks[5] == 3
    assert week[6].kind == "midgame" and any(len(s) > 1 for s in week[6].position.cells)
    assert [CATS_CRADLE.daily_schedule[n][0] for n in range(7)].count("midgame") == 1


def test_schedule_versions() -> None:
    assert schedule_for(dt.date(2026, 12, 31)).name == "v1"
    assert schedule_for(dt.date(2027, 1, 1)).name == "v3"
    assert schedule_for(dt.date(2100, 1, 1)) is DAILY_SCHEDULES[-1]
    assert CATS_CRADLE.daily_schedule == DAILY_SCHEDULES[-1].weekdays
    new = own(daily_puzzle(dt.date(2027, 1, 4), CATS_CRADLE))
    assert new.grading == "v3" and daily_json(dt.date(2027, 1, 4), new)["grading"] == "v3"
    old = own(daily_puzzle(dt.date(2026, 12, 28), CATS_CRADLE))
    assert old.grading == "v1" and old.level == level_for(old.par, old.insight)


def test_v3_weeks_rise_and_never_ask_for_one_move() -> None:
    levels = ["Easy", "Medium", "Hard", "Expert"]
    for date, _, level, _, _ in GOLDEN_2027:
        day = dt.date.fromisoformat(date)
        assert schedule_for(day).weekdays[day.weekday()][1] == level
    for week in range(3):
        monday = dt.date(2027, 1, 4) + dt.timedelta(weeks=week)
        days = [own(daily_puzzle(monday + dt.timedelta(days=n), CATS_CRADLE)) for n in range(7)]
        assert all(p.publishable and len(p.best.moves) > 1 for p in days)
        ranks = [levels.index(p.level) for p in days[:6]]
        assert ranks == sorted(ranks) and ranks[0] == 0 and ranks[5] == 3
        # Within a level the points pick the day: they rise from Monday to Saturday.
        points = [p.points for p in days[:6]]
        assert points == sorted(points) and len(set(points)) == 6, points
        for n, puzzle in enumerate(days):
            assert puzzle.points in schedule_for(monday).points.get(n, range(99))
        assert days[6].kind == "midgame" and days[6].level == "Hard"
    # 2026's one-move Sundays stay as published (v1); v2 never picks one (pinned test).
    assert any(row[3] == "1" for row in GOLDEN)


def test_no_repeat_within_any_365_days() -> None:
    # Both pinned years' keys are checked above: every window across them is repeat-free.
    keys = [row[4] for row in GOLDEN + GOLDEN_2027]
    assert len(keys) == 365 + 365
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


def test_the_days_text_draws_the_layout_as_deal_does_and_reads_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["daily", "--date", "2026-11-25"]) == 0
    lines = capsys.readouterr().out.splitlines()
    puzzle = daily_puzzle(dt.date(2026, 11, 25), CATS_CRADLE)
    grid = lines[2:6]
    assert grid == Position.parse(puzzle.position_text).grid(symbols=True).splitlines()
    assert "♠" in "".join(grid) or "♣" in "".join(grid)
    assert Position.parse("\n".join(grid)) == Position.parse(puzzle.position_text)


def test_bad_dates() -> None:
    with pytest.raises(InvalidInputError, match="there is no date '2026-02-30'"):
        parse_date("2026-02-30")
    with pytest.raises(InvalidInputError, match="no date '2026-04-31'"):
        parse_date("2026-04-31")
    for text in ("2026/02/03", "tomorrow", "2026-02-3x"):
        with pytest.raises(InvalidInputError, match=f"a date reads YYYY-MM-DD, got '{text}'"):
            parse_date(text)
    with pytest.raises(InvalidInputError, match="before"):
        date_range(dt.date(2026, 2, 2), dt.date(2026, 2, 1))


def test_both_games_schedules_are_the_shared_versioned_kind() -> None:
    from puzzlegen.daily import ScheduleVersion, schedule_in_force
    from puzzlegen.pendulum.plugin import DAILY_SCHEDULES as PENDULUM_SCHEDULES

    for versions in (DAILY_SCHEDULES, PENDULUM_SCHEDULES):
        assert all(isinstance(v, ScheduleVersion) for v in versions)
    a = ScheduleVersion("a", dt.date.min, "v1", {})
    b = ScheduleVersion("b", dt.date(2027, 1, 1), "v2", {})
    assert schedule_in_force((a, b), dt.date(2026, 12, 31)) is a
    assert schedule_in_force((a, b), dt.date(2027, 1, 1)) is b


def test_a_bad_catalog_is_refused_before_a_day_is_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Printed, then not recorded: the days were published and free for a book.
    db = tmp_path / "notdb.sqlite"
    db.write_text("hello\n")
    argv = ["daily", "--from", "2026-01-01", "--to", "2026-01-03", "--db", str(db)]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "not a puzzlegen catalog" in captured.err


def test_a_range_prints_each_day_as_it_is_chosen_and_a_stop_keeps_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Without -o the range was chosen whole before a line was printed: a range of
    # years printed nothing for minutes, and a stopped run lost every day it had.
    import puzzlegen.daily

    chosen: list[dt.date] = []
    printed: list[str] = []
    real = puzzlegen.daily.daily_puzzle

    def stops_on_the_third(day: dt.date, game: object) -> object:
        printed.extend(json.loads(line)["date"] for line in capsys.readouterr().out.splitlines())
        assert printed == [d.isoformat() for d in chosen], "each day printed when chosen"
        if len(chosen) == 2:
            raise KeyboardInterrupt
        chosen.append(day)
        return real(day, game)  # type: ignore[arg-type]

    monkeypatch.setattr(puzzlegen.daily, "daily_puzzle", stops_on_the_third)
    db = tmp_path / "c.sqlite"
    argv = ["daily", "--from", "2026-11-23", "--to", "2026-11-29", "--json", "--db", str(db)]
    assert main(argv) == 130
    assert printed == ["2026-11-23", "2026-11-24"] and capsys.readouterr().out == ""
    with Catalog(db, readonly=True) as catalog:  # recorded, so no book takes them
        assert sorted(catalog.venues()) == ["daily:2026-11-23", "daily:2026-11-24"]
