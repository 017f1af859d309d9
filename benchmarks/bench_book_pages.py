"""A book's pages against the early estimate ``book --count`` refuses by (publish.least_pages).

Typesets (without preflight) a book of COUNT puzzles per game and trim size
and prints, per book, the pages typeset, the estimate, how far under the
estimate falls, the pages of each section and the answers a solutions page
held: the figures :data:`puzzlegen.publish.BOOK_PAGES` is measured from.
Cat's Cradle puzzles are dealt from a seed in the book's level mix; Pendulum
books use the stored puzzles of ``tests/data/pendulum_book12.jsonl`` (three
a level), over and over, since making Pendulum puzzles is another benchmark's.

    python benchmarks/bench_book_pages.py [--count 48] [--game cats-cradle] [--size 6x9]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

import puzzlegen.render.book as book
from puzzlegen.games import Game, Puzzle
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.publish import least_pages
from puzzlegen.registry import get_game
from puzzlegen.render.book import BookOptions, Chapter, build_chapters

STORED = Path(__file__).resolve().parent.parent / "tests" / "data" / "pendulum_book12.jsonl"


def puzzles_for(game: Game, count: int) -> list[Puzzle]:
    if game.name == "pendulum":
        rows = [json.loads(line) for line in STORED.read_text().splitlines()]
        rows = (rows * (count // len(rows) + 1))[:count]
        return [game.puzzle_from_json(row) for row in rows]
    return puzzles_from_seed(count, seed="pages", game=game)


def measure(game: Game, size: str, puzzles: list[Puzzle]) -> dict[str, Any]:
    """Typeset one book; its pages, sections and answers a page, from the last pass."""
    passes: list[Any] = []
    typeset = book._typeset

    def spy(*args: Any, **kwargs: Any) -> Any:
        result = typeset(*args, **kwargs)
        passes.append(result)
        return result

    book._typeset = spy
    try:
        options = BookOptions(title="Pages", page_size=size)
        cpu, wall = time.process_time(), time.perf_counter()
        build_chapters([Chapter(game, puzzles)], options, check=False)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        book._typeset = typeset
    found = passes[-1].found
    sections = sorted((page, key[1]) for key, page in found.items() if key[0] == "section")
    held = Counter(Counter(p for k, p in found.items() if k[0] == "solution").values())
    estimate = least_pages([game], len(puzzles), options)
    return {
        "pages": passes[-1].pages,
        "estimate": estimate,
        "sections": sections,
        "answers_a_page": sorted(held.items()),
        "cpu": cpu,
        "wall": wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--game", action="append", help="cats-cradle, pendulum [both]")
    parser.add_argument("--size", action="append", help="6x9, a4, letter [all]")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min)")
    for name in args.game or ["cats-cradle", "pendulum"]:
        game = get_game(name)
        puzzles = puzzles_for(game, args.count)
        levels = Counter(p.level for p in puzzles)
        print(f"{game.title}: {args.count} puzzles, levels {dict(sorted(levels.items()))}")
        for size in args.size or ["6x9", "a4", "letter"]:
            got = measure(game, size, puzzles)
            under = (got["pages"] - got["estimate"]) / got["pages"] * 100
            print(
                f"  {size:6}: {got['pages']} pages typeset, estimate {got['estimate']} "
                f"({under:.1f}% under); answers a page {got['answers_a_page']}; "
                f"{got['cpu']:.1f} s CPU, {got['wall']:.1f} s wall"
            )
            print("          sections: " + ", ".join(f"{k} p{p}" for p, k in got["sections"]))


if __name__ == "__main__":
    main()
