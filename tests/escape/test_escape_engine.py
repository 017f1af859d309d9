"""The bitset engine (position.Frame) against plain set-based code written here.

The move generator, the main group, the pocket and the players' measure all
read the board as Python ints used as bitsets, and a position reached by
:meth:`Position.apply` inherits its parent's frame.  Each is checked here
against the obvious cell-by-cell reading of ESCAPE.md, on fresh positions
and on positions reached move by move, for the side to move and the other.
"""

from __future__ import annotations

import functools

from escape_helpers import c2, c5, random_game
from test_escape_solver import oracle_moves, state_of

from puzzlegen.escape.analysis import escape_cut, free_fronts, pocket, pocket_size
from puzzlegen.escape.cards import CARDS, WHITE
from puzzlegen.escape.players import (
    OPENING_DOMAIN,
    OPENING_PLIES,
    STEPS,
    evaluate,
    opening_move,
    play_game,
)
from puzzlegen.escape.position import (
    NEIGHBOURS,
    STRIDE,
    Move,
    Position,
    bits_ascending,
    cell,
    key,
)
from puzzlegen.rng import SeededStream

WIN = 1000.0


def plain_main(p: Position) -> frozenset[int]:
    seen = {key(0, 0)}
    stack = list(seen)
    while stack:
        k = stack.pop()
        for d in NEIGHBOURS:
            if k + d in p.white and k + d not in seen:
                seen.add(k + d)
                stack.append(k + d)
    return frozenset(seen)


def plain_gaps(p: Position) -> frozenset[int]:
    return frozenset(k + d for k in plain_main(p) for d in NEIGHBOURS
                     if k + d not in p.white and k + d not in p.black)


def plain_pocket(p: Position, limit: int) -> frozenset[int] | None:
    seen = set(plain_main(p))
    stack = list(seen)
    blanks: set[int] = set()
    while stack:
        k = stack.pop()
        for d in NEIGHBOURS:
            n = k + d
            if n in p.black or n in seen:
                continue
            seen.add(n)
            stack.append(n)
            if n not in p.white:
                blanks.add(n)
                if len(blanks) > limit:
                    return None
    return frozenset(blanks)


def plain_evaluate(p: Position) -> float:
    """players.evaluate read cell by cell (ESCAPE.md §9.1's measure)."""
    gaps = plain_gaps(p)
    if not gaps:
        return -WIN
    if p.to_move == WHITE and p.white_hand and not p.placements():
        return -WIN
    if p.to_move == WHITE and not p.white_hand and not p.black_hand:
        return WIN
    room = plain_pocket(p, 40)
    if room is not None:
        return float(len(room) - sum(len(CARDS[c].squares) for c in p.white_hand)) - 50.0
    occupied = p.white | p.black
    seen = set(gaps)
    frontier = list(gaps)
    for _ in range(STEPS):
        nxt = []
        for k in frontier:
            for d in NEIGHBOURS:
                n = k + d
                if n not in occupied and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 2.0 * len(gaps) + len(seen)


@functools.cache
def positions() -> list[Position]:
    out = [c2(), c2("black"), c5(), c5(to_move="black")]
    for seed in range(4):
        out += random_game(seed, 40)
    for seed in range(2):
        moves, _ = play_game("greedy-e", "greedy-e", seed)
        p = Position.start()
        for m in moves:
            p = p.apply(m)
            out.append(p)
    return out


def test_placements_agree_with_the_oracle_for_both_sides() -> None:
    checked = 0
    for p in positions()[::10]:
        for side in ("white", "black"):
            q = Position(p.white, p.black, p.white_hand, p.black_hand, side)
            mine = {(CARDS[m.card].face, frozenset(m.squares)) for m in q.placements()}
            theirs = {(CARDS[c].face, sq) for c, sq in oracle_moves(state_of(q))}
            assert mine == theirs, str(q)
            checked += 1
    assert checked > 20


def test_an_inherited_frame_reads_as_a_fresh_one() -> None:
    inherited = 0
    for p in positions():
        inherited += "frame" in p.__dict__
        fresh = Position.parse(str(p))
        assert fresh == p
        assert p.placements() == fresh.placements()
        assert p.outcome == fresh.outcome
        f = p.frame
        main = frozenset(key(*f.cell_of(b)) for b in bits_ascending(f.main))
        assert main == p.main_group == fresh.main_group == plain_main(p)
        assert p.gaps == fresh.gaps == plain_gaps(p)
        assert f.keys(f.bits(p.white)) == p.white and f.keys(f.black) == p.black
    assert inherited > 50


def test_the_measures_agree_with_plain_cell_code() -> None:
    for p in positions():
        assert evaluate(p) == plain_evaluate(p), str(p)
        for limit in (5, 40, 400):
            expected = plain_pocket(p, limit)
            assert pocket(p, limit) == expected, str(p)
            assert pocket_size(p, limit) == (None if expected is None else len(expected))


def plain_free_fronts(p: Position) -> int:
    occupied = p.white | p.black
    main = plain_main(p)
    used: set[int] = set()
    count = 0
    for g in sorted(plain_gaps(p)):
        for d in NEIGHBOURS:
            if g - d not in main:
                continue
            side = STRIDE if abs(d) == 1 else 1
            block = [g + i * d + j * side for i in range(3) for j in (-1, 0, 1)]
            if any(k in occupied or k in used for k in block):
                continue
            used.update(block)
            count += 1
            break
    return count


def test_the_solvers_measures_agree_with_plain_cell_code() -> None:
    for p in positions():
        assert free_fronts(p) == plain_free_fronts(p), str(p)
        assert escape_cut(p, 0) == (0 if plain_pocket(p, 400) is not None else 1), str(p)


def test_the_pocket_of_the_seeds_ending_is_its_two_gaps() -> None:
    assert sorted(cell(k) for k in pocket(c5()) or ()) == [(0, 3), (0, 5)]


def test_a_seeded_opening_gives_each_seed_its_own_game_and_replays() -> None:
    games = [play_game("greedy", "greedy", seed, opening=OPENING_PLIES)[0] for seed in range(4)]
    assert len({tuple(g) for g in games}) == 4
    assert play_game("greedy", "greedy", 2, opening=OPENING_PLIES)[0] == games[2]
    # Without an opening, greedy plays one game whatever the seed (ties aside).
    assert play_game("greedy", "greedy", 0)[0] == play_game("greedy", "greedy", 0)[0]


def test_an_opening_never_walks_into_the_cages_trap() -> None:
    # ESCAPE.md C1: a dot alone in the cage's mouth is closed at once by an upright B1.
    trap = Move.parse("W1@0,1")
    assert trap in Position.start().legal_moves()
    for seed in range(12):
        move = opening_move(Position.start(), SeededStream(OPENING_DOMAIN, seed))
        assert Position.start().canonical(move) != trap
