"""The exact late game: how far it reaches, and how far the shipped strong player is from it.

Two measurements (docs/whole-game-research.md, "Third round (b)"):

``reach``
    CPU time to value every end of one position exactly
    (``Endgame.end_values``, a fresh memo each time) with 4, 6, 8, ... cards
    left, on the positions the shipped strong player meets on seeded deals.
    A position needing more than ``--budget`` positions is counted as beyond
    reach.

``regret``
    The shipped strong player (``StrongPlayer()``, or ``--player``'s
    settings) on seeded deals.  At each of its choices with at most
    ``--below`` cards left: the exact chance of winning of the best end minus
    that of the end it chose.  At the first position of a game with at most
    ``--below`` cards left: the optimal chance of winning from there beside
    the player's realised wins from there.  And the whole-game effect:
    ``StrongPlayer(exact_below=K)`` (the same player until ``K`` cards are
    left, exact from then on) played on the same deals, paired beside it:
    the wins of each, the deals won by one and lost by the other, CPU time a
    game.  Also the perfect-information share at those first positions
    (sampled orders of the unseen cards solved as if known): how much of the
    gap to perfect information is left even late.

Run from the repository root, single process (figures on stdout, progress on
stderr; note the load printed):

    nice -n 10 python benchmarks/bench_endgame.py reach --first 20000 --sizes 4,6,8,10,12
    nice -n 10 python benchmarks/bench_endgame.py regret --first 20000 --deals 300 --below 8
    nice -n 10 python benchmarks/bench_endgame.py judge --first 20000 --deals 300 --below 8

``judge``
    At the positions the shipped player meets with ``--low`` to ``--below``
    cards left whose ends differ in exact value: how often each heuristic
    (the expert's line, and strong players' settings) chooses an optimal
    end, and the chance of winning its choice loses, beside choosing at
    random.
"""

from __future__ import annotations

import argparse
import os
import runpy
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from puzzlegen.cards import Card
from puzzlegen.catscradle import backvalue, core, gameplayers, richvalue
from puzzlegen.catscradle.endgame import Endgame, EndValue, TooMuchWork
from puzzlegen.catscradle.gameplayers import StockView, StrongPlayer, play_hidden
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, Line, best_line, layout
from puzzlegen.catscradle.study import wilson
from puzzlegen.rng import SeededStream


@dataclass
class _Recorder:
    """A player that plays as ``player`` and keeps every view and the line chosen from it."""

    player: StrongPlayer
    name: str = "recorder"
    choices: list[tuple[StockView, Line]] = field(default_factory=list)

    def choose(self, view: StockView) -> Line:
        line = self.player.choose(view)
        self.choices.append((view, line))
        return line


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} {five:.2f} (1 and 5 min)"


def _rate(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins}/{n} = {100 * wins / max(n, 1):.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def _player(spec: str) -> StrongPlayer:
    """``StrongPlayer`` from ``key=value`` settings joined by ``+`` ("" = the shipped one)."""
    settings: dict[str, str | int] = {}
    for part in filter(None, spec.split("+")):
        key, _, value = part.partition("=")
        settings[key] = int(value) if value.lstrip("-").isdigit() else value
    return StrongPlayer(**settings)  # type: ignore[arg-type]


def _games(player: StrongPlayer, first: int, deals: int) -> Iterator[tuple[int, _Recorder, bool]]:
    for seed in range(first, first + deals):
        recorder = _Recorder(player)
        turns = play_hidden(Deal.from_seed(seed), recorder)
        yield seed, recorder, turns[-1].won


def reach(args: argparse.Namespace) -> None:
    sizes = [int(s) for s in args.sizes.split(",")]
    wanted = {n: [] for n in sizes}  # type: dict[int, list[bytes]]
    player = _player(args.player)
    for seed, recorder, _won in _games(player, args.first, args.deals):
        for view, _line in recorder.choices:
            n = view.stock_left
            if n in wanted and len(wanted[n]) < args.per_size:
                wanted[n].append(layout(view.position))
        print(f"seed {seed}: {[len(v) for v in wanted.values()]}", file=sys.stderr, flush=True)
        if all(len(v) >= args.per_size for v in wanted.values()):
            break
    print(f"reach: exact values of every end of a position, fresh memo; {_load()}")
    print(f"  positions met by the player {player.version} on seeds from {args.first}")
    print("  cards left | positions | within budget | CPU a position: median, mean, max | "
          "positions searched (mean)")
    for n in sizes:
        times: list[float] = []
        searched: list[int] = []
        over = 0
        for encoded in wanted[n]:
            game = Endgame(limit=n, budget=args.budget)
            start = time.process_time()
            try:
                game.end_values(encoded)
            except TooMuchWork:
                over += 1
                continue
            finally:
                print(f"  {n} cards: {time.process_time() - start:.2f} s", file=sys.stderr)
            times.append(time.process_time() - start)
            searched.append(game.positions)
        done = len(times)
        if done:
            print(
                f"  {n:10d} | {len(wanted[n]):9d} | {done:13d} | "
                f"{statistics.median(times):.3f} s, {statistics.fmean(times):.3f} s, "
                f"{max(times):.3f} s | {statistics.fmean(searched):,.0f}"
            )
        else:
            print(f"  {n:10d} | {len(wanted[n]):9d} | {0:13d} | —")
        if over:
            print(f"  {'':10s}   {over} over the budget of {args.budget:,} positions")
    print(f"  {_load()}")


def _known_share(encoded: bytes, unseen: frozenset[Card], orders: int, seed: int) -> float:
    """The share of ``orders`` sampled orders of ``unseen`` the perfect-information solver wins."""
    stream = SeededStream("bench-endgame/known", f"{seed}/{len(unseen)}")
    cards = sorted(CARD_INDEX[c] for c in unseen)
    won = 0
    for _ in range(orders):
        stream.shuffle(cards)
        won += core.solve_game(encoded, bytes(cards))[0]
    return won / orders


def regret(args: argparse.Namespace) -> None:
    k = args.below
    shipped = _player(args.player)
    hybrid = replace(shipped, exact_below=k)
    # The analysis shares the players' memo: values are the same truths either way,
    # and the hybrid (played first) pays for what the analysis then finds there.
    game = gameplayers._ENDGAME
    game.max_memo = args.memo
    if args.budget and args.hybrid:
        raise SystemExit("--budget needs --no-hybrid (the hybrid player must finish its search)")
    game.budget = args.budget
    beyond = 0
    # By cards left: [choices, not optimal, chance lost].
    by_left: dict[int, list[float]] = {}
    known_sum = 0.0
    decisions = suboptimal = 0
    lost_chance = 0.0
    reached = realised = 0
    optimal_sum = 0.0
    wins = {"shipped": 0, "hybrid": 0}
    both = only_hybrid = only_shipped = 0
    cpu = {"shipped": 0.0, "hybrid": 0.0, "analysis": 0.0}
    for seed in range(args.first, args.first + args.deals):
        deal = Deal.from_seed(seed)
        recorder = _Recorder(shipped)
        start = time.process_time()
        won_shipped = play_hidden(deal, recorder)[-1].won
        cpu["shipped"] += time.process_time() - start
        start = time.process_time()
        won_hybrid = play_hidden(deal, hybrid)[-1].won if args.hybrid else won_shipped
        cpu["hybrid"] += time.process_time() - start
        start = time.process_time()
        first = True
        for view, line in recorder.choices:
            if view.stock_left > k:
                continue
            encoded = layout(view.position)
            try:
                values = game.end_values(encoded)
            except TooMuchWork:
                beyond += 1
                continue
            if not values:
                break  # no end creates a space: lost, nothing to choose
            best = max(v.wins for v in values)
            chosen = _choice(encoded, line, values)
            decisions += 1
            row = by_left.setdefault(view.stock_left, [0, 0, 0.0])
            row[0] += 1
            if chosen.wins < best:
                suboptimal += 1
                lost_chance += (best - chosen.wins) / chosen.orders
                row[1] += 1
                row[2] += (best - chosen.wins) / chosen.orders
            if first:
                first = False
                reached += 1
                realised += won_shipped
                optimal_sum += best / chosen.orders
                known_sum += _known_share(encoded, view.unseen, args.pi_orders, seed)
        cpu["analysis"] += time.process_time() - start
        wins["shipped"] += won_shipped
        wins["hybrid"] += won_hybrid
        both += won_shipped and won_hybrid
        only_hybrid += won_hybrid and not won_shipped
        only_shipped += won_shipped and not won_hybrid
        print(
            f"seed {seed}: shipped {int(won_shipped)} hybrid {int(won_hybrid)}; "
            f"wins {wins['shipped']}/{wins['hybrid']}; {_load()}",
            file=sys.stderr,
            flush=True,
        )
    n = args.deals
    print(f"regret: seeds {args.first}-{args.first + n - 1}, exact below {k} cards; {_load()}")
    print(f"  shipped player {shipped.version}")
    print(f"  its choices with at most {k} cards left: {decisions}; not optimal: {suboptimal}; "
          f"chance of winning lost there: {lost_chance:.3f} in all "
          f"({lost_chance / max(decisions, 1):.4f} a choice, {lost_chance / n:.4f} a game)")
    for left, (count, wrong, chance) in sorted(by_left.items()):
        print(f"    {left:2d} cards left: {count:.0f} choices, {wrong:.0f} not optimal, "
              f"chance lost {chance:.3f} ({chance / count:.4f} a choice)")
    if args.budget:
        print(f"  choices skipped, their search over {args.budget:,} positions: {beyond}")
    print(f"  games reaching at most {k} cards left: {reached}; from the first such position "
          f"optimal play wins {optimal_sum:.2f} expected, the shipped player won {realised}; "
          f"were the order known, {known_sum:.2f} ({args.pi_orders} sampled orders each)")
    print(f"  shipped  {_rate(wins['shipped'], n)}  CPU {1000 * cpu['shipped'] / n:.0f} ms a game")
    if args.hybrid:
        print(f"  hybrid   {_rate(wins['hybrid'], n)}  CPU {1000 * cpu['hybrid'] / n:.0f} ms "
              f"a game ({hybrid.version})")
        print(f"  paired: both won {both}; hybrid only {only_hybrid}; shipped only {only_shipped}")
    print(f"  analysis CPU {cpu['analysis']:.1f} s; {_load()}")


def _choice(encoded: bytes, line: Line, values: list[EndValue]) -> EndValue:
    """The end ``line`` stops in, among ``values``."""
    final = layout(line.final)[:16]
    ends = core.end_layouts(encoded)
    return next(v for v in values if ends[v.index][:16] == final)


def judge(args: argparse.Namespace) -> None:
    """Each heuristic's choice at late positions, against the exact values of every end."""
    base = _player(args.player)
    game = gameplayers._ENDGAME
    game.max_memo = args.memo
    judges: dict[str, Callable[[StockView], Line]] = {
        "expert": lambda view: best_line(view.position)
    }
    for spec in filter(None, args.heuristics.split(",")):
        judges[spec] = _player(spec).choose
    lost = dict.fromkeys(judges, 0.0)
    right = dict.fromkeys(judges, 0)
    blind = {"any end": 0.0, "a most-spaces end": 0.0}
    game.budget = args.budget
    positions = beyond = 0
    for seed, recorder, _won in _games(base, args.first, args.deals):
        for view, _line in recorder.choices:
            if not args.low <= view.stock_left <= args.below:
                continue
            encoded = layout(view.position)
            try:
                values = game.end_values(encoded)
            except TooMuchWork:
                beyond += 1
                continue
            if not values or len({v.wins for v in values}) < 2:
                continue  # nothing to choose: every end is worth the same
            positions += 1
            best = max(v.wins for v in values)
            orders = values[0].orders
            for name, choose in judges.items():
                chosen = _choice(encoded, choose(view), values)
                lost[name] += (best - chosen.wins) / orders
                right[name] += chosen.wins == best
            most = max(v.spaces for v in values)
            tops = [v for v in values if v.spaces == most]
            blind["any end"] += sum(best - v.wins for v in values) / len(values) / orders
            blind["a most-spaces end"] += sum(best - v.wins for v in tops) / len(tops) / orders
        print(f"seed {seed}: {positions} positions; {_load()}", file=sys.stderr, flush=True)
    print(f"judge: seeds {args.first}-{args.first + args.deals - 1}, positions met by "
          f"{base.version} with {args.low}-{args.below} cards left whose ends differ "
          f"in value: {positions}; {_load()}")
    if args.budget:
        print(f"  positions skipped, their search over {args.budget:,} positions: {beyond}")
    print("  heuristic | optimal choices | chance lost a choice (mean)")
    for name in judges:
        print(f"  {name} | {right[name]}/{positions} | {lost[name] / max(positions, 1):.4f}")
    for name, total in blind.items():
        print(f"  (chosen at random: {name}) | — | {total / max(positions, 1):.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("reach", "regret", "judge"):
        p = sub.add_parser(name)
        p.add_argument("--first", type=int, default=20000, help="first seed")
        p.add_argument("--player", default="", help="the base player's settings, key=value+...")
    p = sub.choices["reach"]
    p.add_argument("--deals", type=int, default=300, help="most deals to look for positions in")
    p.add_argument("--sizes", default="4,6,8,10,12", help="cards left to measure")
    p.add_argument("--per-size", type=int, default=10, help="positions a size")
    p.add_argument("--budget", type=int, default=2_000_000, help="most positions a search")
    p = sub.choices["regret"]
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--below", type=int, default=8, help="exact with at most this many cards left")
    p.add_argument("--memo", type=int, default=3_000_000, help="most positions remembered")
    p.add_argument("--no-hybrid", dest="hybrid", action="store_false", help="skip the hybrid")
    p.add_argument("--budget", type=int, default=0,
                   help="skip a choice whose search needs more positions (with --no-hybrid)")
    p.add_argument("--pi-orders", type=int, default=500,
                   help="sampled orders for the perfect-information share")
    p = sub.choices["judge"]
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--low", type=int, default=4, help="fewest cards left")
    p.add_argument("--below", type=int, default=8, help="most cards left")
    p.add_argument("--memo", type=int, default=3_000_000, help="most positions remembered")
    p.add_argument("--budget", type=int, default=0, help="skip a position needing more")
    p.add_argument(
        "--heuristics",
        default="method=next+samples=60+width=30,method=next+samples=60+width=30+slack=0,"
        "method=value+samples=40+width=30+slack=0,method=solve+samples=40+width=20+slack=0,"
        "method=horizon+horizon=14+samples=40+width=20+slack=0,"
        "method=backup+samples=40+width=30+slack=0,method=backup+samples=40+width=30",
        help="strong players' settings (key=value+...), comma-separated",
    )
    p.add_argument("--rich-weights", default="",
                   help="a weights file train_backup.py --model rich wrote, for method=rich")
    p.add_argument("--backup-weights", default="",
                   help="a weights file benchmarks/train_backup.py wrote, for method=backup")
    args = parser.parse_args()
    if getattr(args, "rich_weights", ""):
        found = runpy.run_path(args.rich_weights)
        richvalue.MODEL = richvalue.Model(found["LINEAR"], found["HIDDEN"], found["OUT"])
    if getattr(args, "backup_weights", ""):
        backvalue.WEIGHTS = tuple(runpy.run_path(args.backup_weights)["WEIGHTS"])
    try:
        {"reach": reach, "regret": regret, "judge": judge}[args.command](args)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
