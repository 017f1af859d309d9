"""An upper bound on stock-hidden play by information relaxation (research idea 55).

For each deal, :mod:`puzzlegen.catscradle.dualbound`'s ``W`` with the rich
value (idea 46) as the charge's value, its means over ``--samples`` orders
of the unseen cards drawn apart from the deal's stock (so a stock-hidden
player's charges still have mean zero), for each ``--alphas``.  The mean of
``W`` over the deals is an estimate of a bound on every stock-hidden
player's win rate (with ``--most-spaces``, on every one that stops each
sequence with the most spaces); ``alpha = 0`` is perfect information (the
baseline, the same deals and run).  Each deal's ``W`` is the same in any
run.  With ``--exact-below L`` the charge's value is the exact one
(:class:`~puzzlegen.catscradle.endgame.Endgame`; with ``--most-spaces``, the
most-space players' own) wherever at most ``L`` cards are left, and each
end's mean is exact once at most ``L`` cards are unseen (research idea 60:
how much of the bound's slack lies in the late game, where the exact value
is known).  A deal whose tree charges more than ``--budget`` ends
is not finished, and while any is not, no bound is claimed.  One process;
Ctrl-C or SIGTERM stops it within a second, each finished deal's line
already printed.  Run from the repository root:

    nice -n 10 python benchmarks/bench_dual_bound.py --first 0 --deals 5
    nice -n 10 python benchmarks/bench_dual_bound.py --first 0 --deals 52 --depth 3
    nice -n 10 python benchmarks/bench_dual_bound.py --first 0 --deals 658 --most-spaces \
        --budget 5000000
    nice -n 10 python benchmarks/bench_dual_bound.py --first 200 --deals 200 --most-spaces \
        --alphas 1 --exact-below 6
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import statistics
import sys
import time
from collections.abc import Sequence
from types import FrameType

from puzzlegen.catscradle import backvalue, core, richvalue
from puzzlegen.catscradle.dualbound import Mean, TooLarge, Value, bound, charged, relax
from puzzlegen.catscradle.endgame import Endgame
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout


def alphas(text: str) -> list[float]:
    """``--alphas``: charge scales, comma-separated numbers, none negative (any scale
    keeps a bound: the charges' mean stays zero; 1 is exact for the exact value)."""
    try:
        found = [float(a) for a in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not numbers: {text!r}") from None
    if not found or any(not a >= 0 for a in found):
        raise argparse.ArgumentTypeError(f"each must be a number, 0 or more: {text!r}")
    return found


def at_least_one(text: str) -> int:
    """``--deals`` and ``--samples``: a whole number, 1 or more."""
    try:
        found = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if found < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text!r}")
    return found


def orders(seed: int, unseen: Sequence[int], samples: int) -> list[list[int]]:
    """The orders of the ``unseen`` cards an end's mean is taken over: drawn from the
    deal's seed and the unseen cards alone, so every end of a position gets the same
    orders (common random numbers) and none reads the stock."""
    drawn = core.shuffles("dual-bound", f"{seed}/{bytes(unseen).hex()}", bytes(unseen), samples)
    n = len(unseen)
    return [list(drawn[k * n : (k + 1) * n]) for k in range(samples)]


def charge_values(seed: int, samples: int, exact_below: int, most_spaces: bool
                  ) -> tuple[Value, Mean]:
    """The charge's value and its mean over an end's fills for deal ``seed``: the rich
    value, exact wherever at most ``exact_below`` cards are left (0: nowhere)."""
    if not exact_below:
        def rich_mean(end: bytes, unseen: Sequence[int]) -> float:
            return richvalue.end_value(end, unseen, orders(seed, unseen, samples))

        return richvalue.value, rich_mean
    exact = _exact(exact_below, most_spaces)

    def value(filled: bytes, left: int) -> float:
        found = exact.value(filled) if left <= exact_below else None
        return richvalue.value(filled, left) if found is None else found

    def mean(end: bytes, unseen: Sequence[int]) -> float:
        found = exact.end_value(end) if len(unseen) <= exact_below else None
        if found is not None:
            return found
        return backvalue.end_value(end, unseen, orders(seed, unseen, samples),
                                   leaf=lambda filled, left, _cards: value(filled, left))

    return value, mean


_EXACTS: dict[tuple[int, bool], Endgame] = {}


def _exact(limit: int, most_spaces: bool) -> Endgame:
    """One exact late game for the run (its memo only saves work)."""
    return _EXACTS.setdefault((limit, most_spaces),
                              Endgame(limit=limit, max_memo=2_000_000, most_spaces=most_spaces))


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--deals", type=at_least_one, default=5, help="how many deals")
    parser.add_argument("--samples", type=at_least_one, default=64,
                        help="orders of the unseen cards an end's mean value is taken over")
    parser.add_argument("--depth", type=int, default=0,
                        help="charge only the first so many sequences (0: every one)")
    parser.add_argument("--alphas", type=alphas, default=[0.0, 0.5, 1.0],
                        help="charge scales to bound with, e.g. 0,0.5,1")
    parser.add_argument("--most-spaces", action="store_true",
                        help="bound the players who stop every sequence with the most spaces")
    parser.add_argument("--exact-below", type=int, default=0, metavar="L",
                        help="charge with the exact value wherever at most L cards are left "
                             "(the most-space players' own with --most-spaces; 0: the rich "
                             "value everywhere; 6 took 3 times as long as 0 here, 7 about 9 "
                             "times, 8 about 100)")
    parser.add_argument("--budget", type=int, default=200_000,
                        help="most ends a deal's tree may charge before it is left unfinished")
    args = parser.parse_args()
    if args.exact_below < 0:
        parser.error(f"--exact-below must be 0 or more: {args.exact_below}")
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), "
          f"{os.cpu_count()} CPUs; core in use: {core.CORE}")
    print(f"seeds {args.first}..{args.first + args.deals - 1}, {args.samples} samples, "
          f"depth {args.depth or 'all'}, budget {args.budget} ends"
          + (f", exact value at {args.exact_below} cards left or fewer" if args.exact_below else "")
          + (", most-space ends only" if args.most_spaces else ""))
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)  # also when started with SIGINT ignored (a background job)
    worths: dict[float, list[float]] = {a: [] for a in args.alphas}
    unfinished: list[int] = []
    cpu = 0.0
    try:
        for seed in range(args.first, args.first + args.deals):
            deal = Deal.from_seed(seed)
            stock = [CARD_INDEX[c] for c in deal.stock]
            value, mean = charge_values(seed, args.samples, args.exact_below, args.most_spaces)
            start = time.process_time()
            try:
                tree = relax(layout(deal.layout), stock, charged(value, mean),
                             depth=args.depth, budget=args.budget,
                             most_spaces=args.most_spaces)
            except TooLarge:
                unfinished.append(seed)
                print(f"{seed}: not finished (more than {args.budget} ends)", flush=True)
                continue
            took = time.process_time() - start
            cpu += took
            found = [bound(tree, a) for a in args.alphas]
            for a, w in zip(args.alphas, found, strict=True):
                worths[a].append(w)
            print(f"{seed}: {len(tree.nodes)} positions, {tree.ends} ends charged, {took:.1f} s; W "
                  + " ".join(f"{w:.3f}" for w in found), flush=True)
    except KeyboardInterrupt:
        print("stopped: the deals printed above are finished, no bound is claimed",
              file=sys.stderr)
        raise SystemExit(130) from None
    done = len(next(iter(worths.values())))
    print(f"finished {done} of {args.deals} deals, {cpu / max(done, 1):.1f} s of CPU a deal"
          + (f"; not finished: {unfinished}" if unfinished else ""))
    for a, found in worths.items():
        if len(found) < 2:
            continue
        m = statistics.mean(found)
        half = 1.96 * statistics.stdev(found) / math.sqrt(len(found))
        note = " (perfect information)" if a == 0 else ""
        if a == 0 and args.most_spaces:
            note = " (perfect information, most-space ends only)"
        print(f"alpha {a:g}{note}: mean W {m:.4f} (95% {m - half:.4f}-{m + half:.4f})")
    if unfinished:
        print("no bound: the unfinished deals' W is unknown")


if __name__ == "__main__":
    main()
