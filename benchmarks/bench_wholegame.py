"""Whole games: the perfect-information solver's speed, and every player's win rate.

In one run, on seeded deals ``Deal.from_seed(first .. first + deals - 1)``:

* the solver end to end (deal from the seed, encode, decide won or lost, no
  line), on the core in use, in one process and in ``--jobs`` processes:
  deals/s by wall clock and by CPU time, and the share winnable (no deal is
  ever undecided: the search is exhaustive);
* the honest baseline, on the first ``--baseline-deals``: the same
  memoised search written plainly in Python over the compiled core's
  ``end_layouts`` (what a first whole-game solver looks like), checked to
  agree on every verdict;
* the pure-Python core (a fresh process with ``PUZZLEGEN_PURE_CORE=1``) on
  the first ``--pure-deals``;
* each player's win rate on ``--player-deals`` deals with its 95% Wilson
  interval and CPU time a game.

Run from the repository root (figures go to stdout; note the load printed):

    python benchmarks/bench_wholegame.py [--deals 10000] [--jobs 2] [--player-deals 1000]

A player in ``--players`` may be a strong player with its settings, joined by
``+`` (each a ``StrongPlayer`` field; docs/whole-game-research.md names them),
and ``--players-only`` skips the solver's figures:

    python benchmarks/bench_wholegame.py --players-only --first 20000 --player-deals 300 \
        --players expert,strong+method=next+samples=60+width=30+slack=0
"""

from __future__ import annotations

import argparse
import os
import resource
import runpy
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from puzzlegen.catscradle import backvalue, core, richvalue
from puzzlegen.catscradle.cards import class_below
from puzzlegen.catscradle.gameplayers import StrongPlayer, play_game
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout
from puzzlegen.catscradle.study import wilson
from puzzlegen.errors import InvalidInputError
from puzzlegen.fileio import write_text


def decide(seed: int) -> bool:
    """Deal ``seed`` decided from scratch, as a user's call would."""
    deal = Deal.from_seed(seed)
    return core.solve_game(layout(deal.layout), bytes(CARD_INDEX[c] for c in deal.stock))[0]


def decide_range(bounds: tuple[int, int]) -> tuple[int, float]:
    """Wins among seeds ``bounds`` and the CPU seconds this worker spent."""
    start = time.process_time()
    wins = sum(decide(seed) for seed in range(*bounds))
    return wins, time.process_time() - start


def baseline_won(seed: int) -> bool:
    """The plain memoised search in Python over ``end_layouts`` (classes, no ordering tricks)."""
    deal = Deal.from_seed(seed)
    stock = [CARD_INDEX[c] >> 1 for c in deal.stock]
    lost: set[bytes] = set()

    def won(cells: tuple[tuple[int, int], ...], dealt: int) -> bool:
        key = bytes(x for cell in cells for x in cell)
        if key in lost:
            return False
        cards = [2 * class_below(b, d) for b, h in cells for d in range(h)]
        encoded = bytes([h for _, h in cells] + cards)
        start = sum(1 for _, h in cells if not h)
        for end in core.end_layouts(encoded):
            spaces = end[:16].count(0)
            if spaces <= start:
                continue
            if spaces >= len(stock) - dealt:
                return True
            nxt = []
            at = dealt
            for i in range(16):
                if end[i]:
                    nxt.append((cells[i][0], end[i]))
                else:
                    nxt.append((stock[at], 1))
                    at += 1
            if won(tuple(nxt), at):
                return True
        lost.add(key)
        return False

    return won(tuple((CARD_INDEX[c] >> 1, 1) for c in deal.cards[:16]), 0)


def _rate(label: str, count: int, wall: float, cpu: float) -> None:
    print(
        f"  {label:<38} {count:>6} deals  wall {wall:7.2f} s = {count / wall:7.0f} deals/s   "
        f"CPU {cpu:7.2f} s = {count / cpu:7.0f} deals/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline-deals", type=int, default=500)
    parser.add_argument("--pure-deals", type=int, default=300)
    parser.add_argument("--player-deals", type=int, default=1000)
    parser.add_argument("--players", default="beginner,expert,strong,perfect")
    parser.add_argument("--players-only", action="store_true",
                        help="only the players' win rates (no solver figures)")
    parser.add_argument("--paired", action="store_true",
                        help="compare each player with the first on the same deals: the deals "
                        "each won that the other lost")
    parser.add_argument("--rich-weights", default="",
                        help="a weights file train_backup.py --model rich wrote, for method=rich")
    parser.add_argument("--outcomes", default="",
                        help="a file for each player's won/lost deal by deal")
    parser.add_argument("--backup-weights", default="",
                        help="a weights file benchmarks/train_backup.py wrote, for "
                        "strong+method=backup (default: the shipped fit)")
    parser.add_argument("--pure-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if getattr(args, "rich_weights", ""):
        found = runpy.run_path(args.rich_weights)
        richvalue.MODEL = richvalue.Model(found["LINEAR"], found["HIDDEN"], found["OUT"])
    if args.backup_weights:
        backvalue.WEIGHTS = tuple(runpy.run_path(args.backup_weights)["WEIGHTS"])
    seeds = range(args.first, args.first + args.deals)
    if args.players_only:
        print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), "
              f"{os.cpu_count()} CPUs; core in use: {core.CORE}")
        measure_players(args.first, args.player_deals, args.players, paired=args.paired,
                        outcomes_file=args.outcomes)
        return

    if args.pure_child:  # the pure core's figure, measured in a fresh process
        wall, cpu = time.perf_counter(), time.process_time()
        wins = sum(decide(seed) for seed in seeds)
        print(wins, time.perf_counter() - wall, time.process_time() - cpu)
        return

    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), "
          f"{os.cpu_count()} CPUs; core in use: {core.CORE}")
    print(f"Perfect-information solver, seeds {seeds.start}..{seeds.stop - 1}, end to end:")
    wall, cpu = time.perf_counter(), time.process_time()
    wins = sum(decide(seed) for seed in seeds)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    _rate(f"{core.CORE} core, 1 process", len(seeds), wall, cpu)
    low, high = wilson(wins, len(seeds))
    print(f"  winnable: {wins} of {len(seeds)} = {wins / len(seeds):.1%} "
          f"(95% interval {low:.1%} – {high:.1%}); undecided: 0")

    if args.jobs > 1:
        step = -(-len(seeds) // (4 * args.jobs))
        chunks = [(s, min(s + step, seeds.stop)) for s in range(seeds.start, seeds.stop, step)]
        with ProcessPoolExecutor(args.jobs) as pool:
            list(pool.map(decide_range, [(seeds.start, seeds.start + 1)] * args.jobs))  # warm up
            wall = time.perf_counter()
            results = list(pool.map(decide_range, chunks))
            wall = time.perf_counter() - wall
        assert sum(w for w, _ in results) == wins
        _rate(f"{core.CORE} core, {args.jobs} processes", len(seeds), wall,
              sum(c for _, c in results))

    base = range(seeds.start, seeds.start + min(args.baseline_deals, len(seeds)))
    wall, cpu = time.perf_counter(), time.process_time()
    verdicts = [baseline_won(seed) for seed in base]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert verdicts == [decide(seed) for seed in base], "the baseline disagrees"
    _rate("baseline: plain Python over end_layouts", len(base), wall, cpu)

    pure = subprocess.run(
        [sys.executable, __file__, "--pure-child", "--deals", str(args.pure_deals),
         "--first", str(args.first)],
        env={**os.environ, "PUZZLEGEN_PURE_CORE": "1"},
        capture_output=True, text=True, check=True,
    ).stdout.split()
    pure_wins = int(pure[0])
    expected = sum(decide(s) for s in range(seeds.start, seeds.start + args.pure_deals))
    assert pure_wins == expected, "the pure core disagrees"
    _rate("pure-Python core, 1 process", args.pure_deals, float(pure[1]), float(pure[2]))

    if args.player_deals > 0:
        measure_players(seeds.start, args.player_deals, args.players, paired=args.paired,
                        outcomes_file=args.outcomes)


def player(spec: str) -> str | StrongPlayer:
    """A player name, or ``strong+field=value+...``: a strong player with those settings."""
    name, *settings = spec.split("+")
    if not settings:
        return name
    if name != "strong":
        raise SystemExit(f"only the strong player takes settings, not {name!r}")
    fields: dict[str, int | str] = {}
    for setting in settings:
        key, _, value = setting.partition("=")
        fields[key] = int(value) if value.lstrip("-").isdigit() else value
    try:
        return StrongPlayer(**fields)  # type: ignore[arg-type]
    except (TypeError, InvalidInputError) as error:
        raise SystemExit(f"bad player {spec!r}: {error}") from None


def measure_players(first: int, deals: int, specs: str, *, paired: bool = False,
                    outcomes_file: str = "") -> None:
    """Each player's win rate on seeds ``first ..``, its interval and CPU time a game.

    With ``paired``, each player after the first is also compared with each
    earlier one deal by deal: the deals it won and the other lost, and the other way
    round (the discordant pairs; a difference between them well beyond the
    square root of their sum is more than chance).  With ``outcomes_file``,
    each player's results are written there, one line a player (``1`` won).
    """
    players = range(first, first + deals)
    print(f"Players, seeds {players.start}..{players.stop - 1} (95% Wilson intervals):")
    earlier_outcomes: list[list[bool]] = []
    rows: list[str] = []
    for spec in specs.split(","):
        who = player(spec)
        cpu, wall = time.process_time(), time.perf_counter()
        outcomes = [play_game(Deal.from_seed(seed), who).won for seed in players]
        won = sum(outcomes)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        low, high = wilson(won, len(players))
        print(f"  {spec:<9} {won:>5} of {len(players)} = {won / len(players):6.1%} "
              f"(95% interval {low:5.1%} – {high:5.1%})   CPU {1000 * cpu / len(players):7.1f} "
              f"ms a game (wall {1000 * wall / len(players):.1f} ms)", flush=True)
        if paired:
            for earlier, before in zip(specs.split(","), earlier_outcomes, strict=False):
                gained = sum(a and not b for a, b in zip(outcomes, before, strict=True))
                lost = sum(b and not a for a, b in zip(outcomes, before, strict=True))
                print(f"    paired with {earlier}: won {gained} it lost, "
                      f"lost {lost} it won", flush=True)
            earlier_outcomes.append(outcomes)
        if outcomes_file:
            rows.append(f"{spec}\t{''.join('1' if o else '0' for o in outcomes)}\n")
    if outcomes_file:
        write_text(Path(outcomes_file), f"first seed {first}\n" + "".join(rows))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"peak memory {usage.ru_maxrss / 1024:.0f} MB; load now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
