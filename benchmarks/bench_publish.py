"""Publishing speed: a 100-puzzle book with solutions, and a year of daily pages.

Times choosing the puzzles and typesetting separately, then writes a year of
daily pages (four files a date) into a temporary folder.  With
``--pendulum N`` it also typesets a 6x9 Pendulum book of N puzzles, the
stored puzzles of ``tests/data/pendulum_book.jsonl`` over and over (making
Pendulum puzzles is the solver's benchmark, not this one's), beside a Cat's
Cradle book of as many puzzles in the same run.

    python benchmarks/bench_publish.py [--count 100] [--year 2027] [--pendulum 30]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.daily import daily_puzzle, date_range
from puzzlegen.games import Game, Puzzle
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.render.book import PAGE_SIZES, BookOptions, build_book
from puzzlegen.render.pages import write_archive, write_daily
from puzzlegen.render.preflight import preflight


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--year", type=int, default=2027)
    parser.add_argument("--pendulum", type=int, default=0, help="Pendulum book size (0: none)")
    args = parser.parse_args()
    if args.pendulum:
        pendulum_book(args.pendulum)

    start = time.perf_counter()
    puzzles = puzzles_from_seed(args.count, seed="bench", game=CATS_CRADLE)
    chosen = time.perf_counter() - start
    start = time.perf_counter()
    options = BookOptions(page_size="6x9", bleed=True)
    pdf = build_book(CATS_CRADLE, puzzles, options, check=False)
    typeset = time.perf_counter() - start
    start = time.perf_counter()
    report = preflight(pdf, trim=PAGE_SIZES["6x9"], bleed=True)
    checked = time.perf_counter() - start
    print(
        f"book     {args.count} puzzles (6x9, bleed): choose {chosen:.2f} s, "
        f"typeset {typeset:.2f} s, preflight {checked:.2f} s "
        f"({report.pages} pages, {'passes' if report.ok else 'FAILS'}), "
        f"total {chosen + typeset + checked:.2f} s, {len(pdf) // 1024} KiB"
    )

    days = date_range(dt.date(args.year, 1, 1), dt.date(args.year, 12, 31))
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        chosen_days = [(day, daily_puzzle(day, CATS_CRADLE)) for day in days]
        select = time.perf_counter() - start
        start = time.perf_counter()
        for day, puzzle in chosen_days:
            write_daily(CATS_CRADLE, day, puzzle, Path(folder))
        write_archive(CATS_CRADLE, Path(folder))
        write = time.perf_counter() - start
        files = sum(1 for _ in Path(folder).rglob("*") if _.is_file())
    print(
        f"daily    {len(days)} dates: select {select:.2f} s, write pages {write:.2f} s, "
        f"total {select + write:.2f} s ({files} files)"
    )


def pendulum_book(count: int) -> None:
    """Typeset and check a Pendulum book and a Cat's Cradle book of ``count`` puzzles each."""
    from puzzlegen.pendulum.plugin import PENDULUM

    data = Path(__file__).parent.parent / "tests" / "data" / "pendulum_book.jsonl"
    stored = [PENDULUM.puzzle_from_json(json.loads(line)) for line in data.open()]
    games: list[tuple[Game, Sequence[Puzzle]]] = [
        (PENDULUM, [stored[i % len(stored)] for i in range(count)]),
        (CATS_CRADLE, puzzles_from_seed(count, seed="bench", game=CATS_CRADLE)),
    ]
    options = BookOptions(page_size="6x9", bleed=True)
    for game, puzzles in games:
        start = time.perf_counter()
        pdf = build_book(game, puzzles, options, check=False)
        typeset = time.perf_counter() - start
        start = time.perf_counter()
        report = preflight(pdf, trim=PAGE_SIZES["6x9"], bleed=True)
        checked = time.perf_counter() - start
        print(
            f"book     {count} {game.title} puzzles (6x9, bleed): typeset {typeset:.2f} s, "
            f"preflight {checked:.2f} s ({report.pages} pages, "
            f"{'passes' if report.ok else 'FAILS'}), {len(pdf) // 1024} KiB"
        )


if __name__ == "__main__":
    main()
