"""Whole games told sequence by sequence, in the manner of the inventor's playing hints.

Each sequence of a game gets a short paragraph in the project's own words:
what it plays and how many spaces it makes; whether it empties a central
cell or clears a stack; whether it stops short of the most spaces it could
have made (the seed's hint 8: an ending may prepare for cards still to
come); what it leaves blocked, and whether the blocked pair shares a line
(hint 3); how many of the cards still in the stock would find a place at
once; and the cards dealt into its spaces.  The *turning point* of a game is
the sequence a reader should look at on a diagram: the first that chose
fewer spaces than it could have, else the one with the most endings to
choose from, else the last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlegen.catscradle.board import CENTRE, LINES
from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.puzzle import blocked_pairs, blocked_twins, cleared_stacks
from puzzlegen.catscradle.solver import Line, end_positions
from puzzlegen.catscradle.views.prose import moves_text, number_word, spaces_phrase
from puzzlegen.catscradle.wholegame import Turn


@dataclass(frozen=True, slots=True)
class Note:
    """One sequence of a game, told."""

    number: int
    line: Line
    #: The cards dealt into the spaces after it.
    dealt: tuple[Card, ...]
    #: The most spaces any ending of this sequence could have made.
    most: int
    #: How many endings it had that leave different cells empty.
    endings: int
    text: str

    @property
    def created(self) -> int:
        return self.line.final.spaces - self.line.position.spaces


@dataclass(frozen=True, slots=True)
class AnnotatedGame:
    deal: Deal
    notes: tuple[Note, ...]
    won: bool
    #: Index in :attr:`notes` of the sequence to draw, and why it is the one.
    turning: int
    stock_left: int
    why: str = ""

    @property
    def summary(self) -> str:
        n = len(self.notes)
        if self.won:
            return f"Won in {number_word(n)} sequence{'s' if n != 1 else ''}."
        return (
            f"Lost in sequence {number_word(n)}, with {number_word(self.stock_left)} "
            f"card{'s' if self.stock_left != 1 else ''} still in the stock."
        )


def _cards(cards: Sequence[Card]) -> str:
    symbols = [c.symbol() for c in cards]
    if len(symbols) <= 1:
        return "".join(symbols)
    return ", ".join(symbols[:-1]) + " and " + symbols[-1]


def _same_line(a: int, b: int) -> bool:
    return any(a in line and b in line for line in LINES)


def _layouts(ends: Sequence[Position]) -> int:
    """How many different sets of empty cells ``ends`` leave."""
    return len({tuple(not s for s in e.cells) for e in ends})


def _centre(position: Position) -> int:
    return sum(1 for i in CENTRE if not position.cells[i])


def _homes(position: Position, unseen: Sequence[Card]) -> int:
    """How many of ``unseen`` could be placed at once on a top card of ``position``."""
    tops = [s[-1] for s in position.cells if s]
    return sum(1 for card in unseen if any(card.fits_on(top) for top in tops))


def to_come(left: int, homes: int) -> str:
    """How many of the ``left`` cards still to come would find a place at once (``homes``):
    "all three", "both", "neither", "none of the five", not "three of the three"."""
    if left == 1:
        return f"The one card still to come would find {'a' if homes else 'no'} place at once."
    if left == 2 and homes in (0, 2):
        which = "Both cards" if homes else "Neither card"
        return f"{which} still to come would find a place at once."
    if homes == left:
        return f"All {number_word(left)} cards still to come would find a place at once."
    if not homes:
        return f"None of the {number_word(left)} cards still to come would find a place at once."
    return (
        f"Of the {number_word(left)} cards still to come, "
        f"{number_word(homes)} would find a place at once."
    )


def tell(turn: Turn, dealt: Sequence[Card], unseen: Sequence[Card]) -> Note:
    """The paragraph of one sequence; ``unseen`` are the cards still in the stock after it."""
    line = turn.line
    start, final = line.position, line.final
    ends = end_positions(start)
    most = max((e.spaces for e in ends), default=start.spaces) - start.spaces
    created = final.spaces - start.spaces
    said: list[str] = []
    if not created:
        said.append(
            "No series of moves makes a space here, and the game is over."
            if not line.moves
            else f"{moves_text(line)[:1].upper()}{moves_text(line)[1:]}, but no space comes of it: "
            "the game is over."
        )
        return Note(turn.number, line, (), most, _layouts(ends), " ".join(said))
    text = moves_text(line)
    said.append(f"{text[:1].upper()}{text[1:]}: {spaces_phrase(created)}.")
    sizes = [s for s in cleared_stacks(line) if s >= 2]
    if sizes:
        said.append(f"A stack of {number_word(max(sizes))} is taken apart one card at a time.")
    filled, _ = final.fill(dealt)
    homes = _homes(filled, unseen)
    if created < most:
        said.append(
            f"It stops at {spaces_phrase(created)} though {number_word(most)} were possible: "
            "the ending chosen keeps better chances for the cards still to come."
        )
    equal = [e for e in ends if e.spaces == final.spaces]
    if _layouts(equal) > 1:
        reasons = []
        if any(_centre(e) < _centre(final) for e in equal):
            reasons.append("empties more of the centre (its cells command eleven others)")
        if any(len(blocked_pairs(e)) > len(blocked_pairs(final)) for e in equal):
            reasons.append("blocks fewer cards")
        if unseen and any(_homes(e.fill(dealt)[0], unseen) < homes for e in equal):
            reasons.append("leaves more places for the cards still to come")
        if reasons:
            said.append(
                f"Of the {number_word(_layouts(equal))} ways to leave {spaces_phrase(created)}, "
                f"this one {' and '.join(reasons)}."
            )
    new_blocked = sorted(blocked_pairs(final) - blocked_pairs(start), key=sorted)
    for pair in new_blocked[:1]:
        a, b = sorted(pair)
        twin_a, twin_b = blocked_twins(final, pair)  # not the tops, if cards lie on them
        where = (
            "on the same line, so a card placed on one may pass to the other"
            if _same_line(a, b)
            else "on different lines"
        )
        said.append(f"It leaves {twin_a.symbol()} and {twin_b.symbol()} blocked, {where}.")
    if unseen:
        into = "the space" if len(dealt) == 1 else "the spaces"  # "into the spaces: 7♠"
        said.append(f"Dealt into {into}: {_cards(dealt)}. {to_come(len(unseen), homes)}")
    else:
        said.append(f"Dealt: {_cards(dealt)}, and the stock is used up.")
    return Note(turn.number, line, tuple(dealt), most, _layouts(ends), " ".join(said))


def annotate(deal: Deal, turns: Sequence[Turn]) -> AnnotatedGame:
    """Tell a game of ``deal`` (its turns, as :func:`wholegame.play` gives them)."""
    stock = list(deal.stock)
    notes = []
    for turn in turns:
        created = turn.created
        dealt = stock[:created] if created else []
        del stock[: len(dealt)]
        notes.append(tell(turn, dealt, stock))
    won = bool(turns) and turns[-1].won
    short = [i for i, n in enumerate(notes) if 0 < n.created < n.most]
    choices = [n.endings for n in notes]
    if short:
        turning = short[0]
        note = notes[turning]
        why = (
            f"Here the player makes {spaces_phrase(note.created)} where "
            f"{number_word(note.most)} were there for the taking, and prepares for the cards "
            "still to come."
        )
    elif max(choices) > 1:
        turning = choices.index(max(choices))
        why = (
            f"No other sequence offers as many choices of where its spaces fall: "
            f"{number_word(max(choices))}."
        )
    else:
        turning = len(notes) - 1
        why = "Every sequence had a single ending; this is the last."
    return AnnotatedGame(deal, tuple(notes), won, turning, len(stock), why)
