"""Escape puzzles: "White to play and escape" and "Black to play and capture".

A puzzle is a position from a seeded game in which the side to move wins
with perfect play by **exactly one** first move (moves that leave the same
cells, up to the table's turns, count as one), proven by the exact solver:
the winning move wins, and every other move is proven to lose.  Positions
are *studies* (:func:`candidates`): the board of the puzzle seed's game
after a few plays, with both hands cut to a few seeded cards; the first
that makes a puzzle is taken.  Capture puzzles have studies of their own
(:func:`capture_studies`), which :func:`make_puzzle` can search for one
level (the weekend days, ``generate --level``), ruling studies out by the
grading ladder's choices and cheap proofs before the exact one.

The answer is the key move and a line to the end of the game: the winner
plays a proven winning move each turn, the loser the greedy player's
choice.  :func:`puzzle_from_json` replays it and refuses a line that does
not end in the asked win.

Grading (as Cat's Cradle's ladder): the weakest of the players ``greedy``,
``lookahead`` and ``search`` whose choice in the position is the key move
sets the level: Easy, Medium, Hard; Expert when none finds it.

Ids and keys: the key is ``escape:<kind>:`` and the position text of the
least of the position's table turns (the solver's symmetry), so the same
puzzle turned is one puzzle; the id ``ES-XXXXXXXXXX`` hashes the key.  The
description ``escape:<kind>:<position text>`` rebuilds a puzzle.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from typing import Any

from puzzlegen.errors import InvalidInputError, PositionError
from puzzlegen.escape.cards import BLACK, WHITE
from puzzlegen.escape.players import PLAYERS, SIZE, greedy_player
from puzzlegen.escape.position import STUCK, Move, Position, cell, key
from puzzlegen.escape.solver import Solver, Unknown
from puzzlegen.games import LEVELS
from puzzlegen.rng import SeededStream

ESCAPE = "escape"
CAPTURE = "capture"
KINDS: tuple[str, ...] = (ESCAPE, CAPTURE)
SIDE = {ESCAPE: WHITE, CAPTURE: BLACK}

TAGS: tuple[str, ...] = (
    "turned",  # the key card is laid turned
    "overlap",  # the key black card lies partly on black squares
    "reconnect",  # the key white card joins a detached white square to the main group
    "squeeze",  # White can only fill its own gaps
    "stuck",  # the line ends with White unable to lay a card
    "closed-in",  # the main group is already closed in (no way out to the open table)
)

#: Studies tried per seed (see :func:`candidates`).
STUDIES = 12
#: Studies take the board after at most this many plays of the seed's game.
STUDY_PLIES = 6
#: Node budgets: for deciding the position, and for each other move's refutation.
BUDGET = 1000
CHILD_BUDGET = 600
#: All the refutations of one position together may search at most this many positions.
TOTAL_BUDGET = 4000
#: Capture studies tried per seed, from the board after at most this many plays
#: (see :func:`capture_studies`), and the most cards left and black squares kept.
CAPTURE_STUDIES = 32
CAPTURE_PLIES = 10
CAPTURE_CARDS = 4
CAPTURE_SQUARES = 9
CAPTURE_DOMAIN = "escape-capture"
#: Hard (and Expert) capture days take studies with at most this many cards left:
#: asking the search player costs about eight times more with four cards than
#: with three (12 seeds: 14.3 s of CPU for 118 four-card studies, 1.7 s for 97
#: three-card ones), and the Hard studies found in the search had three.
HARD_CAPTURE_CARDS = 3
#: The grading ladder, weakest first.
LADDER = ("greedy", "lookahead", "search")
PUZZLE_DOMAIN = "escape-puzzle"
GRADE_DOMAIN = "escape-grade"

LEVEL_RULES = (
    "Escape levels come from a ladder of computer players, weakest first: greedy (one "
    "move deep), lookahead (two moves deep) and search (lookahead with an exact "
    "endgame search on a small budget).  A puzzle is Easy when greedy finds the one "
    "winning move, Medium when lookahead is the first to find it, Hard when only search "
    "does, Expert when none of them does."
)


def describe(kind: str, position: Position) -> str:
    return f"escape:{kind}:{position}"


def parse_description(text: str) -> tuple[str, Position]:
    """Read ``escape:<kind>:<position text>``."""
    parts = text.strip().split(":", 2)
    if len(parts) != 3 or parts[0] != "escape":
        raise PositionError(
            f"an Escape puzzle description reads escape:<kind>:<position>, got {text!r}"
        )
    if parts[1] not in KINDS:
        raise PositionError(f"unknown Escape puzzle kind {parts[1]!r} (choose from "
                            f"{', '.join(KINDS)})")
    position = Position.parse(parts[2])
    if position.to_move != SIDE[parts[1]]:
        raise PositionError(f"an {parts[1]} puzzle has {SIDE[parts[1]]} to play: {text!r}")
    return parts[1], position


def plain_position(text: str) -> str:
    """A puzzle description as the position text it stands for; other text as it is."""
    stripped = text.strip()
    if not stripped.startswith("escape:"):
        return text
    return str(parse_description(stripped)[1])


def canonical_text(position: Position) -> str:
    """The text of the least of the position's four turns about the Nothing square."""
    best: str | None = None
    for turns in range(4):
        cells_w = [cell(k) for k in position.white]
        cells_b = [cell(k) for k in position.black]
        for _ in range(turns):
            cells_w = [(c, -r) for r, c in cells_w]
            cells_b = [(c, -r) for r, c in cells_b]
        turned = Position(frozenset(key(r, c) for r, c in cells_w),
                          frozenset(key(r, c) for r, c in cells_b),
                          position.white_hand, position.black_hand, position.to_move)
        text = str(turned)
        if best is None or text < best:
            best = text
    assert best is not None
    return best


def puzzle_id(key_text: str) -> str:
    digest = hashlib.sha256(key_text.encode()).digest()
    return "ES-" + base64.b32encode(digest).decode()[:10]


@dataclass(frozen=True)
class Puzzle:
    """A graded Escape puzzle: the position, its one winning move and a line to the end."""

    kind: str
    position: Position
    line: tuple[Move, ...]  # the key move first
    finders: tuple[bool, ...]  # for each rung of LADDER: did that player play the key move?
    seed: str | None = None

    @property
    def game(self) -> str:
        return "escape"

    @property
    def answer(self) -> Move:
        return self.line[0]

    @property
    def par(self) -> int:
        """The cards left to play in the position."""
        return self.position.cards_left

    @property
    def rung(self) -> int:
        for i, found in enumerate(self.finders):
            if found:
                return i
        return len(self.finders)

    @property
    def level(self) -> str:
        return LEVELS[min(self.rung, len(LEVELS) - 1)]

    @property
    def publishable(self) -> bool:
        return True

    @property
    def positions(self) -> list[Position]:
        """The position, then the position after each move of the line."""
        out = [self.position]
        for move in self.line:
            out.append(out[-1].play(move))
        return out

    @property
    def tags(self) -> tuple[str, ...]:
        found: set[str] = set()
        p = self.position
        move = self.answer
        if move.turns:
            found.add("turned")
        if not move.is_pass and p.to_move == BLACK and move.keys & p.black:
            found.add("overlap")
        if not move.is_pass and p.to_move == WHITE:
            after = p.apply(move)
            if after.main_group & p.detached:
                found.add("reconnect")
        whites = [q for q in self.positions if q.to_move == WHITE and q.outcome is None]
        if any(q.placements() and all(m.keys & q.gaps == m.keys or m.keys <= q.gaps
                                      for m in q.placements()) and _squeezed(q)
               for q in whites):
            found.add("squeeze")
        end = self.positions[-1].outcome
        if end is not None and end[1] == STUCK:
            found.add("stuck")
        from puzzlegen.escape.analysis import pocket

        if pocket(p, limit=60) is not None:
            found.add("closed-in")
        return tuple(t for t in TAGS if t in found)

    @property
    def key(self) -> str:
        return f"escape:{self.kind}:{canonical_text(self.position)}"

    @property
    def id(self) -> str:
        return puzzle_id(self.key)

    @property
    def description(self) -> str:
        return describe(self.kind, self.position)

    @property
    def position_text(self) -> str:
        return str(self.position)

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
            "seed": self.seed,
            # The answer stays in the text notation: this object is the daily page's
            # puzzle.json, whose published days are pinned byte for byte
            # (tests/data/escape_daily.jsonl) and whose script parses these strings.
            # puzzle_from_json reads §7 move objects too.
            "answer": [str(m) for m in self.line],
            "finders": list(self.finders),
        }


def _squeezed(position: Position) -> bool:
    """Every legal White play fills one of its own gaps and opens no new one."""
    for m in position.placements():
        after = position.apply(m)
        if not after.gaps < position.gaps:
            return False
    return True


def _distinct_children(position: Position, solver: Solver) -> dict[object, list[Move]]:
    groups: dict[object, list[Move]] = {}
    for move in position.legal_moves():
        groups.setdefault(solver._key(position.apply(move)), []).append(move)
    return groups


def key_move(position: Position, *, budget: int = CHILD_BUDGET) -> Move | None:
    """The one winning move of the side to move, or None if there is none, more than
    one, or the solver cannot prove it within ``budget`` positions a move."""
    if position.outcome is not None:
        return None
    mover = position.to_move
    solver = Solver(budget=budget)
    groups = _distinct_children(position, solver)
    if len(groups) < 2:
        return None
    winners: list[Move] = []
    # Try likely winners first, so a second winner rules the position out early.
    ordered = sorted(groups.values(), key=lambda ms: -_promise(position, ms[0]))
    spent = 0
    for moves in ordered:
        child = position.apply(moves[0])
        try:
            won = solver.winner(child) == mover
            spent += solver.stats.nodes
            if spent > TOTAL_BUDGET:
                return None
            if won:
                winners.append(moves[0])
                if len(winners) > 1:
                    return None
        except Unknown:
            return None
    return winners[0] if len(winners) == 1 else None


def _promise(position: Position, move: Move) -> float:
    from puzzlegen.escape.players import evaluate

    sign = 1.0 if position.to_move == WHITE else -1.0
    return sign * evaluate(position.apply(move))


def answer_line(position: Position, first: Move, *, budget: int = CHILD_BUDGET) -> list[Move]:
    """``first``, then the winner's proven moves and the loser's greedy replies to the end."""
    winner = position.to_move
    line = [first]
    current = position.apply(first)
    stream = SeededStream(GRADE_DOMAIN, str(position))
    solver = Solver(budget=budget * 10)
    while current.outcome is not None or current.legal_moves():
        if current.outcome is not None:
            break
        if current.to_move == winner:
            move = next(m for m in _ordered(current)
                        if _wins_after(solver, current.apply(m), winner))
        else:
            move = greedy_player(current, stream)
        line.append(move)
        current = current.apply(move)
    return line


def _ordered(position: Position) -> list[Move]:
    return sorted(position.legal_moves(), key=lambda m: -_promise(position, m))


def _wins_after(solver: Solver, child: Position, side: str) -> bool:
    return solver.winner(child) == side


def finders(position: Position, answer: Move) -> tuple[bool, ...]:
    """For each player of :data:`LADDER`: does it play a move equivalent to ``answer``?"""
    solver = Solver()
    target = solver._key(position.apply(answer))
    out = []
    for name in LADDER:
        choice = ladder_choice(name, position)
        out.append(solver._key(position.apply(choice)) == target)
    return tuple(out)


def from_position(kind: str, position: Position, seed: str | None = None) -> Puzzle | None:
    """The puzzle ``position`` makes, or None (no unique proven winning move)."""
    if kind not in KINDS:
        raise InvalidInputError(f"unknown Escape puzzle kind {kind!r} (choose from "
                                f"{', '.join(KINDS)})")
    if position.to_move != SIDE[kind]:
        return None
    first = key_move(position)
    if first is None:
        return None
    try:
        line = answer_line(position, first)
    except (Unknown, StopIteration):
        return None
    return Puzzle(kind, position, tuple(line), finders(position, first), seed)


def candidates(kind: str, seed: str) -> list[Position]:
    """The seed's *studies*, in order: the board after a seeded number (0 to
    :data:`STUDY_PLIES`) of plays of the seed's game (``greedy-e`` White against
    ``greedy`` Black), with each hand cut to a few of its cards, chosen by the
    seed, and ``kind``'s side to move.  A study is a legal position (both hands
    public, any cards may remain) that no game need have reached, as a chess
    study is.  Early boards keep Black's choices few enough for the solver to
    prove every one of them; late positions of whole games were tried first and
    were almost never decided within budget (see the README).
    """
    live = _seed_game_boards(f"{PUZZLE_DOMAIN}:{kind}:{seed}", STUDY_PLIES)
    stream = SeededStream(PUZZLE_DOMAIN, f"{kind}:{seed}")
    found = []
    for _ in range(STUDIES):
        board = live[stream.below(len(live))]
        whites = _some(board.white_hand, 1 + stream.below(2), stream)
        blacks = _some(board.black_hand, len(whites) - (1 if kind == ESCAPE else 0)
                       + stream.below(2), stream)
        if not whites:
            continue
        study = Position(board.white, board.black, whites, blacks, SIDE[kind])
        if study.outcome is None:
            found.append(study)
    return found


def _seed_game_boards(key: str, plies: int) -> list[Position]:
    """The unfinished boards of the first ``plies`` plays of the game ``key``
    seeds (``greedy-e`` White against ``greedy`` Black), the start first."""
    from puzzlegen.escape.players import PLAYERS

    streams = {WHITE: SeededStream("escape-player-white", key),
               BLACK: SeededStream("escape-player-black", key)}
    players = {WHITE: PLAYERS["greedy-e"], BLACK: PLAYERS["greedy"]}
    boards = [Position.start()]
    while len(boards) <= plies and boards[-1].outcome is None:
        board = boards[-1]
        boards.append(board.apply(players[board.to_move](board, streams[board.to_move])))
    return [p for p in boards if p.outcome is None]


def _some(hand: tuple[str, ...], count: int, stream: SeededStream) -> tuple[str, ...]:
    """``count`` cards of ``hand`` (all of them if fewer), chosen by ``stream``, in id order."""
    pool = list(hand)
    chosen = []
    for _ in range(min(count, len(pool))):
        chosen.append(pool.pop(stream.below(len(pool))))
    return tuple(c for c in hand if c in chosen)


def capture_studies(seed: str) -> list[Position]:
    """The seed's "Black to play and capture" studies, in order, cheap ones only.

    As :func:`candidates`, but from the first :data:`CAPTURE_PLIES` plays of the
    seed's game, with one or two white cards against two or three black ones,
    and only studies the exact proofs settle quickly: at most
    :data:`CAPTURE_CARDS` cards left and :data:`CAPTURE_SQUARES` black squares
    (each black play the solver weighs costs a minimum cut, and these grow fast
    with Black's squares), none whose main group Black can no longer close in
    (its escape cut exceeds Black's squares: White wins), and each position once.
    """
    live = _seed_game_boards(f"{CAPTURE_DOMAIN}:{seed}", CAPTURE_PLIES)
    stream = SeededStream(CAPTURE_DOMAIN, seed)
    found: list[Position] = []
    seen: set[str] = set()
    for _ in range(CAPTURE_STUDIES):
        board = live[stream.below(len(live))]
        whites = _some(board.white_hand, 1 + stream.below(2), stream)
        blacks = _some(board.black_hand, 2 + stream.below(2), stream)
        study = Position(board.white, board.black, whites, blacks, BLACK)
        text = str(study)
        if text in seen or not whites or study.outcome is not None:
            continue
        seen.add(text)
        if _cheap_to_prove(study) and not _black_cannot_close(study):
            found.append(study)
    return found


def _black_squares(position: Position) -> int:
    return sum(SIZE[c] for c in position.black_hand)


def _cheap_to_prove(position: Position) -> bool:
    return (position.cards_left <= CAPTURE_CARDS
            and _black_squares(position) <= CAPTURE_SQUARES)


def _black_cannot_close(position: Position) -> bool:
    """True if Black's squares left cannot cut the open main group off (White wins)."""
    from puzzlegen.escape.analysis import escape_cut, pocket_bits

    if pocket_bits(position) is not None:
        return False
    squares = _black_squares(position)
    return escape_cut(position, squares) > squares


def immediate_wins(position: Position) -> int:
    """How many distinct moves (up to the table's turns) win at once for the side to move."""
    solver = Solver()
    mover = position.to_move
    won: set[object] = set()
    for move in position.legal_moves():
        child = position.apply(move)
        end = child.outcome
        if end is None and mover == BLACK and not child.frame.targets:
            end = (BLACK, "")
        if end is not None and end[0] == mover:
            won.add(solver._key(child))
    return len(won)


def _could_grade(position: Position, level: str) -> bool:
    """False if ``position`` cannot make a puzzle of ``level``, told by cheap proofs
    on the ladder's own choices (its players and streams, as :func:`finders` asks
    them) before the exact proof of the whole position.

    A move that wins at once is greedy's choice (it scores the win), so two of
    them make no puzzle and one makes an Easy one.  Above Easy, the choice of
    every player below the level must lose (if it won it would be the key move,
    found too early, or a second winning move), and the level's own player's
    choice must win.
    """
    rung = LEVELS.index(level)
    now = immediate_wins(position)
    if now:
        return now == 1 and rung == 0
    if rung == 0:
        return True
    solver = Solver(budget=CHILD_BUDGET)
    mover = position.to_move
    try:
        for name in LADDER[:rung]:
            if solver.winner(position.apply(ladder_choice(name, position))) == mover:
                return False
        if rung < len(LADDER):
            choice = position.apply(ladder_choice(LADDER[rung], position))
            return solver.winner(choice) == mover
    except Unknown:
        return False
    return True


def ladder_choice(name: str, position: Position) -> Move:
    """The move the ladder's player ``name`` plays in ``position`` when grading it."""
    return PLAYERS[name](position, SeededStream(GRADE_DOMAIN, f"{name}:{position}"))


def make_puzzle(kind: str, seed: str, level: str | None = None) -> Puzzle | None:
    """The puzzle of ``kind`` for ``seed``, or None if none of its candidates makes one.

    With ``level`` (capture puzzles only), the first of the seed's studies that
    makes a puzzle of that level: the ladder's choices and cheap proofs rule out
    the other studies before the exact proof (the daily's weekend days).
    """
    if kind not in KINDS:
        raise InvalidInputError(f"unknown Escape puzzle kind {kind!r} (choose from "
                                f"{', '.join(KINDS)})")
    if kind == CAPTURE:
        return _make_capture(seed, level)
    for position in candidates(kind, seed):
        try:
            if Solver(budget=BUDGET).winner(position) != SIDE[kind]:
                continue
        except Unknown:
            continue
        puzzle = from_position(kind, position, seed)
        if puzzle is not None:
            return puzzle
    return None


def _make_capture(seed: str, level: str | None) -> Puzzle | None:
    # Past the ladder's checks for Medium or Hard, a winning move is proven already.
    proven = level in LEVELS[1:len(LADDER)]
    for position in capture_studies(seed):
        if level in LEVELS[2:] and position.cards_left > HARD_CAPTURE_CARDS:
            continue
        if level is not None and not _could_grade(position, level):
            continue
        try:
            if not proven and Solver(budget=BUDGET).winner(position) != BLACK:
                continue
        except Unknown:
            continue
        puzzle = from_position(CAPTURE, position, seed)
        if puzzle is not None and (level is None or puzzle.level == level):
            return puzzle
    return None


def puzzle_from_description(text: str) -> Puzzle | None:
    kind, position = parse_description(text)
    return from_position(kind, position)


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    """Rebuild a stored puzzle; its answer line is replayed and must end in the asked win."""
    try:
        kind, position = parse_description(str(data["description"]))
        line = tuple(_stored_move(m) for m in data["answer"])
        found = tuple(bool(v) for v in data["finders"])
    except (KeyError, TypeError) as exc:
        raise InvalidInputError(f"not a stored Escape puzzle: missing {exc}") from None
    if not line or len(found) != len(LADDER):
        raise InvalidInputError("not a stored Escape puzzle: empty answer or wrong finders")
    puzzle = Puzzle(kind, position, line, found, data.get("seed"))
    end = puzzle.positions[-1].outcome  # replays every move (IllegalMoveError if bad)
    if end is None or end[0] != SIDE[kind]:
        raise InvalidInputError(f"stored answer of {data.get('id')!r} does not end in a "
                                f"{SIDE[kind]} win")
    return puzzle


def _stored_move(value: object) -> Move:
    """A move of a stored answer: its text (as :meth:`Puzzle.to_json` writes it) or a
    §7 move object."""
    return Move.from_json(value) if isinstance(value, dict) else Move.parse(str(value))
