"""Pendulum's deals, positions, moves and rules (PENDULUM.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlegen.cards import SUITS, Card
from puzzlegen.errors import DealError, IllegalMoveError, InvalidInputError, PositionError
from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import EMPTY, LEFT, RIGHT, Deal, Move, Position, swung

sys.path.insert(0, str(Path(__file__).parent))
from pendulum_helpers import deal_with, playout, small_position

C = Card.parse

#: The first deals of the seeded stream, pinned: these never change.
GOLDEN = {
    0: "10S KS 4H JH 5H QS 8S QC 4C 7D 2C 3S 2H QH KH 7C 6C 9D 6S 8C 10H JC KC 3D "
    "10C 2S JD 9S QD 6H KD 5D 7S 4D 3H 5C 3C 5S 6D 8H 2D JS 9H 9C 10D 4S 7H 8D",
    1: "10H 6H 10C 3H 5D 3D 2S 4D 5S 6D 4C 4H 6C 8S QH 7C KS KC 7S 9S 2D 5C QD KD "
    "10S JC 9C 10D JS JD KH 5H 9H JH 3S 8C 9D 8H 3C 8D 4S 2C 7H 7D QC 2H 6S QS",
    2: "2S 3S KS 6C 6S 5C 3H 10H JD 4S 4H QD 10D 9S QC KH JC 8C JS 9C 2C 6H 3C 7C "
    "KD 6D 5S 10C 10S 8H 2D 8D 8S JH KC 2H 7S 9H 5D 3D 4D QH 4C 9D QS 5H 7D 7H",
}

seeds = st.one_of(st.integers(0, 10**9), st.text(min_size=1, max_size=8))


def positions_of_play(seed: int, method: str, steps: int = 200) -> list[Position]:
    return list(playout(Deal.from_seed(seed).start(method), seed, steps))


# -- deals ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    assert str(Deal.from_seed(seed)) == GOLDEN[seed]


@given(seeds)
def test_deal_is_48_distinct_non_aces_and_round_trips(seed: int | str) -> None:
    deal = Deal.from_seed(seed)
    assert len(set(deal.cards)) == 48 and all(c.rank != 1 for c in deal.cards)
    assert Deal.parse(str(deal)) == deal
    assert Deal.parse(str(deal).lower().replace("10", "t")) == deal
    assert eval(repr(deal)) == deal


def test_deal_layout_rows() -> None:
    deal = Deal.from_seed(0)
    p = deal.start("up-1")
    assert p.cells[0] == (deal.cards[0],) and p.cells[47] == (deal.cards[47],)
    assert deal.rows()[5] == deal.cards[40:]
    assert [p.exposed(i) for i in range(48)] == [False] * 40 + [True] * 8


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (" ".join(GOLDEN[0].split()[:47]), "got 47"),
        (GOLDEN[0] + " 2C", "got 49"),
        (GOLDEN[0].replace("KS", "10S", 1), "'10S' appears twice"),
        (GOLDEN[0].replace("KS", "AS", 1), "ace 'AS'"),
        (GOLDEN[0].replace("KS", "1S", 1), "unknown card '1S'"),
    ],
)
def test_bad_deals_are_named(text: str, named: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        Deal.parse(text)
    assert named in str(info.value)
    assert "\n" not in str(info.value)


def test_ace_in_deal_is_a_deal_error() -> None:
    with pytest.raises(DealError):
        Deal.parse(GOLDEN[1].replace("QS", "AS"))


# -- text forms ----------------------------------------------------------------


@given(st.integers(0, 10**6), st.sampled_from(METHODS))
def test_positions_and_moves_round_trip(seed: int, method: Method) -> None:
    for p in positions_of_play(seed, str(method), 120):
        assert Position.parse(str(p)) == p
        assert eval(repr(p)) == p
        for move in p.legal_moves():
            assert Move.parse(str(move)) == move
            assert Move.from_json(move.to_json()) == move


def test_position_text_shape() -> None:
    p = Deal.from_seed(1).start("up-3")
    fields = str(p).split(" | ")
    assert fields[0] == "up-3" and fields[1] == "AC AD AH AS" and fields[-1] == "right 0"
    assert fields[2].split() == GOLDEN[1].split()[:8]
    moved = p.play(Move.pack(C("7H"), C("10H")))
    assert EMPTY in str(moved).split(" | ")[7].split()
    assert "10H/7H" in str(moved)


def test_move_json_notation() -> None:
    assert Move.pack(C("9C"), C("10C")).to_json() == {"card": "9C", "to": "10C"}
    assert Move.out(C("9C")).to_json() == {"card": "9C", "to": "foundation"}
    assert Move.crown(C("KS"), 3).to_json() == {"card": "KS", "to": [0, 3]}
    assert Move.swing("left").to_json() == {"swing": "left"}


@pytest.mark.parametrize(
    "bad", ["9C onto 10C", "swing up", "1C out", "KS to (1,3)", "", "KS to (0,9)"]
)
def test_bad_moves_are_named(bad: str) -> None:
    with pytest.raises(IllegalMoveError) as info:
        Move.parse(bad)
    assert repr(bad) in str(info.value) or "column" in str(info.value)


@pytest.mark.parametrize("bad", [{"card": "9C"}, {"swing": "up"}, {"card": "9C", "to": [1, 2]}, 3])
def test_bad_json_moves(bad: object) -> None:
    with pytest.raises(IllegalMoveError):
        Move.from_json(bad)


def _cells(text: str) -> list[str]:
    return text.split(" | ")


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda f: [*f[:2], f[2].replace("10H", "10H/9H", 1), *f[3:]], "malformed pile '10H/9H'"),
        (lambda f: [*f[:2], f[2].replace("10H", "10H//", 1), *f[3:]], "malformed pile '10H//'"),
        (lambda f: [*f[:2], f[2].replace("10H", "10X", 1), *f[3:]], "malformed pile '10X'"),
        (lambda f: ["sideways-3", *f[1:]], "unknown method 'sideways-3'"),
        (lambda f: [f[0], "AC AD AH 2S", *f[2:]], "foundation '2S'"),
        (lambda f: [*f[:2], f[2].replace("10H", "6H", 1), *f[3:]], "'6H' appears twice"),
        (lambda f: [*f[:-1], "up 0"], "'up 0'"),
        (lambda f: f[:-1], "got 8"),
        (lambda f: [*f[:2], f[2] + " 2C", *f[3:]], "row 0 needs 8 cells, got 9"),
    ],
)
def test_bad_positions_are_named(change: object, named: str) -> None:
    text = " | ".join(change(_cells(str(Deal.from_seed(1).start("up-3")))))  # type: ignore[operator]
    with pytest.raises(InvalidInputError) as info:
        Position.parse(text)
    assert named in str(info.value)


def test_position_rejects_cards_missing_out_of_order() -> None:
    p = Deal.from_seed(1).start("up-1")
    cells = list(p.cells)
    cells[cells.index((C("5S"),))] = ()  # 5S gone, but 2S-4S still in the layout
    with pytest.raises(PositionError, match=r"5S is missing.*: only 1 spade is out$"):
        Position(p.method, tuple(cells))
    # With 2S and 3S home as well, three are out.
    fields = _cells(str(p))
    fields[1] = "AC AD AH 3S"
    for card in ("2S", "3S", "5S"):
        rows = [row.split() for row in fields[2:8]]
        fields[2:8] = [" ".join("--" if t == card else t for t in row) for row in rows]
    with pytest.raises(PositionError, match=r"5S is missing.*: only 3 spades are out$"):
        Position.parse(" | ".join(fields))


# -- the rules checks of PENDULUM.md ------------------------------------------


def test_vertical_move_from_the_seed() -> None:
    # Under up-1, 9C exposed directly below 10C goes on it, and the 10C pile,
    # now exposed, goes on an exposed JC.
    p = deal_with({(5, 0): "9C", (4, 0): "10C", (5, 1): "JC"}).start("up-1")
    assert Move.pack(C("9C"), C("10C")) in p.legal_moves()
    assert Move.pack(C("10C"), C("JC")) not in p.legal_moves()  # 10C not exposed yet
    p = p.play(Move.pack(C("9C"), C("10C")))
    assert p.cells[32] == (C("10C"), C("9C")) and p.exposed(32)
    assert Move.pack(C("10C"), C("JC")) in p.legal_moves()
    p = p.play(Move.pack(C("10C"), C("JC")))
    assert p.cells[41] == (C("JC"), C("10C"), C("9C"))


def test_vertical_move_only_directly_above() -> None:
    p = deal_with({(5, 0): "9C", (4, 1): "10C"}).start("up-1")
    assert Move.pack(C("9C"), C("10C")) not in p.legal_moves()
    with pytest.raises(IllegalMoveError):
        p.play(Move.pack(C("9C"), C("10C")))


def test_privileged_corners_accept_packing_but_move_only_when_exposed() -> None:
    p = deal_with({(5, 3): "9C", (0, 0): "10C", (5, 4): "10S", (0, 7): "JS"}).start("up-1")
    moves = p.legal_moves()
    assert Move.pack(C("9C"), C("10C")) in moves
    assert Move.pack(C("10S"), C("JS")) in moves
    p = p.play(Move.pack(C("9C"), C("10C")))
    assert p.cells[0] == (C("10C"), C("9C"))
    assert not p.exposed(0)
    # The corner's pile does not move, nor does its top go out, until exposed.
    assert not any(m.card in (C("10C"), C("9C")) for m in p.legal_moves())


def test_exposed_means_nothing_just_below() -> None:
    p = deal_with({(5, 2): "2C", (0, 0): "3C"}).start("up-1")
    assert not p.exposed(34)
    p = p.play(Move.out(C("2C")))  # (5, 2) is empty now
    assert p.exposed(34) and not p.exposed(26)
    assert Move.out(C("3C")) not in p.legal_moves()  # the corner is not exposed


@given(st.integers(0, 10**6), st.sampled_from(METHODS))
def test_a_swing_keeps_each_rows_cards_in_order(seed: int, method: Method) -> None:
    for p in positions_of_play(seed, str(method), 120):
        for side in (RIGHT, LEFT):
            after = swung(p.cells, side)
            assert after[:8] == p.cells[:8]  # the top row never moves
            for r in range(1, 6):
                row, new = p.cells[r * 8 : r * 8 + 8], after[r * 8 : r * 8 + 8]
                assert [x for x in new if x] == [x for x in row if x]
                n = sum(1 for x in row if x)
                full = range(8 - n, 8) if side == RIGHT else range(n)
                assert [i for i in range(8) if new[i]] == list(full)


def test_swings_alternate_starting_right_and_never_three_in_a_row() -> None:
    sides: list[str] = []
    checked = 0
    for seed in range(12):  # 144 games: enough swings, a fifth of the time of 40 seeds
        for method in METHODS:
            sides = []
            prev = None
            for p in positions_of_play(seed, str(method)):
                moves = p.legal_moves()
                if prev is not None and p.in_a_row:
                    sides.append(prev.next_swing)
                if any(m.kind == "swing" for m in moves):
                    checked += 1
                    assert moves == [Move.swing(p.next_swing)]  # only when nothing else moves
                    assert not p.card_moves()
                    assert p.in_a_row < 2
                    assert swung(p.cells, p.next_swing) != p.cells
                if p.in_a_row == 2:
                    assert not any(m.kind == "swing" for m in moves)
                prev = p
            assert sides == [RIGHT, LEFT] * (len(sides) // 2) + [RIGHT] * (len(sides) % 2)
    assert checked > 50


def test_a_swing_that_changes_nothing_is_not_allowed() -> None:
    # Seed 1 under up-4: no card can move and every row is full.
    p = Deal.from_seed(1).start("up-4")
    assert p.card_moves() == [] and swung(p.cells, RIGHT) == p.cells
    assert p.legal_moves() == [] and p.lost and not p.won


def test_crown_goes_only_into_an_empty_top_cell() -> None:
    # up-1: the crown is the king.  Empty the top-row cell (0,3) by hand.
    base = deal_with({(5, 2): "KS", (0, 3): "QD", (5, 3): "KD", (5, 4): "JD"}).start("up-1")
    assert not any(m.kind == "crown" for m in base.legal_moves())  # top row full
    cells = list(base.cells)
    # As if QD had been packed on KD: the top-row cell (0, 3) is empty.
    cells[3] = ()
    cells[43] = (C("KD"), C("QD"))
    p = Position(base.method, tuple(cells))
    crowns = [m for m in p.legal_moves() if m.kind == "crown"]
    assert Move.crown(C("KS"), 3) in crowns and Move.crown(C("KD"), 3) in crowns
    assert all(m.col == 3 for m in crowns)
    p2 = p.play(Move.crown(C("KD"), 3))
    assert p2.cells[3] == (C("KD"), C("QD")) and p2.cells[43] == ()
    with pytest.raises(IllegalMoveError):
        p.play(Move.crown(C("JD"), 3))  # not a crown
    # A crown already in the top row does not slide along it.
    assert not any(m.kind == "crown" and m.card == C("KD") for m in p2.legal_moves())


def test_nothing_enters_an_empty_cell_below_the_top_row() -> None:
    for seed in range(5):
        for p in positions_of_play(seed, "up-1"):
            for m in p.card_moves():
                if m.kind == "crown":
                    assert m.col is not None and not p.cells[m.col]


def test_out_goes_in_order_and_cards_never_come_back() -> None:
    for seed in range(10):
        for method in ("up-1", "down-2", "up-3"):
            previous = None
            for p in positions_of_play(seed, method):
                counts = [p.foundation_count(s) for s in SUITS]
                if previous is not None:
                    assert all(a >= b for a, b in zip(counts, previous, strict=True))
                previous = counts


def test_won_when_every_card_is_out() -> None:
    p = Position(Method.parse("up-1"), ((),) * 48)
    assert p.won and not p.lost and p.legal_moves() == []
    assert str(p).startswith("up-1 | KC KD KH KS |")
    assert Position.parse(str(p)) == p


@pytest.mark.parametrize("seed", range(30))
def test_small_positions_are_valid_and_round_trip(seed: int) -> None:
    p = small_position(seed)
    assert Position.parse(str(p)) == p
    assert p.next_swing in (RIGHT, LEFT)
