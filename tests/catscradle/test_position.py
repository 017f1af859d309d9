from __future__ import annotations

import pytest
from conftest import DATA, deals, positions
from hypothesis import given

from puzzlegen.catscradle.board import LINES, SEES
from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Deal, Move, Position
from puzzlegen.errors import DealError, IllegalMoveError, PositionError

EXAMPLE = "JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S"


def test_eighteen_lines_and_who_sees_whom() -> None:
    assert len(LINES) == 18
    assert sorted(len(line) for line in LINES) == [2] * 4 + [3] * 4 + [4] * 10
    assert {frozenset(d) for d in LINES[8:]} == {
        frozenset(d)
        for d in (
            {0, 5, 10, 15},
            {3, 6, 9, 12},
            {1, 6, 11},
            {4, 9, 14},
            {2, 5, 8},
            {7, 10, 13},
            {2, 7},
            {8, 13},
            {1, 4},
            {11, 14},
        )
    }
    assert [len(s) for s in SEES] == [9, 9, 9, 9, 9, 11, 11, 9, 9, 11, 11, 9, 9, 9, 9, 9]


def test_grid_widens_only_the_column_of_a_tall_stack() -> None:
    tall = "10H KD/QS 2D/AS 10C 10S 8H/7S/6H/5C/4H/3C/2H 8S 7D/6S/5H " \
           "6D AH/KC JD 4C/3H 3D 9D/8C JC/10D/9C 9H"
    rows = Position.parse(tall).grid(symbols=True).splitlines()
    assert rows[1] == "10♠  8♥/7♠/6♥/5♣/4♥/3♣/2♥  8♠         7♦/6♠/5♥"
    assert rows[0] == "10♥  K♦/Q♠                 2♦/A♠      10♣"
    assert Position.parse("\n".join(rows)) == Position.parse(tall)
    # Single cards keep a square: every column as wide as the longest card.
    square = Position.parse(EXAMPLE.replace("JC", "10C")).grid()
    assert square.splitlines()[0] == "10C  9S   8H   3C"


def test_parse_accepts_line_breaks_and_input_forms() -> None:
    text = "jc 9♠ 8H 3C\nQH AS 9C 9D\n7S QD 2H 2C\n4D 4H 6D 6S\n"
    assert str(Position.parse(text)) == " ".join(EXAMPLE.split())


def test_stacks_and_spaces_round_trip() -> None:
    text = "8D -- -- 7S/6D 8H/7C 5S/4H 6H/5C 4C 6C 9S 4D 3S 8C 10C JC QC"
    position = Position.parse(text)
    assert str(position) == text
    assert position.spaces == 2
    assert position.cells[3] == (Card.parse("7S"), Card.parse("6D"))
    assert eval(repr(position)) == position


@given(positions)
def test_round_trip(position: Position) -> None:
    assert Position.parse(str(position)) == position
    assert Position.parse(position.grid()) == position


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("JC 9S 8H", "16 cells, got 3"),
        (EXAMPLE + " KS", "16 cells, got 17"),
        (EXAMPLE.replace("6S", "6X"), "unknown card '6X' in cell 15"),
        (EXAMPLE.replace("6S", "JC"), "'JC' appears twice"),
        (EXAMPLE.replace("QH", "QH/JS/10D/9S/8H"), "'9S' appears twice"),
        (EXAMPLE.replace("QH", "QH/JH"), "does not descend in alternating colours"),
        (EXAMPLE.replace("QH", "QH/10S"), "does not descend in alternating colours"),
        (EXAMPLE.replace("QH", "QH//JS"), "malformed stack 'QH//JS'"),
        (EXAMPLE.replace("QH", "QH/"), "malformed stack 'QH/'"),
        (EXAMPLE.replace("QH", "/QH"), "malformed stack '/QH'"),
    ],
)
def test_bad_positions_are_rejected_naming_the_value(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.parse(text)


def test_circular_stack_is_valid() -> None:
    position = Position.parse(EXAMPLE.replace("AS", "AS/KH").replace("QD", "QC"))
    assert position.cells[5] == (Card.parse("AS"), Card.parse("KH"))


def test_legal_moves_follow_the_rules() -> None:
    position = Position.parse(EXAMPLE)
    assert [str(m) for m in position.legal_moves()] == [
        "JC on QH",
        "8H on 9S",
        "8H on 9C",
        "3C on 4D",
        "AS on 2H",
        "7S on 8H",
    ]


def test_moves_pass_over_cells_and_spaces() -> None:
    # 3C (cell 3) reaches 4D (cell 12) along the long diagonal, over 9C and QD.
    position = Position.parse(EXAMPLE)
    move = Move.parse("3C on 4D", position)
    assert (move.src, move.dst) == (3, 12)
    after = position.apply(move)
    assert after.cells[3] == () and after.spaces == 1


def test_transfer_and_illegal_moves() -> None:
    position = Position.parse(EXAMPLE)
    position = position.apply(Move.parse("3C on 4D", position))
    position = position.apply(Move.parse("3C on 4H", position))  # a transfer
    assert position.cells[12] == (Card.parse("4D"),)
    assert position.cells[13] == (Card.parse("4H"), Card.parse("3C"))
    far = Position.parse(EXAMPLE.replace("6S", "6H"))  # 6H in cell 15, 7S in cell 8
    with pytest.raises(IllegalMoveError, match="share no line"):
        Move.parse("6H on 7S", far)
    with pytest.raises(IllegalMoveError, match="cannot rest on"):
        Move.parse("9S on 9C", Position.parse(EXAMPLE))
    with pytest.raises(IllegalMoveError, match="not in the position"):
        Move.parse("KS on AD", Position.parse(EXAMPLE))


@given(positions)
def test_moves_round_trip_and_keep_stacks_valid(position: Position) -> None:
    for move in position.legal_moves():
        assert Move.parse(str(move), position) == move
        after = position.apply(move)
        assert Position.parse(str(after)) == after  # revalidates every stack
        # Exactly the moved card changes place: a cell empties only if it held that card alone.
        assert after.cells[move.src] == position.cells[move.src][:-1]
        assert after.cells[move.dst] == (*position.cells[move.dst], move.card)
        others = [i for i in range(16) if i not in (move.src, move.dst)]
        assert [after.cells[i] for i in others] == [position.cells[i] for i in others]
        emptied = len(position.cells[move.src]) == 1
        assert after.spaces == position.spaces + emptied


def test_fill_uses_stock_in_cell_order() -> None:
    position = Position.parse("-- 9S 8H 3C QH -- 9C 9D 7S QD 2H 2C 4D 4H 6D --")
    stock = tuple(Card.parse(c) for c in ("KS", "KD"))
    filled, rest = position.fill(stock)
    assert str(filled).split()[:6] == ["KS", "9S", "8H", "3C", "QH", "KD"]
    assert filled.cells[15] == () and rest == ()


def test_golden_deals_never_change() -> None:
    for line in (DATA / "golden_deals.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        seed, cards = line.split(" | ")
        assert str(Deal.from_seed(seed)) == cards, f"deal for seed {seed!r} changed"


def test_integer_and_text_seeds_agree() -> None:
    assert Deal.from_seed(7) == Deal.from_seed("7")
    assert Deal.from_seed(7) != Deal.from_seed(8)


@given(deals)
def test_deal_round_trip(deal: Deal) -> None:
    assert Deal.parse(str(deal)) == deal
    # Any spelling the notation allows reads back as the same deal.
    symbols = " ".join(card.symbol() for card in deal.cards)
    assert Deal.parse(symbols.lower().replace("10", "t")) == deal
    # The layout is the first 16 cards in cell order; the stock the rest, top first.
    assert [cell for (cell,) in deal.layout.cells] == list(deal.cards[:16])
    assert deal.stock == deal.cards[16:]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AS 2S", "52 cards, got 2"),
        (str(Deal.from_seed(1)).replace("JS", "QD"), "'QD' appears twice"),
        (str(Deal.from_seed(1)).replace("JS", "ZZ"), "unknown card 'ZZ'"),
    ],
)
def test_bad_deals(text: str, message: str) -> None:
    with pytest.raises(DealError, match=message):
        Deal.parse(text)
