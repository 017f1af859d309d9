"""Lines of play written out in words, in the manner of the inventor's playing hints.

A line reads as a list of moves, ``4♥ on 5♣, 3♠ on 4♥``; a card moved on
and at once moved on again to the twin of its support reads ``A♠ on 2♦ and
transfer on to 2♥``; numbers up to twelve are words.  The sentences
themselves are jinja2 templates in ``templates/``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from puzzlegen.catscradle.board import CELLS, CENTRE, SIZE
from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Move, Position
from puzzlegen.catscradle.puzzle import Puzzle, blocked_pairs, blocked_twins, cleared_stacks
from puzzlegen.catscradle.solver import Line
from puzzlegen.errors import IllegalMoveError
from puzzlegen.render.templating import render

_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def number_word(n: int) -> str:
    """``5`` -> ``"five"``; numbers past twelve stay figures."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def spaces_phrase(n: int) -> str:
    """``"one space"``, ``"five spaces"``."""
    return f"{number_word(n)} space{'' if n == 1 else 's'}"


def phrases(line: Line, count: int | None = None) -> list[str]:
    """The moves of ``line`` (its first ``count``) as phrases, a transfer folded
    into the move before it."""
    result: list[str] = []
    previous: Move | None = None
    for position, move, _ in line.position.replay(line.moves[:count]):
        transfer = position.is_transfer(move)
        if transfer and previous is not None and previous.card == move.card:
            result[-1] += f" and transfer on to {move.onto.symbol()}"
        elif transfer:
            result.append(f"transfer {move.card.symbol()} on to {move.onto.symbol()}")
        else:
            result.append(move.symbol())
        previous = move
    return result


def moves_text(line: Line) -> str:
    return ", ".join(phrases(line))


def best_line_sentence(line: Line) -> str:
    """``"The best line of play is 4♥ on 5♣, … — giving five spaces."``

    The count is the spaces in the final position (RULES.md's best space
    count), which for a full layout is the spaces the line creates.
    """
    return render(
        "catscradle/best_line.txt.j2",
        moves=moves_text(line),
        has_moves=bool(line.moves),
        spaces=spaces_phrase(line.spaces),
    ).strip()


def _pair(position: Position, cells: frozenset[int]) -> tuple[str, str]:
    first, second = blocked_twins(position, cells)  # not the tops, if cards lie on them
    return first.symbol(), second.symbol()


def _pick(puzzle: Puzzle, slot: str, options: Sequence[str]) -> str:
    """One of ``options``, chosen by the puzzle's id: varied, and the same every time."""
    digest = hashlib.sha256(f"{puzzle.id}|{slot}".encode()).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def _cell_words(cell: int) -> str:
    row, col = divmod(cell, SIZE)
    return f"row {row + 1}, column {col + 1}"


def _divergence(best: Line, novice: Line) -> int:
    """How many moves the hasty line shares with the best before they part."""
    shared = 0
    for mine, theirs in zip(best.moves, novice.moves, strict=False):
        if mine != theirs:
            break
        shared += 1
    return shared


def _after(line: Line, count: int) -> Position:
    position = line.position
    for move in line.moves[:count]:
        position = position.apply(move)
    return position


def decisive_point(puzzle: Puzzle) -> str:
    """The answer's opening, in the manner of the inventor's hints: the move that
    matters, what it is preferred to, the technique, and why.

    Decided, in order, by: where the hasty player's line parts from the best
    (and falls short); a start that hides every space; a transfer; a tall stack
    cleared; a central cell emptied; else the order of the moves.
    """
    best, novice = puzzle.best, puzzle.novice
    par, hasty = puzzle.par, puzzle.novice_spaces
    spaces = spaces_phrase(par)
    before = blocked_pairs(best.position)
    if hasty < par and novice.moves:
        shared = _divergence(best, novice)
        at = _after(best, shared)
        if shared < len(novice.moves) and shared < len(best.moves):
            mine, theirs = best.moves[shared], novice.moves[shared]
            blocked = sorted(blocked_pairs(novice.final) - before, key=sorted)
            why = (
                f", which in the end leaves {_pair(novice.final, blocked[0])[0]} and "
                f"{_pair(novice.final, blocked[0])[1]} blocked"
                if blocked and not (blocked_pairs(best.final) - before)
                else ""
            )
            when = f"After {moves_text_of(best, shared)}"
            later = any(
                m.card == theirs.card and m.onto == theirs.onto for m in best.moves[shared + 1 :]
            )
            mine_text, theirs_text = _phrase(at, mine), _phrase(at, theirs)
            # "transfer Q♠ on to K♥" is its own verb: not "play transfer Q♠ on to K♥".
            play = "" if mine_text.startswith("transfer") else "play "
            if mine.card == theirs.card:
                choice = (
                    f"{mine.card.symbol()} belongs on {mine.onto.symbol()} rather than "
                    f"{theirs.onto.symbol()}{why}"
                )
            elif later:
                choice = f"{play}{mine_text} before {theirs_text}, not after{why}"
            else:
                choice = f"{play}{mine_text} rather than {theirs_text}{why}"
            if shared == 0:
                when = _pick(puzzle, "when", ("To begin", "From the start", "First of all"))
            return _pick(puzzle, "diverge", (
                f"{when}, {choice}: the obvious order leads to only "
                f"{spaces_phrase(hasty)}, this one to {spaces}.",
                f"{when}, {choice}. The quick choice is worth only "
                f"{spaces_phrase(hasty)}; the patient one gives {spaces}.",
                f"{when}, {choice}, because the obvious order runs out at "
                f"{spaces_phrase(hasty)} while this one reaches {spaces}.",
                f"The point of this layout: {choice.removeprefix('play ')}. "
                f"Taking the first move that offers ends at {spaces_phrase(hasty)} "
                f"instead of {number_word(par)}.",
            ))
        if shared == len(novice.moves) and shared < len(best.moves):
            go_on = best.moves[shared]
            prepare = "" if at.apply(go_on).spaces > at.spaces else (
                " (though it makes no space by itself)"
            )
            return _pick(puzzle, "stop", (
                f"Do not stop at {spaces_phrase(hasty)} when the obvious moves run out: "
                f"{_phrase(at, go_on)}{prepare} keeps the play going, to {spaces}.",
                f"When play seems over at {spaces_phrase(hasty)}, look again: "
                f"{_phrase(at, go_on)}{prepare} is a lifeline that leads to {spaces}.",
            ))
    first = best.moves[0]
    opener = _phrase(best.position, first)
    if "hidden-move" in puzzle.tags:
        return _pick(puzzle, "hidden", (
            f"No move here makes a space straight away, so the game seems over; "
            f"but {opener} prepares one, and play runs on to {spaces}.",
            f"At first glance nothing can be done: no move empties a cell. Begin with "
            f"{opener}, which makes no space but opens the way to {spaces}.",
        ))
    for position, move, _ in best.position.replay(best.moves):
        if position.is_transfer(move):
            support = position.cells[move.src][-2]
            used = next(
                (m for m in best.moves if m.onto == move.card and m is not move), None
            )
            gain = (
                f", so that {used.card.symbol()} can follow it there"
                if used is not None
                else ", and the cell it came through can empty"
            )
            return _pick(puzzle, "transfer", (
                f"The key is a transfer: {move.card.symbol()} moves on from "
                f"{support.symbol()} to its twin {move.onto.symbol()}{gain}. "
                f"That is how the line reaches {spaces}.",
                f"Here a card has to move twice: {move.card.symbol()}, already on "
                f"{support.symbol()}, is transferred on to {move.onto.symbol()}{gain}; "
                f"without it the count falls short of {number_word(par)}.",
            ))
    sizes = cleared_stacks(best)
    if sizes and max(sizes) >= 3:
        emptied = [
            i for i in range(CELLS) if best.position.cells[i] and not best.final.cells[i]
        ]
        cell = emptied[sizes.index(max(sizes))]
        base = best.position.cells[cell][0].symbol()
        return _pick(puzzle, "stack", (
            f"The work is in clearing the stack on {base} ({_cell_words(cell)}): "
            f"{number_word(max(sizes))} cards come off it one at a time, each to a cell "
            f"it can see, and the cell becomes one of {spaces}.",
            f"Take the {number_word(max(sizes))}-card stack on {base} apart card by card, "
            f"so as to free its cell ({_cell_words(cell)}); that is what makes {spaces}.",
        ))
    centre = [
        i for i in sorted(CENTRE) if best.position.cells[i] and not best.final.cells[i]
    ]
    chain = next(
        (
            (earlier, move)
            for j, move in enumerate(best.moves)
            for earlier in best.moves[:j]
            if move.onto == earlier.card
        ),
        None,
    )
    if chain is not None:
        earlier, move = chain
        return _pick(puzzle, "chain", (
            f"Build as you go: once {earlier.symbol()} is played, {move.card.symbol()} "
            f"can follow it, which empties another cell on the way to {spaces}.",
            f"A card that has just moved makes a new home: {earlier.card.symbol()}, placed "
            f"on {earlier.onto.symbol()}, at once takes {move.card.symbol()}, and so "
            f"{spaces} come within reach.",
            f"Watch for the follow-on move: after {earlier.symbol()}, "
            f"{move.symbol()} is possible, and it is needed for {spaces}.",
        ))
    if centre:
        gone = best.position.cells[centre[0]][-1].symbol()
        return _pick(puzzle, "centre", (
            f"Clear the centre first where you can: {gone} leaves {_cell_words(centre[0])}, "
            f"a cell that sees eleven others, on the way to {spaces}.",
            f"The central cells command the most lines, so emptying {_cell_words(centre[0])} "
            f"(the {gone}) is part of reaching {spaces}.",
            f"Here {gone} moves out of the centre ({_cell_words(centre[0])}), "
            f"the kind of cell worth emptying first; {spaces} follow.",
        ))
    return _pick(puzzle, "order", (
        f"Order is everything here: begin with {first.symbol()}, and {spaces} follow.",
        f"Start with {first.symbol()}; the rest falls into place for {spaces}.",
    ))


def _phrase(position: Position, move: Move) -> str:
    """One move as a phrase: "4♥ on 5♣", or "transfer 3♣ on to 4♥"."""
    if position.is_transfer(move):
        return f"transfer {move.card.symbol()} on to {move.onto.symbol()}"
    return move.symbol()


def moves_text_of(line: Line, count: int) -> str:
    """The first ``count`` moves of ``line`` as phrases."""
    # Those moves, not that many phrases: a phrase may hold a move and the transfer after it.
    return ", ".join(phrases(line, count)) if count <= 2 else f"{number_word(count)} moves"


def solution_text(puzzle: Puzzle) -> str:
    """The whole solution of ``puzzle`` as one paragraph: the decisive point first,
    then the line of play in full and a remark on technique."""
    best = puzzle.best
    start = best.position
    before = blocked_pairs(start)
    made = sorted(blocked_pairs(best.final) - before, key=sorted)
    text = render(
        "catscradle/solution.txt.j2",
        opening=decisive_point(puzzle),
        moves=moves_text(best),
        spaces=spaces_phrase(puzzle.par),
        blocked=_pair(best.final, made[0]) if made else None,
        single="single-best" in puzzle.tags,
    )
    return " ".join(text.split())


#: Each technique tag's name in the index and its words in a hint; the most
#: specific stack tag stands for the others.
TECHNIQUES = {
    "transfer": ("Transfer", "transfer"),
    "clear-stack": ("Clearing a stack", "stack"),
    "clear-stack-3": ("Clearing a stack of three or more", "stack of 3"),
    "clear-stack-4": ("Clearing a stack of four or more", "stack of 4"),
    "centre": ("Clearing the centre", "centre"),
    "blocking": ("Blocking", "block"),
    "hidden-move": ("A hidden first move", "hidden start"),
    "single-best": ("One best ending", "one ending"),
    # Prepare puzzles (puzzlegen.catscradle.preparepuzzle): what the question turns on.
    "same-spaces": ("Preparing: as many spaces, another future", "prepare"),
    "fewer-spaces": ("Preparing: fewer spaces now, a future", "fewer"),
}
#: What the hints' short words mean, said once above them.
HINT_KEY = (
    "transfer: a placed card moves on to its support's twin; stack: a stack is cleared; "
    "centre: a central cell is emptied; block: mind a pair of twins that block; hidden "
    "start: the first move makes no space; one ending: only one final layout is best; "
    "order: no special technique, only the order of the moves; prepare: of the endings "
    "with the most spaces, choose the one the stock's cards can follow; fewer: stop short "
    "of the most spaces"
)


def _specific(tags: Sequence[str]) -> list[str]:
    chosen = [t for t in tags if t in TECHNIQUES]
    for general, specific in (("clear-stack", "clear-stack-3"), ("clear-stack-3", "clear-stack-4")):
        if specific in chosen and general in chosen:
            chosen.remove(general)
    return chosen


def technique_names(puzzle: Puzzle) -> list[str]:
    """The index entries of ``puzzle``: its techniques by name."""
    return [TECHNIQUES[t][0] for t in _specific(puzzle.tags)]


def technique_hint(puzzle: Puzzle) -> str:
    """The first hint: the techniques, in a few words ("a transfer; empty a central cell")."""
    words = [TECHNIQUES[t][1] for t in _specific(puzzle.tags)]
    return ", ".join(words) if words else "order"


def first_move_hint(puzzle: Puzzle) -> str:
    """The second hint: the first card to move, and its cell ("10♥ r1 c2": row 1, column 2)."""
    move = puzzle.best.moves[0]
    row, col = divmod(move.src, SIZE)
    return f"{move.card.symbol()} r{row + 1} c{col + 1}"


_PHRASE = re.compile(
    r"^(?:transfer (?P<t_card>\S+) on to (?P<t_onto>\S+)"
    r"|(?P<card>\S+) on (?P<onto>\S+)(?: and transfer on to (?P<again>\S+))?)$"
)


def read_moves(text: str, position: Position) -> list[Move]:
    """Read a list of phrases written by :func:`moves_text` back into moves.

    Each move must be legal in turn, starting from ``position``.
    """
    moves: list[Move] = []
    for phrase in (p.strip() for p in text.split(",")):
        match = _PHRASE.match(phrase)
        if match is None:
            raise IllegalMoveError(f"cannot read the move {phrase!r}")
        if match["t_card"]:
            pairs = [(match["t_card"], match["t_onto"])]
        else:
            pairs = [(match["card"], match["onto"])]
            if match["again"]:
                pairs.append((match["card"], match["again"]))
        for card, onto in pairs:
            move = Move.parse(f"{Card.parse(card)} on {Card.parse(onto)}", position)
            position = position.apply(move)
            moves.append(move)
    return moves
