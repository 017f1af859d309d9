from __future__ import annotations

from collections import Counter

import pytest

from puzzlegen.rng import SeededStream


def test_stream_is_pinned() -> None:
    stream = SeededStream("example", 7)
    assert [stream.below(10) for _ in range(8)] == [3, 9, 9, 6, 7, 9, 1, 5]


def test_domains_separate_streams() -> None:
    a, b = SeededStream("a", 1), SeededStream("b", 1)
    assert [a.below(1000) for _ in range(5)] != [b.below(1000) for _ in range(5)]


def test_below_is_roughly_uniform() -> None:
    stream = SeededStream("uniform", 0)
    counts = Counter(stream.below(3) for _ in range(3000))
    assert all(900 < counts[k] < 1100 for k in range(3))


def test_below_rejects_bad_bounds() -> None:
    with pytest.raises(ValueError, match="below"):
        SeededStream("x", 0).below(0)


def test_shuffle_is_a_permutation() -> None:
    items = list(range(52))
    SeededStream("x", 3).shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))
