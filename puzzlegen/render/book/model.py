"""What a book is made of: its options, its chapters, and what a game may offer it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from puzzlegen.diagram import Diagram
from puzzlegen.errors import PuzzlegenError
from puzzlegen.games import LEVELS, Game, Puzzle

#: The colour profile each mode is made for, named in the PDF's metadata.
PROFILES = {
    "rgb": "sRGB IEC61966-2.1",
    "gray": "black ink only (Dot Gain 20%)",
    "cmyk": "U.S. Web Coated (SWOP) v2",
}

DIFFICULTY = {level: "●" * (i + 1) + "○" * (len(LEVELS) - i - 1) for i, level in enumerate(LEVELS)}


class BookError(PuzzlegenError, ValueError):
    """A book that cannot be made as asked (size rules, legibility, preflight)."""


@dataclass(frozen=True)
class BookOptions:
    title: str = ""  # default: "<game title> Puzzles"
    page_size: str = "6x9"
    bleed: bool = False
    color: str = "rgb"  # rgb, gray or cmyk
    per_page: int | None = None
    author: str = "puzzlegen"
    publisher: str = ""
    isbn: str = ""
    edition: str = "First edition"
    year: int = 2026
    mono: bool = False  # the old name of color="gray"
    #: Annotated whole games of Cat's Cradle after the puzzles (book --games), and their seed.
    games: int = 0
    games_seed: str = "book"
    #: Whose paperback rules the pages are laid out for and checked by (kdp, ingramspark).
    printer: str = "kdp"
    #: A CMYK output ICC profile's path: the book is written as PDF/X-4 with it as output intent.
    output_intent: str = ""

    @property
    def colour(self) -> str:
        return "gray" if self.mono else self.color


@dataclass(frozen=True)
class Chapter:
    """One game's part of a book."""

    game: Game
    puzzles: Sequence[Puzzle]


#: A figure: a diagram and its caption.
Figure = tuple[Diagram, str]


@runtime_checkable
class BookGame(Protocol):
    """What a game may add to :class:`~puzzlegen.games.Game` for a richer book.

    A game without these gets its ``rules_text`` with ``rules_diagram``, and
    its solution diagram alone.
    """

    def how_to_play(
        self, *, mono: bool = False, kinds: Sequence[str] = ()
    ) -> list[str | list[Figure]]:
        """Paragraphs, each figure row placed right after the text introducing it, for a
        chapter of puzzles of ``kinds`` (every kind the game makes, when empty)."""
        ...

    def solution_figures(self, puzzle: Puzzle, *, mono: bool = False) -> list[list[Figure]]:
        """Rows of captioned diagrams that show a puzzle's answer."""
        ...


@runtime_checkable
class PrintedGame(Protocol):
    """A game whose puzzle pages print a board of their own (Escape draws its hands as cards)."""

    def book_diagram(self, puzzle: Puzzle, *, mono: bool = False) -> Diagram:
        """The puzzle's board for a printed page, instead of :meth:`Game.diagram`."""
        ...


@runtime_checkable
class PlannedGame(Protocol):
    """A game whose pages can be planned before any puzzle is made."""

    def page_sample(self, *, mono: bool = False) -> Diagram:
        """A diagram no larger than any puzzle's diagram (a fresh layout, say)."""
        ...


@runtime_checkable
class StoryGame(Protocol):
    """A game whose answers are told at length: words and figures that may run over pages."""

    def solution_story(self, puzzle: Puzzle, *, mono: bool = False) -> list[str | list[Figure]]:
        """Paragraphs and rows of captioned diagrams, in reading order."""
        ...


@runtime_checkable
class HintedGame(Protocol):
    """A game whose book prints graded hints before the answers and a technique index."""

    def hints(self, puzzle: Puzzle) -> tuple[str, str]:
        """Two hints, weakest first: the technique the answer needs, then its first move."""
        ...

    def techniques(self, puzzle: Puzzle) -> list[str]:
        """The names, for the index, of the techniques the answer bears out."""
        ...

    def hint_keys(self) -> tuple[str, str]:
        """What the short words of each round of hints mean, said once above them."""
        ...


@runtime_checkable
class GameCollection(Protocol):
    """A game whose whole games a book can tell (``book --games``)."""

    def annotated_games(
        self, count: int, seed: str, *, mono: bool = False
    ) -> tuple[str, list[Any]]:
        """The chapter's introduction and ``count`` games, each a
        :class:`puzzlegen.render.book.games.ToldGame`."""
        ...


def check_isbn(text: str) -> str:
    """``text`` as a valid ISBN-10 or ISBN-13 (hyphens and spaces kept); raises ValueError.

    >>> check_isbn("978-0-306-40615-7")
    '978-0-306-40615-7'
    """
    digits = text.replace("-", "").replace(" ", "").upper()
    if len(digits) == 13 and digits.isdigit():
        total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    elif len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        values = [int(d) for d in digits[:9]] + [10 if digits[9] == "X" else int(digits[9])]
        total = sum(v * (10 - i) for i, v in enumerate(values))
        total = 0 if total % 11 == 0 else 1
    else:
        raise ValueError(f"{text!r} is not an ISBN (10 or 13 digits)")
    if total % 10:
        raise ValueError(f"{text!r} is not a valid ISBN: its check digit is wrong")
    return text.strip()
