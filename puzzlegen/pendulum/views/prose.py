"""Pendulum answers in words, in the manner of the old book's worked example.

A line of play becomes short sentences: "Swing to the right.  The knave of
spades goes on the queen.  The five and six of diamonds go out."  Cards
going out one after another share a sentence, each suit's run named once; a
pile that moves names the cards riding on it; a pack on a card that is not
exposed says where that card lies (just above, or in a privileged corner).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from puzzlegen.cards import SUITS, Card
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import COLS, CORNERS, Move, Position
from puzzlegen.pendulum.solver import MethodResult

RANK_WORDS = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "knave", 12: "queen", 13: "king",
}
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
                7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def number(n: int) -> str:
    return NUMBER_WORDS.get(n, str(n))


def swings_phrase(n: int) -> str:
    return f"{number(n)} swing" + ("" if n == 1 else "s")


def wins_caption(results: Sequence[MethodResult]) -> str:
    """The answer written under a board: each winning method and its fewest swings.

    >>> from puzzlegen.pendulum.methods import Method
    >>> wins_caption([MethodResult(Method.parse("up-2"), True, 3, ())])
    'Wins: up-2 in three swings.'
    """
    won = [f"{r.method} in {swings_phrase(r.par or 0)}" for r in results if r.won]
    return "Wins: " + ", ".join(won) + "." if won else "No method wins."


def card_name(card: Card) -> str:
    return f"{RANK_WORDS[card.rank]} of {card.suit.name.lower()}"


def join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def method_phrase(name: str) -> str:
    """``up-3`` -> "building up by threes"; ``down-1`` -> "building down by ones"."""
    direction, step = name.split("-")
    plural = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
    return f"building {direction} by {plural[int(step)]}"


def _riders(pile: Sequence[Card]) -> str:
    return "" if len(pile) == 1 else f" (with the {join([RANK_WORDS[c.rank] for c in pile[1:]])})"


def _outs_sentence(outs: Sequence[Card]) -> str:
    """Cards going out one after another: a suit's run shares its name.

    "The five and six of diamonds go out."  "The four of hearts, the seven of
    diamonds and the four of spades go out."
    """
    runs: list[list[Card]] = []
    for card in outs:
        if runs and runs[-1][-1].suit == card.suit:
            runs[-1].append(card)
        else:
            runs.append([card])
    parts = [f"{join([RANK_WORDS[c.rank] for c in run])} of {run[0].suit.name.lower()}"
             for run in runs]
    verb = "goes" if len(outs) == 1 else "go"
    return f"The {join([parts[0], *('the ' + p for p in parts[1:])])} {verb} out."


def _target(position: Position, move: Move) -> str:
    """Where a packed pile goes: the card, and where it lies if it is not exposed."""
    assert move.card is not None and move.onto is not None
    src, dst = position.find(move.card), position.find(move.onto)
    assert src is not None and dst is not None
    rank = RANK_WORDS[move.onto.rank]
    if position.exposed(dst):
        return f"on the {rank}"
    if dst == src - COLS:
        return f"up on the {rank} just above it"
    side = "left" if dst == CORNERS[0] else "right"
    return f"on the {rank} in the top {side}-hand corner"


def line_sentences(start: Position, moves: Sequence[Move]) -> list[str]:
    """The sentences of a line of play from ``start``."""
    sentences: list[str] = []
    position = start
    outs: list[Card] = []

    def flush() -> None:
        if outs:
            sentences.append(_outs_sentence(outs))
            outs.clear()

    for move in moves:
        if move.kind == "out":
            assert move.card is not None
            outs.append(move.card)
        else:
            flush()
            if move.kind == "swing":
                sentences.append(f"Swing to the {move.side}.")
            else:
                assert move.card is not None
                cell = position.find(move.card)
                assert cell is not None
                if move.kind == "pack":
                    where = _target(position, move)
                else:
                    assert move.col is not None
                    where = f"up into the space in the top row, column {move.col + 1}"
                pile = position.cells[cell]
                sentences.append(f"The {card_name(move.card)}{_riders(pile)} goes {where}.")
        position = position.play(move)
    flush()
    return sentences


def method_head(result: MethodResult) -> str:
    """"Building up by threes (up-3), the deal is won in four swings."."""
    assert result.won and result.par is not None
    return (f"{method_phrase(str(result.method)).capitalize()} ({result.method}), the deal "
            f"is won in {swings_phrase(result.par)}.")


def line_text(start: Position, result: MethodResult) -> str:
    return " ".join([method_head(result), *line_sentences(start, result.moves)])


# -- the compact answer of a book ----------------------------------------------------


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in cards)


def compact_moves(start: Position, moves: Sequence[Move]) -> str:
    """A stretch of play in card symbols, outs run together, swings left to the lead.

    "J♠ on Q♠; 9♣ up on 10♣ above it; out 5♦ 6♦ 4♥".
    """
    pieces: list[str] = []
    outs: list[Card] = []
    position = start

    def flush() -> None:
        if outs:
            pieces.append("out " + _out_runs(outs))
            outs.clear()

    for move in moves:
        if move.kind == "out":
            assert move.card is not None
            outs.append(move.card)
        elif move.kind != "swing":
            flush()
            assert move.card is not None
            if move.kind == "pack":
                assert move.onto is not None
                src, dst = position.find(move.card), position.find(move.onto)
                assert src is not None and dst is not None
                where = f"{move.card.symbol()} on {move.onto.symbol()}"
                if not position.exposed(dst):
                    where += " just above it" if dst == src - COLS else " in the corner"
                    where = where.replace(" on ", " up on ", 1) if dst == src - COLS else where
                pieces.append(where)
            else:
                assert move.col is not None
                pieces.append(f"{move.card.symbol()} up to the top row, column {move.col + 1}")
        position = position.play(move)
    flush()
    return "; ".join(pieces) if pieces else "nothing moves"


def _out_runs(outs: Sequence[Card]) -> str:
    """Cards going out in turn; four or more of one suit running on read "9♦ to 7♦"."""
    runs: list[list[Card]] = []
    for card in outs:
        if runs and runs[-1][-1].suit == card.suit:
            runs[-1].append(card)
        else:
            runs.append([card])
    words = []
    for run in runs:
        if len(run) >= 4:
            words.append(f"{run[0].symbol()} to {run[-1].symbol()}")
        else:
            words.append(_symbols(run))
    return ", ".join(words)


def _pick(puzzle_id: str, slot: str, options: Sequence[str]) -> str:
    """One of ``options``, chosen by the puzzle's id: varied, and the same every time."""
    digest = hashlib.sha256(f"{puzzle_id}|{slot}".encode()).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def first_needed(position: Position) -> list[Card]:
    """The card each suit needs after its ace under the position's method."""
    return [c for c in (position.method.next(Card(1, s)) for s in SUITS) if c is not None]


def free_at_start(position: Position) -> list[Card]:
    """Of :func:`first_needed`, the cards lying exposed at the start."""
    result = []
    for card in first_needed(position):
        cell = position.find(card)
        if cell is not None and position.exposed(cell):
            result.append(card)
    return result


def _winners(puzzle: Any) -> str:
    """ "down-4 in three swings, up-1 and up-2 in five, up-6 in eight"."""
    by_par: dict[int, list[str]] = {}
    for result in sorted(puzzle.results, key=lambda r: (r.par or 0, METHODS.index(r.method))):
        by_par.setdefault(result.par or 0, []).append(str(result.method))
    groups = []
    for i, (par, names) in enumerate(by_par.items()):
        groups.append(f"{join(names)} in {swings_phrase(par) if i == 0 else number(par)}")
    return join(groups) if len(groups) < 3 else "; ".join(groups[:-1]) + "; and " + groups[-1]


def decisive_point(puzzle: Any, parts: Sequence[Sequence[Move]], turn: int | None) -> str:
    """The answer's opening: which methods win and why, and the move where the game turns.

    ``puzzle`` is a :class:`puzzlegen.pendulum.puzzle.Puzzle`; ``parts`` its best
    line cut at the swings, ``turn`` the part where most cards move.
    """
    from puzzlegen.pendulum.puzzle import CHOOSE

    pid = puzzle.id
    best = puzzle.best
    method = str(best.method)
    par = best.par or 0
    start = puzzle.deal.start(best.method)
    sentences: list[str] = []
    if puzzle.kind == CHOOSE:
        if len(puzzle.results) == 1:
            sentences.append(
                _pick(pid, "one", (
                    f"Only one of the twelve methods wins: {method}, in {swings_phrase(par)}.",
                    f"Just one method wins this deal, {method_phrase(method)} ({method}), "
                    f"in {swings_phrase(par)}.",
                ))
            )
        else:
            count = number(len(puzzle.results)).capitalize()
            sentences.append(f"{count} of the twelve methods win: {_winners(puzzle)}.")
            tied = [r for r in puzzle.results if r.par == par and r.method != best.method]
            if tied:
                fewer = all(r.card_moves > best.card_moves for r in tied)
                why = "it moves fewer cards" if fewer else "it comes first in the usual order"
                sentences.append(
                    f"Of the quickest, {join([method, *[str(r.method) for r in tied]])}, "
                    f"the line below is {method}'s, as {why}."
                )
            else:
                sentences.append(
                    _pick(pid, "quickest", (
                        f"The quickest is {method}, and its line follows.",
                        f"The line below is {method}'s, the quickest.",
                        f"{method_phrase(method).capitalize()} is quickest; here is its line.",
                    ))
                )
        free = free_at_start(start)
        losers = [m for m in METHODS if m not in {r.method for r in puzzle.results}]
        most_lost = max((len(free_at_start(puzzle.deal.start(m))) for m in losers), default=0)
        if len(free) >= 2 and len(free) > most_lost:
            cards = join([c.symbol() for c in free])
            sentences.append(
                _pick(pid, "free", (
                    f"What sets {method} apart: {cards}, the cards it needs straight after "
                    f"the aces, lie free at the start, rather than buried as with the "
                    f"methods that lose (at most {number(most_lost)} free).",
                    f"It wins because the cards it wants first ({cards}) are free from the "
                    f"outset; no losing method has more than {number(most_lost)} such card"
                    f"{'' if most_lost == 1 else 's'} free.",
                ))
            )
    else:
        sentences.append(
            _pick(pid, "par", (
                f"{method_phrase(method).capitalize()} ({method}), the deal can be won in "
                f"{swings_phrase(par)}, and no line wins in fewer.",
                f"Par is {swings_phrase(par)} with {method}, the fewest any line needs.",
                f"With {method} the deal falls in {swings_phrase(par)}; no line does better.",
            ))
        )
    index = next(
        (i for i, r in enumerate(puzzle.results) if r.method == best.method), 0
    )
    greedy = puzzle.players[index][2] if index < len(puzzle.players) else None
    plain = "sending every card out the moment it can go, and packing where it can"
    if greedy is None:
        sentences.append(
            _pick(pid, "greedy", (
                f"Playing on autopilot, {plain}, loses this deal: the order of the packs matters.",
                f"Beware of {plain}: that way the deal is lost, so each pack must be chosen.",
            ))
        )
    elif greedy > par:
        sentences.append(
            _pick(pid, "greedy", (
                f"Plain play ({plain}) needs {swings_phrase(greedy)} rather than "
                f"{number(par)}: the saving is in what is packed before each swing.",
                f"Plain play would take {swings_phrase(greedy)}; par is {number(par)}, "
                f"because of what is packed before each swing.",
            ))
        )
    if turn is not None and turn < len(parts):
        sentences.append(_turn_sentence(pid, start, parts, turn))
    return " ".join(sentences)


def _turn_sentence(
    pid: str, start: Position, parts: Sequence[Sequence[Move]], turn: int
) -> str:
    """Where the game turns: the stretch where most cards move, and its key move."""
    position = start
    swings = 0
    for part in parts[:turn]:
        for move in part:
            swings += move.kind == "swing"
            position = position.play(move)
    part = parts[turn]
    swing = ORDINAL_WORDS.get(swings + 1, f"{swings + 1}th")
    outs = sum(m.kind == "out" for m in part)
    key = None
    special = None
    walk = position
    for move in part:
        if move.kind == "pack" and key is None:
            key = move
        if move.kind in ("pack", "crown") and special is None:
            assert move.card is not None
            src = walk.find(move.card)
            if move.kind == "crown":
                special = move
            elif src is not None and move.onto is not None:
                dst = walk.find(move.onto)
                if dst is not None and not walk.exposed(dst):
                    special = move
        walk = walk.play(move)
    chosen = special or key
    last = turn == len(parts) - 1
    out_words = "one card goes out" if outs == 1 else f"{number(outs)} cards go out"
    if last:
        out_words = f"all {number(outs)} remaining cards go out"
    if chosen is None:
        return _pick(pid, "turn", (
            f"The game turns at the {swing} swing: it frees the rows, and {out_words}"
            + (" before the next." if not last else "."),
            f"The {swing} swing is the turning point; after it {out_words}.",
        ))
    moved = _key_phrase(position, part, chosen)
    return _pick(pid, "turn", (
        f"The game turns after the {swing} swing with {moved}, "
        f"and then {out_words}" + (" before the pendulum swings again." if not last else "."),
        f"The decisive move comes after the {swing} swing: {moved}; after it "
        f"{out_words}" + (" in that stretch." if not last else "."),
        f"After the {swing} swing the key is {moved}; {out_words} "
        + ("before the next swing." if not last else "as a result."),
    ))


def _key_phrase(position: Position, part: Sequence[Move], chosen: Move) -> str:
    """``chosen`` as the move that matters, with what it is preferred to where there is a choice.

    "9♣ packed up on the 10♣ just above it, rather than waiting for a swing to free the 10♣".
    """
    for move in part:
        if move is chosen:
            break
        position = position.play(move)
    assert chosen.card is not None
    card = chosen.card.symbol()
    if chosen.kind == "crown":
        assert chosen.col is not None
        return (
            f"the crown {card} sent up to the empty top-row cell (column {chosen.col + 1}), "
            f"rather than left where it covers the cards above it"
        )
    assert chosen.onto is not None
    onto = chosen.onto.symbol()
    src, dst = position.find(chosen.card), position.find(chosen.onto)
    if src is not None and dst is not None and not position.exposed(dst):
        if dst == src - COLS:
            return (
                f"{card} packed up on the {onto} just above it, rather than waiting "
                f"for a swing to free the {onto}"
            )
        return (
            f"{card} packed on the {onto} in the privileged corner, though the {onto} "
            f"is not yet free"
        )
    return f"{card} packed on {onto}"


def _one(position: Position, part: Sequence[Move], chosen: Move) -> str:
    """``chosen``, one of ``part``'s moves, in symbols as it stands when it is played."""
    for move in part:
        if move is chosen:
            return compact_moves(position, [move])
        position = position.play(move)
    raise ValueError(f"{chosen} is not in the stretch of play")


ORDINAL_WORDS = {
    1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
    7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth",
}


#: Each technique tag's name in the index and its words in a hint.
TECHNIQUES = {
    "one-method": ("Only one method wins", "one method"),
    "hidden-method": ("A method plain play misses", "hidden method"),
    "vertical": ("Packing up the column", "pack upwards"),
    "corner": ("Packing on a corner", "corner"),
    "crown": ("A crown to the top row", "crown"),
    "double-swing": ("A double swing", "double swing"),
}
#: What the hints' short words mean, said once above them.
HINT_KEY = (
    "one method: only one method wins; hidden method: plain play wins with none; "
    "pack upwards: on the card just above; corner: on a privileged corner not yet free; "
    "crown: a crown up to the top row; double swing: two swings with no card between; "
    "outs: no special move, only the order of the outs"
)


def technique_names(puzzle: Any) -> list[str]:
    """The index entries of a Pendulum ``puzzle``: its techniques by name."""
    return [TECHNIQUES[t][0] for t in puzzle.tags if t in TECHNIQUES]


def technique_hint(puzzle: Any) -> str:
    """The first hint: the techniques, in a few words."""
    words = [TECHNIQUES[t][1] for t in puzzle.tags if t in TECHNIQUES]
    return ", ".join(words) if words else "outs"


def first_step_hint(puzzle: Any) -> str:
    """The second hint: the quickest win's swings (choose a method), or the first move."""
    from puzzlegen.pendulum.puzzle import CHOOSE

    best = puzzle.best
    if puzzle.kind == CHOOSE:
        swings = best.par or 0
        return f"quickest: {number(swings)} swing{'' if swings == 1 else 's'}"
    first = next((m for m in best.moves if m.kind != "swing"), None)
    if first is None:
        return "swing first"
    return "first: " + compact_moves(puzzle.deal.start(best.method), [first])
