"""Compiled rollouts against the Python loops they replace: CPU time a rollout, same run.

A rollout plays one whole game from a position with one sampled order of
the stock, by a stock-hidden base player: the expert (the best line every
sequence) or idea 10's ``next`` (among the most-space ends, the one whose
next sequence makes the most spaces over ``--inner`` fresh orders).  For
each base, on the first layouts of seeds ``--first ..`` with ``--orders``
sampled orders each, it times:

* ``core.rollouts`` in the compiled core (one call a position, all orders);
* the honest baseline: ``gameplayers._rollout`` / ``_rollout_next``, the
  Python loops between sequences over the compiled core's searches (what the
  strong player's ``rollout`` method ran before);
* the pure-Python core's ``rollouts`` (the fallback without a C compiler),
  on the first ``--pure-deals`` deals only (it is slow).

Then the two-level base (2, a player choosing by the expert's rollouts over
the inner orders: no Python loop of it existed, so the compiled core against
the pure one), and the sampled orders themselves (``core.shuffles`` against
SeededStream in Python).  Every timing checks that the outcomes agree.  Run from the repository root
(note the load printed; the machine is shared):

    nice -n 10 python benchmarks/bench_rollouts.py [--deals 60] [--orders 20] [--inner 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

from puzzlegen.catscradle import _ccore, _pycore, gameplayers
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout
from puzzlegen.rng import SeededStream

Case = tuple[bytes, list[int], list[list[int]], list[list[int]]]


def cases(first: int, deals: int, orders: int, inner: int) -> list[Case]:
    """(first layout, stock cards, sampled orders, inner orders) for each seed."""
    found = []
    for seed in range(first, first + deals):
        deal = Deal.from_seed(seed)
        cards = sorted(CARD_INDEX[c] for c in deal.stock)
        stream = SeededStream("bench/rollouts", seed)
        drawn = []
        for _ in range(orders + inner):
            order = list(cards)
            stream.shuffle(order)
            drawn.append(order)
        found.append((layout(deal.layout), cards, drawn[:orders], drawn[orders:]))
    return found


def flat(orders: list[list[int]]) -> bytes:
    return bytes(c for order in orders for c in order)


def timed(run: Callable[[Case], bytes], rows: list[Case]) -> tuple[list[bytes], float, float, int]:
    """Outcomes, CPU and wall seconds, and the number of rollouts."""
    cpu, wall = time.process_time(), time.perf_counter()
    outcomes = [run(case) for case in rows]
    return outcomes, time.process_time() - cpu, time.perf_counter() - wall, sum(map(len, outcomes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=20000)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--orders", type=int, default=20)
    parser.add_argument("--inner", type=int, default=3)
    parser.add_argument("--pure-deals", type=int, default=6)
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load: {load[0]:.2f} {load[1]:.2f} (1 and 5 min), {os.cpu_count()} CPUs; "
          f"seeds {args.first}..{args.first + args.deals - 1}, {args.orders} orders each, "
          f"inner {args.inner}")
    rows = cases(args.first, args.deals, args.orders, args.inner)
    for base, label in ((0, "expert"), (1, "next")):

        # The cores give the cards left at each game's end (0: won); the loops, 1 won, 0 lost.
        def compiled(case: Case, base: int = base) -> bytes:
            encoded, cards, orders, inner = case
            left = _ccore.rollouts(encoded, flat(orders), len(cards), base, flat(inner), len(cards))
            return bytes(int(x == 0) for x in left)

        def pure(case: Case, base: int = base) -> bytes:
            encoded, cards, orders, inner = case
            left = _pycore.rollouts(
                encoded, flat(orders), len(cards), base, flat(inner), len(cards)
            )
            return bytes(int(x == 0) for x in left)

        def loop(case: Case, base: int = base) -> bytes:
            encoded, _cards, orders, inner = case
            if base == 0:
                return bytes(gameplayers._rollout(encoded, order) for order in orders)
            return bytes(gameplayers._rollout_next(encoded, order, inner) for order in orders)

        c_out, c_cpu, c_wall, n = timed(compiled, rows)
        l_out, l_cpu, l_wall, _ = timed(loop, rows)
        assert c_out == l_out, "the compiled rollouts disagree with the Python loop"
        few = rows[: args.pure_deals]
        p_out, p_cpu, p_wall, p_n = timed(pure, few)
        assert p_out == c_out[: len(few)], "the pure-Python rollouts disagree"
        wins = sum(map(sum, c_out))
        print(f"base {label}: {n} rollouts, {wins} won ({wins / n:.1%})")
        for name, cpu, wall, count in (
            ("compiled core.rollouts", c_cpu, c_wall, n),
            ("baseline: Python loop over the C core", l_cpu, l_wall, n),
            ("pure-Python core.rollouts", p_cpu, p_wall, p_n),
        ):
            print(f"  {name:<40} CPU {1e6 * cpu / count:8.0f} us a rollout "
                  f"(wall {1e6 * wall / count:8.0f} us, {count} rollouts)")
        print(f"  speed-up, CPU: {l_cpu / c_cpu:.2f}x over the Python loop, "
              f"{(p_cpu / p_n) / (c_cpu / n):.0f}x over the pure core")

    # Two levels (base 2, the rollout player): no Python loop of it ever existed; the pure
    # core on two orders of the first two deals.
    def two_levels(case: Case, core_rollouts: Callable[..., bytes] = _ccore.rollouts) -> bytes:
        encoded, cards, orders, inner = case
        return core_rollouts(encoded, flat(orders), len(cards), 2, flat(inner), len(cards))

    c_out, c_cpu, _, n = timed(two_levels, rows)
    short = [(e, c, o[:2], i) for e, c, o, i in rows[:2]]
    p_out, p_cpu, _, p_n = timed(lambda case: two_levels(case, _pycore.rollouts), short)
    assert [x[:2] for x in c_out[:2]] == p_out, "the pure-Python rollouts disagree"
    print(f"base rollout (two levels, the expert's games over the {args.inner} inner orders): "
          f"{n} rollouts, {sum(x.count(0) for x in c_out)} won")
    print(f"  compiled core.rollouts                   CPU {1e6 * c_cpu / n:8.0f} us a rollout")
    print(f"  pure-Python core.rollouts                CPU {1e6 * p_cpu / p_n:8.0f} us a rollout "
          f"({p_n} rollouts)")

    # The sampled orders: the strong player's rollout method draws hundreds a choice.
    cards = bytes(range(16, 52))
    cpu = time.process_time()
    compiled_orders = _ccore.shuffles("bench/rollouts", "1", cards, 20_000)
    c_cpu = time.process_time() - cpu
    cpu = time.process_time()
    python_orders = _pycore.shuffles("bench/rollouts", "1", cards, 2_000)
    p_cpu = time.process_time() - cpu
    assert compiled_orders[: len(python_orders)] == python_orders
    print("sampled orders of 36 cards (SeededStream's shuffle):")
    print(f"  compiled core.shuffles                   CPU {1e6 * c_cpu / 20_000:8.1f} us an order")
    print(f"  SeededStream in Python                   CPU {1e6 * p_cpu / 2_000:8.1f} us an order")
    print(f"load now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        raise SystemExit(130) from None
