"""Pendulum answers told for a book (views.story) and the prose they are made of."""

from __future__ import annotations

import json

from conftest import DATA

from puzzlegen.cards import Card
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.plugin import PENDULUM
from puzzlegen.pendulum.position import Deal, Move, Position
from puzzlegen.pendulum.views.prose import line_sentences
from puzzlegen.pendulum.views.story import key_swings, ordinal, segments, told_story


def stored() -> list[pp.Puzzle]:
    lines = (DATA / "pendulum_book.jsonl").read_text().splitlines()
    return [PENDULUM.puzzle_from_json(json.loads(line)) for line in lines]


def placed(cells: dict[int, str]) -> Position:
    """Seed 1's deal under up-1 with each named card moved to its cell."""
    cards = list(Deal.from_seed(1).cards)
    for cell, name in cells.items():
        i = cards.index(Card.parse(name))
        cards[i], cards[cell] = cards[cell], cards[i]
    return Deal(tuple(cards)).start("up-1")


def at_the_foot(*names: str) -> Position:
    """``names`` in the lowest row, from the left."""
    return placed({40 + col: name for col, name in enumerate(names)})


def test_a_pack_on_a_card_that_is_not_exposed_says_where_it_lies() -> None:
    # The rules' own example: 9C just below 10C goes up on it, then both on an exposed JC.
    start = placed({32: "10C", 40: "9C", 41: "JC", 0: "3D", 42: "2D"})
    moves = [Move.parse("9C on 10C"), Move.parse("10C on JC"), Move.parse("2D on 3D")]
    assert line_sentences(start, moves) == [
        "The nine of clubs goes up on the ten just above it.",
        "The ten of clubs (with the nine) goes on the knave.",
        "The two of diamonds goes on the three in the top left-hand corner.",
    ]


def test_cards_going_out_together_share_a_sentence_each_suit_named_once() -> None:
    start = at_the_foot("2C", "2D", "3C")
    moves = [Move.out(Card.parse("2C")), Move.out(Card.parse("2D"))]
    assert line_sentences(start, moves) == ["The two of clubs and the two of diamonds go out."]
    moves = [Move.out(Card.parse("2C")), Move.out(Card.parse("3C")), Move.out(Card.parse("2D"))]
    assert line_sentences(start, moves) == [
        "The two and three of clubs and the two of diamonds go out."
    ]


def test_every_move_is_told_and_special_packs_say_where() -> None:
    for puzzle in stored():
        best = puzzle.best
        told = " ".join(b for b in told_story(puzzle) if isinstance(b, str))
        moved = sum(m.kind in ("pack", "crown") for m in best.moves)
        assert told.count(" goes on the ") + told.count(" goes up ") == moved
        assert told.count("Swing to the ") == best.par
        assert ("just above it" in told) == ("vertical" in puzzle.tags)
        assert ("-hand corner" in told) == ("corner" in puzzle.tags)
        assert ("space in the top row" in told) == ("crown" in puzzle.tags)


def test_a_long_line_draws_its_busiest_swings_in_order() -> None:
    long = max(stored(), key=lambda p: p.best.par or 0)
    parts = segments(long.best.moves)
    assert [m for part in parts for m in part] == list(long.best.moves)
    chosen = key_swings(parts)
    assert chosen == sorted(chosen) and len(chosen) == 4 < len(parts) - 1
    busy = {i: sum(m.kind != "swing" for m in parts[i - 1]) for i in range(1, len(parts))}
    assert min(busy[i] for i in chosen) >= max(busy[i] for i in busy if i not in chosen)
    captions = [b[0][1] for b in told_story(long) if isinstance(b, list)]
    assert captions[0].startswith("Before the ") and "swing (to the " in captions[0]
    assert ordinal(2) == "second" and ordinal(13) == "13th"


def test_a_short_line_draws_every_swing() -> None:
    short = [p for p in stored() if len(segments(p.best.moves)) - 1 <= 4]
    assert short
    for puzzle in short:
        story = told_story(puzzle, mono=True)
        assert sum(isinstance(b, list) for b in story) == len(segments(puzzle.best.moves)) - 1
