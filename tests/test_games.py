"""The pipeline reaches games only through the Game protocol."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pypdf import PdfReader

from puzzlegen.catalog import Catalog
from puzzlegen.diagram import Diagram, Group, Rect, Text
from puzzlegen.errors import InvalidInputError
from puzzlegen.games import GAMES, LEVELS, Game, get_game
from puzzlegen.generator import generate, puzzles_from_catalog
from puzzlegen.render.book import BookOptions, build_book


@dataclass(frozen=True)
class TokenPuzzle:
    """A toy puzzle: guess the number.  Level and par come from its seed."""

    number: int
    kind: str = "toy"
    seed: str | None = None

    @property
    def level(self) -> str:
        return LEVELS[self.number % 4]

    @property
    def par(self) -> int:
        return self.number % 7 + 1

    @property
    def id(self) -> str:
        return f"TOY-{self.number}"

    @property
    def key(self) -> str:
        return str(self.number)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": "toy",
            "kind": self.kind,
            "level": self.level,
            "par": self.par,
            "tags": [],
            "key": self.key,
            "number": self.number,
            "position": str(self.number),
            "seed": self.seed,
        }


class ToyGame:
    name = "toy"
    title = "Toy"
    inventor = "Nobody"
    credit = "Toy is a test game"
    kinds: tuple[str, ...] = ("toy",)
    tags: tuple[str, ...] = ()
    level_rules = "toy levels"
    daily_schedule: ClassVar[dict[int, tuple[str, str]]] = {d: ("toy", "Easy") for d in range(7)}

    def make_puzzle(self, kind: str, seed: str) -> TokenPuzzle | None:
        return TokenPuzzle(int(hashlib.sha256(seed.encode()).hexdigest()[:6], 16), kind, seed)

    def puzzle_from_json(self, data: dict[str, Any]) -> TokenPuzzle:
        return TokenPuzzle(data["number"], data["kind"], data["seed"])

    def diagram(
        self, puzzle: Any, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        label = str(puzzle.par) if solution else "?"
        items = (Rect(0, 0, 100, 60, stroke="#000000"), Text(50, 35, label, 20, anchor="middle"))
        return Diagram(100, 60, title or "toy", str(puzzle.key), (Group("toy", items),))

    def solution_text(self, puzzle: Any) -> str:
        return f"The answer is {puzzle.par}."

    def rules_text(self) -> list[str]:
        return ["Guess the number."]

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        return self.diagram(TokenPuzzle(0)), "A toy."


def test_a_second_game_plugs_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toy: Game = ToyGame()
    monkeypatch.setitem(GAMES, "toy", toy)
    with Catalog(tmp_path / "c.sqlite") as catalog:
        added = generate(catalog, 8, game=toy, seed="s")
        assert {row["game"] for row in added} == {"toy"}
        puzzles = puzzles_from_catalog(catalog, 4, game=toy)
    pdf = build_book(toy, puzzles, BookOptions(page_size="a4"))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Toy Puzzles" in text and "Guess the number." in text and "The answer is" in text


def test_unknown_game() -> None:
    with pytest.raises(InvalidInputError, match="unknown game 'pendulum'"):
        get_game("pendulum")


def test_rules_never_load_drawing_libraries() -> None:
    code = (
        "import sys, puzzlegen, puzzlegen.games, puzzlegen.generator, puzzlegen.daily\n"
        "from puzzlegen.catscradle.puzzle import make_puzzle\n"
        "make_puzzle('midgame', '3')\n"
        "loaded = {'svgwrite', 'reportlab', 'jinja2'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
