"""Fit the static evaluator's weights to rollout values of the ends (imitation of idea 36).

At every choice the static player (:mod:`puzzlegen.catscradle.static`, the
weights given or the tuned ones) meets on seeds ``--first ..`` (real stocks)
with two or more candidate ends, each end is scored by ``--rollouts``
rollouts of the static player itself (base 3 of ``core.rollouts``), the same
sampled orders of the unseen cards for every end: the chance the static
player wins from that end, the value a raced rollout player would choose
by.  Then a linear score of the ends' features is fitted to those values,
choice by choice (a softmax over each choice's ends whose target is the
share of rollouts each end won, sharpened by ``--temperature``; gradient
descent with numpy), and the fitted weights are measured on the training
deals and on ``--check-first ..`` (held-out) as whole games of the static
player, beside the weights it started from.

    nice -n 10 python benchmarks/imitate_static.py --first 60000 --deals 400 --rollouts 200

It prints its figures; Ctrl-C stops it with one line.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time

import numpy as np

from puzzlegen.catscradle import core, static
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout

Choice = tuple[np.ndarray, np.ndarray]  # (features of each end, rollout win share of each end)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def gather(first: int, deals: int, rollouts: int, weights: tuple[int, ...],
           slack: int) -> list[Choice]:
    """Each choice of the static player's games on ``first ..``: its ends' features and values."""
    packed = static.packed_weights(weights, slack)
    choices: list[Choice] = []
    for seed in range(first, first + deals):
        deal = Deal.from_seed(seed)
        encoded = layout(deal.layout)
        order = [CARD_INDEX[c] for c in deal.stock]
        at = 0
        while at < len(order):
            rest = order[at:]
            ends = core.end_layouts(encoded)
            start = encoded[:16].count(0)
            counts = [e[:16].count(0) for e in ends]
            most = max(counts, default=0)
            unseen = static.unseen_counts(rest)
            floor = max(most - slack, start + 1)
            candidates = [i for i in sorted(range(len(ends)), key=lambda i: -counts[i])
                          if counts[i] >= floor]
            if len(candidates) > 1 and most - start < len(rest):
                drawn = core.shuffles("bench/imitate", f"{seed}/{at}", bytes(sorted(rest)),
                                      rollouts)
                values = []
                for i in candidates:
                    left = core.rollouts(ends[i], drawn, len(rest), 3, packed, static.WORDS)
                    values.append(left.count(0) / rollouts)
                if max(values) > min(values):
                    feats = np.array([static.end_features(ends[i], unseen) for i in candidates],
                                     dtype=float)
                    choices.append((feats, np.array(values)))
            choice = static.choose_end(ends, start, unseen, len(rest), weights, slack)
            if choice is None:
                break
            encoded, used = static.fill(ends[choice], rest)
            at += used
        if (seed - first + 1) % 50 == 0:
            print(f"  {seed - first + 1} deals, {len(choices)} choices", file=sys.stderr,
                  flush=True)
    return choices


def fit(choices: list[Choice], temperature: float, steps: int, scale: np.ndarray) -> np.ndarray:
    """Weights (on features divided by ``scale``) of a softmax fitted to each choice's values."""
    w = np.zeros(len(scale))
    rate = 0.5
    for _ in range(steps):
        grad = np.zeros_like(w)
        for feats, values in choices:
            x = feats / scale
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            target = np.exp((values - values.max()) / temperature)
            target /= target.sum()
            grad += x.T @ (target - p)
        w += rate * grad / len(choices)
    return w


def games_won(first: int, deals: int, weights: tuple[int, ...], slack: int) -> int:
    packed = static.packed_weights(weights, slack)
    won = 0
    for seed in range(first, first + deals):
        deal = Deal.from_seed(seed)
        stock = bytes(CARD_INDEX[c] for c in deal.stock)
        won += core.rollouts(layout(deal.layout), stock, len(stock), 3, packed,
                             static.WORDS)[0] == 0
    return won


def main() -> None:
    signal.signal(signal.SIGTERM, _interrupt)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=60_000)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--temperature", type=float, default=0.02)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--weights", default="", help="comma-separated (default: static.WEIGHTS)")
    parser.add_argument("--slack", type=int, default=static.SLACK)
    parser.add_argument("--check-first", type=int, default=50_000)
    parser.add_argument("--check-deals", type=int, default=8000)
    args = parser.parse_args()
    weights = (tuple(int(v) for v in args.weights.split(",")) if args.weights
               else static.WEIGHTS)
    print(f"load: {os.getloadavg()[0]:.2f}; core in use: {core.CORE}")
    try:
        cpu = time.process_time()
        choices = gather(args.first, args.deals, args.rollouts, weights, args.slack)
        print(f"{len(choices)} choices whose ends differ, from seeds {args.first}.."
              f"{args.first + args.deals - 1}, {args.rollouts} rollouts an end: "
              f"CPU {time.process_time() - cpu:.0f} s")
        scale = np.maximum(1.0, np.mean([f.max(axis=0) for f, _ in choices], axis=0))
        w = fit(choices, args.temperature, args.steps, scale)
        fitted = tuple(int(v) for v in np.round(1000 * w / scale))
        # How often each choice goes to an end with the best rollout value.
        for label, ws in (("start", weights), ("fitted", fitted)):
            hits = sum(
                v[int(np.argmax(f @ np.array(ws, dtype=float)))] == v.max() for f, v in choices
            )
            won = games_won(args.check_first, args.check_deals, ws, args.slack)
            print(f"{label:>6} {list(ws)}: best-valued end at {hits} of {len(choices)} choices; "
                  f"{won} of {args.check_deals} games won on seeds {args.check_first}.."
                  f"{args.check_first + args.check_deals - 1}", flush=True)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
