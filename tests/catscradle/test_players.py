from __future__ import annotations

import pytest
from conftest import DATA, positions
from hypothesis import given

from puzzlegen.catscradle.players import (
    CAREFUL,
    HASTY,
    LADDER,
    PERFECT,
    first_rung,
    look_ahead,
    random_play_share,
)
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.solver import best_line, novice_line

HINTS = {
    row.split(" | ")[0]: Position.parse(row.split(" | ")[1])
    for row in (DATA / "hints.txt").read_text().splitlines()
    if row and not row.startswith("#")
}


def test_the_seeds_ladder_of_players() -> None:
    # The seed: "an inexperienced player might play 4♦ on 5♣, 3♠ on 4♦ and leave
    # it at that.  Perhaps with a little more experience, 7♣ on 8♦, 8♥ on 9♠
    # … so as to create four spaces.  The best line of play, however, … five".
    position = HINTS["complicated-ii"]
    assert [str(m) for m in HASTY.line(position).moves] == ["4D on 5C", "3S on 4D"]
    assert CAREFUL.line(position).spaces == 2
    two = look_ahead(2).line(position)
    assert two.spaces == 4 and {"7C on 8D", "8H on 9S"} <= {str(m) for m in two.moves}
    assert look_ahead(3).line(position).spaces == 5
    assert first_rung(position, 5) == 3


@pytest.mark.parametrize(
    ("name", "rung"),
    [
        ("optional-moves", 0),  # one obvious move
        ("complicated-i", 2),  # a transfer first: "AS on 2D, AS on 2H"
        ("take-a-good-look", 2),  # "appear to offer no possibilities of a move"
        ("use-before-moving", 3),  # use the 10H before moving the JC
        ("clear-a-stack", 4),  # a stack of four, cleared one card at a time
    ],
)
def test_hint_layouts_need_the_rungs_they_teach(name: str, rung: int) -> None:
    position = HINTS[name]
    assert first_rung(position, best_line(position).spaces - position.spaces) == rung


@given(positions)
def test_every_players_line_is_legal_and_never_beats_perfect(position: Position) -> None:
    best = best_line(position).spaces
    for player in LADDER:
        line = player.line(position)
        replayed = position
        for move in line.moves:
            replayed = replayed.apply(move)  # raises on an illegal move
        assert replayed == line.final
        assert line.spaces <= best
        assert player.spaces(position) == line.spaces - position.spaces
    assert PERFECT.line(position).spaces == best


@given(positions)
def test_the_hasty_player_is_the_novice_line(position: Position) -> None:
    assert HASTY.line(position) == novice_line(position)


def test_players_are_named_and_documented() -> None:
    names = [p.name for p in LADDER]
    assert names == [
        "hasty",
        "careful",
        "look-ahead-2",
        "look-ahead-3",
        "look-ahead-4",
        "look-ahead-6",
        "perfect",
    ]
    assert all(p.rule for p in LADDER)
    assert repr(HASTY) == "<Player hasty>"


def test_random_play_share_is_seeded_and_tells_hard_from_easy() -> None:
    easy, hard = HINTS["optional-moves"], HINTS["complicated-ii"]
    assert random_play_share(hard, 40, "a") == random_play_share(hard, 40, "a")
    assert random_play_share(easy, 20, "a") == 1.0  # no play can miss the one space
    # Many plays fall into 4♦ on 5♣ (the seed's inexperienced line) and miss par.
    assert random_play_share(hard, 40, "a") < 0.25
    assert random_play_share(hard, 40, "a") != random_play_share(hard, 40, "b")
