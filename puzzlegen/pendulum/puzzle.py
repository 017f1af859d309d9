"""Pendulum puzzles: which methods win a deal, and a win within par swings.

Two kinds:

* ``choose-method``: a deal, and the question "which of the twelve methods
  win it?".  Its par is how many methods win; its answer is each winning
  method with its fewest swings and a line of play.
* ``win-in-par``: a deal and one method that wins it, and the question "win
  with no more than ``par`` swings", ``par`` being the solver's fewest.

Grading is by simulated players (:func:`play`), each deterministic.  Players
of *fixed habit* follow one rule with no plan: *greedy* makes the first legal
move in the order outs, packs, crowns; from v3, the *planless* players
(:data:`PLANLESS`) play the first legal move reading from the top left, the
first reading from the bottom right, or the move of the tallest pile.  The
*random* players pick among the legal moves with a seeded stream (never
Python's ``random``).  Three gradings exist (:data:`GRADINGS`); a puzzle names
its own, and the daily schedule names the one each date uses:

* ``v3`` (in force): each winning method gets a score, 0 to 3
  (:func:`method_score`): 0 when a player of fixed habit wins with it
  (within par for win-in-par, at all for choose-method) or at least half of
  24 random players do; then 1, 2 or 3 as fewer random players win
  (:data:`WIN_CUTS`).  A win-in-par puzzle's level is its method's score, so
  a puzzle that planless play wins at par is Easy.  A choose-method puzzle's
  level counts the work: the sum of its winning methods' scores, the methods
  planless play does not find each counted by how hard it is (capped at
  Expert).  Checked by ``benchmarks/bench_pendulum_grading.py`` against
  planless players written apart from these (``benchmarks/planless.py``) and
  independent random play.
* ``v2``: a panel of thirteen players, greedy and twelve random.
  A win-in-par puzzle is Easy when every one of them wins within par, Medium
  when 1 to 4 miss, Hard 5 to 8, Expert 9 or more (:data:`MISSES`); a
  choose-method puzzle counts, for each winning method, the players who do
  not win with it at all, and takes the largest count.  Planless play won
  its Hard days at par; no daily was published under it.
* ``v1``: a ladder (a player who only sends cards out, one who also packs
  on exposed cards, greedy, four random) read with par and the number of
  winners.  That benchmark found its Easy, Medium and Hard win-in-par
  puzzles alike (random play won nearly all within par); it stays for the
  dailies published under it.

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
from puzzlegen.pendulum import solver as _solver
from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import CELLS, COLS, CORNERS, Deal, Move, Position
from puzzlegen.pendulum.solver import (
    MethodResult,
    State,
    apply_move,
    cell_moves,
    encode,
    solve,
    solve_deal,
    swing_cells,
)
from puzzlegen.rng import SeededStream, stream_prefix

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

#: The gradings, oldest first; :data:`GRADING` is the one in force.  A stored
#: puzzle and a daily schedule name theirs, so a date graded by one never changes.
GRADINGS = ("v1", "v2", "v3")
GRADING = "v3"
#: Random players per grading (the ladder's width).
RANDOM_PLAYERS = {"v1": 4, "v2": 12, "v3": 24}
#: Players of fixed habit per grading, before the random ones: outs, plain, greedy,
#: and from v3 the :data:`PLANLESS` players.
FIXED_PLAYERS = {"v1": 3, "v2": 3, "v3": 6}
#: v2: a puzzle is Medium, Hard, Expert when at least this many of its 13 players
#: (greedy and twelve random) miss; Easy when none does.
MISSES = (1, 5, 9)
#: v3: how hard one winning method is to win with, 0 to 3 (:func:`method_score`).
#: 0 when a player of fixed habit wins (within par for win-in-par, at all for
#: choose-method) or at least WIN_CUTS[0] of the 24 random players do; 1 when at
#: least WIN_CUTS[1] do, 2 when at least WIN_CUTS[2] do, 3 when none does.
WIN_CUTS = (12, 5, 1)
#: A choose-method puzzle with more winning methods than this is no puzzle.
MOST_WINNERS = 6

LEVEL_RULES = (
    "Pendulum levels come from simulated players: six of fixed habit (sending cards out "
    "only; packing only on exposed piles; greedy, outs first; the first move from the "
    "top left; the first from the bottom right; the tallest pile first) and 24 seeded "
    "random players.  A winning method scores 0 when a player of fixed habit wins with "
    f"it or at least {WIN_CUTS[0]} random players do, 1 when {WIN_CUTS[1]} or more do, "
    f"2 when {WIN_CUTS[2]} or more do, 3 when none does.  win-in-par (a win within par "
    "swings): the level is its method's score, Easy to Expert, so a puzzle that "
    "planless play wins at par is Easy.  choose-method (any win counts): the level counts "
    "the methods to try, the sum of the winning methods' scores, Expert from 3.  "
    "Dailies dated before 2027 keep the first grading (see docs/pendulum.md)."
)

LEVEL_RULES_V1 = (
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
#: Planless players (v3): each sees every move and follows one fixed habit instead of
#: a plan: the first move reading from the top left, the first reading from the
#: bottom right, the tallest pile that can move.  Greedy (outs first) is the fourth.
PLANLESS = ("first", "last", "tallest")


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

    Played on the solver's representation, move for move as :func:`play_slowly`
    plays through the rules module (a test checks they agree)."""
    seed = f"{position}|{stream_no}" if player == "random" else None
    return play_state(encode(position), player, PLAYER_DOMAIN, seed)


#: Each player's number in the compiled core (``_ccore.c``'s ``P_OUTS`` ...).
PLAYER_CODES = {name: code for code, name in enumerate((*PLAYERS[:3], *PLANLESS, "random"))}


def play_state(state: State, player: str, domain: str, seed: str | None) -> int | None:
    """:func:`_play_cells` from ``state``, a ``random`` player drawing from the seeded
    stream ``(domain, seed)``: by the compiled core when it is in use (the same
    moves and the same stream, word for word), else in Python."""
    core = _solver.ccore
    if player == "random" and seed is None:
        raise ValueError("a random player needs a stream seed")
    if core is not None:
        prefix = stream_prefix(domain, seed) if player == "random" and seed is not None else None
        cells, side, in_a_row = state
        return core.play(cells, side, in_a_row, PLAYER_CODES[player], prefix)
    stream = SeededStream(domain, seed) if player == "random" and seed is not None else None
    return _play_cells(state, player, stream)


def _play_cells(state: State, player: str, stream: SeededStream | None) -> int | None:
    cells, side, in_a_row = state
    swings = 0
    while True:
        moves = cell_moves(cells)
        if not moves:
            if not any(cells):
                return swings
            swung = swing_cells(cells, side)
            if in_a_row >= 2 or swung == cells:
                return None
            if stream is not None:
                stream.below(1)  # as play_slowly, which picks among one move
            cells, side, in_a_row = swung, 1 - side, in_a_row + 1
            swings += 1
            continue
        if player == "outs":
            moves = [m for m in moves if m[0] == 0]
        elif player == "plain":
            # A plain player packs only on exposed piles (nothing below in its column).
            bottom = CELLS - COLS
            moves = [m for m in moves if m[0] != 1 or m[2] >= bottom or not cells[m[2] + COLS]]
        if not moves:
            return None
        if stream is not None:
            move = moves[stream.below(len(moves))]
        elif player == "first":
            move = moves[0]
        elif player == "last":
            move = moves[-1]
        elif player == "tallest":
            # A pile's height: its base's index in the method's order less its top's, plus one.
            move = max(moves, key=lambda m: (cells[m[1]] & 15) - ((cells[m[1]] >> 4) & 15))
        else:
            move = min(moves, key=lambda m: m[0])  # the first out, else pack, else crown
        cells, in_a_row = apply_move(cells, move), 0


def play_slowly(position: Position, player: str, stream_no: int = 0) -> int | None:
    """:func:`play` through the rules module, move by move (the reference for tests)."""
    stream = SeededStream(PLAYER_DOMAIN, f"{position}|{stream_no}") if player == "random" else None
    swings = 0
    while not position.won:
        moves = [m for m in position.legal_moves() if _sees(position, m, player)]
        if not moves:
            return None
        if stream is not None:
            move = moves[stream.below(len(moves))]
        elif player == "first":
            move = moves[0]
        elif player == "last":
            move = moves[-1]
        elif player == "tallest":
            move = max(moves, key=lambda m: _height(position, m))
        else:
            move = _greedy_choice(moves)
        if move.kind == "swing":
            swings += 1
        position = position.play(move)
    return swings


#: The stream domain of :func:`random_share`, apart from the ladder's players.
MEASURE_DOMAIN = "pendulum-measure"


def random_share(position: Position, par: int | None, tries: int, seed: str) -> float:
    """The share of ``tries`` seeded random plays from ``position`` that win, within
    ``par`` swings unless ``par`` is None.

    Not a rung of the ladder: the independent measure the grading is checked
    against (``benchmarks/bench_pendulum_grading.py``)."""
    state = encode(position)
    wins = 0
    for n in range(tries):
        swings = play_state(state, "random", MEASURE_DOMAIN, f"{seed}|{n}")
        wins += swings is not None and (par is None or swings <= par)
    return wins / tries


def _height(position: Position, move: Move) -> int:
    """How many cards the pile that ``move`` moves holds (0 for a swing)."""
    cell = None if move.card is None else position.find(move.card)
    return 0 if cell is None else len(position.cells[cell])


def _greedy_choice(moves: list[Move]) -> Move:
    for kind in ("out", "pack", "crown", "swing"):
        for move in moves:
            if move.kind == kind:
                return move
    return moves[0]


@functools.lru_cache(maxsize=4096)
def ladder(position: Position, grading: str = GRADING) -> tuple[int | None, ...]:
    """The swings each player wins in (None for a loss): outs, plain, greedy, the
    planless players from v3 (first, last, tallest), then the grading's
    :data:`RANDOM_PLAYERS` random players (each grading's random players begin with
    the last one's: random player ``n`` is the same in every grading)."""
    return _ladder(encode(position), str(position), grading)


def _ladder(state: State, text: str, grading: str) -> tuple[int | None, ...]:
    """:func:`ladder` of the position encoded as ``state`` and written ``text``: as
    :func:`play` for each player, with the position encoded and written out once."""
    names = (*PLAYERS[:3], *PLANLESS)[: FIXED_PLAYERS[grading]]
    fixed = tuple(play_state(state, p, PLAYER_DOMAIN, None) for p in names)
    randoms = RANDOM_PLAYERS[grading]
    return fixed + tuple(play_state(state, "random", PLAYER_DOMAIN, f"{text}|{n}")
                         for n in range(1, randoms + 1))


def misses(results: tuple[int | None, ...], par: int | None) -> int:
    """How many of the panel (greedy and the random players) do not win within
    ``par`` swings (None: do not win at all)."""
    return sum(1 for r in results[2:] if r is None or (par is not None and r > par))


def habit_wins(results: tuple[int | None, ...], par: int | None, grading: str = GRADING) -> bool:
    """Whether a player of fixed habit (no random one) wins within ``par`` swings
    (None: at all)."""
    return any(_wins(r, par) for r in results[: FIXED_PLAYERS[grading]])


def random_wins(results: tuple[int | None, ...], par: int | None, grading: str = GRADING) -> int:
    """How many of the random players win within ``par`` swings (None: at all)."""
    return sum(_wins(r, par) for r in results[FIXED_PLAYERS[grading] :])


def method_score(results: tuple[int | None, ...], par: int | None, grading: str = GRADING) -> int:
    """v3: how hard a method is to win with, 0 (planless play wins) to 3 (no simulated
    player wins); see :data:`WIN_CUTS`."""
    if habit_wins(results, par, grading):
        return 0
    return sum(1 for cut in WIN_CUTS if random_wins(results, par, grading) < cut)


def _wins(result: int | None, par: int | None) -> bool:
    return result is not None and (par is None or result <= par)


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
    for ``win-in-par``); ``players`` the ladder's swings for each of them;
    ``grading`` which of :data:`GRADINGS` sets the level.
    """

    kind: str
    deal: Deal
    results: tuple[MethodResult, ...]
    players: tuple[tuple[int | None, ...], ...]
    method: Method | None = None
    seed: str | None = None
    grading: str = GRADING

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
    def misses(self) -> int:
        """How many of the panel miss: within par (win-in-par), or with the winning
        method that most miss (choose-method), as v2 grades."""
        if self.kind == WIN_IN_PAR:
            return misses(self.players[0], self.par)
        return max(misses(p, None) for p in self.players)

    @property
    def method_scores(self) -> tuple[int, ...]:
        """v3: for each winning method, how hard it is to win with (:func:`method_score`):
        within par for win-in-par, at all for choose-method."""
        par = self.par if self.kind == WIN_IN_PAR else None
        return tuple(method_score(p, par, self.grading) for p in self.players)

    @property
    def to_try(self) -> tuple[Method, ...]:
        """v3, choose-method: the winning methods that take more than planless play."""
        return tuple(r.method for r, score in zip(self.results, self.method_scores, strict=True)
                     if score)

    @property
    def score(self) -> int:
        """Measured difficulty, 0 (Easy) to 3 (Expert)."""
        if self.grading == "v3":
            # win-in-par: its method's score; choose-method: the work of every method to
            # try, each counted by its score.
            return min(3, sum(self.method_scores))
        if self.grading == "v2":
            return sum(1 for least in MISSES if self.misses >= least)
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
        """Finer grade within a level: how many players miss (v3: random players, over the
        methods to try for choose-method; v1: the answer's swings)."""
        if self.grading == "v3":
            par = self.par if self.kind == WIN_IN_PAR else None
            width = RANDOM_PLAYERS["v3"]
            return sum(width - random_wins(p, par, "v3")
                       for p, score in zip(self.players, self.method_scores, strict=True)
                       if score)
        return self.misses if self.grading == "v2" else self.best.par or 0

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
                if dst == src - COLS and not position.exposed(dst):
                    found.add("vertical")
                elif dst in CORNERS and not position.exposed(dst):
                    found.add("corner")
            elif move.kind == "crown":
                found.add("crown")
            elif move.kind == "swing" and last is not None and last.kind == "swing":
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
        """The stored form.  A v1 puzzle is written as before gradings were named
        (no ``"grading"``), so the pages of dates published under v1 keep their bytes."""
        data = {
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
        if self.grading != "v1":
            data["grading"] = self.grading
        return data


def method_for(seed: str) -> Method:
    """The method a win-in-par seed asks about (a seeded choice, never ``random``)."""
    return METHODS[SeededStream(METHOD_DOMAIN, seed).below(len(METHODS))]


def from_deal(
    kind: str,
    deal: Deal,
    method: Method | None = None,
    seed: str | None = None,
    grading: str = GRADING,
) -> Puzzle | None:
    """Solve and grade; None when the deal makes no puzzle of ``kind``."""
    _check_grading(grading)
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
    players = tuple(ladder(deal.start(r.method), grading) for r in results)
    asked = method if kind == WIN_IN_PAR else None
    return Puzzle(kind, deal, results, players, asked, seed, grading)


def _check_grading(grading: str) -> None:
    if grading not in GRADINGS:
        raise InvalidInputError(f"unknown grading {grading!r} (choose from {', '.join(GRADINGS)})")


def make_puzzle(
    kind: str, seed: str, grading: str = GRADING, level: str | None = None
) -> Puzzle | None:
    """The puzzle of ``kind`` dealt from ``seed``, or None if it makes none.

    With ``level``, also None when the puzzle would not be of that level,
    found out by :func:`quick_level` with less work: a daily's search through
    its candidates grades most of them only that far."""
    deal = Deal.from_seed(seed)
    method = method_for(seed) if kind == WIN_IN_PAR else None
    if level is not None and quick_level(kind, deal, method, grading) != level:
        return None
    return from_deal(kind, deal, method, seed, grading)


def quick_level(kind: str, deal: Deal, method: Method | None, grading: str) -> str | None:
    """The level of ``from_deal(kind, deal, method, grading=grading)``, or None when
    that is None, with only the work the level needs: :func:`v3_level` for v3; for
    the older gradings, the same puzzle without its lines (a level reads the pars
    and the players, never the moves), each par found by a search no longer than
    the players' wins leave open."""
    _check_grading(grading)
    if grading == "v3":
        return v3_level(kind, deal, method)
    if kind == CHOOSE:
        methods: tuple[Method, ...] = METHODS
    elif kind == WIN_IN_PAR:
        if method is None:
            raise InvalidInputError("a win-in-par puzzle needs a method")
        methods = (method,)
    else:
        raise InvalidInputError(f"unknown Pendulum puzzle kind {kind!r} (choose from "
                                f"{', '.join(KINDS)})")
    results, players = [], []
    for m in methods:
        # The players first: a win in s swings caps the par at s (_par_after).
        played = ladder(deal.start(m), grading)
        par = _par_after(_solver.start_state(deal, m), played)
        if par is not None:
            results.append(MethodResult(m, True, par))
            players.append(played)
            if len(results) > MOST_WINNERS:
                return None
    if not results:
        return None
    asked = method if kind == WIN_IN_PAR else None
    return Puzzle(kind, deal, tuple(results), tuple(players), asked, None, grading).level


def _par_after(state: State, played: tuple[int | None, ...]) -> int | None:
    """The par of ``state`` (:func:`fewest_swings`), knowing the swings each player
    won in (None for a loss): a win in ``s`` swings makes the par at most ``s``, so
    the search need look no further than ``s - 1`` swings for a shorter win."""
    wins = [r for r in played if r is not None]
    if not wins:
        return _solver.fewest_swings(state)
    least = min(wins)
    shorter = None if least == 0 else _solver.fewest_swings_within(state, least - 1)
    return least if shorter is None else shorter


def v3_level(kind: str, deal: Deal, method: Method | None) -> str | None:
    """The level of ``from_deal(kind, deal, method, grading="v3")``, or None when
    that is None: the same answer with only the work the level needs.

    * No line is written out (:func:`fewest_swings`), and a method whose player
      of fixed habit wins (within par for win-in-par) scores 0 without its 24
      random players (:func:`method_score` reads them only when no such player
      wins).
    * win-in-par: when a planless player wins in ``s`` swings, the par is at most
      ``s``, so a search bounded at ``s - 1`` swings
      (:func:`fewest_swings_within`) tells an Easy puzzle (par ``s``) from the
      others, and gives their par.
    * choose-method: a method that a player of fixed habit wins is won (a
      player's win is a winning line), so it is not searched; the others are,
      and only a won one has its random players play.  The winners are
      :func:`solve_deal`'s.

    A test compares it with the full grading's level on many deals."""
    if kind == CHOOSE:
        states = {m: _solver.start_state(deal, m) for m in METHODS}
        # A planless player's win: won, and scored 0.  Too many such winners
        # already make no puzzle, with nothing searched.
        habit = {m: _habit_wins(state, None) for m, state in states.items()}
        winners, total = sum(habit.values()), 0
        texts: dict[Method, str] = {}
        for m, state in states.items():
            if winners > MOST_WINNERS:
                return None
            if habit[m]:
                continue
            # Most methods left are lost: one search settles them, and no random
            # player can win one (a player's win is a winning line).
            if _solver.fewest_swings(state) is None:
                continue
            winners += 1
            texts = texts or start_texts(deal)
            total += method_score(_ladder(state, texts[m], "v3"), None, "v3")
        if not winners or winners > MOST_WINNERS:
            return None
    elif kind == WIN_IN_PAR:
        if method is None:
            raise InvalidInputError("a win-in-par puzzle needs a method")
        state = _solver.start_state(deal, method)
        names = (*PLAYERS[:3], *PLANLESS)[: FIXED_PLAYERS["v3"]]
        swings = [r for p in names if (r := play_state(state, p, PLAYER_DOMAIN, None)) is not None]
        if swings:
            # A planless win in s swings makes the par s or less; it is s (and the
            # puzzle Easy, that player winning within par) unless a search bounded
            # at s - 1 swings finds a shorter win.
            least = min(swings)
            par = 0 if least == 0 else _solver.fewest_swings_within(state, least - 1)
            if par is None or par == least:
                return LEVELS[0]
        else:
            par = _solver.fewest_swings(state)
            if par is None:
                return None
        total = method_score(_ladder(state, start_texts(deal)[method], "v3"), par)
    else:
        raise InvalidInputError(f"unknown Pendulum puzzle kind {kind!r} (choose from "
                                f"{', '.join(KINDS)})")
    return LEVELS[min(min(3, total), len(LEVELS) - 1)]


def start_texts(deal: Deal) -> dict[Method, str]:
    """``str(deal.start(m))`` for every method ``m``, written out once: an opening
    position's foundations are the four aces and its rows the deal, whatever the
    method, so only the method's name differs (a test checks it)."""
    rest = str(deal.start(METHODS[0])).split(" | ", 1)[1]
    return {m: f"{m} | {rest}" for m in METHODS}


def _habit_wins(state: State, par: int | None) -> bool:
    """Whether a v3 player of fixed habit wins from ``state`` (within ``par`` swings
    unless None): :func:`habit_wins` of the ladder's first players, playing them alone."""
    names = (*PLAYERS[:3], *PLANLESS)[: FIXED_PLAYERS["v3"]]
    return any(_wins(play_state(state, p, PLAYER_DOMAIN, None), par) for p in names)


def puzzle_from_description(text: str) -> Puzzle | None:
    kind, deal, method = parse_description(text)
    return from_deal(kind, deal, method)


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    """Rebuild a stored puzzle; its answer lines are replayed, so a bad one is refused.

    A puzzle stored before gradings were named was graded by v1."""
    try:
        grading = str(data.get("grading", "v1"))
        _check_grading(grading)
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
        width = FIXED_PLAYERS[grading] + RANDOM_PLAYERS[grading]
        if len(players) != len(results) or any(len(p) != width for p in players):
            raise InvalidInputError(
                f"a {grading} puzzle has {width} players' results for each winning method, "
                f"got {[len(p) for p in players]}"
            )
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInputError(f"not a stored Pendulum puzzle: {exc}") from None
    return Puzzle(kind, deal, tuple(results), players, method, data.get("seed"), grading)


__all__ = [
    "CHOOSE",
    "GRADING",
    "GRADINGS",
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
