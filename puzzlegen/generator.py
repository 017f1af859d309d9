"""Fill a catalog with new graded puzzles, deterministically and resumably.

Candidates come from a stream fixed by ``(seed, kind, level)``: candidate
``i`` is the puzzle of kind ``kind`` (alternating opening and midgame when no
kind is given) for the puzzle seed ``f"{seed}-{i}"``.  Workers grade
candidates in batches, but results are taken strictly in index order, so the
catalog ends up the same whatever the number of workers.  Every stored
puzzle commits together with the stream's next index: a killed run loses
nothing it committed, and the next run of the same stream goes on from there.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.puzzle import KINDS, make_puzzle
from puzzlegen.errors import CatalogError

#: Give up when this many candidates in a row per wanted puzzle give nothing new.
MAX_TRIES_PER_PUZZLE = 2000


def candidate(kind: str | None, seed: str, index: int) -> tuple[str, str]:
    """(kind, puzzle seed) of candidate ``index`` of a stream."""
    return (kind or KINDS[index % len(KINDS)], f"{seed}-{index}")


def grade_candidate(job: tuple[str, str]) -> dict[str, Any] | None:
    puzzle = make_puzzle(*job)
    return puzzle.to_json() if puzzle is not None else None


@contextmanager
def _mapper(jobs: int) -> Iterator[Callable[[list[tuple[str, str]]], list[dict[str, Any] | None]]]:
    if jobs <= 1:
        yield lambda batch: [grade_candidate(job) for job in batch]
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield lambda batch: pool.map(grade_candidate, batch, chunksize=4)


def generate(
    catalog: Catalog,
    count: int,
    *,
    seed: str = "0",
    kind: str | None = None,
    level: str | None = None,
    jobs: int = 1,
    on_added: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Add ``count`` new puzzles to ``catalog``; return their JSON in the order added."""
    stream = f"seed={seed}|kind={kind or 'any'}|level={level or 'any'}"
    index = catalog.next_index(stream)
    added: list[dict[str, Any]] = []
    batch_size = max(8, 16 * jobs)
    tries = 0
    with _mapper(jobs) as grade:
        while len(added) < count:
            jobs_batch = [candidate(kind, seed, i) for i in range(index, index + batch_size)]
            for offset, data in enumerate(grade(jobs_batch)):
                tries += 1
                if data is None or (level is not None and data["level"] != level):
                    continue
                with catalog.transaction():
                    stored = catalog.add(data)
                    catalog.set_next_index(stream, index + offset + 1)
                if stored:
                    added.append(data)
                    tries = 0
                    if on_added is not None:
                        on_added(data)
                    if len(added) == count:
                        break
            else:
                index += batch_size
                with catalog.transaction():
                    catalog.set_next_index(stream, index)
                if tries > MAX_TRIES_PER_PUZZLE:
                    raise CatalogError(
                        f"no new {level or ''} {kind or ''} puzzle in {tries} candidates of "
                        f"stream {stream!r}; found {len(added)} of {count}"
                    )
                continue
            break
    return added
