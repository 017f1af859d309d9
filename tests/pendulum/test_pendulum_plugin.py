"""Pendulum through the Game protocol and the command line."""

from __future__ import annotations

import datetime as dt
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from puzzlegen.cli import main
from puzzlegen.errors import InvalidInputError
from puzzlegen.games import LEVELS, Game
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.plugin import PENDULUM
from puzzlegen.pendulum.position import Deal
from puzzlegen.registry import get_game


def test_registered_and_a_game() -> None:
    game: Game = get_game("pendulum")
    assert game is PENDULUM
    assert set(game.kinds) == {"choose-method", "win-in-par"}
    for date in (dt.date(2026, 11, 23) + dt.timedelta(days=n) for n in range(7)):
        assert game.daily_level(date) in LEVELS


def test_deal_text_and_json() -> None:
    data = json.loads(PENDULUM.deal_text("7", as_json=True))
    assert Deal.parse(data["deal"]) == Deal.from_seed("7")
    assert "Deal for seed '7'" in PENDULUM.deal_text("7")


def test_solve_text_of_a_puzzle_description() -> None:
    puzzle = pp.make_puzzle(pp.WIN_IN_PAR, "book-3")
    assert puzzle is not None
    data = json.loads(PENDULUM.solve_text(puzzle.description, as_json=True))
    assert [m["par"] for m in data["methods"]] == [puzzle.par]
    text = PENDULUM.solve_text(puzzle.position_text)
    assert f"par {puzzle.par} swings" in text and "The line:" in text
    with pytest.raises(InvalidInputError, match="--lines does not apply"):
        PENDULUM.solve_text(puzzle.position_text, lines=True)


def test_solve_lines_reports_bad_lines_and_goes_on() -> None:
    puzzle = pp.make_puzzle(pp.WIN_IN_PAR, "book-3")
    assert puzzle is not None
    out = io.StringIO()
    ok = PENDULUM.solve_lines(["2C 3C", "", puzzle.position_text], out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert not ok and "error" in rows[0] and rows[1]["methods"][0]["won"] is True


def test_puzzle_protocol_members_and_words() -> None:
    puzzle = pp.make_puzzle(pp.WIN_IN_PAR, "book-3")
    assert puzzle is not None
    assert PENDULUM.puzzle_from_json(puzzle.to_json()) == puzzle
    assert PENDULUM.goal(puzzle).startswith("win building ")
    assert PENDULUM.par_phrase(puzzle).endswith("swings")
    text = PENDULUM.solution_text(puzzle)
    assert "Swing to the right." in text and "goes on the" in text
    figures = PENDULUM.solution_figures(puzzle)
    assert 1 <= sum(len(row) for row in figures) <= 4
    assert PENDULUM.diagram(puzzle, solution=True).height > PENDULUM.diagram(puzzle).height
    paragraphs = PENDULUM.rules_text()
    assert len(paragraphs) >= 4 and all("[" not in p for p in paragraphs)
    parts = PENDULUM.how_to_play()
    assert any(isinstance(p, list) for p in parts)


def test_svg_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = str(Deal.from_seed("7"))
    assert main(["svg", "--game", "pendulum", deal]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    assert root.tag.endswith("svg")
    assert main(["svg", "--game", "pendulum", "2C 3C"]) != 0
    assert "48 cards" in capsys.readouterr().err


def test_generate_and_catalog(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "p.db"
    code = main(["generate", "--game", "pendulum", "--kind", "win-in-par", "--count", "1",
                 "--db", str(db)])
    assert code == 0
    capsys.readouterr()
    assert main(["catalog", "--game", "pendulum", "--db", str(db), "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("PD-") >= 1
