"""A Pendulum answer told for a book: the decisive point first, then a line per swing.

An answer opens with what decides the deal, in the manner of the old book's
hints (:func:`.prose.decisive_point`): for a choose-the-method puzzle every
winning method with its par, and which is quickest (ties named); why the
method wins (the cards it needs first lie free, or plain play falls short
of par); and the move where the game turns.  Then the line of play, one
compact :class:`~puzzlegen.telling.Step` from each swing to the next (a
double swing is one step), in card symbols; once nothing but outs remain,
"the rest go out" ends it.  One layout is drawn: before the stretch of play
where the game turns (:func:`turning_part`).  The book
(:mod:`puzzlegen.render.book`) sets the story to flow over pages, so most
answers share a page.

:func:`told_story` is the long telling (every move in sentences, the layout
before up to :data:`KEY_FIGURES` swings); it stays for readers of the
plain-text answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlegen.diagram import Diagram
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.position import Move, Position
from puzzlegen.pendulum.views.board import board_diagram
from puzzlegen.pendulum.views.prose import (
    compact_moves,
    decisive_point,
    join,
    line_sentences,
    method_head,
    method_phrase,
    number,
    swings_phrase,
)
from puzzlegen.telling import Step

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


def told_story(puzzle: pp.Puzzle, *, mono: bool = False) -> list[str | list[Figure]]:
    """The long telling: every move in sentences, the layout drawn before the key swings."""
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


#: A tail of outs at least this long is told as "the rest go out".
REST_GO_OUT = 6


def turning_part(parts: Sequence[Sequence[Move]]) -> int | None:
    """The part (from 1: it follows a swing) in which most cards move: where the game turns."""
    candidates = range(1, len(parts))
    if not candidates:
        return None
    return max(candidates, key=lambda i: (sum(m.kind != "swing" for m in parts[i]), -i))


def rest_go_out(moves: Sequence[Move]) -> int:
    """How many moves to tell before "the rest go out": all of them unless at least
    :data:`REST_GO_OUT` outs (and any swings) follow the last pack or crown."""
    last = max((i for i, m in enumerate(moves) if m.kind in ("pack", "crown")), default=-1)
    outs = sum(m.kind == "out" for m in moves[last + 1 :])
    return last + 1 if outs >= REST_GO_OUT else len(moves)


def step_lead(part: Sequence[Move], swings_before: int) -> str:
    """ "Start", "Swing 2 (left)", "Swings 3–4 (right, left)"."""
    swings = [m for m in part if m.kind == "swing"]
    if not swings:
        return "Start"
    first = swings_before + 1
    sides = ", ".join(str(m.side) for m in swings)
    if len(swings) == 1:
        return f"Swing {first} ({sides})"
    return f"Swings {first}–{first + len(swings) - 1} ({sides})"


def _rest_text(later_swings: int, first: int) -> str:
    if later_swings == 0:
        return "then the rest go out"
    if later_swings == 1:
        return f"then the rest go out, with swing {first} when nothing can move"
    return (
        f"then the rest go out, swinging whenever nothing can move "
        f"(swings {first} to {first + later_swings - 1})"
    )


def solution_story(puzzle: pp.Puzzle, *, mono: bool = False) -> list[str | list[Figure]]:
    """The compact answer: the decisive point, a step per swing, one layout where it turns."""
    best = puzzle.best
    position: Position = puzzle.deal.start(best.method)
    parts = segments(best.moves)
    turn = turning_part(parts)
    told = rest_go_out(best.moves)
    story: list[str | list[Figure]] = [decisive_point(puzzle, parts, turn)]
    if turn is not None:
        # Drawn first, so that the lines of play can run beside it.
        before = _play(position, [m for part in parts[:turn] for m in part])
        swung = sum(m.kind == "swing" for part in parts[:turn] for m in part)
        side = parts[turn][0].side
        when = f"the {ordinal(swung + 1)} swing (to the {side})"
        caption = f"Where it turns: the layout before {when}."
        story.append([(board_diagram(before, mono=mono, compact=True), caption)])
    swings = 0
    done = 0  # moves told so far
    for part in parts:
        lead = step_lead(part, swings)
        shown = list(part[: max(0, told - done)])
        text = compact_moves(position, shown) if any(m.kind != "swing" for m in shown) else ""
        for move in part:
            swings += move.kind == "swing"
        position = _play(position, shown)
        done += len(part)
        if done >= told and told < len(best.moves):
            later = sum(m.kind == "swing" for m in best.moves[done:])
            rest = _rest_text(later, swings + 1)
            text = f"{text}; {rest}" if text else rest[len("then ") :]
            story.append(Step(lead, text + ". All fifty-two cards are out."))
            break
        if done == len(best.moves):
            text += ". All fifty-two cards are out"
        story.append(Step(lead, text + "."))
    return story


def _play(position: Position, moves: Sequence[Move]) -> Position:
    for move in moves:
        position = position.play(move)
    return position
