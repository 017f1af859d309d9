"""A seeded random stream that gives the same numbers for ever.

``random.shuffle`` and ``random.choice`` may change from one Python version to
the next, and anything that defines a puzzle must not.  This stream is fully
specified here, so a seed deals the same cards on every machine and every
version of puzzlegen:

* block *n* of the stream is ``SHA-256(f"{domain}\\x00{seed}\\x00{n}")``,
  read as eight big-endian 32-bit words, used in order;
* ``below(k)`` takes words ``w`` and returns ``w % k`` for the first word with
  ``w < 2**32 - (2**32 % k)`` (rejection sampling, so no bias);
* ``shuffle`` is the Fisher-Yates shuffle from the last index down:
  for ``i`` from ``len-1`` down to 1 swap item ``i`` with item ``below(i+1)``.

The *domain* separates streams used for different purposes (deals, daily
candidates, ...) so one seed never feeds two of them the same numbers.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_WORD = 2**32
_WORDS = struct.Struct(">8I")  # a SHA-256 digest as eight big-endian 32-bit words


def stream_prefix(domain: str, seed: int | str) -> bytes:
    """What every block of the stream ``(domain, seed)`` hashes before its number:
    block *n* is ``SHA-256(stream_prefix(domain, seed) + str(n).encode())``.

    Pendulum's compiled core draws the simulated players' numbers from it
    (``puzzlegen/pendulum/_ccore.c``), word for word as :class:`SeededStream`."""
    return f"{domain}\x00{seed}\x00".encode()


class SeededStream:
    """Deterministic random numbers from ``(domain, seed)``.

    >>> s = SeededStream("example", 7)
    >>> [s.below(10) for _ in range(5)]
    [3, 9, 9, 6, 7]
    """

    __slots__ = ("_block", "_counter", "_domain", "_prefix", "_seed", "_words")

    def __init__(self, domain: str, seed: int | str) -> None:
        self._domain = domain
        self._seed = str(seed)
        self._counter = 0
        self._words: list[int] = []
        # Hashing the (often long) domain and seed once and copying the state per
        # block gives the same digests as hashing the whole text each time, faster.
        self._prefix = hashlib.sha256(stream_prefix(domain, self._seed))
        self._block = 0

    def __repr__(self) -> str:
        return f"SeededStream({self._domain!r}, {self._seed!r})"

    def _next_word(self) -> int:
        if not self._words:
            hasher = self._prefix.copy()
            hasher.update(str(self._block).encode())
            self._block += 1
            # Reversed so that pop() hands the words out first to last.
            self._words = list(_WORDS.unpack(hasher.digest()))[::-1]
        return self._words.pop()

    def below(self, k: int) -> int:
        """A uniform integer in ``range(k)``; ``k`` must be from 1 to 2**32."""
        if not 1 <= k <= _WORD:
            raise ValueError(f"below() needs 1 <= k <= 2**32, got {k!r}")
        limit = _WORD - (_WORD % k)
        while True:
            word = self._next_word()
            if word < limit:
                return word % k

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, last index first)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
