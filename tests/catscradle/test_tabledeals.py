"""Deals from a gathered, hand-shuffled pack: gathering, shuffles and sessions."""

from __future__ import annotations

import itertools
import random

import pytest

from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.gameplayers import play_game
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.tabledeals import (
    CUT_HIGH,
    CUT_LOW,
    ShuffleModel,
    cut,
    gather,
    next_deal,
    overhand,
    play_session,
    riffle,
    rising_sequences,
    shuffle_pack,
)
from puzzlegen.errors import InvalidInputError
from puzzlegen.rng import SeededStream

PACK = Deal.from_seed(5).cards


def _adjacent_kept(pack: tuple[Card, ...], original: tuple[Card, ...]) -> int:
    """Pairs of neighbours of ``original`` that are still neighbours, in order, in ``pack``."""
    where = {card: i for i, card in enumerate(pack)}
    return sum(1 for a, b in itertools.pairwise(original) if where[b] == where[a] + 1)


@pytest.fixture(autouse=True)
def _no_random_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module draws only from SeededStream: the random module fails if touched."""

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the random module was used")

    for name in ("random", "randrange", "randint", "shuffle", "choice", "getrandbits"):
        monkeypatch.setattr(random, name, refuse)


def test_gather_rows_and_columns_on_a_won_game() -> None:
    record = play_game(Deal.from_seed(2), "expert")
    assert record.won
    end = record.turns[-1].filled
    rows = gather(end, ())
    assert set(rows) == set(PACK) and len(rows) == 52
    # rows: each stack bottom to top, stacks in cell order.
    assert rows == tuple(card for stack in end.cells for card in stack)
    columns = gather(end, (), "columns")
    assert set(columns) == set(PACK)
    first_stack = next(s for s in (end.cells[c] for c in (0, 4, 8, 12)) if s)
    assert columns[: len(first_stack)] == tuple(reversed(first_stack))
    up = gather(end, (), "columns-up")
    assert up[: len(first_stack)] == first_stack
    assert up == tuple(card for c in (*range(0, 16, 4), *range(1, 16, 4), *range(2, 16, 4),
                                       *range(3, 16, 4)) for card in end.cells[c])


def test_gather_puts_a_lost_games_stock_under_or_over() -> None:
    record = play_game(Deal.from_seed(1), "beginner")
    last = record.turns[-1]
    assert not record.won and last.stock
    rows = gather(last.filled, last.stock)
    assert rows[-len(last.stock) :] == last.stock
    assert gather(last.filled, last.stock, "columns")[: len(last.stock)] == last.stock
    assert gather(last.filled, last.stock, "columns-up")[: len(last.stock)] == last.stock


def test_gather_refuses_a_bad_rule_or_missing_cards() -> None:
    end = Deal.from_seed(3).layout
    with pytest.raises(InvalidInputError, match="'diagonal'"):
        gather(end, Deal.from_seed(3).stock, "diagonal")
    with pytest.raises(InvalidInputError, match="52 distinct"):
        gather(end, Deal.from_seed(3).stock[1:])
    with pytest.raises(InvalidInputError, match="'mash'"):
        ShuffleModel("mash")
    with pytest.raises(InvalidInputError, match="-1"):
        ShuffleModel("riffle", -1)


def test_riffle_is_a_seeded_permutation_with_at_most_two_rising_sequences() -> None:
    stream = SeededStream("test", 1)
    counts = []
    splits = []
    for _ in range(200):
        shuffled = riffle(PACK, stream)
        assert sorted(map(str, shuffled)) == sorted(map(str, PACK))
        counts.append(rising_sequences(shuffled, PACK))
        # The cut: the first packet is the rising sequence that starts with PACK[0].
        where = {card: i for i, card in enumerate(shuffled)}
        split = 1
        while split < 52 and where[PACK[split]] > where[PACK[split - 1]]:
            split += 1
        splits.append(split)
    assert max(counts) == 2 and counts.count(2) > 190  # identity only when a packet is empty
    # Binomial(52, 1/2) cut: mean 26, sd 3.6; the mean of 200 (sd 0.25) near 26
    # (the split found can run past the cut when the second packet's first cards follow on).
    assert 25 <= sum(splits) / len(splits) <= 27.5
    assert riffle(PACK, SeededStream("test", 9)) == riffle(PACK, SeededStream("test", 9))
    assert riffle(PACK, SeededStream("test", 9)) != riffle(PACK, SeededStream("test", 10))


def test_riffles_bound_rising_sequences_and_lose_adjacency() -> None:
    stream = SeededStream("test", 2)
    once = [_adjacent_kept(riffle(PACK, stream), PACK) for _ in range(60)]
    seven = []
    for _ in range(60):
        cards = PACK
        for k in range(1, 8):
            cards = riffle(cards, stream)
            assert rising_sequences(cards, PACK) <= 2**k
        seven.append(_adjacent_kept(cards, PACK))
    # One riffle keeps about half the neighbours (50 - about 24 interleavings);
    # a random order keeps 51/52 on average.
    assert 20 <= sum(once) / 60 <= 32
    assert sum(seven) / 60 <= 2.5


def test_overhand_reverses_packets_of_about_six() -> None:
    stream = SeededStream("test", 3)
    breaks = []
    index = {card: i for i, card in enumerate(PACK)}
    for _ in range(200):
        shuffled = overhand(PACK, stream)
        assert sorted(map(str, shuffled)) == sorted(map(str, PACK))
        where = [index[card] for card in shuffled]
        # Split into runs of consecutive original positions: the packets,
        # which must come in reversed order and together cover the pack.
        runs = [[where[0]]]
        for p in where[1:]:
            if p == runs[-1][-1] + 1:
                runs[-1].append(p)
            else:
                runs.append([p])
        assert [r[0] for r in runs] == sorted((r[0] for r in runs), reverse=True)
        assert runs[0][-1] == 51 and runs[-1][0] == 0
        breaks.append(len(runs) - 1)
    # 51 gaps, each a break with probability 1/6: 8.5 a shuffle (sd 2.7; of the mean, 0.19).
    assert 7.8 <= sum(breaks) / len(breaks) <= 9.2


def test_cut_moves_the_middle_and_uniform_mixes() -> None:
    stream = SeededStream("test", 4)
    seen = set()
    for _ in range(200):
        moved = cut(PACK, stream)
        c = 52 - moved.index(PACK[0])
        assert moved == PACK[c:] + PACK[:c]
        seen.add(c)
    assert min(seen) == CUT_LOW and max(seen) == CUT_HIGH
    rising = [rising_sequences(shuffle_pack(PACK, "uniform", 0, stream), PACK) for _ in range(100)]
    assert 24 <= sum(rising) / 100 <= 29  # (52 + 1) / 2 for a uniform order


def test_session_deals_each_game_from_the_last_ones_end() -> None:
    model = ShuffleModel("riffle", 2)
    records = play_session("expert", model, 3, 17)
    assert records[0].deal == Deal.from_seed(17)
    for game in (1, 2):
        last = records[game - 1].turns[-1]
        assert records[game].deal == next_deal(last.filled, last.stock, model, 17, game)
    again = play_session("expert", model, 3, 17)
    assert [r.deal for r in again] == [r.deal for r in records]
    columns = play_session("expert", ShuffleModel("riffle", 2, "columns"), 2, 17)
    assert columns[1].deal != records[1].deal
    with pytest.raises(InvalidInputError, match="0"):
        play_session("expert", model, 0, 17)

