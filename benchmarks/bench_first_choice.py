"""Win rates of players who spend more on a game's first choice than on the rest (idea 52).

The first sequence decides most of the games the players lose
(docs/whole-game-research.md, "Why hidden-stock play is stuck near 14%"),
so a player may spend there what it saves later.  A player here is
``FIRST>REST``: two of ``bench_wholegame.py``'s player specs, the first
choosing the first sequence of each game, the second every later one; a
plain spec plays every sequence.  The figures are ``bench_wholegame.py
--players-only``'s (win rate, 95% Wilson interval, CPU a game, and with
``--paired`` the deals each player won that an earlier one lost), run from
the repository root:

    nice -n 10 python benchmarks/bench_first_choice.py --paired --first 20000 --deals 900 \\
        --players strong+method=rich+samples=100+width=30+slack=0,\\
strong+method=rich+samples=1000+width=30+slack=0>strong+method=rich+samples=100+width=30+slack=0
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass

import bench_wholegame

from puzzlegen.catscradle import core
from puzzlegen.catscradle.gameplayers import GamePlayer, StockView, get_player
from puzzlegen.catscradle.solver import Line

_plain_player = bench_wholegame.player


@dataclass(frozen=True)
class FirstChoice:
    """Plays the first sequence as ``first`` would, every later one as ``rest``."""

    first: GamePlayer
    rest: GamePlayer
    name: str = "strong"

    def choose(self, view: StockView) -> Line:
        return (self.first if view.number == 1 else self.rest).choose(view)


def _as_player(spec: str) -> GamePlayer:
    who = _plain_player(spec)
    return get_player(who) if isinstance(who, str) else who


def player(spec: str) -> object:
    """``FIRST>REST`` as a :class:`FirstChoice`, or a plain spec as ``bench_wholegame`` reads it."""
    if ">" not in spec:
        return _plain_player(spec)
    first, _, rest = spec.partition(">")
    return FirstChoice(_as_player(first), _as_player(rest))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=20000)
    parser.add_argument("--deals", type=int, default=900)
    parser.add_argument("--players", required=True, help="comma-separated player specs")
    parser.add_argument("--paired", action="store_true")
    parser.add_argument("--outcomes", default="")
    args = parser.parse_args()
    bench_wholegame.player = player  # type: ignore[assignment]
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), "
          f"{os.cpu_count()} CPUs; core in use: {core.CORE}")
    bench_wholegame.measure_players(args.first, args.deals, args.players, paired=args.paired,
                                    outcomes_file=args.outcomes)


if __name__ == "__main__":
    main()
