"""Whole games told sequence by sequence (puzzlegen.catscradle.views.annotate)."""

from __future__ import annotations

import re

from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import Line, analyse
from puzzlegen.catscradle.views.annotate import annotate, to_come
from puzzlegen.catscradle.views.prose import moves_text
from puzzlegen.catscradle.wholegame import play


def test_a_won_game_is_told_whole() -> None:
    deal = Deal.from_seed(2)
    turns = list(play(deal))
    game = annotate(deal, turns)
    assert game.won and game.summary == "Won in twelve sequences." and len(turns) == 12
    dealt = [c for note in game.notes for c in note.dealt]
    assert dealt == list(deal.stock)  # every card of the stock, in order, dealt once
    for note, turn in zip(game.notes, turns, strict=True):
        assert note.created == turn.created
        assert moves_text(turn.line).lower() in note.text.lower()
        assert "Dealt" in note.text
    assert "the stock is used up" in game.notes[-1].text
    assert 0 <= game.turning < len(game.notes)


def test_a_lost_game_ends_with_the_stock_left() -> None:
    deal = Deal.from_seed(0)
    turns = list(play(deal))
    game = annotate(deal, turns)
    assert not game.won
    assert "game is over" in game.notes[-1].text
    assert "still in the stock" in game.summary
    assert game.stock_left == len(turns[-1].stock)


def test_a_shorter_ending_is_said_to_prepare() -> None:
    # A player who always takes the ending with the fewest new spaces stops short.
    deal = Deal.from_seed(5)

    def fewest(position: Position) -> Line:
        ends = [e for e in analyse(position).ends if e.spaces > position.spaces]
        return min(ends, key=lambda e: (e.spaces, len(e.moves))) if ends else analyse(position).best

    turns = list(play(deal, fewest))
    game = annotate(deal, turns)
    short = [n for n in game.notes if 0 < n.created < n.most]
    assert short and all("were possible" in n.text for n in short)
    assert game.turning == game.notes.index(short[0])


def test_how_many_cards_to_come_find_a_place_reads_naturally() -> None:
    # A book's games said "Of the three cards still to come, three would find a place".
    assert to_come(1, 1) == "The one card still to come would find a place at once."
    assert to_come(1, 0) == "The one card still to come would find no place at once."
    assert to_come(2, 2) == "Both cards still to come would find a place at once."
    assert to_come(2, 0) == "Neither card still to come would find a place at once."
    assert to_come(2, 1) == "Of the two cards still to come, one would find a place at once."
    assert to_come(3, 3) == "All three cards still to come would find a place at once."
    assert to_come(5, 0) == "None of the five cards still to come would find a place at once."
    assert to_come(5, 2) == "Of the five cards still to come, two would find a place at once."


def test_a_told_game_never_counts_all_the_cards_to_come_as_some_of_them() -> None:
    from puzzlegen.catscradle.views.bookgames import choose_games

    notes = [note.text for _, _, game in choose_games(3, "book") for note in game.notes]
    assert any("All three cards still to come" in text for text in notes)
    for text in notes:
        said = re.search(r"Of the (\w+) cards still to come, (\w+) would", text)
        assert said is None or (said[1] != said[2] and said[2] != "no"), text


def test_one_card_dealt_goes_into_the_space() -> None:
    # "Dealt into the spaces: 7♠." after a sequence that made one space.
    from puzzlegen.catscradle.views.annotate import annotate
    from puzzlegen.catscradle.wholegame import play

    deal = Deal.from_seed(2)
    notes = [n.text for n in annotate(deal, list(play(deal))).notes]
    assert any("Dealt into the space: " in t for t in notes)
    one_card = r"Dealt into the spaces: (?:(?! and )[^,.])+\."  # no "and", no comma
    assert not any(re.search(one_card, t) for t in notes)
