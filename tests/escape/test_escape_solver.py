"""The exact solver against a plain exhaustive search written here from ESCAPE.md alone.

The oracle below shares nothing with :mod:`puzzlegen.escape` but the card
faces as printed and the position's cells: it turns faces itself, tries
every card, turn and corner cell near the squares, applies R1 – R3 by the
contract's words, and plays every line to the end (no table, no ordering,
no symmetry, no shortcuts).
"""

from __future__ import annotations

from functools import cache

import pytest
from escape_helpers import c5, from_rows, random_game

from puzzlegen.escape.cards import CARDS
from puzzlegen.escape.position import Position, cell
from puzzlegen.escape.proof import ProofError, ProofSolver, check_proof
from puzzlegen.escape.proof import solve as proof_solve
from puzzlegen.escape.solver import Solver, solve

Cell = tuple[int, int]
State = tuple[frozenset[Cell], frozenset[Cell], tuple[str, ...], tuple[str, ...], str]


def _turned(face: str, turns: int) -> list[Cell]:
    grid = face.split("|")
    for _ in range(turns):  # clockwise: the new row i is the old column i read bottom-up
        grid = ["".join(grid[len(grid) - 1 - r][c] for r in range(len(grid)))
                for c in range(len(grid[0]))]
    return [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "X"]


def _adjacent(a: Cell) -> list[Cell]:
    r, c = a
    return [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]


@cache
def _main(white: frozenset[Cell]) -> frozenset[Cell]:
    group = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        for n in _adjacent(todo.pop()):
            if n in white and n not in group:
                group.add(n)
                todo.append(n)
    return frozenset(group)


def _gaps(white: frozenset[Cell], black: frozenset[Cell]) -> set[Cell]:
    return {n for a in _main(white) for n in _adjacent(a) if n not in white and n not in black}


def oracle_moves(s: State) -> list[tuple[str, frozenset[Cell]]]:
    """Every legal placement of the side to move, as (card, squares), one per face and squares."""
    white, black, wh, bh, side = s
    hand = wh if side == "white" else bh
    own, theirs = (white, black) if side == "white" else (black, white)
    anchors = _main(white) if side == "white" else set(black)
    cells = white | black
    top = min(r for r, _ in cells)
    bottom = max(r for r, _ in cells)
    left = min(c for _, c in cells)
    right = max(c for _, c in cells)
    found: dict[tuple[str, frozenset[Cell]], str] = {}
    faces_done: set[str] = set()
    for card in hand:
        face = CARDS[card].face
        if face in faces_done:
            continue  # an identical card finds the same placements (named by the first)
        faces_done.add(face)
        shapes_done: set[frozenset[Cell]] = set()
        for turns in range(4):
            shape = _turned(face, turns)
            if frozenset(shape) in shapes_done:
                continue  # a turn that repeats an earlier one
            shapes_done.add(frozenset(shape))
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            for r0 in range(top - h - 1, bottom + 2):
                for c0 in range(left - w - 1, right + 2):
                    squares = frozenset((r0 + r, c0 + c) for r, c in shape)
                    window = {(r0 + r, c0 + c) for r in range(h) for c in range(w)}
                    # R1: blank cells; Black may also land on black.
                    if any(q in theirs or (side == "white" and q in own) for q in squares):
                        continue
                    # R2: nothing of the other colour under the card.
                    if window & theirs:
                        continue
                    # R3: a square on a blank cell next to an uncovered anchor.
                    if not any(q not in own and any(n in anchors and n not in squares
                                                    for n in _adjacent(q)) for q in squares):
                        continue
                    found.setdefault((face, squares), card)
    return sorted((card, sq) for (_, sq), card in found.items())


@cache
def oracle_winner(s: State) -> str:
    """Who wins with perfect play, by trying every line."""
    white, black, wh, bh, side = s
    if not _gaps(white, black):
        return "black"
    moves = oracle_moves(s)
    hand = wh if side == "white" else bh
    nxt = "black" if side == "white" else "white"
    if not moves:
        if side == "white" and hand:
            return "black"  # White cannot lay a card it holds
        if (side == "black" and not wh) or (side == "white" and not bh):
            return "white"  # nobody can play on: the cards are out or Black is blocked
        return oracle_winner((white, black, wh, bh, nxt))  # a forced pass
    results = set()
    for card, squares in moves:
        if side == "white":
            child = (white | squares, black, tuple(c for c in wh if c != card), bh, nxt)
        else:
            child = (white, black | squares, wh, tuple(c for c in bh if c != card), nxt)
        results.add(oracle_winner(child))
        if side in results:
            return side
    return nxt


def state_of(p: Position) -> State:
    return (frozenset(cell(k) for k in p.white), frozenset(cell(k) for k in p.black),
            p.white_hand, p.black_hand, p.to_move)


CAGE = ["###", "#o.", "###"]

SMALL = [
    c5(),
    c5(white="W1", black=""),
    c5(white="W1 W2", black="B8"),
    c5(white="W1 W3", black="B9"),
    c5(white="W7", black="B7"),
    c5(white="W1 W2 W3", black="B9 B8", to_move="white"),
    from_rows(CAGE, 1, 1, "W1 W3", "B9", "white"),
    from_rows(CAGE, 1, 1, "W1 W2", "B8", "white"),
    from_rows(CAGE, 1, 1, "W1", "B7", "white"),
    from_rows(CAGE, 1, 1, "W3 W9", "B9", "white"),
    from_rows(CAGE, 1, 1, "W1 W5", "B8", "white"),
    from_rows(["####", "#oo.", "####"], 1, 1, "W1 W2", "B9", "white"),
    from_rows(["####.", "#oo..", "###.."], 1, 1, "W1", "B8 B9", "black"),
]


@pytest.mark.parametrize("position", SMALL, ids=str)
def test_the_solver_agrees_with_exhaustive_search(position: Position) -> None:
    expected = oracle_winner(state_of(position))
    for symmetry in (True, False):
        solver = Solver(budget=10**6, symmetry=symmetry)
        assert solver.winner(position) == expected
    # Proof-number search alone (no alpha-beta at the leaves), and its proof re-checked.
    proof = ProofSolver(budget=10**5, leaf_cards=0)
    assert proof.winner(position) == expected
    assert check_proof(position, proof.known)[0] == expected
    # With alpha-beta at the leaves (the default), its table guides the check below them.
    hybrid = ProofSolver(budget=10**5)
    assert hybrid.winner(position) == expected
    assert check_proof(position, hybrid.known)[0] == expected


@pytest.mark.parametrize("position", SMALL[:8], ids=str)
def test_winning_moves_are_exactly_the_oracles(position: Position) -> None:
    mover = position.to_move
    expected = set()
    for move in position.legal_moves():
        child = position.apply(move)
        if oracle_winner(state_of(child)) == mover:
            expected.add(move)
    assert set(Solver(budget=10**6).winning_moves(position)) == expected
    assert set(ProofSolver(budget=10**5, leaf_cards=0).winning_moves(position)) == expected


def test_the_oracles_moves_are_the_rules_moves() -> None:
    # Every position of three seeded random games, and the small ones above.
    positions = [p for seed in range(3) for p in random_game(seed, 40)[::3]] + SMALL
    for p in positions:
        if p.outcome is not None:
            continue
        mine = {(CARDS[m.card].face, frozenset(m.squares)) for m in p.placements()}
        theirs = {(CARDS[c].face, sq) for c, sq in oracle_moves(state_of(p))}
        assert mine == theirs, str(p)


def test_late_positions_of_random_games_agree() -> None:
    checked = 0
    for seed in range(12):
        for p in random_game(seed, 60):
            if p.outcome is None and p.cards_left <= 1:
                expected = oracle_winner(state_of(p))
                assert solve(p, budget=10**5) == expected
                assert ProofSolver(budget=10**4, leaf_cards=0).winner(p) == expected
                checked += 1
    assert checked >= 5


def test_a_budget_too_small_says_unknown() -> None:
    assert solve(Position.start(), budget=50) is None


def test_a_budget_too_small_leaves_proof_number_search_undecided() -> None:
    assert proof_solve(Position.start(), budget=2) is None


def test_a_false_claim_fails_the_proof_check() -> None:
    # C5 with W1 W2 against B7 (the seed's ending): the table's claim is turned round.
    position = c5()
    proof = ProofSolver(budget=10**5, leaf_cards=0)
    winner = proof.winner(position)
    liar = "white" if winner == "black" else "black"
    with pytest.raises(ProofError):
        check_proof(position, lambda p: liar)
