"""Fit the strong player's value by backward induction over the cards left (ideas 40 and on).

Positions: every sequence start of the games a player (``--player``, the
shipped strong player by default) plays on seeded deals ``--first ..
--first + --games - 1`` (never the validation seeds 20000-20899).  For each,
its ends that make a space (at most ``--width``, most spaces first) are
filled by ``--fills`` sampled orders of the unseen cards (the same orders
for every end): the *children*, grouped by the position they came from.  A
child is valued exactly when it can be cheaply (no card left, no space
possible, or one sequence uses the stock up: see ``backvalue.value``).

Then, from the fewest cards left to the most: the children with ``k``
cards left get their target, exact (``Endgame``) when ``k <= --exact``,
otherwise the Bellman backup

    max over ends e of the child [ mean over fills of e of value(filled, model so far) ]

(fills by card class when at most ``--samples``, else ``--samples`` sampled
orders), and the model is refitted on every child with at most ``k`` cards
left: a logistic loss on each target plus ``--rank`` times a squared loss on
the differences between sibling ends (each end's mean over its fills, less
the mean over the ends of the same position), so that it ranks the ends of
one sequence and not only positions of different games.  Every fifth deal
is held out for the figures printed at the end (log loss, and the chance
lost by choosing each position's end by the model against the best end by
the targets, beside choosing by the next sequence's best spaces as idea 10
does); then the model is refitted on all and written to ``--out``.

With ``--model rich`` the value is :mod:`puzzlegen.catscradle.richvalue`'s
(more features, among them a look at the next fill; ``--hidden N`` adds a
hidden layer of ``N`` tanh units, idea 47) and the weights are written in
its format; ``--rows-from CACHE`` takes the positions and children from
another run's cache (their features recomputed), so only the sweep is paid;
``--targets-from CACHE`` takes that run's targets as well (a finished sweep
of the same rows): only the final fits are paid, the backups being the other
model's (idea 47 fits its network to idea 46's targets so).

Progress on stderr; figures on stdout; a cache (``--cache``) holds the
positions and targets so far, so a stopped run (Ctrl-C: one line) resumes
where it stopped.  Needs numpy and scipy (the ``bench`` extra).

    nice -n 10 python benchmarks/train_backup.py --games 600 --first 60000
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import pickle
import signal
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy import optimize, sparse

from puzzlegen.catscradle import backvalue, core, richvalue, static
from puzzlegen.catscradle.endgame import Endgame
from puzzlegen.catscradle.gameplayers import StockView, StrongPlayer, play_hidden
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, Line, layout
from puzzlegen.fileio import write_bytes, write_text


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} {five:.2f}"


class _Recorder:
    """Plays as ``player`` and keeps every view."""

    def __init__(self, player: StrongPlayer) -> None:
        self.player = player
        self.name = "recorder"
        self.views: list[StockView] = []

    def choose(self, view: StockView) -> Line:
        self.views.append(view)
        return self.player.choose(view)


def _player(spec: str) -> StrongPlayer:
    settings: dict[str, str | int] = {}
    for part in filter(None, spec.split("+")):
        key, _, text = part.partition("=")
        settings[key] = int(text) if text.lstrip("-").isdigit() else text
    return StrongPlayer(**settings)  # type: ignore[arg-type]


#: Which value is fitted: "backup" (backvalue's 17 features) or "rich" (richvalue's).
MODEL = "backup"
#: Hidden tanh units of the rich model (0: logistic only).
HIDDEN = 0
#: The most L-BFGS steps a fit takes.
MAXITER = 500


def n_features() -> int:
    return len(richvalue.RICH_FEATURES if MODEL == "rich" else backvalue.FEATURES)


def n_params() -> int:
    n = n_features()
    return 3 * n + HIDDEN * (n + 2) + HIDDEN


def feats(child: bytes, left: int, ends: Sequence[bytes], spaces: Sequence[int]) -> list[float]:
    """The fitted model's features of ``child`` (not settled: ``backvalue.ends_and_settled``)."""
    if MODEL == "rich":
        return richvalue.rich_features(child, left, ends, spaces)
    return backvalue.features(child, left, spaces)


def inputs(x: Sequence[float], left: int) -> tuple[list[float], list[float]]:
    """A child's linear inputs (each feature times 1, k/36, (k/36)^2) and its network inputs."""
    u = left / 36
    return backvalue.expand(x, left), [*x, u, u * u]


def forward(w: np.ndarray, x_lin: np.ndarray, x_in: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The logits of rows ``x_lin`` / ``x_in`` by parameters ``w``, and the hidden units."""
    n3 = x_lin.shape[1]
    z = x_lin @ w[:n3]
    if not HIDDEN:
        return z, np.zeros((len(z), 0))
    m = x_in.shape[1]
    hid = w[n3 : n3 + HIDDEN * m].reshape(HIDDEN, m)
    out = w[n3 + HIDDEN * m :]
    h = np.tanh(x_in @ hid.T)
    return z + h @ out, h


def backward(w: np.ndarray, x_lin: np.ndarray, x_in: np.ndarray, h: np.ndarray,
             dz: np.ndarray) -> np.ndarray:
    """The gradient of the parameters from the logits' gradient ``dz``."""
    n3 = x_lin.shape[1]
    parts = [x_lin.T @ dz]
    if HIDDEN:
        m = x_in.shape[1]
        out = w[n3 + HIDDEN * m :]
        da = (dz[:, None] * out[None, :]) * (1 - h * h)
        parts += [(da.T @ x_in).ravel(), h.T @ dz]
    return np.concatenate(parts)


def rich_model(w: Sequence[float]) -> richvalue.Model:
    n3 = 3 * n_features()
    m = n_features() + 2
    hidden = [list(w[n3 + j * m : n3 + (j + 1) * m]) for j in range(HIDDEN)]
    return richvalue.Model(w[:n3], hidden, w[n3 + HIDDEN * m :])


# A child: (group, slot of its end in the group, seed, cards left, fixed value or -1,
# features or None, the filled layout).
Child = tuple[int, int, int, int, float, list[float] | None, bytes]


def children(args: argparse.Namespace) -> list[Child]:
    """Every child of every position the player meets, grouped by position."""
    player = _player(args.player)
    rows: list[Child] = []
    group = 0
    for seed in range(args.first, args.first + args.games):
        recorder = _Recorder(player)
        play_hidden(Deal.from_seed(seed), recorder)
        for view in recorder.views:
            encoded = layout(view.position)
            k = view.stock_left
            unseen = sorted(CARD_INDEX[c] for c in view.unseen)
            ends = core.end_layouts(encoded)
            making = sorted(
                ((e.count(0, 0, 16), i) for i, e in enumerate(ends) if e.count(0, 0, 16)),
                key=lambda t: (-t[0], t[1]),
            )[: args.width]
            if not making:
                continue
            drawn = core.shuffles("train-backup/fills", f"{seed}/{view.number}",
                                  bytes(unseen), args.fills)
            orders = [drawn[j * k : (j + 1) * k] for j in range(args.fills)]
            for slot, (s, index) in enumerate(making):
                for order in orders:
                    if s >= k:
                        rows.append((group, slot, seed, 0, 1.0, None, b""))
                        continue
                    child, _ = static.fill(ends[index], order[:s])
                    left = k - s
                    child_ends = core.end_layouts(child)
                    spaces = [e.count(0, 0, 16) for e in child_ends]
                    best = max(spaces, default=0)
                    if best == 0 or best >= left:
                        rows.append((group, slot, seed, left, float(best > 0), None, child))
                    else:
                        x = feats(child, left, child_ends, spaces)
                        rows.append((group, slot, seed, left, -1.0, x, child))
            group += 1
        if (seed - args.first) % 50 == 49:
            print(f"  positions: {seed - args.first + 1} games, {group} positions, "
                  f"{len(rows)} children; {_load()}", file=sys.stderr, flush=True)
    return rows


_ALL = frozenset(range(52))


def backup(child: bytes, left: int, samples: int, label: str, weights: Sequence[float]) -> float:
    """The Bellman target of ``child``: its best end's mean value over fills, by ``weights``.

    What ``backvalue.end_value`` (or ``richvalue.end_value``) computes for each end,
    with the model's own values for all of a child's fills in one numpy call.
    """
    present = set(child[16:])
    unseen = sorted(_ALL - present)
    assert len(unseen) == left
    drawn = core.shuffles("train-backup/backup", label, bytes(unseen), samples)
    orders = [drawn[j * left : (j + 1) * left] for j in range(samples)]
    # Per end: (weight, fixed value or -1, model row) for each fill.
    per_end: list[list[tuple[float, float, int]]] = []
    x_lin: list[list[float]] = []
    x_in: list[list[float]] = []
    for end in core.end_layouts(child):
        s = end.count(0, 0, 16)
        if not s:
            continue
        if s >= left:
            return 1.0
        items: list[tuple[float, float, int]] = []
        for count, cards in backvalue.fills(unseen, s, orders):
            weight = float(count)
            filled, _ = static.fill(end, cards)
            ends, spaces, settled = backvalue.ends_and_settled(
                filled, left - s, backvalue.EXACT_LEFT
            )
            if settled is not None:
                items.append((weight, settled, -1))
            else:
                lin, net = inputs(feats(filled, left - s, ends, spaces), left - s)
                items.append((weight, -1.0, len(x_lin)))
                x_lin.append(lin)
                x_in.append(net)
        per_end.append(items)
    if not per_end:
        return 0.0
    p = np.zeros(0)
    if x_lin:
        z, _ = forward(np.asarray(weights), np.array(x_lin), np.array(x_in))
        p = 1 / (1 + np.exp(-np.clip(z, -40, 40)))
    best = 0.0
    for items in per_end:
        total = sum(w * (v if r < 0 else float(p[r])) for w, v, r in items)
        best = max(best, total / sum(w for w, _, _ in items))
    return best


class Fit:
    """The data of one fit: model rows, and each end's children for the ranking loss."""

    def __init__(self, rows: list[Child], targets: dict[int, float], keep: np.ndarray,
                 most: int) -> None:
        # Model rows: children not fixed, with a target, at most ``most`` cards left.
        model = [r for r in range(len(rows)) if keep[r] and rows[r][4] < 0 and rows[r][3] <= most]
        self.index = {r: j for j, r in enumerate(model)}
        pairs = [inputs(rows[r][5] or [], rows[r][3]) for r in model]
        self.x = np.array([a for a, _ in pairs]).reshape(len(model), 3 * n_features())
        self.x_in = np.array([b for _, b in pairs]).reshape(len(model), n_features() + 2)
        self.y = np.array([targets[r] for r in model])
        # Ends: every (group, slot) whose group is wholly ready and has two ends or more.
        by_group: dict[int, list[int]] = {}
        for r in range(len(rows)):
            if keep[r]:
                by_group.setdefault(rows[r][0], []).append(r)
        ends: list[list[int]] = []
        end_group: list[int] = []
        for g, members in by_group.items():
            if any(rows[r][4] < 0 and rows[r][3] > most for r in members):
                continue
            slots: dict[int, list[int]] = {}
            for r in members:
                slots.setdefault(rows[r][1], []).append(r)
            if len(slots) < 2:
                continue
            for slot in sorted(slots):
                ends.append(slots[slot])
                end_group.append(g)
        n_ends = len(ends)
        a_rows, a_cols, a_vals = [], [], []
        fixed = np.zeros(n_ends)
        target_q = np.zeros(n_ends)
        for e, members in enumerate(ends):
            for r in members:
                t = rows[r][4] if rows[r][4] >= 0 else targets[r]
                target_q[e] += t / len(members)
                if rows[r][4] >= 0:
                    fixed[e] += t / len(members)
                else:
                    a_rows.append(e)
                    a_cols.append(self.index[r])
                    a_vals.append(1 / len(members))
        self.a = sparse.csr_matrix((a_vals, (a_rows, a_cols)), shape=(n_ends, len(model)))
        # Centring within each group: c = I - (group mean).
        c_rows, c_cols, c_vals = [], [], []
        groups: dict[int, list[int]] = {}
        for e, g in enumerate(end_group):
            groups.setdefault(g, []).append(e)
        for members_e in groups.values():
            m = len(members_e)
            for i in members_e:
                for j in members_e:
                    c_rows.append(i)
                    c_cols.append(j)
                    c_vals.append((1.0 if i == j else 0.0) - 1 / m)
        self.c = sparse.csr_matrix((c_vals, (c_rows, c_cols)), shape=(n_ends, n_ends))
        self.fixed_d = self.c @ fixed
        self.target_d = self.c @ target_q
        self.groups = max(len(groups), 1)
        self.ends = ends
        self.end_group = end_group
        self.target_q = target_q
        self.fixed_q = fixed

    def loss(self, w: np.ndarray, rank: float, ridge: float) -> tuple[float, np.ndarray]:
        z, h = forward(w, self.x, self.x_in)
        p = 1 / (1 + np.exp(-np.clip(z, -40, 40)))
        n = max(len(self.y), 1)
        eps = 1e-9
        ce = -(self.y * np.log(p + eps) + (1 - self.y) * np.log(1 - p + eps)).sum() / n
        r = self.c @ (self.a @ p) + self.fixed_d - self.target_d
        sq = float(r @ r) / self.groups
        back = (self.a.T @ (self.c.T @ r)) * p * (1 - p)
        dz = (p - self.y) / n + rank * 2 * back / self.groups
        total = ce + rank * sq + ridge * float(w @ w)
        return float(total), backward(w, self.x, self.x_in, h, dz) + 2 * ridge * w

    def fit(self, w0: np.ndarray, rank: float, ridge: float) -> np.ndarray:
        if not len(self.y):
            return w0
        result = optimize.minimize(
            self.loss, w0, args=(rank, ridge), jac=True, method="L-BFGS-B",
            options={"maxiter": MAXITER},
        )
        return np.asarray(result.x)

    def predict(self, w: np.ndarray) -> np.ndarray:
        z, _ = forward(w, self.x, self.x_in)
        return np.asarray(1 / (1 + np.exp(-np.clip(z, -40, 40))))

    def predict_q(self, w: np.ndarray) -> np.ndarray:
        p = self.predict(w)
        return np.asarray(self.a @ p + self.fixed_q)


def report(rows: list[Child], targets: dict[int, float], w_train: np.ndarray,
           held: np.ndarray, most: int) -> str:
    """Held-out figures of the model fitted without ``held``."""
    fit = Fit(rows, targets, held, most)
    p = fit.predict(w_train)
    y = fit.y
    eps = 1e-9
    ce = -(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)).mean()
    m = y.mean()
    ce0 = -(y * np.log(m) + (1 - y) * np.log(1 - m)).mean()
    print(f"held out: {len(y)} children, mean target {m:.3f}; log loss {ce:.4f} "
          f"(a constant {ce0:.4f}); correlation {np.corrcoef(p, y)[0, 1]:.3f}; "
          f"mean |error| {np.abs(p - y).mean():.4f}")
    q_hat = fit.predict_q(w_train)
    # The next sequence's best spaces (idea 10's score), by end: a child's best spaces,
    # 16 when fixed at 1, 0 when fixed at 0.
    nxt = np.zeros(len(fit.ends))
    for e, members in enumerate(fit.ends):
        for r in members:
            fixed = rows[r][4]
            s = 16.0 * fixed if fixed >= 0 else 8 * (rows[r][5] or [0.0, 0.0])[1]
            nxt[e] += s / len(members)
    groups: dict[int, list[int]] = {}
    for e, g in enumerate(fit.end_group):
        groups.setdefault(g, []).append(e)
    lost = {"model": 0.0, "next": 0.0, "first end": 0.0, "random": 0.0}
    right = dict.fromkeys(lost, 0)
    differ = 0
    for members in groups.values():
        q = fit.target_q[members]
        if q.max() - q.min() < 1e-12:
            continue
        differ += 1
        picks = {
            "model": members[int(np.argmax(q_hat[members]))],
            "next": members[int(np.argmax(nxt[members]))],
            "first end": members[0],
        }
        for name, e in picks.items():
            lost[name] += q.max() - fit.target_q[e]
            right[name] += fit.target_q[e] >= q.max() - 1e-12
        lost["random"] += q.max() - q.mean()
    print(f"held-out positions whose ends differ by their targets: {differ}")
    for name in lost:
        print(f"  choosing by {name}: best {right[name]}/{differ}, "
              f"target lost a choice {lost[name] / max(differ, 1):.4f}")
    return (f"held out (every fifth deal): log loss {ce:.4f} against a constant's {ce0:.4f}; "
            f"target lost a choice by the model {lost['model'] / max(differ, 1):.4f}, by the "
            f"next sequence's spaces {lost['next'] / max(differ, 1):.4f}")


def _rows_of(values: Sequence[float]) -> str:
    return ",\n".join("    " + ", ".join(f"{v:.5f}" for v in values[i : i + 6])
                      for i in range(0, len(values), 6))


def write_weights(path: Path, w: np.ndarray, command: str, summary: str) -> None:
    today = datetime.date.today().isoformat()
    digest = hashlib.sha256(repr([f"{v:.5f}" for v in w]).encode()).hexdigest()[:6]
    body = _rows_of([float(v) for v in w])
    command = "\n#   ".join(textwrap.wrap(command, 90))
    summary = "\n# ".join(textwrap.wrap(summary, 92))
    if MODEL == "rich":
        model = rich_model([float(v) for v in w])
        hidden = "".join(f"    (\n{_rows_of(h)},\n    ),\n" for h in model.hidden)
        write_text(path, (
            '"""The fitted weights of :mod:`puzzlegen.catscradle.richvalue`\'s model.\n\n'
            "Written by ``benchmarks/train_backup.py --model rich`` "
            "(docs/whole-game-research.md, ideas 46 on).\n"
            '"""\n\n'
            f"# Fitted on {today} by:\n#   {command}\n"
            f"# {summary}\n\n"
            "#: Names this fit in the strong player's version string.\n"
            f'FIT = "{today}-{digest}"\n'
            "#: Three weights a feature of ``richvalue.RICH_FEATURES``: constant, times k/36, "
            "times (k/36)^2.\n"
            f"LINEAR: tuple[float, ...] = (\n{_rows_of(model.linear)},\n)\n"
            "#: The hidden tanh units' weights over the features, k/36 and (k/36)^2.\n"
            f"HIDDEN: tuple[tuple[float, ...], ...] = (\n{hidden})\n"
            "#: Each hidden unit's weight in the logit.\n"
            + (f"OUT: tuple[float, ...] = (\n{_rows_of(model.out)},\n)\n" if model.out
               else "OUT: tuple[float, ...] = ()\n")
        ))
        return
    write_text(path, (
        '"""The fitted weights of :mod:`puzzlegen.catscradle.backvalue`\'s model.\n\n'
        "Written by ``benchmarks/train_backup.py`` (docs/whole-game-research.md, ideas 40 on).\n"
        '"""\n\n'
        f"# Fitted on {today} by:\n#   {command}\n"
        f"# {summary}\n\n"
        "#: Names this fit in the strong player's version string.\n"
        f'FIT = "{today}-{digest}"\n'
        "#: Three weights a feature of ``backvalue.FEATURES``: constant, times k/36, "
        "times (k/36)^2.\n"
        f"WEIGHTS: tuple[float, ...] = (\n{body},\n)\n"
    ))


def initial() -> np.ndarray:
    """The first parameters: zero, but for small hidden weights (a fixed draw)."""
    w = np.zeros(n_params())
    if HIDDEN:
        n3 = 3 * n_features()
        rng = np.random.default_rng(46)
        w[n3:] = rng.normal(0, 0.1, len(w) - n3)
    return w


def rows_from(args: argparse.Namespace) -> list[Child]:
    """The children of ``--rows-from``'s cache whose seeds are asked for, features recomputed."""
    state = pickle.loads(Path(args.rows_from).read_bytes())
    rows: list[Child] = []
    for row in state["rows"]:
        group, slot, seed, left, fixed, _x, child = row
        if not args.first <= seed < args.first + args.games:
            continue
        if fixed < 0:
            ends = core.end_layouts(child)
            row = (group, slot, seed, left, fixed,
                   feats(child, left, ends, [e.count(0, 0, 16) for e in ends]), child)
        rows.append(row)
    print(f"  {len(rows)} children from {args.rows_from}", file=sys.stderr, flush=True)
    return rows


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # Ctrl-C and SIGTERM stop it with one line (also when started in the background,
    # where a shell leaves SIGINT ignored); the cache is only ever written whole.
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--first", type=int, default=60_000)
    parser.add_argument("--player", default="", help="whose positions: key=value+... settings")
    parser.add_argument("--width", type=int, default=8, help="most ends of a position")
    parser.add_argument("--fills", type=int, default=3, help="sampled fills of each end")
    parser.add_argument("--samples", type=int, default=16, help="fills a backup's end")
    parser.add_argument("--exact", type=int, default=6, help="exact targets up to these cards")
    parser.add_argument("--rank", type=float, default=20.0, help="weight of the ranking loss")
    parser.add_argument("--ridge", type=float, default=1e-4)
    parser.add_argument("--cache", default="", help="file keeping positions and targets")
    parser.add_argument("--out", default="")
    parser.add_argument("--model", choices=("backup", "rich"), default="backup",
                        help="backvalue's 17 features, or richvalue's")
    parser.add_argument("--hidden", type=int, default=0,
                        help="hidden tanh units (--model rich only; 0: logistic)")
    parser.add_argument("--rows-from", default="",
                        help="another run's cache: its positions and children (of seeds "
                        "--first .. --first + --games - 1), features recomputed")
    parser.add_argument("--targets-from", default="",
                        help="a finished cache of the same rows: its targets, no sweep")
    parser.add_argument("--maxiter", type=int, default=500, help="most L-BFGS steps a fit")
    args = parser.parse_args()
    global MODEL, HIDDEN, MAXITER
    MAXITER = args.maxiter
    MODEL, HIDDEN = args.model, args.hidden
    if HIDDEN and MODEL != "rich":
        raise SystemExit("--hidden needs --model rich")
    args.out = args.out or ("puzzlegen/catscradle/richvalue_weights.py" if MODEL == "rich"
                            else "puzzlegen/catscradle/backvalue_weights.py")
    if args.first <= 20899 and args.first + args.games > 20000:
        raise SystemExit("the seeds overlap the validation seeds 20000-20899")
    command = "python benchmarks/train_backup.py " + " ".join(sys.argv[1:])
    print(f"{command}\n{_load()}", flush=True)
    cpu, wall = time.process_time(), time.perf_counter()
    key: tuple[object, ...] = (args.games, args.first, args.player, args.width, args.fills,
                               args.samples, args.exact)
    if MODEL != "backup" or args.rows_from:
        key += (MODEL, HIDDEN, args.rows_from, args.targets_from)
    state: dict[str, object] = {}
    cache = Path(args.cache) if args.cache else None
    if cache and cache.exists():
        state = pickle.loads(cache.read_bytes())
        if state.get("key") != key:
            raise SystemExit(f"{cache} was made with other settings: remove it or pass another")
        print(f"resumed from {cache}", file=sys.stderr)
    try:
        if "rows" not in state:
            made = rows_from(args) if args.rows_from else children(args)
            state = {"key": key, "rows": made, "targets": {}, "w": None, "done": 0}
            if cache:
                write_bytes(cache, pickle.dumps(state))
        rows: list[Child] = state["rows"]  # type: ignore[assignment]
        targets: dict[int, float] = state["targets"]  # type: ignore[assignment]
        if args.targets_from and not state["targets"]:
            found = pickle.loads(Path(args.targets_from).read_bytes())
            if [r[6] for r in found["rows"]] != [r[6] for r in rows]:
                raise SystemExit(f"{args.targets_from} holds other children")
            state.update(targets=found["targets"], done=max(r[3] for r in rows))
            targets = state["targets"]  # type: ignore[assignment]
            if found["w"] is not None and len(found["w"]) == 3 * n_features():
                start_w = initial()
                start_w[: 3 * n_features()] = found["w"]
                state["w"] = start_w
        w = initial() if state["w"] is None else np.asarray(state["w"])
        every = np.ones(len(rows), dtype=bool)
        by_k: dict[int, list[int]] = {}
        for r, row in enumerate(rows):
            if row[4] < 0:
                by_k.setdefault(row[3], []).append(r)
        print(f"{len({r[0] for r in rows})} positions, {len(rows)} children, "
              f"{sum(len(v) for v in by_k.values())} to value; CPU "
              f"{time.process_time() - cpu:.0f} s", flush=True)
        exact = Endgame(limit=args.exact, max_memo=2_000_000)
        for k in sorted(by_k):
            if k <= int(state["done"]):  # type: ignore[call-overload]
                continue
            start = time.process_time()
            weights = [float(v) for v in w]
            for r in by_k[k]:
                child = rows[r][6]
                if k <= args.exact:
                    found = exact.value(child)
                    assert found is not None
                    targets[r] = found
                else:
                    targets[r] = backup(child, k, args.samples, f"{r}", weights)
            w = Fit(rows, targets, every, k).fit(w, args.rank, args.ridge)
            state.update(targets=targets, w=w, done=k)
            if cache:
                write_bytes(cache, pickle.dumps(state))
            ys = [targets[r] for r in by_k[k]]
            print(f"  k={k:2d}: {len(by_k[k])} children, mean target {np.mean(ys):.3f}; "
                  f"CPU {time.process_time() - start:.1f} s; {_load()}",
                  file=sys.stderr, flush=True)
        most = max(by_k)
        held = np.array([row[2] % 5 == 0 for row in rows])
        # The held-out figures: the same sweep's targets, the model refitted without them.
        w_train = Fit(rows, targets, ~held, most).fit(w, args.rank, args.ridge)
        figures = report(rows, targets, w_train, held, most)
        w = Fit(rows, targets, every, most).fit(w, args.rank, args.ridge)
        summary = (f"{len(rows)} children of {len({r[0] for r in rows})} positions, "
                   f"rank {args.rank}, ridge {args.ridge}; {figures}; CPU "
                   f"{time.process_time() - cpu:.0f} s")
        names = richvalue.RICH_FEATURES if MODEL == "rich" else backvalue.FEATURES
        for i, name in enumerate(names):
            n = len(names)
            print(f"  {name:<26} {w[i]:+8.3f} {w[n + i]:+8.3f} {w[2 * n + i]:+8.3f}")
        write_weights(Path(args.out), w, command, summary)
        print(f"wrote {args.out}; CPU {time.process_time() - cpu:.0f} s, wall "
              f"{time.perf_counter() - wall:.0f} s; {_load()}")
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
