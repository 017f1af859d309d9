"""The compiled core against the pure-Python search, and both against the solver of before.

``_ccore.c`` copies solver.py's search move for move, so the two must give
the same line (not only the same par) on every position: checked on whole
deals under every method, on positions late in a game, and on the positions
of seeded random games for the card moves the simulated players use.
``tests/data/pendulum_pars.txt`` holds what the pure-Python solver found on
deals 0 - 99 before the compiled core existed (par, number of moves and a
hash of the line, all twelve methods): the solver in use must reproduce it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum import solver
from puzzlegen.pendulum.core import CORE, ccore
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal, Position
from puzzlegen.pendulum.solver import encode, pure_python, search_effort, solve_deal
from puzzlegen.rng import SeededStream, stream_prefix

sys.path.insert(0, str(Path(__file__).parent))
from pendulum_helpers import playout, small_position, trimmed_deal

PARS = Path(__file__).parent.parent / "data" / "pendulum_pars.txt"
compiled = pytest.mark.skipif(ccore is None, reason="the compiled core is not built")


def pinned() -> dict[int, list[list[str]]]:
    rows: dict[int, list[list[str]]] = {}
    for line in PARS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fields = line.split()
            rows.setdefault(int(fields[0]), []).append(fields[1:])
    return rows


def summary(deal: Deal) -> list[list[str]]:
    """Each method's result as pendulum_pars.txt writes it."""
    rows = []
    for r in solve_deal(deal):
        if not r.won:
            rows.append([str(r.method), "0", "-", "-", "-"])
            continue
        line = json.dumps([m.to_json() for m in r.moves]).encode()
        digest = hashlib.sha256(line).hexdigest()[:16]
        rows.append([str(r.method), "1", str(r.par), str(r.card_moves), digest])
    return rows


@pytest.mark.parametrize("first", range(0, 100, 25))
def test_the_solver_finds_the_pinned_lines(first: int) -> None:
    # With the compiled core: 100 deals x 12 methods in about a second.  With the pure
    # core (no compiler) this test is slow, and checks the pure core instead.
    rows = pinned()
    count = 5 if CORE != "compiled" else 25
    for seed in range(first, first + count):
        assert summary(Deal.from_seed(seed)) == rows[seed], seed


Answer = tuple[tuple[list[tuple[int, int, int]], int] | None, int]


def both(position: Position) -> tuple[Answer, Answer]:
    """The compiled and the pure search's answer (line, swings, positions examined)."""
    assert ccore is not None
    start = encode(position)
    effort: list[int] = []
    with pure_python():
        pure = solver._search(start, effort=effort)
    steps, swings, examined = ccore.search(*start)
    return (None if steps is None else (steps, swings), examined), (pure, sum(effort))


@compiled
@pytest.mark.parametrize("seed", range(100, 106))
def test_compiled_and_pure_search_agree_on_whole_deals(seed: int) -> None:
    deal = Deal.from_seed(seed)
    for method in METHODS:
        c, pure = both(deal.start(method))
        assert c == pure, (seed, str(method))


def late_positions(group: int) -> list[Position]:
    """Positions late in a game (scattered piles, trimmed deals) and, for group 2,
    from the middle of random games, some with a swing just made."""
    if group == 0:
        return [small_position(seed, 12) for seed in range(80)]
    if group == 1:
        return [trimmed_deal(seed, 10 + seed % 8) for seed in range(80)]
    return [
        position
        for seed in range(4)
        for n, position in enumerate(playout(Deal.from_seed(seed).start(METHODS[seed]), seed))
        if n % 20 == 9
    ]


@compiled
@pytest.mark.parametrize("group", range(3))
def test_compiled_and_pure_search_agree_late_in_games(group: int) -> None:
    outcomes = set()
    for position in late_positions(group):
        c, pure = both(position)
        assert c == pure, str(position)
        outcomes.add("lost" if c[0] is None else "won")
    assert outcomes == ({"won"} if group == 1 else {"won", "lost"})


@compiled
def test_compiled_card_moves_agree_with_the_pure_ones() -> None:
    assert ccore is not None
    checked = 0
    for seed in range(30):
        for position in playout(Deal.from_seed(seed).start(METHODS[seed % 12]), seed):
            cells = encode(position)[0]
            moves = solver._moves(cells, solver._foundations(cells))
            assert ccore.moves(cells) == moves
            for move in moves:
                assert ccore.apply(cells, move) == solver._apply(cells, move)
            for side in (0, 1):
                assert ccore.swing(cells, side) == solver._swing(cells, side)
            checked += 1
    assert checked > 1000


@compiled
def test_search_effort_is_the_same_with_either_core() -> None:
    position = Deal.from_seed(3).start("down-2")
    with pure_python():
        pure = search_effort(position)
    assert search_effort(position) == pure > 0


@compiled
@pytest.mark.parametrize(
    "cells",
    [[0] * 47, [0] * 47 + ["x"], [0] * 47 + [5000], [0] * 47 + [0x0D0]],
    ids=["short", "not-int", "too-big", "top-after-base"],
)
def test_the_compiled_core_refuses_bad_cells(cells: list[object]) -> None:
    assert ccore is not None
    with pytest.raises((ValueError, TypeError)):
        ccore.search(cells, 0, 0)  # type: ignore[arg-type]
    with pytest.raises((ValueError, TypeError)):
        ccore.moves(cells)  # type: ignore[arg-type]


# -- the simulated players in the compiled core ------------------------------------


@compiled
def test_the_compiled_stream_gives_seeded_streams_words() -> None:
    # Prefixes of every length around SHA-256's 64-byte blocks (55, 56, 64 ...), and
    # enough words (12 blocks) for block numbers of two digits.
    assert ccore is not None
    for length in [*range(0, 130), 200, 1000]:
        domain, seed = "d" * (length // 2), "s" * (length - length // 2)
        prefix = stream_prefix(domain, seed)
        stream = SeededStream(domain, seed)
        expected = [stream.below(2**32) for _ in range(96)]
        assert ccore.stream_words(prefix, 96) == expected, length


def player_positions() -> list[Position]:
    """Whole deals under every method, and positions from the middle of random games
    (some just after a swing, so a player starts with in_a_row 1 or 2)."""
    starts = [Deal.from_seed(f"players-{n}").start(METHODS[n % 12]) for n in range(24)]
    middles = [
        position
        for seed in range(3)
        for n, position in enumerate(playout(Deal.from_seed(seed).start(METHODS[seed]), seed))
        if n % 15 == 4
    ]
    return starts + middles


@compiled
def test_compiled_and_pure_players_play_the_same_games() -> None:
    results = []
    for position in player_positions():
        state = encode(position)
        for player in pp.PLAYER_CODES:
            seeds = [f"{position}|{n}" for n in range(1, 4)] if player == "random" else [None]
            for seed in seeds:
                fast = pp.play_state(state, player, pp.PLAYER_DOMAIN, seed)
                with pure_python():
                    slow = pp.play_state(state, player, pp.PLAYER_DOMAIN, seed)
                assert fast == slow, (str(position), player, seed)
                results.append(fast)
    # Real games: both wins (of several lengths) and losses were compared.
    assert None in results and len({r for r in results if r is not None}) >= 3


@compiled
def test_the_ladder_is_the_same_with_either_core() -> None:
    for n in range(6):
        position = Deal.from_seed(f"ladder-{n}").start(METHODS[n * 7 % 12])
        for grading in pp.GRADINGS:
            with pure_python():
                pure = pp.ladder.__wrapped__(position, grading)
            assert pp.ladder.__wrapped__(position, grading) == pure


@compiled
def test_the_compiled_player_refuses_bad_arguments() -> None:
    assert ccore is not None
    cells = encode(Deal.from_seed(1).start("up-1"))[0]
    random = pp.PLAYER_CODES["random"]
    with pytest.raises(ValueError):
        ccore.play(cells, 0, 0, random, None)  # a random player needs its stream
    with pytest.raises(ValueError):
        ccore.play(cells, 0, 0, 0, b"x")  # and only a random player has one
    with pytest.raises(ValueError):
        ccore.play(cells, 0, 0, len(pp.PLAYER_CODES), None)
    with pytest.raises(ValueError):
        ccore.play(cells, 2, 0, 0, None)
    with pytest.raises(ValueError):
        pp.play_state((cells, 0, 0), "random", pp.PLAYER_DOMAIN, None)


@compiled
def test_a_bounded_search_finds_the_par_within_its_bound_only() -> None:
    checked = set()
    for n in range(16):
        state = encode(Deal.from_seed(f"bounded-{n}").start(METHODS[n % 12]))
        par = solver.fewest_swings(state)
        for bound in range(0, 9):
            expected = par if par is not None and par <= bound else None
            assert solver.fewest_swings_within(state, bound) == expected, (n, bound)
            with pure_python():
                assert solver.fewest_swings_within(state, bound) == expected
            checked.add("within" if expected is not None else "beyond" if par else "lost")
    assert checked == {"within", "beyond", "lost"}
    with pytest.raises(ValueError):
        solver.fewest_swings_within(state, -1)
