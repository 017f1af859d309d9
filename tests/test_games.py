"""The pipeline reaches games only through the Game protocol."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TextIO

import pytest
from pypdf import PdfReader

from puzzlegen import registry
from puzzlegen.catalog import Catalog
from puzzlegen.cli import main
from puzzlegen.diagram import Diagram, Group, Rect, Text
from puzzlegen.errors import InvalidInputError
from puzzlegen.games import LEVELS, Game, reject_extras
from puzzlegen.generator import generate, puzzles_from_catalog
from puzzlegen.registry import get_game
from puzzlegen.render.book import BookOptions, build_book


@dataclass(frozen=True)
class TokenPuzzle:
    """A toy puzzle: guess the number.  Level and par come from its seed."""

    number: int
    kind: str = "toy"
    seed: str | None = None
    game: str = "toy"
    rung: int = 0
    publishable: bool = True

    @property
    def tags(self) -> tuple[str, ...]:
        return ("odd",) if self.number % 2 else ()

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

    @property
    def position_text(self) -> str:
        return str(self.number)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": "toy",
            "kind": self.kind,
            "level": self.level,
            "par": self.par,
            "tags": list(self.tags),
            "key": self.key,
            "number": self.number,
            "position": str(self.number),
            "seed": self.seed,
        }


class ToyGame:
    name = "toy"
    title = "Toy"
    inventor = "Nobody"
    noun = "guessing game"
    credit = "Toy is a test game"
    making_of = "The numbers were hashed from seeds."
    keywords = ("toy", "numbers")
    position_caption = "The number"
    diagram_aspect = 0.6
    kinds: tuple[str, ...] = ("toy", "big")
    kind_names: ClassVar[dict[str, str]] = {"toy": "a number", "big": "a big number"}
    tags: tuple[str, ...] = ("odd",)
    level_rules = "Toy levels go by the number."

    def daily_level(self, date: dt.date) -> str:
        return LEVELS[date.weekday() % 4]

    def daily_candidate(self, date: dt.date, seed: str) -> TokenPuzzle | None:
        return self.make_puzzle("toy", seed)

    def goal(self, puzzle: Any) -> str:
        return f"guess a number near {puzzle.par}"

    def par_phrase(self, puzzle: Any) -> str:
        return f"near {puzzle.par}"

    summary = "Toy: guess a number."

    def deal_text(self, seed: str, *, as_json: bool = False) -> str:
        return str(self.make_puzzle("toy", seed))

    def solve_text(self, text: str, *, as_json: bool = False, **extras: object) -> str:
        reject_extras(self, extras)
        return f"The answer is {TokenPuzzle(int(text)).par}."

    def solve_lines(self, lines: Iterable[str], out: TextIO, **extras: object) -> bool:
        reject_extras(self, extras)
        for line in lines:
            out.write(self.solve_text(line) + "\n")
        return True

    def position_svg(
        self,
        text: str,
        *,
        solution: bool = False,
        mono: bool = False,
        size: float | None = None,
        **extras: object,
    ) -> str:
        from puzzlegen.render.svg import to_svg

        reject_extras(self, extras)
        return to_svg(self.diagram(TokenPuzzle(int(text)), solution=solution), size=size)

    def make_puzzle(
        self, kind: str, seed: str, level: str | None = None
    ) -> TokenPuzzle | None:
        return TokenPuzzle(int(hashlib.sha256(seed.encode()).hexdigest()[:6], 16), kind, seed)

    def puzzle_from_json(self, data: dict[str, Any]) -> TokenPuzzle:
        return TokenPuzzle(data["number"], data["kind"], data["seed"])

    def diagram(
        self, puzzle: Any, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        label = str(puzzle.par) if solution else "?"
        items = (Rect(0, 0, 100, 60, stroke="#000000"), Text(50, 35, label, 20, anchor="middle"))
        return Diagram(100, 60, title or "toy", str(puzzle.key), (Group("toy", items),))

    def position_lines(self, puzzle: Any) -> str:
        return str(puzzle.position_text)

    def solution_text(self, puzzle: Any) -> str:
        return f"The answer is {puzzle.par}."

    def rules_text(self) -> list[str]:
        return ["Guess the number."]

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        return self.diagram(TokenPuzzle(0)), "A toy."


@pytest.fixture
def toy() -> Iterator[Game]:
    game = ToyGame()
    registry.register(game)
    yield game
    registry.unregister(game.name)


def test_a_second_game_plugs_in(tmp_path: Path, toy: Game) -> None:
    with Catalog(tmp_path / "c.sqlite") as catalog:
        added = generate(catalog, 8, game=toy, seed="s")
        assert {row["game"] for row in added} == {"toy"}
        puzzles = puzzles_from_catalog(catalog, 4, game=toy)
    pdf = build_book(toy, puzzles, BookOptions(page_size="a4"))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Toy Puzzles" in text and "Guess the number." in text and "The answer is" in text


#: Words that belong to Cat's Cradle: none may reach another game's output.
FOREIGN = ("space", "Cat's Cradle", "patience", "Bourne", "layout", "stack", "♣", "♦", "♥", "♠")


def test_the_pipeline_speaks_the_toy_games_words(
    tmp_path: Path, toy: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.sqlite")
    pdf = tmp_path / "toy.pdf"
    days = tmp_path / "daily"
    steps = [
        ["deal", "--game", "toy", "--seed", "7"],
        ["solve", "--game", "toy", "12"],
        ["svg", "--game", "toy", "12", "--solution", "-o", str(tmp_path / "toy.svg")],
        ["generate", "--game", "toy", "--count", "40", "--db", db, "--kind", "big"],
        ["catalog", "--game", "toy", "--db", db],
        ["catalog", "--game", "toy", "--db", db, "--list", "--tag", "odd"],
        ["book", "--game", "toy", "--count", "4", "--db", db, "-o", str(pdf)],
        ["daily", "--game", "toy", "--date", "2026-11-23", "--solution"],
        ["daily", "--game", "toy", "--from", "2026-11-23", "--to", "2026-11-24", "-o", str(days)],
    ]
    for argv in steps:
        assert main(argv) == 0, argv
    out = capsys.readouterr()
    text = out.out + out.err
    text += " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    # The pages, their data and diagrams (the shared scripts and stylesheet are code).
    pages = [path for path in days.rglob("*") if path.is_file() and "assets" not in path.parts]
    assert any(path.name == "index.html" for path in pages)
    text += " ".join(path.read_text() for path in pages)
    text += (tmp_path / "toy.svg").read_text()
    assert "40 Toy puzzles" in text and "by kind" in text
    assert "Guess a number near" in text and "guess a number near" in text
    assert "big" in text and "odd" in text
    found = [word for word in FOREIGN if word.lower() in text.lower()]
    assert not found, found


def test_help_gives_every_games_grading(toy: Game, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--help"]) == 0
    text = capsys.readouterr().out
    assert "Toy — Toy levels go by the number." in text and "Cat's Cradle — Levels:" in text


def test_a_games_own_vocabulary_is_checked(toy: Game, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--game", "toy", "--count", "1", "--kind", "opening"]) == 2
    assert "'opening' is not a kind of Toy puzzle (choose from toy, big)" in capsys.readouterr().err
    assert main(["svg", "--game", "toy", "3", "--lines"]) == 1
    assert "--lines does not apply to Toy" in capsys.readouterr().err
    assert main(["daily", "--game", "nosuch", "--date", "2026-11-23"]) == 2
    assert "unknown game 'nosuch'" in capsys.readouterr().err


def test_the_registry_is_the_only_module_naming_a_game() -> None:
    package = Path(__file__).resolve().parent.parent / "puzzlegen"
    games = ("catscradle", "pendulum", "escape")
    for path in package.rglob("*.py"):
        relative = path.relative_to(package)
        # The package's public API re-exports Cat's Cradle's values (kept as it was).
        if relative.parts[0] in games or relative in (Path("registry.py"), Path("__init__.py")):
            continue
        source = path.read_text(encoding="utf-8")
        for game in games:
            assert f"puzzlegen.{game}" not in source, f"{relative} imports {game}"


def _import_graph() -> dict[str, set[str]]:
    """Each puzzlegen module -> the puzzlegen modules it imports, anywhere in its code."""
    import ast

    package = Path(__file__).resolve().parent.parent / "puzzlegen"
    sources = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        sources[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for module, path in sources.items():
        imports = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:  # ``from package import module`` names the module
                    name = f"{node.module}.{alias.name}"
                    imports.add(name if name in sources else node.module)
            elif isinstance(node, ast.Import):
                imports.update(alias.name for alias in node.names)
        graph[module] = {name for name in imports if name in sources and name != module}
    return graph


def test_no_import_cycles() -> None:
    graph = _import_graph()
    for module in graph:
        seen, todo = set(), list(graph[module])
        while todo:
            current = todo.pop()
            if current == module:
                raise AssertionError(f"import cycle through {module}")
            if current not in seen:
                seen.add(current)
                todo.extend(graph.get(current, ()))


def test_rules_import_no_renderer() -> None:
    """A game's rules and solver never import the shared renderers; only its views do."""
    for module, imports in _import_graph().items():
        parts = module.split(".")
        if len(parts) > 2 and parts[1] in ("catscradle", "pendulum") and "views" not in parts:
            if parts[-1] == "plugin":
                continue  # the plugin hands drawing and prose to the views, lazily
            assert not any(name.startswith("puzzlegen.render") for name in imports), module


def test_unknown_game() -> None:
    with pytest.raises(InvalidInputError, match="unknown game 'nosuch'"):
        get_game("nosuch")


def test_rules_never_load_drawing_libraries() -> None:
    code = (
        "import sys, puzzlegen, puzzlegen.games, puzzlegen.generator, puzzlegen.daily\n"
        "from puzzlegen.catscradle.puzzle import make_puzzle\n"
        "make_puzzle('midgame', '3')\n"
        "loaded = {'svgwrite', 'reportlab', 'jinja2'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
