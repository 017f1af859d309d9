"""A Pendulum answer told for a book: words between the swings, key layouts drawn.

The telling follows the old book's worked example.  It opens by naming the
method and the par ("Building up by threes (up-3), the deal is won in four
swings"); for a choose-the-method puzzle it first lists every method that
wins.  Then the line of play is told in the sentences of :mod:`.prose`, one
paragraph from each swing to the next (a double swing stays in one
paragraph).  Before a swing the layout is drawn as the reader's moves have
left it, so they can check their table before the rows close up; a long
line draws only the :data:`KEY_FIGURES` swings after which the most cards
had moved, in order.  The book (:mod:`puzzlegen.render.book`) sets the
story to flow over as many pages as it needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlegen.diagram import Diagram
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.position import Move, Position
from puzzlegen.pendulum.views.board import board_diagram
from puzzlegen.pendulum.views.prose import (
    join,
    line_sentences,
    method_head,
    method_phrase,
    number,
    swings_phrase,
)

#: A line with more swings than this draws only this many layouts.
KEY_FIGURES = 4

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")

Figure = tuple[Diagram, str]


def ordinal(n: int) -> str:
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else f"{n}th"


def segments(moves: Sequence[Move]) -> list[list[Move]]:
    """The line cut before each swing that follows a card move: the moves before
    the first swing, then one part per swing (a double swing is one part)."""
    parts: list[list[Move]] = [[]]
    for move in moves:
        if move.kind == "swing" and parts[-1] and parts[-1][-1].kind != "swing":
            parts.append([])
        parts[-1].append(move)
    return [p for p in parts if p]


def key_swings(parts: Sequence[Sequence[Move]], most: int = KEY_FIGURES) -> list[int]:
    """Indexes of the parts (from 1) to draw before: all, or the ``most`` after the
    busiest stretches of play, in order."""
    candidates = [i for i in range(1, len(parts)) if parts[i][0].kind == "swing"]
    if len(candidates) <= most:
        return candidates
    busy = sorted(candidates, key=lambda i: (-sum(m.kind != "swing" for m in parts[i - 1]), i))
    return sorted(busy[:most])


def intro(puzzle: pp.Puzzle) -> str:
    """The opening paragraph: the winners (choose-method), the method and the par."""
    best = puzzle.best
    if puzzle.kind == pp.CHOOSE:
        wins = join([f"{r.method} (in {swings_phrase(r.par or 0)})" for r in puzzle.results])
        verb = "wins" if puzzle.par == 1 else "win"
        text = f"{number(puzzle.par).capitalize()} of the twelve methods {verb}: {wins}."
        if puzzle.par == 1:
            return f"{text} {method_head(best)}"
        return (f"{text} The quickest is {method_phrase(str(best.method))} ({best.method}), "
                f"which wins in {swings_phrase(best.par or 0)}; its line follows.")
    return f"{method_head(best)} No line wins in fewer."


def solution_story(puzzle: pp.Puzzle, *, mono: bool = False) -> list[str | list[Figure]]:
    """The answer as paragraphs, with the layout drawn before the key swings."""
    best = puzzle.best
    position: Position = puzzle.deal.start(best.method)
    parts = segments(best.moves)
    drawn = set(key_swings(parts))
    story: list[str | list[Figure]] = [intro(puzzle)]
    swings = 0
    for index, part in enumerate(parts):
        if index in drawn:
            side = part[0].side
            caption = f"Before the {ordinal(swings + 1)} swing (to the {side})."
            story.append([(board_diagram(position, mono=mono), caption)])
        sentences = line_sentences(position, part)
        for move in part:
            swings += move.kind == "swing"
            position = position.play(move)
        if index == len(parts) - 1:
            sentences.append("All fifty-two cards are out, and the deal is won.")
        story.append(" ".join(sentences))
    return story
