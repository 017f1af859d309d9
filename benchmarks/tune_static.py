"""Tune the static evaluator's weights on win rate with CMA-ES (``cma``, the bench extra).

Each candidate weight vector plays the static player
(:func:`puzzlegen.catscradle.static.play`) through the same training deals,
seeds ``--first .. --first + --deals - 1`` with their real stocks (common
deals for every candidate); its objective is its wins, plus ``--depth``
times the mean share of the stock a game dealt (a little smoothing: a loss
that got further counts for a little).  Weights are whole numbers: the
search runs over ``x`` and plays ``round(100 * x)``; the argmax of a
linear score does not change with its scale, so only directions matter.

Each generation prints one line (stderr: progress; stdout at the end: the
best weights and their training figures).  The search state is saved after
every generation to ``--state`` (a pickle of the ``cma`` strategy), so a run
stopped by Ctrl-C (one line, exit 130) or killed resumes where it was when
started again with the same ``--state``.  With ``--evaluate WEIGHTS`` it
searches nothing and prints those weights' wins on the deals (a held-out
check).

    nice -n 10 python benchmarks/tune_static.py --first 50000 --deals 8000 \\
        --generations 80 --state /tmp/tune.pkl
"""

from __future__ import annotations

import argparse
import os
import pickle
import signal
import sys
import time
import warnings

from puzzlegen.catscradle import core, static
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout

Game = tuple[bytes, list[int]]


def training_games(first: int, deals: int) -> list[Game]:
    """Each seed's first layout (encoded) and its stock (core ints, top first)."""
    games = []
    for seed in range(first, first + deals):
        deal = Deal.from_seed(seed)
        games.append((layout(deal.layout), [CARD_INDEX[c] for c in deal.stock]))
    return games


def weights_of(x: list[float]) -> tuple[int, ...]:
    return tuple(round(100 * v) for v in x)


def measure(games: list[Game], weights: tuple[int, ...], slack: int) -> tuple[int, float]:
    """Wins over ``games`` and the mean share of the stock the games dealt.

    A game with the real stock is one rollout of the static player (base 3)
    with that stock as its order: the compiled core plays it, else
    :func:`static.play` (the same games, ten times slower).
    """
    wins = 0
    dealt = 0.0
    packed = static.packed_weights(weights, slack)
    for encoded, order in games:
        if core.CORE == "compiled":
            left = core.rollouts(encoded, bytes(order), len(order), 3, packed, static.WORDS)[0]
        else:
            left = static.play(core.end_layouts, encoded, order, weights, slack)
        wins += left == 0
        dealt += 1 - left / len(order)
    return wins, dealt / len(games)


def evaluate(first: int, deals: int, specs: list[str], slack: int) -> None:
    """Each weight vector's wins on seeds ``first ..``, with the 95% Wilson interval."""
    from puzzlegen.catscradle.study import wilson

    games = training_games(first, deals)
    print(f"load: {os.getloadavg()[0]:.2f}; seeds {first}..{first + deals - 1}, slack {slack}; "
          f"core in use: {core.CORE}")
    for spec in specs:
        weights = static.WEIGHTS if spec == "tuned" else tuple(int(v) for v in spec.split(","))
        cpu = time.process_time()
        wins, _ = measure(games, weights, slack)
        cpu = time.process_time() - cpu
        low, high = wilson(wins, deals)
        print(f"  {list(weights)}: {wins} of {deals} = {wins / deals:.2%} (95% interval "
              f"{low:.1%} – {high:.1%}); CPU {1000 * cpu / deals:.2f} ms a game", flush=True)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    signal.signal(signal.SIGTERM, _interrupt)  # SIGTERM stops it as Ctrl-C does
    with warnings.catch_warnings():  # cma warns that it cannot plot (no matplotlib here)
        warnings.simplefilter("ignore")
        import cma  # the bench extra: only this script needs it

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=50_000)
    parser.add_argument("--deals", type=int, default=8000)
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument("--popsize", type=int, default=0, help="0: cma's default")
    parser.add_argument("--sigma", type=float, default=0.5)
    parser.add_argument("--slack", type=int, default=static.SLACK)
    parser.add_argument("--depth", type=float, default=0.0,
                        help="weight of the mean share of the stock dealt, in wins a deal")
    parser.add_argument("--start", default="",
                        help="comma-separated starting weights (default: static.WEIGHTS)")
    parser.add_argument("--state", default="", help="pickle file: resume from / save to")
    parser.add_argument("--evaluate", action="append", default=[], metavar="WEIGHTS",
                        help="no search: play these comma-separated weights (or 'tuned', "
                        "static.WEIGHTS) with --slack on the deals and print the wins; repeatable")
    args = parser.parse_args()
    if args.evaluate:
        evaluate(args.first, args.deals, args.evaluate, args.slack)
        return
    last = args.first + args.deals - 1
    print(f"load: {os.getloadavg()[0]:.2f}; training seeds {args.first}..{last}, "
          f"slack {args.slack}, depth {args.depth}; core in use: {core.CORE}", file=sys.stderr)
    games = training_games(args.first, args.deals)
    if args.state and os.path.exists(args.state):
        with open(args.state, "rb") as f:
            es, best = pickle.load(f)
        print(f"resumed at generation {es.countiter}", file=sys.stderr)
    else:
        start = [int(v) for v in args.start.split(",")] if args.start else list(static.WEIGHTS)
        options = {"seed": 1, "verbose": -9}
        if args.popsize:
            options["popsize"] = args.popsize
        es = cma.CMAEvolutionStrategy([w / 100 for w in start], args.sigma, options)
        wins, dealt = measure(games, tuple(start), args.slack)
        best = (wins, dealt, tuple(start))
        print(f"start {start}: {wins} wins of {len(games)} = {wins / len(games):.2%}",
              file=sys.stderr)
    try:
        while es.countiter < args.generations:
            cpu = time.process_time()
            xs = es.ask()
            values = []
            for x in xs:
                weights = weights_of(list(x))
                wins, dealt = measure(games, weights, args.slack)
                values.append(-(wins + args.depth * dealt * len(games)))
                if (wins, dealt) > best[:2]:
                    best = (wins, dealt, weights)
            es.tell(xs, values)
            if args.state:
                tmp = args.state + ".tmp"
                with open(tmp, "wb") as f:
                    pickle.dump((es, best), f)
                os.replace(tmp, args.state)
            wins_now = sorted(-v for v in values)
            print(f"generation {es.countiter}: best {wins_now[-1]:.1f}, median "
                  f"{wins_now[len(wins_now) // 2]:.1f} of {len(games)}; best so far {best[0]} "
                  f"{list(best[2])}; CPU {time.process_time() - cpu:.1f} s; load "
                  f"{os.getloadavg()[0]:.2f}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        raise SystemExit(130) from None
    mean = weights_of(list(es.mean))
    wins, dealt = measure(games, mean, args.slack)
    print(f"mean of the search: {list(mean)}: {wins} wins of {len(games)} = "
          f"{wins / len(games):.2%}")
    print(f"best candidate:     {list(best[2])}: {best[0]} wins = {best[0] / len(games):.2%}")


if __name__ == "__main__":
    main()
