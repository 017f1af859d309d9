"""Escape puzzles, the plugin, the diagrams and the words."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from escape_helpers import c5, from_rows

from puzzlegen.errors import InvalidInputError, PositionError
from puzzlegen.escape.position import Move, Position
from puzzlegen.escape.puzzle import (
    CAPTURE,
    ESCAPE,
    KINDS,
    Puzzle,
    _some,
    from_position,
    key_move,
    parse_description,
    puzzle_from_json,
)
from puzzlegen.escape.solver import Solver
from puzzlegen.registry import get_game
from puzzlegen.rng import SeededStream

CAGE = ["###", "#o.", "###"]
GAME = get_game("escape")


def cage(white: str, black: str, to_move: str = "white") -> Position:
    return from_rows(CAGE, 1, 1, white, black, to_move)


@pytest.fixture(scope="module")
def hard() -> Puzzle:
    puzzle = from_position(ESCAPE, cage("W1 W9", "B8 B9"), seed="test")
    assert puzzle is not None
    return puzzle


@pytest.fixture(scope="module")
def capture() -> Puzzle:
    puzzle = from_position(CAPTURE, cage("W1 W3", "B8", "black"))
    assert puzzle is not None
    return puzzle


def test_the_key_move_is_the_only_winning_move(hard: Puzzle) -> None:
    p = hard.position
    assert hard.answer == Move.parse("W9@0,1")
    winners = Solver(budget=10**5).winning_moves(p)
    assert winners == [hard.answer]
    assert len(p.legal_moves()) > 1


def test_no_puzzle_when_two_moves_win() -> None:
    p = c5(white="W1", black="")  # both inner gaps leave one: two winners
    assert len(Solver().winning_moves(p)) == 2
    assert key_move(p) is None and from_position(ESCAPE, p) is None


def test_no_puzzle_for_the_wrong_side() -> None:
    assert from_position(CAPTURE, cage("W1 W9", "B8 B9")) is None


def test_the_answer_line_replays_to_the_asked_win(hard: Puzzle, capture: Puzzle) -> None:
    assert hard.positions[-1].outcome is not None
    assert hard.positions[-1].outcome[0] == "white"
    assert capture.positions[-1].outcome == ("black", "surrounded")


def test_grading_by_the_weakest_finder(hard: Puzzle, capture: Puzzle) -> None:
    assert capture.level == "Easy" and capture.finders[0]
    assert hard.finders == (False, False, True) and hard.level == "Hard"


def test_json_round_trip_and_a_bad_answer_is_refused(hard: Puzzle) -> None:
    data = json.loads(json.dumps(hard.to_json()))
    again = puzzle_from_json(data)
    assert again == hard and again.id == hard.id and again.id.startswith("ES-")
    for key in ("id", "game", "kind", "level", "par", "tags", "key", "position", "seed"):
        assert key in data
    data["answer"] = ["W1@0,1", "B8r1@0,2"]
    with pytest.raises(InvalidInputError):
        puzzle_from_json(data)


def test_a_stored_answer_may_be_written_as_contract_move_objects(hard: Puzzle) -> None:
    # ESCAPE.md §7's move objects are read as well as the text the puzzle writes
    # (the daily pages' pinned puzzle.json keeps the text).
    data = json.loads(json.dumps(hard.to_json()))
    assert all(isinstance(m, str) for m in data["answer"])
    data["answer"] = [Move.parse(m).to_json() for m in data["answer"]]
    assert puzzle_from_json(data) == hard
    data["answer"][0] = {"card": "W9", "turns": 0, "at": [0, 1], "squares": [[0, 3], [0, 1]]}
    assert puzzle_from_json(data) == hard
    data["answer"][0]["squares"] = [[0, 1], [0, 2]]
    with pytest.raises(InvalidInputError, match="do not match"):
        puzzle_from_json(data)


def test_the_key_is_the_same_for_a_turned_position(hard: Puzzle) -> None:
    turned = Position.parse("white | W1 W9 | B8 B9 | -1,-1 | ### / #o# / #.#")
    other = from_position(ESCAPE, turned)
    assert other is not None and other.key == hard.key and other.id == hard.id


def test_descriptions_parse_and_refuse_bad_input() -> None:
    kind, p = parse_description("escape:escape:white | W1 | - | -1,-1 | ### / #o. / ###")
    assert kind == ESCAPE and p.white_hand == ("W1",)
    for bad in ("escape:fly:white | W1 | - | 0,0 | o", "chess:escape:x",
                "escape:capture:white | W1 | - | 0,0 | o"):
        with pytest.raises(PositionError):
            parse_description(bad)


def test_studies_draw_cards_from_the_hand_in_order() -> None:
    hand = ("W1", "W3", "W7", "W10")
    picked = _some(hand, 2, SeededStream("t", 1))
    assert len(picked) == 2 and set(picked) <= set(hand)
    assert list(picked) == sorted(picked, key=hand.index)


# -- the plugin ---------------------------------------------------------------------


def test_the_plugin_meets_the_protocol(hard: Puzzle) -> None:
    assert GAME.kinds == KINDS and GAME.name == "escape"
    assert len(GAME.summary.splitlines()) == 3
    assert GAME.goal(hard) == "find White's one escaping play"
    assert GAME.par_phrase(hard) == "four cards left"
    assert GAME.puzzle_from_json(hard.to_json()) == hard
    assert "The one winning play: White lays the split pair W9" in GAME.solution_text(hard)
    assert any("cat and mouse" in t for t in GAME.rules_text())


def test_solve_text_and_lines() -> None:
    text = GAME.solve_text(str(c5()))
    assert "loses" in text
    import io

    out = io.StringIO()
    ok = GAME.solve_lines([str(c5(white="W1", black="")), "nonsense", ""], out)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert not ok and lines[0]["winner"] == "white" and "error" in lines[1]
    assert [Move.from_json(m) for m in lines[0]["moves"]] == [Move.parse("W1@0,3"),
                                                              Move.parse("W1@0,5")]
    assert json.loads(GAME.solve_text(json.dumps(c5().to_json()), as_json=True))["winner"] \
        == "black"
    with pytest.raises(InvalidInputError):
        GAME.solve_text("x", method="up-1")


def _parse_svg(text: str) -> ET.Element:
    return ET.fromstring(text)


@pytest.mark.parametrize("mono", [False, True])
def test_diagram_marks_gaps_detached_squares_and_the_last_play(mono: bool) -> None:
    from puzzlegen.escape.views.svg import board_svg

    p = from_rows([".........", ".###.....", ".#ooo#O..", ".###.O...", ".......#."], 2, 2,
                  "W1", "B7", "white")
    move = Move.parse("W1@1,2")
    svg = board_svg(p.play(move), mono=mono, last=move)
    root = _parse_svg(svg)
    classes = [e.get("class", "") for e in root.iter()]
    assert sum("gap" in c.split() for c in classes) == len(p.play(move).gaps)
    assert sum("last" in c.split() for c in classes) == 1
    assert sum("detached" in c.split() for c in classes) == 1  # A stays cut off
    if mono:
        assert "#c0182b" not in svg
    else:
        assert "#c0182b" in svg


def test_book_figures_replay_the_line(hard: Puzzle) -> None:
    rows = GAME.solution_figures(hard)  # type: ignore[attr-defined]
    figures = [f for row in rows for f in row]
    assert 1 <= len(figures) <= 2
    assert figures[0][1].startswith("1. White lays the split pair W9 on [0,1] and [0,3].")
    widths = {d.width for d, _ in figures}
    assert len(widths) == 1
    # Headed by the play shown: "Black to play" alone, under a "White to play" puzzle,
    # read as a contradiction.
    from puzzlegen.diagram import Group, Text

    def texts(items: tuple[object, ...]) -> list[str]:
        found: list[str] = []
        for item in items:
            if isinstance(item, Text):
                found.append(item.text)
            elif isinstance(item, Group):
                found += texts(item.items)
        return found

    assert "After White’s W9: Black to play" in texts(figures[0][0].items)
