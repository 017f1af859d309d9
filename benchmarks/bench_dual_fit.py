"""Fitting the bound's charge to the deals (research idea 57, "pathwise optimization").

Idea 55's bound charges each end ``V(real fill) - mean over fills of V`` with
the rich value ``V``.  Any function of the filled layout gives a charge of
mean zero to a stock-hidden player, so any weighted sum of such terms still
bounds it, and the mean ``W`` over deals is convex in the weights: the
weights can be chosen by a linear programme to make the bound as low as the
training deals allow, then the bound measured on other deals with those
weights fixed (an honest bound: they owe nothing to the test deals).  The
terms (``--basis``): ``v``, ``V`` with a weight for each stage (cards left
after the fill, in fours); ``x``, each of the rich value's 26 features.  The
weights are pulled towards idea 55's (``V`` by 1, the rest 0) by an L1
penalty whose size is chosen from ``--lambdas`` by two-fold cross-validation
on the training deals (given one, it is used without).  Only the players
who stop every sequence with the most spaces are bounded (idea 55's
``--most-spaces`` class).

With ``build --exact-below L`` (research idea 61) every end with at most
``L`` cards left after its fill is charged with the most-space players'
exact value instead (:func:`bench_dual_bound.charge_values`, idea 60's
charge), a term of its own weighed by one more weight (``v9``): the fitted
charge early and the exact one late, together.

``build`` stores each deal's tree of stock-known lines with its charges'
terms in ``--trees`` (one file a deal, written whole or not at all, so a
stopped build resumes where it stopped); ``fit`` reads them, fits on the
``--train`` deals and prints the bound on the ``--test`` deals beside idea
55's on the same deals.  Ctrl-C or SIGTERM stops either within a second
with one line.  Run from the repository root:

    nice -n 10 python benchmarks/bench_dual_fit.py build --first 1000 --deals 330 --budget 60000
    nice -n 10 python benchmarks/bench_dual_fit.py build --first 200 --deals 200
    python benchmarks/bench_dual_fit.py fit --train 1000:330 --test 200:200 --basis v+x \\
        --lambdas 0,0.003,0.01,0.03,0.1
    nice -n 10 python benchmarks/bench_dual_fit.py build --first 200 --deals 200 \\
        --exact-below 6 --trees output/dual-trees-exact6
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import pickle
import signal
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import bench_dual_bound
import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from puzzlegen.catscradle import backvalue, richvalue, static
from puzzlegen.catscradle.dualbound import Relaxed, TooLarge, relax, worth
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout

#: An end's charge kept in terms: its stage, V's difference, each feature's difference.
Terms = tuple[int, float, tuple[float, ...]]
Tree = Relaxed[Terms]
#: V's stages: the cards left after the fill, in fours (0-8), and the ends charged with
#: the exact value (``--exact-below``), all in one.
STAGES = 10
EXACT = STAGES - 1
FEATURES = len(richvalue.RICH_FEATURES)
#: The weights' bounds: V's scale by stage, each feature's weight.
BOXES = {"v": (0.0, 2.0), "x": (-1.0, 1.0)}


def measured(filled: bytes, left: int) -> tuple[float, Sequence[float]]:
    """``V`` of a full layout and its rich features (zeros where ``V`` is settled)."""
    v, x = richvalue.value_and_features(filled, left)
    return v, (0.0,) * FEATURES if x is None else x


def terms_charge(seed: int, samples: int, exact_below: int = 0
                 ) -> Callable[[bytes, bytes, int, Sequence[int]], Terms]:
    """The charge's terms, each mean taken over idea 55's fills of the end's spaces; with
    ``exact_below``, an end with at most that many cards left after its fill has one term,
    the exact value's difference (idea 60's charge), at stage :data:`EXACT`."""
    late_value, late_mean = bench_dual_bound.charge_values(seed, samples, exact_below, True)
    nothing = (0.0,) * FEATURES

    def charge(end: bytes, after: bytes, left: int, unseen: Sequence[int]) -> Terms:
        if exact_below and left <= exact_below:
            return EXACT, late_value(after, left) - late_mean(end, unseen), nothing
        v, x = measured(after, left)
        mean_v = 0.0
        mean_x = [0.0] * FEATURES
        weight_all = 0
        orders = bench_dual_bound.orders(seed, unseen, samples)
        for weight, cards in backvalue.fills(unseen, end.count(0, 0, 16), orders):
            fv, fx = measured(static.fill(end, cards)[0], left)
            mean_v += weight * fv
            for j, a in enumerate(fx):
                mean_x[j] += weight * a
            weight_all += weight
        dx = tuple(a - m / weight_all for a, m in zip(x, mean_x, strict=True))
        return left // 4, v - mean_v / weight_all, dx

    return charge


def build(args: argparse.Namespace) -> None:
    args.trees.mkdir(parents=True, exist_ok=True)
    for seed in range(args.first, args.first + args.deals):
        path = args.trees / f"{seed}.pkl"
        large = args.trees / f"{seed}.large"
        if path.exists() or (large.exists() and int(large.read_text()) >= args.budget):
            continue
        deal = Deal.from_seed(seed)
        stock = [CARD_INDEX[c] for c in deal.stock]
        start = time.process_time()
        try:
            tree = relax(layout(deal.layout), stock,
                         terms_charge(seed, args.samples, args.exact_below),
                         budget=args.budget, most_spaces=True)
        except TooLarge:
            large.write_text(f"{args.budget}\n")
            print(f"{seed}: not finished (more than {args.budget} ends)", flush=True)
            continue
        partial = path.with_suffix(".part")
        try:
            with partial.open("wb") as fh:
                pickle.dump(tree, fh, protocol=5)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
        print(f"{seed}: {len(tree.nodes)} positions, {tree.ends} ends, "
              f"{time.process_time() - start:.1f} s", flush=True)


def columns(basis: str) -> list[tuple[str, int]]:
    """The weights ``basis`` fits: (term, stage or feature)."""
    found: list[tuple[str, int]] = []
    if "v" in basis.split("+"):
        found += [("v", b) for b in range(STAGES)]
    if "x" in basis.split("+"):
        found += [("x", j) for j in range(FEATURES)]
    return found


def baseline(cols: Sequence[tuple[str, int]]) -> list[float]:
    """Idea 55's weights: ``V`` by 1 at every stage, nothing else."""
    return [1.0 if name == "v" else 0.0 for name, _ in cols]


def coefficients(terms: Terms, cols: Sequence[tuple[str, int]]) -> list[tuple[int, float]]:
    """Each weight's coefficient in one end's charge (the ones not zero)."""
    stage, dv, dx = terms
    found = []
    for k, (name, i) in enumerate(cols):
        if name == "v" and i == stage:
            found.append((k, dv))
        elif name == "x":
            found.append((k, dx[i]))
    return found


def worths(trees: Sequence[Tree], weights: Sequence[float],
           cols: Sequence[tuple[str, int]]) -> list[float]:
    """Each tree's ``W`` with the charge's terms weighted so."""
    return [worth(t, lambda z: sum(weights[k] * c for k, c in coefficients(z, cols)))
            for t in trees]


def fit(trees: Sequence[Tree], cols: Sequence[tuple[str, int]], lam: float) -> list[float]:
    """The weights minimising the mean ``W`` over ``trees`` plus ``lam`` times their L1
    distance from :func:`baseline`: a linear programme (each position's ``W`` a variable
    at least each end's, the weights as the baseline plus a rise less a fall)."""
    n = len(cols)
    base = baseline(cols)
    rows: list[int] = []
    where: list[int] = []
    values: list[float] = []
    limits: list[float] = []
    variable: dict[tuple[int, bytes], int] = {}
    roots = []

    def column(d: int, filled: bytes) -> int:
        return variable.setdefault((d, filled), 2 * n + len(variable))

    for d, tree in enumerate(trees):
        if not isinstance(tree.nodes[tree.root], float):  # a settled deal's W is its verdict
            roots.append(column(d, tree.root))
        for filled, node in tree.nodes.items():
            if isinstance(node, float):
                continue
            if node[0]:  # it may stop without a space, lost: W(filled) >= 0
                rows.append(len(limits))
                where.append(column(d, filled))
                values.append(-1.0)
                limits.append(0.0)
            for after, terms in node[1]:
                # W(filled) >= W(after) - weights . terms, the weights base + rise - fall
                r = len(limits)
                rows.append(r)
                where.append(column(d, filled))
                values.append(-1.0)
                child = tree.nodes[after]
                limit = 0.0
                if isinstance(child, float):
                    limit = -child
                else:
                    rows.append(r)
                    where.append(column(d, after))
                    values.append(1.0)
                for k, c in coefficients(terms, cols):
                    rows += [r, r]
                    where += [k, n + k]
                    values += [-c, c]
                    limit += base[k] * c
                limits.append(limit)
    size = 2 * n + len(variable)
    matrix = sp.csr_matrix((values, (rows, where)), shape=(len(limits), size))
    cost = np.zeros(size)
    cost[: 2 * n] = lam
    cost[roots] = 1.0 / len(trees)
    bounds: list[tuple[float | None, float | None]] = [
        (0.0, BOXES[name][1] - b) for (name, _), b in zip(cols, base, strict=True)
    ]
    bounds += [(0.0, b - BOXES[name][0]) for (name, _), b in zip(cols, base, strict=True)]
    bounds += [(None, None)] * len(variable)

    def solve() -> list[float] | str:
        result: Any = linprog(cost, A_ub=matrix, b_ub=np.array(limits), bounds=bounds,
                              method="highs")
        if result.status != 0:
            return f"the linear programme failed: {result.message}"
        return [b + result.x[k] - result.x[n + k] for k, b in enumerate(base)]

    found = apart(solve)
    if isinstance(found, str):
        raise SystemExit(found)
    return found


def apart(solve: Callable[[], list[float] | str]) -> list[float] | str:
    """``solve()`` in a forked child (it shares the programme, nothing is copied), so
    Ctrl-C or SIGTERM stops the run at once: in the solver's C code, minutes long, Python
    would not see them until it returned.  The child is killed with the run."""
    context = multiprocessing.get_context("fork")
    here, there = context.Pipe(duplex=False)
    child = context.Process(target=lambda: there.send(solve()), daemon=True)
    child.start()
    try:
        while not here.poll(0.2):
            if not child.is_alive() and not here.poll():
                return "the linear programme's process died (out of memory?)"
        found: list[float] | str = here.recv()
        return found
    finally:
        child.kill()
        child.join()


def load(trees: Path, first: int, count: int, *, test: bool) -> list[Tree]:
    found = []
    missing = []
    for seed in range(first, first + count):
        path = trees / f"{seed}.pkl"
        if not path.exists():
            missing.append(seed)
            continue
        with path.open("rb") as fh:
            found.append(pickle.load(fh))
    if missing and test:
        raise SystemExit(f"no bound: test deals not built or not finished: {missing}")
    if missing:
        print(f"training without {len(missing)} deals not built or not finished: {missing}")
    return found


def summary(label: str, found: Sequence[float]) -> str:
    m = statistics.mean(found)
    half = 1.96 * statistics.stdev(found) / math.sqrt(len(found))
    return f"{label}: {m:.4f} (95% {m - half:.4f}-{m + half:.4f}) over {len(found)} deals"


def fit_and_test(args: argparse.Namespace) -> None:
    cols = columns(args.basis)
    base = baseline(cols)
    train = load(args.trees, *args.train, test=False)
    test = load(args.trees, *args.test, test=True)
    if len(train) < 4 or len(test) < 2:
        raise SystemExit("too few deals: at least 4 to train on and 2 to test")
    halves = (train[0::2], train[1::2])
    change = {args.lambdas[0]: 0.0}
    for lam in args.lambdas if len(args.lambdas) > 1 else ():  # one: nothing to choose
        found = []
        for fold, held in (halves, halves[::-1]):
            weights = fit(fold, cols, lam)
            found.append(statistics.mean(worths(held, weights, cols))
                         - statistics.mean(worths(held, base, cols)))
        change[lam] = statistics.mean(found)
        print(f"lambda {lam:g}: the held-out half's mean W changes by {change[lam]:+.4f} "
              f"(folds {found[0]:+.4f}, {found[1]:+.4f})", flush=True)
    lam = min(args.lambdas, key=lambda a: (change[a], -a))
    weights = fit(train, cols, lam)
    print(f"lambda {lam:g}; weights: "
          + " ".join(f"{name}{i}={w:.3f}" for (name, i), w in zip(cols, weights, strict=True)))
    pairs: list[tuple[float, float]] = []
    for label, trees in (("train", train), ("test", test)):
        before = worths(trees, base, cols)
        after = worths(trees, weights, cols)
        print(summary(f"{label}, idea 55's charge (V by 1): mean W", before))
        print(summary(f"{label}, fitted charge: mean W", after))
        print(summary(f"{label}, fitted less idea 55's (paired)",
                      [b - a for a, b in zip(before, after, strict=True)]))
        pairs = list(zip(before, after, strict=True))  # the test deals' once the loop ends
    if args.per_deal is not None:  # each test deal's W, to pair with another run's
        first = args.test[0]
        lines = [f"{first + d} {a:.6f} {b:.6f}\n" for d, (a, b) in enumerate(pairs)]
        partial = args.per_deal.with_name(args.per_deal.name + ".part")
        partial.write_text("seed base fitted\n" + "".join(lines))
        os.replace(partial, args.per_deal)


def deals(text: str) -> tuple[int, int]:
    """``--train``/``--test``: FIRST:COUNT, the first seed and how many deals (1 or more)."""
    try:
        first, count = (int(a) for a in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not FIRST:COUNT: {text!r}") from None
    if first < 0 or count < 1:
        raise argparse.ArgumentTypeError(f"a seed 0 or more and 1 or more deals: {text!r}")
    return first, count


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="store each deal's tree with its charges' terms")
    b.add_argument("--first", type=int, default=0, help="the first deal's seed")
    b.add_argument("--deals", type=bench_dual_bound.at_least_one, default=5, help="how many")
    b.add_argument("--samples", type=bench_dual_bound.at_least_one, default=64,
                   help="orders of the unseen cards an end's means are taken over")
    b.add_argument("--budget", type=int, default=200_000,
                   help="most ends a deal's tree may charge before it is left unfinished")
    b.add_argument("--exact-below", type=int, default=0, metavar="L",
                   help="charge an end with at most L cards left after its fill with the "
                        "most-space players' exact value, a weight of its own (0: nowhere; "
                        "keep such trees in their own --trees; 6 took about 3 times as long)")
    f = sub.add_parser("fit", help="fit the weights on --train, bound on --test")
    f.add_argument("--train", type=deals, required=True, help="FIRST:COUNT, e.g. 1000:330")
    f.add_argument("--test", type=deals, required=True, help="FIRST:COUNT, e.g. 200:200")
    f.add_argument("--basis", choices=("v", "x", "v+x"), default="v+x",
                   help="the terms weighed: V by stage, the features, or both")
    f.add_argument("--lambdas", type=bench_dual_bound.alphas, default=[0.0, 0.01, 0.03, 0.1],
                   help="L1 penalties to choose from by cross-validation, e.g. 0,0.01,0.1 "
                   "(one: used as it is)")
    f.add_argument("--per-deal", type=Path, metavar="FILE",
                   help="write each test deal's W (seed, idea 55's charge, fitted) to FILE")
    for p in (b, f):
        p.add_argument("--trees", type=Path, default=Path("output/dual-trees"),
                       help="where the trees are stored (default: output/dual-trees)")
    args = parser.parse_args()
    if args.command == "build" and args.exact_below < 0:
        parser.error(f"--exact-below must be 0 or more: {args.exact_below}")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    sys.setrecursionlimit(10_000)
    try:
        (build if args.command == "build" else fit_and_test)(args)
    except KeyboardInterrupt:
        print("stopped: every tree stored is whole; run again to go on" if args.command == "build"
              else "stopped: nothing was written, no bound is claimed", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
