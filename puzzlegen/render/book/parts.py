"""A chapter made ready for the book: its puzzles numbered, drawn and answered once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlegen.games import LEVELS, Puzzle
from puzzlegen.render.book.answers import Solution, _solution_figures
from puzzlegen.render.book.front import _how_to_play
from puzzlegen.render.book.model import Chapter, Figure, StoryGame
from puzzlegen.render.book.puzzles import _Entry


def _numbered(chapters: Sequence[Chapter]) -> list[list[tuple[int, Puzzle]]]:
    """Each chapter's puzzles, grouped by level (stable within a level), numbered through."""
    result, number = [], 0
    for chapter in chapters:
        ordered = sorted(chapter.puzzles, key=lambda p: LEVELS.index(p.level))
        numbered = []
        for puzzle in ordered:
            number += 1
            numbered.append((number, puzzle))
        result.append(numbered)
    return result


@dataclass
class _Prepared:
    """What a chapter puts in the book, drawn once for every typesetting pass."""

    chapter: Chapter
    rules: list[str | list[Figure]]
    entries: list[_Entry]
    #: number, puzzle, its answer in one paragraph, its figures, or its story if it has one
    solutions: list[Solution]


def _prepare(chapters: Sequence[Chapter], mono: bool) -> list[_Prepared]:
    prepared = []
    for chapter, numbered in zip(chapters, _numbered(chapters), strict=True):
        game = chapter.game
        prepared.append(
            _Prepared(
                chapter,
                _how_to_play(game, mono),
                [_Entry(n, game, p, game.diagram(p, mono=mono)) for n, p in numbered],
                [
                    (n, p, game.solution_text(p), [], game.solution_story(p, mono=mono))
                    if isinstance(game, StoryGame)
                    else (n, p, game.solution_text(p), _solution_figures(game, p, mono), None)
                    for n, p in numbered
                ],
            )
        )
    return prepared
