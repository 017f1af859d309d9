"""Fit the strong player's learned value of a position (docs/whole-game-research.md, idea 17).

Positions: every sequence start of games that idea 10's player
(``StrongPlayer(method="next", samples=20, width=30, slack=0)``) plays on
seeded deals ``--first .. --first + --games - 1`` (seeds the research's
measurements never use).  Label of a position: the share of ``--rollouts``
sampled orders of its unseen cards from which idea 10's player (choosing
over ``--inner`` fresh orders, never the sampled one) wins: the chance a
stock-hidden player wins from there, not the perfect-information one.
Features: :func:`puzzlegen.catscradle.gameplayers.position_features`.  The
model: logistic regression on the fractional labels (Newton's method, a
small ridge), fitted on all but every fifth deal and checked on those.

Prints the weights as the tuple :data:`VALUE_WEIGHTS` holds, and the fit's
figures; progress on stderr.  Needs numpy (the ``bench`` extra's scipy
brings it).

    python benchmarks/train_value.py [--games 1500] [--first 40000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from puzzlegen.catscradle.gameplayers import (
    FEATURES,
    StrongPlayer,
    _rollout_next,
    play_hidden,
    position_features,
)
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout
from puzzlegen.rng import SeededStream


def samples(seed: int, rollouts: int, inner: int) -> list[tuple[int, tuple[float, ...], float]]:
    """``(seed, features, label)`` for each sequence start of deal ``seed``'s game."""
    deal = Deal.from_seed(seed)
    player = StrongPlayer(method="next", samples=20, width=30, slack=0)
    rows = []
    stock = deal.stock
    for turn in play_hidden(deal, player):
        unseen = sorted(CARD_INDEX[c] for c in stock)
        encoded = layout(turn.start)
        stream = SeededStream("cats-cradle/train-value", f"{seed}/{turn.number}")
        orders = []
        for _ in range(rollouts + inner):
            order = list(unseen)
            stream.shuffle(order)
            orders.append(order)
        wins = sum(_rollout_next(encoded, o, orders[rollouts:]) for o in orders[:rollouts])
        rows.append((seed, position_features(encoded, len(unseen)), wins / rollouts))
        stock = turn.stock
    return rows


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression of fractional labels ``y`` on ``x`` by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return np.asarray(w)


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--first", type=int, default=40_000)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--inner", type=int, default=4)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f}; {args.games} games from seed {args.first}, "
          f"{args.rollouts} rollouts a position", flush=True)
    cpu, wall = time.process_time(), time.perf_counter()
    rows = []
    for k, seed in enumerate(range(args.first, args.first + args.games)):
        rows += samples(seed, args.rollouts, args.inner)
        if k % 100 == 99:
            print(f"  {k + 1} games, {len(rows)} positions", file=sys.stderr, flush=True)
    x = np.array([r[1] for r in rows])
    y = np.array([r[2] for r in rows])
    test = np.array([r[0] % 5 == 0 for r in rows])
    w = fit(x[~test], y[~test])
    base = np.full(len(w), 0.0)
    base[0] = np.log(y[~test].mean() / (1 - y[~test].mean()))
    print(f"{len(rows)} positions ({int(test.sum())} held out), mean label {y.mean():.3f}; "
          f"CPU {time.process_time() - cpu:.0f} s, wall {time.perf_counter() - wall:.0f} s")
    print(f"held-out log loss {log_loss(x[test], y[test], w):.4f} "
          f"(a constant: {log_loss(x[test], y[test], base):.4f}); "
          f"correlation {np.corrcoef(1 / (1 + np.exp(-x[test] @ w)), y[test])[0, 1]:.3f}")
    w = fit(x, y)
    for name, weight in zip(FEATURES, w, strict=True):
        print(f"  {name:<20} {weight:+.4f}")
    print("VALUE_WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")


if __name__ == "__main__":
    main()
