"""Publishing speed: a 100-puzzle book with solutions, and a year of daily pages.

Times choosing the puzzles and typesetting separately, then writes a year of
daily pages (four files a date) into a temporary folder.

    python benchmarks/bench_publish.py [--count 100] [--year 2027]
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import time
from pathlib import Path

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.daily import daily_puzzle, date_range
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.render.book import PAGE_SIZES, BookOptions, build_book
from puzzlegen.render.pages import write_archive, write_daily
from puzzlegen.render.preflight import preflight


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--year", type=int, default=2027)
    args = parser.parse_args()

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


if __name__ == "__main__":
    main()
