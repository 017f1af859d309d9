"""Escape's rules, one test per rule of ESCAPE.md §3 – §8, and its notation."""

from __future__ import annotations

import itertools
import json

import pytest
from escape_helpers import c2, c5, random_game
from hypothesis import given
from hypothesis import strategies as st

from puzzlegen.errors import IllegalMoveError, PositionError
from puzzlegen.escape.cards import BLACK_HAND, CARDS, WHITE_HAND, mirror_closed, shape_of
from puzzlegen.escape.position import (
    ALL_PLAYED,
    FILLED,
    PASS,
    STUCK,
    SURROUNDED,
    Move,
    Position,
    cell,
    game_record,
    key,
    read_game_record,
    replay,
)

M = Move.parse


def cells(keys: frozenset[int]) -> list[tuple[int, int]]:
    return sorted(cell(k) for k in keys)


# -- §4: the cards and the start ------------------------------------------------


def test_hands_hold_ten_and_nine_cards_with_21_and_32_squares() -> None:
    assert len(WHITE_HAND) == 10 and len(BLACK_HAND) == 9
    assert sum(len(CARDS[c].squares) for c in WHITE_HAND) == 21
    assert sum(len(CARDS[c].squares) for c in BLACK_HAND) == 32


def test_a_quarter_turn_is_clockwise() -> None:
    # X. / XX turned clockwise is XX / X. (ESCAPE.md §3.2's (r, c) -> (c, h-1-r)).
    assert shape_of("W7", 1) == ((0, 0), (0, 1), (1, 0))
    assert shape_of("B1", 1) == ((0, 0), (1, 0), (2, 0), (3, 0))


def test_only_the_l_tetrominoes_are_not_their_own_mirror() -> None:
    assert mirror_closed(WHITE_HAND)
    assert not mirror_closed(("B5",)) and mirror_closed(("B4", "B8", "B9"))


def test_c1_start_the_mouth_is_the_only_gap_and_every_opening_goes_through_it() -> None:
    start = Position.start()
    assert cells(start.gaps) == [(0, 1)]
    assert start.to_move == "white"
    moves = start.legal_moves()
    assert moves and all((0, 1) in m.squares for m in moves)


def test_c1_trap_a_dot_in_the_mouth_loses_on_ply_two() -> None:
    after = Position.start().play(M("W1@0,1"))
    assert cells(after.gaps) == [(0, 2)]
    end = after.play(M("B1r1@-1,2"))
    assert end.outcome == ("black", SURROUNDED)
    assert end.legal_moves() == ()


# -- §3.4, §3.5, §5.2: A, B, X and Y --------------------------------------------


def test_c2_main_group_and_detached_squares() -> None:
    p = c2()
    assert cells(p.main_group) == [(0, 0), (0, 1), (0, 2)]
    assert cells(p.detached) == [(0, 4), (1, 3)]


@pytest.mark.parametrize("move", ["W1@0,5", "W1@2,3"])
def test_c2_white_may_not_play_to_an_x_arrow(move: str) -> None:
    with pytest.raises(IllegalMoveError, match="main group"):
        c2().play(M(move))


def test_c2_white_playing_to_its_main_group_reconnects_b() -> None:
    after = c2().play(M("W1@1,2"))
    assert (1, 3) in cells(after.main_group)


def test_c2_black_may_play_to_a_y_arrow() -> None:
    assert M("B7@2,6") in c2("black").legal_moves()


def test_c3_overlap_is_legal_when_an_uncovered_black_square_connects() -> None:
    p = c2("black")
    assert M("B1@-1,0") in p.legal_moves()
    after = p.play(M("B1@-1,0"))
    assert len(after.black) == len(p.black) + 2  # two of its four squares overlap


def test_c3_c6_a_covered_anchor_does_not_connect() -> None:
    with pytest.raises(IllegalMoveError, match="does not cover"):
        c2("black").play(M("B1@-1,-1"))


def test_c3_no_black_card_covers_a_white_square() -> None:
    p = c2("black")
    assert all(not (m.keys & p.white) for m in p.legal_moves())
    # §8 C3: "No placement of any black card covers A": all nine, not the three above.
    every = c2("black", black=" ".join(f"B{n}" for n in range(1, 10)))
    moves = every.legal_moves()
    assert len({m.card for m in moves}) > 3 and all((0, 4) not in m.squares for m in moves)
    with pytest.raises(IllegalMoveError, match="not blank"):
        p.play(M("B7@0,4"))


def test_c3_the_window_may_not_lie_over_the_other_colour() -> None:
    p = c2("black")
    with pytest.raises(IllegalMoveError, match=r"lie over white's square \[1,3\]"):
        p.play(M("B8@1,2"))
    assert M("B8@1,5") in p.legal_moves()


def test_white_never_covers_a_square_and_black_only_overlaps_black() -> None:
    for seed in range(4):
        for p in random_game(seed):
            for m in p.legal_moves():
                if m.is_pass:
                    continue
                if p.to_move == "white":
                    assert not (m.keys & (p.white | p.black))
                else:
                    assert not (m.keys & p.white)



def white_pockets(p: Position) -> set[tuple[int, int]]:
    """Blank cells in enclosed pockets bordered by white squares alone, found cell by cell.

    A pocket is a 4-connected region of blank cells inside the board's bounding
    box that reaches neither the box's border (so it is enclosed) nor a black
    square.  Written here from §5.2's words, not with the engine's analysis.
    """
    white = {cell(k) for k in p.white}
    black = {cell(k) for k in p.black}
    top, left, bottom, right = p.bounds()
    seen: set[tuple[int, int]] = set()
    pockets: set[tuple[int, int]] = set()
    for start in itertools.product(range(top, bottom + 1), range(left, right + 1)):
        if start in white or start in black or start in seen:
            continue
        region, stack, enclosed = {start}, [start], True
        seen.add(start)
        while stack:
            r, c = stack.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in black or not (top <= n[0] <= bottom and left <= n[1] <= right):
                    enclosed = False
                elif n not in white and n not in seen:
                    seen.add(n)
                    region.add(n)
                    stack.append(n)
        if enclosed:
            pockets |= region
    return pockets


def black_placements_into_pockets(seed: int) -> tuple[int, int]:
    """Positions of one seeded game with a white pocket, and Black's placements checked there."""
    positions = placements = 0
    for p in random_game(seed, plies=60):
        pockets = white_pockets(p)
        if not pockets or not p.black_hand:
            continue
        positions += 1
        for m in p.placements("black"):
            placements += 1
            assert not ({cell(k) for k in m.keys} & pockets), (str(p), str(m))
    return positions, placements


@given(st.integers(0, 100_000))
def test_black_never_places_a_square_in_a_pocket_bordered_by_white(seed: int) -> None:
    """§5.2's consequence: no open side for Black within White's main group."""
    black_placements_into_pockets(seed)


def test_the_pocket_check_meets_many_pockets() -> None:
    """The check above is not vacuous: seeded games do enclose pockets, and Black could play."""
    positions = placements = 0
    for seed in range(60):
        found, checked = black_placements_into_pockets(seed)
        positions, placements = positions + found, placements + checked
    assert positions >= 50 and placements >= 5_000, (positions, placements)


# -- C4, C5: the seed's worked ending ------------------------------------------------


def test_c4_black_cannot_reach_an_inner_gap() -> None:
    p = c5(black="B1 B4 B5 B8 B9", to_move="black")
    moves = p.legal_moves()
    assert moves
    assert all(not (m.keys & p.gaps) for m in moves)


def test_c5_the_seeds_worked_ending() -> None:
    p = c5()
    assert cells(p.gaps) == [(0, 3), (0, 5)]
    # 1. White cannot escape: its only plays fill one of its two blank spaces.
    assert p.legal_moves() == (M("W1@0,3"), M("W1@0,5"))
    p = p.play(M("W1@0,3"))
    assert p.outcome is None and cells(p.gaps) == [(0, 5)]
    # 2. Black has plays, but none inside White's group: it plays outside.
    assert p.legal_moves() and all((0, 5) not in m.squares for m in p.legal_moves())
    p = p.play(p.legal_moves()[0])
    # 3. White still holds a card, must play, and fills its last blank space.
    assert p.legal_moves() == (M("W2@0,5"),)
    p = p.play(M("W2@0,5"))
    assert p.outcome == ("black", FILLED)


def test_c5_counterfactual_black_played_its_last_card_a_turn_earlier() -> None:
    p = c5(white="W1", black="")
    p = p.play(M("W1@0,5"))
    assert p.outcome == ("white", ALL_PLAYED)
    assert cells(p.gaps) == [(0, 3)]


def test_c5_white_with_a_card_that_fits_nowhere_loses() -> None:
    p = c5(white="W7")
    assert p.placements() == ()
    assert p.outcome == ("black", STUCK)
    assert p.legal_moves() == ()


def test_the_worked_ending_reached_from_the_start() -> None:
    # ESCAPE.md §9.3's 13-ply game: the seed's ending played out from the start.
    line = ["W10@0,1", "B1@-1,2", "W7r2@0,4", "B2r1@-1,6", "W3@2,4", "B3@3,3", "W4r1@1,2",
            "B4r1@3,0", "W9@2,1", "B5r3@2,-1", "W1@1,4", "B6r1@3,7", "W2@1,3"]
    positions = list(replay(M(m) for m in line))
    after_ply_10 = positions[10]
    assert cells(after_ply_10.gaps) == [(1, 3), (1, 4)]
    assert not after_ply_10.legal_moves()[0].is_pass
    assert all(set(m.squares) & {(1, 3), (1, 4)} for m in after_ply_10.legal_moves())
    assert positions[-1].outcome == ("black", FILLED)


# -- §5.3, §6: passes and the end ----------------------------------------------------


def test_black_with_no_placement_passes_and_white_with_an_empty_hand_passes() -> None:
    p = c5(white="W1", black="B7", to_move="white").play(M("W1@0,3"))
    assert p.to_move == "black" and p.outcome is None
    # Black's B7 has plays; with no cards Black has none and White wins at once.
    empty = c5(white="", black="", to_move="black")
    assert empty.outcome == ("white", ALL_PLAYED)
    # White with an empty hand passes while Black still holds cards.
    waiting = c5(white="", black="B7", to_move="white")
    assert waiting.legal_moves() == (PASS,)
    assert waiting.play(PASS).to_move == "black"


def test_black_passes_only_without_a_placement() -> None:
    with pytest.raises(IllegalMoveError, match="may not pass"):
        c5(to_move="black").play(PASS)
    # No black square on the table: Black has no anchor, so no placement.
    p = Position.parse("black | W1 | B1 | 0,0 | o")
    assert p.outcome is None
    assert p.legal_moves() == (PASS,)
    assert p.play(PASS).to_move == "white"


def test_every_game_ends_with_one_winner_within_19_placements() -> None:
    for seed in range(6):
        game = random_game(seed, plies=60)
        end = game[-1]
        assert end.outcome is not None
        placements = sum(1 for a, b in itertools.pairwise(game) if a.cards_left != b.cards_left)
        assert placements <= 19


def test_the_game_is_lost_at_once_after_any_placement_with_no_gap() -> None:
    for seed in range(6):
        for p in random_game(seed, plies=60):
            assert (not p.gaps) == (p.outcome is not None and p.outcome[1] in (SURROUNDED, FILLED))


def test_errors_are_one_line_naming_the_value() -> None:
    bad = [
        ("white | W1 | B1 | 0,0 | #", "Nothing square"),
        ("white | W1 | B1 | 0,0", "5 fields"),
        ("white | W11 | B1 | 0,0 | o", "'W11'"),
        ("white | B1 | - | 0,0 | o", "'B1' is not white's"),
        ("green | W1 | - | 0,0 | o", "'green'"),
        ("white | W1 W1 | - | 0,0 | o", "twice"),
        ("white | W1 | - | 0,0 | ox / o", "differ in length"),
        ("white | W1 | - | 0,0 | oZ", "'Z'"),
        ("white | W1 | - | a,0 | o", "'a,0'"),
    ]
    for text, fragment in bad:
        with pytest.raises(PositionError) as info:
            Position.parse(text)
        assert fragment in str(info.value) and "\n" not in str(info.value)
    for text in ("W1@0", "X1@0,0", "W99@0,0", "W1r4@0,0"):
        with pytest.raises(IllegalMoveError):
            Move.parse(text)
    with pytest.raises(IllegalMoveError, match="not in white's hand"):
        c5(white="W2").play(M("W1@0,3"))
    with pytest.raises(IllegalMoveError, match="black's card"):
        c5().play(M("B7@5,5"))


# -- §7: notation ---------------------------------------------------------------------


def test_contract_json_example_reads() -> None:
    data = {"escape": 1, "cards": "escape-reconstruction-1",
            "white": [[0, 0], [0, 1], [0, 2], [0, 3]],
            "black": [[-1, -1], [-1, 0], [-1, 1], [0, -1], [1, -1], [1, 0], [1, 1]],
            "hands": {"white": ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9"],
                      "black": ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]},
            "to_move": "black"}
    p = Position.from_json(data)
    assert p == Position.start().play(M("W10@0,1"))
    assert p.to_json() == data
    move = Move.from_json({"card": "W10", "turns": 0, "at": [0, 1],
                           "squares": [[0, 1], [0, 2], [0, 3]]})
    assert move == M("W10@0,1")
    assert Move.from_json({"pass": True}) == PASS
    with pytest.raises(IllegalMoveError, match="do not match"):
        Move.from_json({"card": "W10", "turns": 1, "at": [0, 1], "squares": [[0, 1]]})


def test_a_moves_squares_are_a_set_of_cells() -> None:
    # §7: "squares ... must equal the computed cells"; the same cells in another
    # order were refused.  Duplicates, missing or extra cells are still refused.
    upright = {"card": "B1", "turns": 1, "at": [-1, 2]}
    cells = [[-1, 2], [0, 2], [1, 2], [2, 2]]
    assert Move.from_json({**upright, "squares": cells}) == M("B1r1@-1,2")
    assert Move.from_json({**upright, "squares": cells[::-1]}) == M("B1r1@-1,2")
    assert Move.from_json({**upright, "squares": [cells[2], cells[0], cells[3], cells[1]]}) \
        == M("B1r1@-1,2")
    for bad in ([*cells, [2, 2]], [*cells[:3], [1, 2]], cells[:3], [*cells[:3], [3, 2]],
                [*cells, [3, 2]], []):
        with pytest.raises(IllegalMoveError, match="do not match"):
            Move.from_json({**upright, "squares": bad})
    for malformed in ([[-1, 2], [0, 2], [1, 2], [2]], "[-1,2]", [[0, True]], None):
        with pytest.raises(IllegalMoveError, match="squares must be a list of"):
            Move.from_json({**upright, "squares": malformed})


def test_same_move_twice_named_once() -> None:
    p = Position.start().play(M("W10@0,1")).play(M("B1@-1,2"))
    assert p.canonical(M("W4r2@0,4")) == M("W3@0,4")
    names = [str(m) for m in p.legal_moves()]
    assert len(names) == len(set(names))
    assert len({(CARDS[m.card].face, m.keys) for m in p.legal_moves()}) == len(names)


def test_identical_cards_played_on_the_same_squares_give_the_same_position() -> None:
    # §7: "W1 and W2 are the same card"; playing W2 kept W1 in hand and so gave a
    # position unequal to W1's.  The lowest identical card held is the one played.
    start = Position.start()
    assert start.play(M("W2@0,1")) == start.play(M("W1@0,1"))
    assert start.play(M("W2@0,1")).white_hand[0] == "W2"
    assert start.play(M("W4r2@0,1")) == start.play(M("W3@0,1"))
    p = start.play(M("W10@0,1"))
    b3, b1 = p.play(M("B3@-1,2")), p.play(M("B1@-1,2"))
    assert b3 == b1 and b3.black_hand == ("B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9")
    # Without the lower twin in hand, the card named is the card played.
    assert c2(white="W2 W3").play(M("W2@1,2")).white_hand == ("W3",)
    assert c2(white="W1 W2 W3").play(M("W2@1,2")).white_hand == ("W2", "W3")


@given(st.integers(0, 10_000), st.integers(0, 30))
def test_every_name_of_a_move_gives_the_same_position(seed: int, ply: int) -> None:
    p = random_game(seed, plies=ply)[-1]
    for m in p.legal_moves():
        if m.is_pass:
            continue
        for twin in p.hand(p.to_move):
            if CARDS[twin].face == CARDS[m.card].face and twin != m.card:
                assert p.play(Move(twin, m.turns, m.at)) == p.play(m), (str(p), str(m), twin)


@given(st.integers(0, 10_000), st.integers(0, 30))
def test_text_and_json_round_trip(seed: int, ply: int) -> None:
    game = random_game(seed, plies=ply)
    p = game[-1]
    assert Position.parse(str(p)) == p
    assert Position.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert eval(repr(p)) == p
    for m in p.legal_moves()[:20]:
        assert Move.parse(str(m)) == m
        assert Move.from_json(m.to_json()) == m
        assert p.why_illegal(m) is None


@given(st.integers(0, 10_000))
def test_a_game_record_replays_to_its_result(seed: int) -> None:
    positions = random_game(seed)
    moves = [next(m for m in a.legal_moves() if a.apply(m) == b)
             for a, b in itertools.pairwise(positions)]
    record = json.loads(json.dumps(game_record(moves)))
    assert record["escape"] == 1 and record["cards"] == "escape-reconstruction-1"
    assert (record["result"], record["reason"]) == positions[-1].outcome
    assert read_game_record(record) == (tuple(moves), positions[-1])


def test_a_game_record_must_tell_its_own_result() -> None:
    record = game_record([M("W1@0,1"), M("B1r1@-1,2")])  # ESCAPE.md C1's trap
    assert record["moves"] == [{"card": "W1", "turns": 0, "at": [0, 1], "squares": [[0, 1]]},
                               {"card": "B1", "turns": 1, "at": [-1, 2],
                                "squares": [[-1, 2], [0, 2], [1, 2], [2, 2]]}]
    assert (record["result"], record["reason"]) == ("black", SURROUNDED)
    with pytest.raises(PositionError, match="says 'white' won"):
        read_game_record({**record, "result": "white"})
    with pytest.raises(PositionError, match="is not over"):
        game_record([M("W10@0,1")])
    with pytest.raises(PositionError, match="the game is not over"):
        read_game_record({**record, "moves": record["moves"][:1]})
    with pytest.raises(IllegalMoveError, match="illegal move 'B1@0,2'"):
        read_game_record({**record, "moves": [record["moves"][0], M("B1@0,2").to_json()]})
    with pytest.raises(PositionError, match="not an Escape game record"):
        read_game_record({"moves": record["moves"]})


def test_key_and_cell_are_inverse() -> None:
    for rc in [(0, 0), (-5, 7), (13, -40), (-400, 400)]:
        assert cell(key(*rc)) == rc
