"""How the backward-induction value compares with what the shipped player then wins.

At every position the shipped strong player meets on seeded deals ``FIRST ..
FIRST + DEALS - 1``: the value's one-step backup
(:func:`puzzlegen.catscradle.backvalue.backed_value`, 24 sampled orders),
grouped by cards left, beside the share of those games the shipped player
went on to win (a lower bound of the optimum from there).  Research idea 45
(docs/whole-game-research.md).  Single process; figures on stdout.

    nice -n 10 python benchmarks/calibrate_backup.py 20000 300
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from puzzlegen.catscradle import backvalue, core
from puzzlegen.catscradle.gameplayers import StrongPlayer, play_hidden
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=int)
    parser.add_argument("deals", type=int)
    args = parser.parse_args()
    # By the first of four cards left: positions, summed value, games won from there.
    bands: dict[int, list[float]] = {}
    start_value = 0.0
    won_games = 0
    cpu = time.process_time()
    try:
        for seed in range(args.first, args.first + args.deals):
            deal = Deal.from_seed(seed)
            turns = play_hidden(deal, StrongPlayer())
            won = turns[-1].won
            won_games += won
            for i, turn in enumerate(turns):
                stock = deal.stock if i == 0 else turns[i - 1].stock
                left = len(stock)
                unseen = sorted(CARD_INDEX[c] for c in stock)
                drawn = core.shuffles("calibrate-backup", f"{seed}/{i}", bytes(unseen), 24)
                orders = [drawn[j * left : (j + 1) * left] for j in range(24)]
                v = backvalue.backed_value(layout(turn.start), left, unseen, orders)
                start_value += v if i == 0 else 0.0
                band = bands.setdefault(left // 4 * 4, [0, 0.0, 0])
                band[0] += 1
                band[1] += v
                band[2] += won
            if (seed - args.first) % 50 == 49:
                print(f"  {seed - args.first + 1} deals", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        raise SystemExit(130) from None
    n = args.deals
    print(f"{n} deals from {args.first}: the shipped player won {won_games}; the value's backup "
          f"at the first layout, mean {start_value / n:.4f}; CPU {time.process_time() - cpu:.0f} s;"
          f" load {os.getloadavg()[0]:.2f}")
    for k in sorted(bands):
        count, total, wins = bands[k]
        print(f"  cards left {k:2d}-{k + 3:2d}: {count:4.0f} positions, mean value "
              f"{total / count:.3f}, the shipped player won from there {wins / count:.3f}")


if __name__ == "__main__":
    main()
