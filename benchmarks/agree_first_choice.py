"""How often a player's first choice of a game survives a redraw of its sampled orders (row 54).

For the first layout of each deal with two or more ends making the most
spaces, each player chooses twice, with ``seed`` "0" and "1" (other sampled
orders, the same view); the script prints how often the two choices are the
same end, how often two players choose the same end (seed "0"), and CPU a
choice.  A choice that changes with the orders is a choice its estimates'
noise makes.  Run from the repository root:

    nice -n 10 python benchmarks/agree_first_choice.py --first 20000 --deals 60
"""

from __future__ import annotations

import argparse
import itertools
import os
import time

from puzzlegen.catscradle import core
from puzzlegen.catscradle.gameplayers import StockView, StrongPlayer
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import layout

#: The players compared: rich (idea 46), rich with ten times the fills (52), deep (51).
PLAYERS: dict[str, dict[str, int | str]] = {
    "rich, 100 samples": {"method": "rich", "samples": 100},
    "rich, 1000 samples": {"method": "rich", "samples": 1000},
    "deep (idea 51)": {"method": "deep", "samples": 100, "horizon": 20, "depth": 48, "race": 4,
                       "limit": 4, "inner": 16},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=20000)
    parser.add_argument("--deals", type=int, default=60)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), "
          f"{os.cpu_count()} CPUs; core in use: {core.CORE}")
    picks: dict[str, tuple[list[bytes], list[bytes]]] = {k: ([], []) for k in PLAYERS}
    cpu = dict.fromkeys(PLAYERS, 0.0)
    used = 0
    for seed in range(args.first, args.first + args.deals):
        deal = Deal.from_seed(seed)
        spaces = [e[:16].count(0) for e in core.end_layouts(layout(deal.layout))]
        if not spaces or max(spaces) == 0 or spaces.count(max(spaces)) < 2:
            continue
        used += 1
        view = StockView(1, deal.layout, (), frozenset(deal.stock))
        for label, settings in PLAYERS.items():
            for k, stream in enumerate(("0", "1")):
                start = time.process_time()
                player = StrongPlayer(seed=stream, width=30, slack=0, **settings)  # type: ignore[arg-type]
                chosen = player.choose(view)
                cpu[label] += time.process_time() - start
                picks[label][k].append(layout(chosen.final)[:16])
    last = args.first + args.deals - 1
    print(f"seeds {args.first}..{last}: {used} first layouts with two or more most-space ends")
    for label, (a, b) in picks.items():
        same = sum(x == y for x, y in zip(a, b, strict=True))
        print(f"  {label:<20} the same end under two seeds {same:>3} of {used}; "
              f"CPU {1000 * cpu[label] / (2 * used):5.0f} ms a choice")
    for one, two in itertools.combinations(PLAYERS, 2):
        same = sum(x == y for x, y in zip(picks[one][0], picks[two][0], strict=True))
        print(f"  {one} and {two} (seed 0): the same end {same} of {used}")


if __name__ == "__main__":
    main()
