"""Pendulum puzzles: which methods win a deal, and a win within par swings.

Two kinds:

* ``choose-method``: a deal, and the question "which of the twelve methods
  win it?".  Its par is how many methods win; its answer is each winning
  method with its fewest swings and a line of play.
* ``win-in-par``: a deal and one method that wins it, and the question "win
  with no more than ``par`` swings", ``par`` being the solver's fewest.

Grading is by a ladder of simulated players (:func:`play`), each
deterministic: the *greedy* player makes the first legal move in the order
outs, packs, crowns; the *random* players pick among the legal moves with a
seeded stream (never Python's ``random``).  A win the greedy player finds is
easy to spot; one that few random players find within par is hard.

Puzzle ids and keys: a deal's 24 suit relabellings are one puzzle, so the
*key* is computed on the canonical deal, in which suits are renamed clubs,
diamonds, hearts, spades in the order they first appear, row by row.  The id
``PD-XXXXXXXXXX`` hashes the key.  The *description*
``pendulum:<kind>:<method or '-'>:<cards joined by '.'>`` rebuilds a puzzle.
"""

from __future__ import annotations

import base64
import functools
import hashlib
from dataclasses import dataclass
from typing import Any

from puzzlegen.cards import SUITS, Card, Suit
from puzzlegen.errors import InvalidInputError, PositionError
from puzzlegen.games import LEVELS
from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import Deal, Move, Position
from puzzlegen.pendulum.solver import MethodResult, solve, solve_deal
from puzzlegen.rng import SeededStream

CHOOSE = "choose-method"
WIN_IN_PAR = "win-in-par"
KINDS: tuple[str, ...] = (CHOOSE, WIN_IN_PAR)

TAGS: tuple[str, ...] = (
    "one-method",  # only one method wins
    "hidden-method",  # no winning method is found by greedy play
    "vertical",  # the answer packs a pile on the card just above it
    "corner",  # the answer packs on a privileged corner that is not exposed
    "crown",  # the answer fills a top-row space with a crown
    "double-swing",  # the answer swings twice with no card moved between
)

#: Random players per grading (the ladder's width).
RANDOM_PLAYERS = 4
#: A choose-method puzzle with more winning methods than this is no puzzle.
MOST_WINNERS = 6

LEVEL_RULES = (
    "Pendulum levels come from a ladder of simulated players, weakest first: one who "
    "only sends cards out; one who also packs on exposed cards and lifts crowns; a "
    "greedy player who sees every move; four seeded random players.  A method's rung is "
    "the weakest player who wins with it within par swings.  win-in-par: Easy when the "
    "first two players win, or greedy play wins within par 3 or less; Medium for par 4 "
    "to 6, Hard above; "
    "Expert when greedy play misses.  choose-method: when greedy play wins with every "
    "winning method, Easy for 4 or more winners, Medium for 3, Hard for 1 or 2; when it "
    "misses one, Hard for 3 or more winners, Expert for 1 or 2."
)

PLAYER_DOMAIN = "pendulum-player"
METHOD_DOMAIN = "pendulum-method"


# -- simulated players -------------------------------------------------------------

#: The ladder's rungs, weakest first: who plays, and what they see.
PLAYERS = ("outs", "plain", "greedy", "random")


def _sees(position: Position, move: Move, player: str) -> bool:
    """Whether ``player`` notices ``move``: the weak ones miss the game's special moves."""
    if player == "outs":
        return move.kind in ("out", "swing")
    if player == "plain" and move.kind == "pack":
        assert move.onto is not None
        target = position.find(move.onto)
        return target is not None and position.exposed(target)
    return True


def play(position: Position, player: str, stream_no: int = 0) -> int | None:
    """Play to the end; the swings of the win, or None for a loss (or a player stuck
    with moves it does not see).  ``random`` picks with seeded stream ``stream_no``.
    """
    stream = SeededStream(PLAYER_DOMAIN, f"{position}|{stream_no}") if player == "random" else None
    swings = 0
    while not position.won:
        moves = [m for m in position.legal_moves() if _sees(position, m, player)]
        if not moves:
            return None
        move = _greedy_choice(moves) if stream is None else moves[stream.below(len(moves))]
        if move.kind == "swing":
            swings += 1
        position = position.play(move)
    return swings


def _greedy_choice(moves: list[Move]) -> Move:
    for kind in ("out", "pack", "crown", "swing"):
        for move in moves:
            if move.kind == kind:
                return move
    return moves[0]


@functools.lru_cache(maxsize=4096)
def ladder(position: Position) -> tuple[int | None, ...]:
    """The swings each player wins in (None for a loss): outs, plain, greedy, then
    :data:`RANDOM_PLAYERS` random players."""
    fixed = tuple(play(position, p) for p in PLAYERS[:3])
    return fixed + tuple(play(position, "random", n) for n in range(1, RANDOM_PLAYERS + 1))


def rung(results: tuple[int | None, ...], par: int) -> int:
    """The weakest rung that wins within ``par`` swings (4: none does)."""
    for index in range(3):
        if within(results[index], par):
            return index
    return 3 if any(within(r, par) for r in results[3:]) else 4


def within(result: int | None, par: int) -> bool:
    return result is not None and result <= par


# -- canonical form ----------------------------------------------------------------


def canonical_deal(deal: Deal) -> Deal:
    """The deal with its suits renamed in order of first appearance (clubs first)."""
    names: dict[Suit, Suit] = {}
    for card in deal.cards:
        if card.suit not in names:
            names[card.suit] = SUITS[len(names)]
    return Deal(tuple(Card(c.rank, names[c.suit]) for c in deal.cards))


def describe(kind: str, deal: Deal, method: Method | None) -> str:
    cards = ".".join(str(c) for c in deal.cards)
    return f"pendulum:{kind}:{method or '-'}:{cards}"


def parse_description(text: str) -> tuple[str, Deal, Method | None]:
    """Read ``pendulum:<kind>:<method or ->:<cards>``."""
    parts = text.strip().split(":")
    if len(parts) != 4 or parts[0] != "pendulum":
        raise PositionError(
            f"a Pendulum puzzle description reads pendulum:<kind>:<method>:<cards>, got {text!r}"
        )
    kind = parts[1]
    if kind not in KINDS:
        raise PositionError(f"unknown Pendulum puzzle kind {kind!r} in {text!r}")
    method = None if parts[2] == "-" else Method.parse(parts[2])
    if (method is None) != (kind == CHOOSE):
        raise PositionError(f"a {kind} description {'has no' if kind == CHOOSE else 'needs a'} "
                            f"method: {text!r}")
    return kind, Deal.parse(parts[3].replace(".", " ")), method


def plain_position(text: str) -> str:
    """A puzzle description as the deal or position text it stands for; other text as it is.

    A blank line stays blank, so batches skip it as before.
    """
    stripped = text.strip()
    if not stripped.startswith("pendulum:"):
        return text
    _, deal, method = parse_description(stripped)
    return str(deal) if method is None else str(deal.start(method))


def puzzle_id(key: str) -> str:
    digest = hashlib.sha256(key.encode()).digest()
    return "PD-" + base64.b32encode(digest).decode()[:10]


# -- puzzles -----------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A graded Pendulum puzzle.  Build with :func:`make_puzzle` or :func:`from_deal`.

    ``results`` are the winning methods' results in :data:`METHODS` order (one
    for ``win-in-par``); ``players`` the ladder's swings for each of them.
    """

    kind: str
    deal: Deal
    results: tuple[MethodResult, ...]
    players: tuple[tuple[int | None, ...], ...]
    method: Method | None = None
    seed: str | None = None

    @property
    def game(self) -> str:
        return "pendulum"

    @property
    def best(self) -> MethodResult:
        """The answer to show: the winning method with fewest swings, then fewest moves."""
        return min(self.results, key=lambda r: (r.par or 0, r.card_moves, METHODS.index(r.method)))

    @property
    def par(self) -> int:
        if self.kind == CHOOSE:
            return len(self.results)
        return self.results[0].par or 0

    @property
    def spotted(self) -> tuple[Method, ...]:
        """Winning methods that greedy play wins with (in any number of swings)."""
        return tuple(r.method for r, p in zip(self.results, self.players, strict=True)
                     if p[2] is not None)

    @property
    def rungs(self) -> tuple[int, ...]:
        """For each winning method, the weakest player of the ladder that wins within par."""
        return tuple(rung(p, r.par or 0) for r, p in zip(self.results, self.players, strict=True))

    @property
    def score(self) -> int:
        """Measured difficulty, 0 (Easy) to 3 (Expert), from the ladder's rungs."""
        hardest = max(self.rungs)
        if self.kind == WIN_IN_PAR:
            if hardest <= 1 or (hardest == 2 and self.par <= 3):
                return 0
            if hardest == 2:
                return 1 if self.par <= 6 else 2  # a longer plan is harder to hold
            return 3
        winners = len(self.results)
        if hardest <= 2:
            return 0 if winners >= 4 else 1 if winners == 3 else 2
        return 2 if winners >= 3 else 3

    @property
    def level(self) -> str:
        return LEVELS[min(self.score, len(LEVELS) - 1)]

    @property
    def publishable(self) -> bool:
        """Every Pendulum puzzle is worth printing (the kinds already exclude trivial deals)."""
        return True

    @property
    def rung(self) -> int:
        """Finer grade within a level: the answer's swings."""
        return self.best.par or 0

    @property
    def tags(self) -> tuple[str, ...]:
        found: set[str] = set()
        if self.kind == CHOOSE:
            if len(self.results) == 1:
                found.add("one-method")
            if not self.spotted:
                found.add("hidden-method")
        best = self.best
        position = self.deal.start(best.method)
        last = None
        for move in best.moves:
            if move.kind == "pack":
                assert move.card is not None and move.onto is not None
                src, dst = position.find(move.card), position.find(move.onto)
                assert src is not None and dst is not None
                if dst == src - 8 and not position.exposed(dst):
                    found.add("vertical")
                elif dst in (0, 7) and not position.exposed(dst):
                    found.add("corner")
            elif move.kind == "crown":
                found.add("crown")
            elif last is not None and last.kind == "swing":
                found.add("double-swing")
            last = move
            position = position.play(move)
        return tuple(t for t in TAGS if t in found)

    @property
    def key(self) -> str:
        canon = canonical_deal(self.deal)
        return describe(self.kind, canon, self.method)

    @property
    def id(self) -> str:
        return puzzle_id(self.key)

    @property
    def description(self) -> str:
        return describe(self.kind, self.deal, self.method)

    @property
    def position_text(self) -> str:
        if self.method is not None:
            return str(self.deal.start(self.method))
        return str(self.deal)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "level": self.level,
            "par": self.par,
            "tags": list(self.tags),
            "key": self.key,
            "position": self.position_text,
            "description": self.description,
            "method": str(self.method) if self.method else None,
            "seed": self.seed,
            "answer": [r.to_json() for r in self.results],
            "players": [list(p) for p in self.players],
        }


def method_for(seed: str) -> Method:
    """The method a win-in-par seed asks about (a seeded choice, never ``random``)."""
    return METHODS[SeededStream(METHOD_DOMAIN, seed).below(len(METHODS))]


def from_deal(
    kind: str, deal: Deal, method: Method | None = None, seed: str | None = None
) -> Puzzle | None:
    """Solve and grade; None when the deal makes no puzzle of ``kind``."""
    if kind == CHOOSE:
        results = tuple(r for r in solve_deal(deal) if r.won)
        if not results or len(results) > MOST_WINNERS:
            return None
    elif kind == WIN_IN_PAR:
        if method is None:
            raise InvalidInputError("a win-in-par puzzle needs a method")
        result = solve(deal, method)
        if not result.won:
            return None
        results = (result,)
    else:
        raise InvalidInputError(f"unknown Pendulum puzzle kind {kind!r} (choose from "
                                f"{', '.join(KINDS)})")
    players = tuple(ladder(deal.start(r.method)) for r in results)
    return Puzzle(kind, deal, results, players, method if kind == WIN_IN_PAR else None, seed)


def make_puzzle(kind: str, seed: str) -> Puzzle | None:
    """The puzzle of ``kind`` dealt from ``seed``, or None if it makes none."""
    deal = Deal.from_seed(seed)
    return from_deal(kind, deal, method_for(seed) if kind == WIN_IN_PAR else None, seed)


def puzzle_from_description(text: str) -> Puzzle | None:
    kind, deal, method = parse_description(text)
    return from_deal(kind, deal, method)


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    """Rebuild a stored puzzle; its answer lines are replayed, so a bad one is refused."""
    try:
        kind, deal, method = parse_description(str(data["description"]))
        results = []
        for item in data["answer"]:
            m = Method.parse(str(item["method"]))
            moves = tuple(Move.from_json(x) for x in item["moves"])
            positions = [deal.start(m), *deal.start(m).replay(moves)]
            if not positions[-1].won:
                raise PositionError(f"stored line for {m} does not win")
            swings = sum(1 for x in moves if x.kind == "swing")
            results.append(MethodResult(m, True, swings, moves))
        players = tuple(tuple(None if v is None else int(v) for v in p) for p in data["players"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInputError(f"not a stored Pendulum puzzle: {exc}") from None
    return Puzzle(kind, deal, tuple(results), players, method, data.get("seed"))


__all__ = [
    "CHOOSE",
    "KINDS",
    "LEVELS",
    "TAGS",
    "WIN_IN_PAR",
    "Puzzle",
    "canonical_deal",
    "from_deal",
    "make_puzzle",
    "puzzle_from_description",
    "puzzle_from_json",
]
