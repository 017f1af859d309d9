"""A chapter made ready for the book: its puzzles numbered, drawn and answered once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlegen.diagram import Diagram
from puzzlegen.games import LEVELS, Game, Puzzle
from puzzlegen.render.book.answers import Solution, _solution_figures
from puzzlegen.render.book.front import _how_to_play
from puzzlegen.render.book.model import Chapter, Figure, HintedGame, PrintedGame, StoryGame
from puzzlegen.render.book.puzzles import _Entry
from puzzlegen.render.pdf import legible_scale


def _numbered(chapters: Sequence[Chapter]) -> list[list[tuple[int, Puzzle]]]:
    """Each chapter's puzzles, easiest first by measured difficulty, numbered through."""
    result, number = [], 0
    for chapter in chapters:
        ordered = sorted(chapter.puzzles, key=_difficulty)
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
    #: number and the two graded hints of each puzzle (none if the game gives none)
    hints: list[tuple[int, tuple[str, str]]]
    #: number and technique names of each puzzle, for the index
    techniques: list[tuple[int, list[str]]]
    #: what the words of each round of hints mean ("" if the game gives no hints)
    hint_keys: tuple[str, str] = ("", "")
    #: The one scale every board of the chapter is drawn at, puzzles and answers alike:
    #: the smallest at which the least legible of them keeps its text and strokes printable.
    scale: float = 1.0


def board_scale(entries: list[_Entry], solutions: list[Solution]) -> float:
    """The smallest scale at which every board of a chapter stays legible (text ≥ 7 pt,
    strokes ≥ 0.75 pt): its puzzles' boards and every figure of its answers."""
    boards = [e.diagram for e in entries]
    for _, _, _, figures, told in solutions:
        for row in figures:
            boards += [d for d, _ in row]
        for block in told or []:
            if isinstance(block, list):
                boards += [d for d, _ in block]
    return max((legible_scale(d) for d in boards), default=1.0)


def _prepare(chapters: Sequence[Chapter], mono: bool) -> list[_Prepared]:
    prepared = []
    for chapter, numbered in zip(chapters, _numbered(chapters), strict=True):
        game = chapter.game
        entries = [_Entry(n, game, p, _board(game, p, mono)) for n, p in numbered]
        solutions: list[Solution] = [
            (n, p, game.solution_text(p), [], game.solution_story(p, mono=mono))
            if isinstance(game, StoryGame)
            else (n, p, game.solution_text(p), _solution_figures(game, p, mono), None)
            for n, p in numbered
        ]
        prepared.append(
            _Prepared(
                chapter,
                _how_to_play(game, mono, sorted({p.kind for _, p in numbered}))
                + _kind_notes(game, [p for _, p in numbered]),
                entries,
                solutions,
                [(n, game.hints(p)) for n, p in numbered] if isinstance(game, HintedGame) else [],
                [(n, game.techniques(p)) for n, p in numbered]
                if isinstance(game, HintedGame)
                else [],
                game.hint_keys() if isinstance(game, HintedGame) else ("", ""),
                board_scale(entries, solutions),
            )
        )
    return prepared


def _board(game: Game, puzzle: Puzzle, mono: bool) -> Diagram:
    """A puzzle page's board: the game's printed board if it has one."""
    if isinstance(game, PrintedGame):
        return game.book_diagram(puzzle, mono=mono)
    return game.diagram(puzzle, mono=mono)


def _kind_notes(game: object, puzzles: Sequence[Puzzle]) -> list[str | list[Figure]]:
    """Paragraphs a game adds to its how-to-play for the kinds of puzzle the chapter holds
    (its ``kind_notes``, if it has one: Cat's Cradle explains its prepare puzzles)."""
    notes = getattr(game, "kind_notes", None)
    if notes is None:
        return []
    return list(notes(sorted({p.kind for p in puzzles})))


def _difficulty(puzzle: Puzzle) -> tuple[int, int, int]:
    """Level, then the finer grade the game measured within it (its ``rung``: the
    weakest simulated player who solves it, or how many of a panel miss), then
    the answer's ``insight`` where the game has one; stable beyond that."""
    rung = getattr(puzzle, "rung", 0)
    insight = getattr(puzzle, "insight", 0)
    return (
        LEVELS.index(puzzle.level),
        rung if isinstance(rung, int) else 0,
        insight if isinstance(insight, int) else 0,
    )
