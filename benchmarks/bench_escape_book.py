"""Escape book speed: typeset and preflight a 6x9 Escape book beside a Cat's Cradle book.

The Escape puzzles are the generator's own, stored in
``tests/data/escape_book12.jsonl`` (``puzzlegen generate --game escape``,
seed g2) and used over and over to reach ``--count`` (making them is the
solver's benchmark, not this one's); the Cat's Cradle book has as many
puzzles, dealt from a seed, in the same run.  Wall and CPU time are printed
side by side with the load average, since the machine is shared.

    python benchmarks/bench_escape_book.py [--count 12]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TypeVar

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.escape.plugin import ESCAPE
from puzzlegen.games import Game, Puzzle
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.render.book import PAGE_SIZES, BookOptions, build_book
from puzzlegen.render.preflight import preflight

T = TypeVar("T")
DATA = Path(__file__).parent.parent / "tests" / "data" / "escape_book12.jsonl"


def _timed(work: Callable[[], T]) -> tuple[T, float, float]:
    """``work()``, its wall time and this process's CPU time, in seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12)
    args = parser.parse_args()
    stored = [ESCAPE.puzzle_from_json(json.loads(line)) for line in DATA.open()]
    games: list[tuple[Game, Sequence[Puzzle]]] = [
        (ESCAPE, [stored[i % len(stored)] for i in range(args.count)]),
        (CATS_CRADLE, puzzles_from_seed(args.count, seed="bench", game=CATS_CRADLE)),
    ]
    options = BookOptions(page_size="6x9", bleed=True)
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for game, puzzles in games:
        pdf, t_wall, t_cpu = _timed(partial(build_book, game, puzzles, options, check=False))
        report, p_wall, p_cpu = _timed(
            partial(preflight, pdf, trim=PAGE_SIZES["6x9"], bleed=True)
        )
        pages, ok = report.pages, report.ok
        print(
            f"book     {args.count} {game.title} puzzles (6x9, bleed): "
            f"typeset {t_wall:.2f} s wall / {t_cpu:.2f} s CPU, "
            f"preflight {p_wall:.2f} s wall / {p_cpu:.2f} s CPU "
            f"({pages} pages, {'passes' if ok else 'FAILS'}), {len(pdf) // 1024} KiB"
        )
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
