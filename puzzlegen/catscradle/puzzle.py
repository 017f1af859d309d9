"""Cat's Cradle puzzles: a position, its answer, its grade and its techniques.

A puzzle is a position to start a sequence of play from, together with
everything the solver knows of it: the best space count (its *par*), the best
line, the novice line and the grade.  Two kinds:

``opening``
    the 16 cards of a fresh layout: the layout of ``Deal.from_seed(seed)``;
``midgame``
    a position with stacks, reached by playing ``Deal.from_seed(seed)`` with
    the best line each sequence, filling spaces from the stock, and stopping
    at the start of a sequence chosen by the seed.

Ids.  A puzzle's *description* ``cc:<cells>`` spells its position compactly
(cells joined by ``.``, a card as rank and suit with ``T`` for ten, a stack
as its cards bottom first, ``-`` for a space) and rebuilds the puzzle in
every version; its *id* ``CC-XXXXXXXXXX`` is the first 50 bits of the
description's SHA-256 in base 32.

Grading.  A puzzle's *grade* is the weakest player of the ladder in
:mod:`puzzlegen.catscradle.players` whose line reaches par.  Its level
(``"v3"``, in force) follows from its difficulty *points*: the grade's rung,
plus par, plus twice the spaces the hasty player misses, cut at
:data:`POINT_CUTS` (shown by ``--help``): finer than the rung alone, and
ordered closer to how often random play misses par.  Par says what the
puzzle asks; the points say how hard the answer is to find.  The gradings
before are kept, because daily puzzles were chosen with them and never
change: ``"v1"`` (par raised by *insight*, how much the best line hides from
a hasty player) for the daily puzzles up to 2026-12-31; ``"v2"`` (the rung
alone, :data:`RUNG_LEVELS`), which catalogs may hold.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from puzzlegen.catscradle.board import CELLS, CENTRE
from puzzlegen.catscradle.canonical import canonical_key
from puzzlegen.catscradle.cards import RANK_NAMES, Card
from puzzlegen.catscradle.players import LADDER, first_rung
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import Line, analyse, novice_line
from puzzlegen.catscradle.wholegame import play
from puzzlegen.errors import InvalidInputError, PuzzleIdError
from puzzlegen.games import LEVELS
from puzzlegen.rng import SeededStream

KINDS = ("opening", "midgame")

#: The gradings, oldest first; :data:`GRADING` is the one in force.
GRADINGS = ("v1", "v2", "v3")
GRADING = "v3"

#: v2: the level of each rung of :data:`players.LADDER` (hasty, careful,
#: look-ahead 2, 3, 4, 6, perfect).
RUNG_LEVELS = ("Easy", "Medium", "Medium", "Hard", "Hard", "Expert", "Expert")
assert len(RUNG_LEVELS) == len(LADDER)

#: v3: a puzzle is Medium, Hard, Expert from this many difficulty points
#: (:attr:`Puzzle.points`: the grade's rung, plus par, plus twice the spaces the hasty
#: player misses).  Tuned on generated puzzles (never the daily dates) against the share
#: of random plays that miss par: see benchmarks/bench_grading.py.
POINT_CUTS = (7, 10, 15)

#: v1: par sets the base level: Easy up to 4 spaces, Medium 5-6, Hard 7-8, Expert 9+.
PAR_STEPS = (5, 7, 9)
#: v1: insight that raises the level by one step and by two.
INSIGHT_STEPS = (2, 4)

LEVEL_RULES = (
    "Levels: difficulty points from a ladder of simulated players: the rung of the "
    "weakest who finds par (0 the hasty player, first move that empties a cell in "
    "reading order; 1 careful; 2, 3, 4, 5 looking 2, 3, 4, 6 moves ahead; 6 perfect "
    "play), plus par, plus twice the spaces the hasty player misses.  Easy up to "
    f"{POINT_CUTS[0] - 1} points, Medium {POINT_CUTS[0]} to {POINT_CUTS[1] - 1}, Hard "
    f"{POINT_CUTS[1]} to {POINT_CUTS[2] - 1}, Expert {POINT_CUTS[2]} or more.  Puzzles "
    "whose best line is a single move are never published."
)

TAGS = (
    "transfer",
    "clear-stack",
    "clear-stack-3",
    "clear-stack-4",
    "centre",
    "blocking",
    "hidden-move",
    "single-best",
)


def level_for(par: int, insight: int) -> str:
    """The v1 level of a puzzle with this par and insight (monotone in both)."""
    base = sum(par >= step for step in PAR_STEPS)
    bump = sum(insight >= step for step in INSIGHT_STEPS)
    return LEVELS[min(base + bump, len(LEVELS) - 1)]


# -- what a line does ----------------------------------------------------------


def transfers(line: Line) -> int:
    """Moves of a card that already rested on a card (on to its support's twin)."""
    return sum(before.is_transfer(move) for before, move, _ in line.position.replay(line.moves))


def cleared_stacks(line: Line) -> list[int]:
    """For each cell the line empties, the most cards it held during the line."""
    tallest = [len(s) for s in line.position.cells]
    for _, move, after in line.position.replay(line.moves):
        tallest[move.dst] = max(tallest[move.dst], len(after.cells[move.dst]))
    return [tallest[i] for i in range(CELLS) if line.position.cells[i] and not line.final.cells[i]]


def blocked_pairs(position: Position) -> set[frozenset[int]]:
    """Pairs of cells whose stacks hold twins both resting on their supports (RULES.md,
    "Blocking"): neither can move again, so neither stack can be cleared, whatever is
    placed on them later."""
    rests: dict[int, set[int]] = {}
    for i, stack in enumerate(position.cells):
        for card in stack[1:]:  # every card above a stack's bottom rests on a support
            rests.setdefault(card.cls, set()).add(i)
    return {frozenset(cells) for cells in rests.values() if len(cells) == 2}


def blocked_twins(position: Position, pair: frozenset[int]) -> tuple[Card, Card]:
    """The twins that block a pair of :func:`blocked_pairs`, in cell order: not always
    the top cards, for cards may lie on them (the uppermost blocked twins if two kinds)."""
    first, second = sorted(pair)
    resting = {card.cls: card for card in position.cells[second][1:]}
    for card in reversed(position.cells[first][1:]):
        if card.cls in resting:
            return card, resting[card.cls]
    raise ValueError(f"cells {first} and {second} are not a blocked pair")


def technique_tags(best: Line, novice: Line, best_ends: int) -> tuple[str, ...]:
    """The tags of :data:`TAGS` that the best line (and the novice's) bear out."""
    tags = []
    if transfers(best):
        tags.append("transfer")
    cleared = max(cleared_stacks(best), default=0)
    tags += [
        name
        for name, size in (("clear-stack", 2), ("clear-stack-3", 3), ("clear-stack-4", 4))
        if cleared >= size
    ]
    if any(best.position.cells[i] and not best.final.cells[i] for i in CENTRE):
        tags.append("centre")
    # Blocking matters when the best line cannot avoid it, or when the hasty
    # line falls into it and the best line (blocking nothing) shows the way round.
    before = blocked_pairs(best.position)
    if blocked_pairs(best.final) - before or blocked_pairs(novice.final) - before:
        tags.append("blocking")
    if not novice.moves and best.moves:
        tags.append("hidden-move")
    if best_ends == 1:
        tags.append("single-best")
    return tuple(tags)


# -- descriptions and ids --------------------------------------------------------


def describe(position: Position) -> str:
    """The compact description ``cc:...`` of a position."""

    def card(c: Card) -> str:
        return ("T" if c.rank == 10 else RANK_NAMES[c.rank - 1]) + c.suit.value

    return "cc:" + ".".join("".join(map(card, s)) if s else "-" for s in position.cells)


def position_from_description(desc: str) -> Position:
    """Rebuild a position from ``describe``'s text (or plain position text, or the text
    ``deal`` prints, whose layout it is)."""
    text = desc.strip().replace("\r\n", "\n")  # a deal saved with Windows line ends
    if text.startswith("Deal for seed ") and "\nLayout:" in text:
        # 'deal | solve -': the layout printed under the deal, not its 52 cards.
        layout = text.split("\nLayout:", 1)[1].split("\n\n", 1)[0]
        return Position.parse(layout.strip())
    if not text.lower().startswith("cc:"):
        return Position.parse(text)
    cells = text[3:].split(".")
    if len(cells) != CELLS:
        raise PuzzleIdError(f"a description has {CELLS} cells, got {len(cells)} in {desc!r}")
    tokens = []
    for cell in cells:
        if cell == "-":
            tokens.append("--")
        elif len(cell) % 2 or not cell:
            raise PuzzleIdError(f"malformed cell {cell!r} in description {desc!r}")
        else:
            tokens.append("/".join(cell[i : i + 2] for i in range(0, len(cell), 2)))
    return Position.parse(" ".join(tokens))


def puzzle_id(position: Position) -> str:
    digest = hashlib.sha256(describe(position).encode()).digest()
    return "CC-" + base64.b32encode(digest).decode()[:10]


# -- puzzles ---------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A graded Cat's Cradle puzzle.  Build with :func:`make_puzzle` or :func:`from_position`."""

    kind: str
    position: Position
    best: Line
    novice: Line
    best_ends: int
    seed: str | None = None
    #: Which of :data:`GRADINGS` sets :attr:`level`.
    grading: str = GRADING

    @property
    def game(self) -> str:
        return "cats-cradle"

    @property
    def par(self) -> int:
        """Spaces the best line creates."""
        return self.best.spaces - self.position.spaces

    @property
    def novice_spaces(self) -> int:
        return self.novice.spaces - self.position.spaces

    @cached_property
    def insight(self) -> int:
        points = self.par - self.novice_spaces + transfers(self.best)
        points += max(cleared_stacks(self.best), default=0) >= 3
        points += 2 * ("hidden-move" in self.tags)
        return points

    @cached_property
    def rung(self) -> int:
        """The index in :data:`players.LADDER` of the weakest player who reaches par."""
        return first_rung(self.position, self.par)

    @cached_property
    def points(self) -> int:
        """v3's difficulty points: the grade's rung, plus par, plus twice the spaces the
        hasty player (the ladder's first rung, the novice line) misses."""
        return self.rung + self.par + 2 * (self.par - self.novice_spaces)

    @property
    def grade(self) -> str:
        """The name of that player, e.g. ``"look-ahead-3"``."""
        return LADDER[self.rung].name

    @cached_property
    def level(self) -> str:
        if self.grading == "v1":
            return level_for(self.par, self.insight)
        if self.grading == "v2":
            return RUNG_LEVELS[self.rung]
        return LEVELS[sum(self.points >= cut for cut in POINT_CUTS)]

    @property
    def publishable(self) -> bool:
        """Worth printing: the best line takes more than one move."""
        return len(self.best.moves) > 1

    @cached_property
    def tags(self) -> tuple[str, ...]:
        return technique_tags(self.best, self.novice, self.best_ends)

    @cached_property
    def key(self) -> str:
        return canonical_key(self.position)

    @property
    def id(self) -> str:
        return puzzle_id(self.position)

    @property
    def description(self) -> str:
        return describe(self.position)

    @property
    def position_text(self) -> str:
        return str(self.position)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "seed": self.seed,
            "description": self.description,
            "position": self.position_text,
            "par": self.par,
            "level": self.level,
            "grading": self.grading,
            "grade": self.grade,
            "insight": self.insight,
            "tags": list(self.tags),
            "line": [m.to_json() for m in self.best.moves],
            "final": str(self.best.final),
            "novice_spaces": self.novice_spaces,
            "novice_line": [m.to_json() for m in self.novice.moves],
            "key": self.key,
        }


def from_position(
    position: Position, kind: str = "opening", seed: str | None = None, grading: str = GRADING
) -> Puzzle:
    """Solve and grade ``position``."""
    if grading not in GRADINGS:
        raise InvalidInputError(f"unknown grading {grading!r} (choose from {', '.join(GRADINGS)})")
    analysis = analyse(position)
    return Puzzle(
        kind,
        position,
        analysis.best,
        novice_line(position),
        len(analysis.best_ends),
        seed,
        grading,
    )


def midgame_position(seed: str) -> Position | None:
    """The mid-game position for ``seed``, or None when the deal offers none.

    The deal is played with the best line each sequence; the candidates are
    the starts of sequences 2 onwards that hold a stack and are not the
    game's last sequence, and the seed picks one.
    """
    turns = list(play(Deal.from_seed(seed)))
    candidates = [
        t.filled
        for t in turns[:-1]
        if any(len(s) > 1 for s in t.filled.cells) and not t.filled.spaces
    ]
    if not candidates:
        return None
    return candidates[SeededStream("cats-cradle/midgame", seed).below(len(candidates))]


def make_puzzle(kind: str, seed: str, grading: str = GRADING) -> Puzzle | None:
    """The puzzle of ``kind`` for ``seed``, or None if that seed gives no puzzle.

    A puzzle needs at least one space to find.

    >>> make_puzzle("opening", "42").position == Deal.from_seed("42").layout
    True
    """
    if kind == "opening":
        position: Position | None = Deal.from_seed(seed).layout
    elif kind == "midgame":
        position = midgame_position(seed)
    else:
        raise InvalidInputError(f"unknown kind {kind!r} (choose from {', '.join(KINDS)})")
    if position is None:
        return None
    puzzle = from_position(position, kind, seed, grading)
    return puzzle if puzzle.par > 0 else None


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    """Rebuild a puzzle from its JSON (only its position, kind, seed and grading are read).

    JSON written before gradings were named is graded afresh with :data:`GRADING`.
    """
    return from_position(
        Position.parse(data["position"]),
        data["kind"],
        data.get("seed"),
        data.get("grading", GRADING),
    )
