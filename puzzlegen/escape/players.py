"""Computer players for Escape, each deterministic for a seed.

Every player is a function ``(position, stream) -> move`` that picks one of
``position.legal_moves()``; ties and random choices come from a
:class:`~puzzlegen.rng.SeededStream`, never from Python's ``random``, so a
seed replays the same game byte for byte.  From weakest to strongest:

* ``random``: any legal move, uniformly;
* ``greedy``: one ply deep, by :func:`evaluate` (White maximises, Black
  minimises); ties broken by the stream;
* ``greedy-e``: ``greedy`` that plays a random move one time in five, as
  the simulators' ε-players did, to sample a spread of plausible games;
* ``lookahead``: two plies: the best :data:`WIDTH` greedy candidates, each
  scored by the opponent's best greedy reply;
* ``search``: ``lookahead``, but once few cards are left it asks the exact
  solver (:mod:`.solver`) within a node budget and plays a proven win when
  there is one.

:func:`evaluate` is the simulators' measure of ESCAPE.md §9.1: while the
group is open, twice its gaps plus the blank cells within three steps of
them; once closed in, the pocket's size less the squares White must still
lay; a won or lost position scores ±1000.
"""

from __future__ import annotations

from collections.abc import Callable

from puzzlegen.escape.analysis import pocket_size
from puzzlegen.escape.cards import BLACK, CARDS, WHITE
from puzzlegen.escape.position import Move, Position
from puzzlegen.escape.solver import Solver, Unknown
from puzzlegen.rng import SeededStream

Player = Callable[[Position, SeededStream], Move]

#: Printed squares per card.
SIZE = {card_id: len(card.squares) for card_id, card in CARDS.items()}

WIN = 1000.0
STEPS = 3
WIDTH = 6
#: The ``search`` player asks the exact solver when at most this many cards are left.
EXACT_CARDS = 5
EXACT_BUDGET = 400


def evaluate(position: Position) -> float:
    """How well White stands (higher is better for White)."""
    outcome = position.outcome if position.to_move == WHITE else None
    if outcome is None and not position.frame.targets:
        outcome = (BLACK, "")
    if outcome is not None:
        return WIN if outcome[0] == WHITE else -WIN
    frame = position.frame
    gaps = frame.targets
    white_squares = sum(SIZE[c] for c in position.white_hand)
    room = pocket_size(position, limit=40)
    if room is not None:
        return float(room - white_squares) - 50.0
    # Twice the gaps plus the blank cells within STEPS steps of them (a bit-parallel BFS).
    seen = gaps
    blank = frame.blank
    for _ in range(STEPS):
        seen |= frame.dilate(seen) & blank
    return 2.0 * gaps.bit_count() + seen.bit_count()


def _best(position: Position, moves: tuple[Move, ...] | list[Move],
          stream: SeededStream | None) -> list[tuple[float, Move]]:
    """``moves`` scored for the side to move (higher is better for it), best first."""
    sign = 1.0 if position.to_move == WHITE else -1.0
    scored = [(sign * evaluate(position.apply(m)), m) for m in moves]
    scored.sort(key=lambda sm: -sm[0])
    return scored


def _pick(scored: list[tuple[float, Move]], stream: SeededStream) -> Move:
    top = scored[0][0]
    ties = [m for s, m in scored if s == top]
    return ties[stream.below(len(ties))]


def random_player(position: Position, stream: SeededStream) -> Move:
    moves = position.legal_moves()
    return moves[stream.below(len(moves))]


def greedy_player(position: Position, stream: SeededStream) -> Move:
    moves = position.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return _pick(_best(position, moves, stream), stream)


def greedy_e_player(position: Position, stream: SeededStream) -> Move:
    if stream.below(5) == 0:
        return random_player(position, stream)
    return greedy_player(position, stream)


def lookahead_player(position: Position, stream: SeededStream) -> Move:
    moves = position.legal_moves()
    if len(moves) == 1:
        return moves[0]
    first = _best(position, moves, stream)[:WIDTH]
    rescored = []
    for score, move in first:
        child = position.apply(move)
        if abs(score) >= WIN or child.outcome is not None:
            rescored.append((score, move))
            continue
        replies = _best(child, child.legal_moves(), None)
        # The opponent's best reply, seen from the side to move here.
        rescored.append((-replies[0][0], move))
    rescored.sort(key=lambda sm: -sm[0])
    return _pick(rescored, stream)


def search_player(position: Position, stream: SeededStream) -> Move:
    if position.cards_left <= EXACT_CARDS:
        solver = Solver(budget=EXACT_BUDGET)
        mover = position.to_move
        for _score, move in _best(position, position.legal_moves(), None)[:WIDTH]:
            child = position.apply(move)
            try:
                if solver.winner(child) == mover:
                    return move
            except Unknown:
                continue
    return lookahead_player(position, stream)


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "greedy-e": greedy_e_player,
    "lookahead": lookahead_player,
    "search": search_player,
}

#: Weakest first: the grading ladder of puzzles.
LADDER = ("random", "greedy", "lookahead", "search")

PLAYER_DOMAIN = "escape-player"


#: A seeded opening: this many first plies, each drawn from the mover's best
#: OPENING_WIDTH moves by :func:`evaluate` (those that do not lose at once).
OPENING_PLIES = 6
OPENING_WIDTH = 4
OPENING_DOMAIN = "escape-opening"


def opening_move(position: Position, stream: SeededStream) -> Move:
    """One ply of a seeded opening: a draw among the mover's OPENING_WIDTH best one-ply moves.

    Every player is deterministic for a seed, and lookahead and search play
    the same game from the start whatever the seed; an opening gives a
    measurement of thousands of games its variety (4**6 = 4,096 openings).
    """
    scored = _best(position, position.legal_moves(), None)
    safe: list[Move] = []
    for score, move in scored:
        if len(safe) == OPENING_WIDTH:
            break
        if score > -WIN and not _surrounded_next(position.apply(move)):
            safe.append(move)
    top = safe or [m for _s, m in scored][:OPENING_WIDTH]
    return top[stream.below(len(top))]


def _surrounded_next(position: Position) -> bool:
    """True if Black, to move, can close White in at once (a trap such as ESCAPE.md's C1)."""
    if position.to_move != BLACK or position.outcome is not None:
        return False
    if position.frame.targets.bit_count() > max(SIZE[c] for c in position.black_hand):
        return False
    return any(not position.apply(m).frame.targets for m in position.legal_moves())


def play_game(white: str, black: str, seed: int | str, start: Position | None = None,
              opening: int = 0) -> tuple[list[Move], Position]:
    """A whole game between two named players; the moves and the final position.

    With ``opening`` > 0 the first ``opening`` plies are a seeded opening
    (:func:`opening_move`) and the named players take over after it.
    """
    streams = {WHITE: SeededStream(PLAYER_DOMAIN + "-white", seed),
               BLACK: SeededStream(PLAYER_DOMAIN + "-black", seed)}
    book = SeededStream(OPENING_DOMAIN, seed)
    players = {WHITE: PLAYERS[white], BLACK: PLAYERS[black]}
    position = start or Position.start()
    moves: list[Move] = []
    while position.outcome is None:
        if len(moves) < opening:
            move = opening_move(position, book)
        else:
            move = players[position.to_move](position, streams[position.to_move])
        moves.append(move)
        position = position.apply(move)
    return moves, position
