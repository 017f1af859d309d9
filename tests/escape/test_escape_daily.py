"""Escape's daily puzzles are stable: pinned dates keep their puzzles.

tests/data/escape_daily.jsonl holds the week of 23 November 2026 as
``daily --game escape --json`` wrote it.  Every pinned day must replay
(``puzzle_from_json`` plays its answer to the asked win), keep its id and
fit the date's schedule; a date that is quick to choose (its first seed makes
an Easy puzzle) is chosen afresh and must come out byte for byte the same.
Choosing the others takes from 20 s to over 2 min of CPU (see the README), so
the suite does not redo them.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from puzzlegen.daily import daily_json, daily_puzzle
from puzzlegen.escape.plugin import schedule_for
from puzzlegen.generator import grade_candidate
from puzzlegen.registry import get_game

DAYS = Path(__file__).parents[1] / "data" / "escape_daily.jsonl"
QUICK = "2026-11-24"
BY_GENERATE = "2026-12-05"


def pinned() -> list[dict[str, object]]:
    return [json.loads(line) for line in DAYS.read_text(encoding="utf-8").splitlines()]


def test_every_pinned_day_replays_and_keeps_its_puzzle() -> None:
    game = get_game("escape")
    found = pinned()
    assert len(found) >= 5
    for data in found:
        date = dt.date.fromisoformat(str(data["date"]))
        puzzle = game.puzzle_from_json(data)
        assert puzzle.id == data["id"]
        kind, level = schedule_for(date).weekdays[date.weekday()]
        assert (puzzle.kind, puzzle.level) == (kind, level) == (data["kind"], data["level"])
        assert daily_json(date, puzzle) == data


def test_a_quick_date_is_chosen_afresh_the_same() -> None:
    data = next(d for d in pinned() if d["date"] == QUICK)
    date = dt.date.fromisoformat(QUICK)
    assert daily_json(date, daily_puzzle(date, get_game("escape"))) == data


def test_the_weekend_days_come_from_their_seeds() -> None:
    """The pinned capture days (not yet published when pinned) are what their seeds
    make at the day's level: the seed's capture studies, searched for that level.

    One of them is made as ``generate --level medium`` makes a candidate (the
    generator's level job), where without the level the same seed makes an Easy
    puzzle: the level reaches Escape's search."""
    weekend = [d for d in pinned() if d["kind"] == "capture"]
    assert {d["weekday"] for d in weekend} == {"Saturday", "Sunday"} and len(weekend) >= 4
    for data in weekend:
        date = dt.date.fromisoformat(str(data["date"]))
        if data["date"] == BY_GENERATE:
            plain = grade_candidate(("escape", "capture", str(data["seed"])))
            assert plain is not None and plain["level"] == "Easy"
            made = grade_candidate(("escape", "capture", str(data["seed"]), "Medium"))
            assert made == {k: v for k, v in data.items() if k not in ("date", "weekday")}
            continue
        puzzle = get_game("escape").daily_candidate(date, str(data["seed"]))
        assert puzzle is not None
        assert daily_json(date, puzzle) == data


def test_a_days_solution_is_headed_by_its_answer_and_fits_the_heading() -> None:
    # It was headed "Black to play" for a White-to-play puzzle (the board after the
    # answer), and a longer heading ran off the drawing.
    from puzzlegen.escape.views.board import _text_width

    game = get_game("escape")
    for line in DAYS.read_text(encoding="utf-8").splitlines()[:3]:
        puzzle = game.puzzle_from_json(json.loads(line))
        answer = puzzle.answer  # type: ignore[attr-defined]
        diagram = game.diagram(puzzle, solution=True)
        (heading,) = [g for g in diagram.items if g.css == "heading"]
        text = heading.items[0].text  # type: ignore[union-attr]
        side = "White" if puzzle.kind == "escape" else "Black"
        assert text.startswith(f"After {side}'s {answer}: ")
        assert diagram.width >= 1.1 * _text_width(text, 9.5)
