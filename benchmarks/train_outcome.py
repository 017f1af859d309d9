"""Fit the rich value to the games its own player wins and loses (idea 58).

Idea 46's value (:mod:`puzzlegen.catscradle.richvalue`) was fitted by
backward induction: each position's target is the model's own best end one
fill later, so its early values rest on a chain of its later ones.  This
fits the same model (26 features, each weighed by a quadratic in the cards
left) to what actually happened instead: every position the rich player
meets between sequences (the layout after a fill), labelled 1 if that player
went on to win the game.  That is a Monte Carlo estimate of the rich
player's own chance from each position; choosing ends by it is one step of
policy improvement over the rich player, as a rollout of it from every end
would be (idea 53, too slow to run), with the rollouts learned once.

    play   plays games with the player (``--player``, the rich player of
           idea 46 by default) on seeds ``--first .. --first + --games - 1``
           and stores each game's positions and result, a file per chunk of
           ``--chunk`` games, written whole or not at all: a stopped run
           (Ctrl-C or SIGTERM: one line, exit 130) resumes where it stopped.
    fit    reads every stored game, holds every fifth seed out, fits the
           model's weights by a logistic loss with a ridge pull towards the
           shipped weights (``--ridge``), prints the held-out log loss and
           calibration by cards left beside the shipped weights', then
           refits on every game and writes the weights (``--out``) in
           :mod:`puzzlegen.catscradle.richvalue_weights`' format, for
           ``bench_wholegame.py --rich-weights``.
    probe  asks whether the positions hold more than the model takes from
           them: gradient-boosted trees (scikit-learn's) fitted to the same
           training games, once on the model's features and the cards left,
           once with the raw layout added (each cell's height and top card,
           the unseen count of each card), their held-out log loss printed
           beside the model's.  Trees find interactions and thresholds a
           logistic model of fixed features cannot; if they do no better,
           the features are not what limits the value.

Needs numpy, scipy and scikit-learn (the ``bench`` extra).

    nice -n 10 python benchmarks/train_outcome.py play --first 70000 --games 10000
    python benchmarks/train_outcome.py fit --out output/outcome_weights.py
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import pickle
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import bench_dual_bound
import numpy as np
import train_backup
from scipy import optimize

from puzzlegen.catscradle import backvalue, richvalue
from puzzlegen.catscradle.gameplayers import play_hidden
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import layout
from puzzlegen.errors import InvalidInputError
from puzzlegen.fileio import write_bytes

#: The rich player of idea 46, as the research record measured it.
RICH = "method=rich+samples=100+width=30+slack=0"

# A game: its seed, whether it was won, and each position between sequences
# (the filled layout and the cards left in the stock).
Game = tuple[int, bool, list[tuple[bytes, int]]]


def play_one(seed: int, spec: str) -> Game:
    """Play seed ``seed``'s deal with the player ``spec`` and keep its positions."""
    player = train_backup._player(f"{spec}+seed={seed}")
    turns = play_hidden(Deal.from_seed(seed), player)
    kept = [(layout(t.filled), len(t.stock)) for t in turns if not t.ends_game]
    return seed, turns[-1].won, kept


def _chunk_path(store: Path, player: str, first: int, size: int) -> Path:
    """A chunk's file: named by its player too, so players may share a store."""
    return store / f"games-{_tag(player)}-{first:06d}-{size}.pkl"


def _tag(player: str) -> str:
    return hashlib.sha256(player.encode()).hexdigest()[:8]


def play(args: argparse.Namespace) -> None:
    store = Path(args.store)
    store.mkdir(parents=True, exist_ok=True)
    end = args.first + args.games
    done = played = 0
    start = time.process_time()
    for first in range(args.first, end, args.chunk):
        size = min(args.chunk, end - first)
        path = _chunk_path(store, args.player, first, size)
        if path.exists():
            done += size
            continue
        games = [play_one(seed, args.player) for seed in range(first, first + size)]
        write_bytes(path, pickle.dumps({"player": args.player, "games": games}))
        done += size
        played += size
        cpu = time.process_time() - start
        print(f"  {done}/{args.games} games ({cpu / played * 1000:.0f} ms a game)",
              file=sys.stderr, flush=True)
    print(f"{done} games stored in {store}")


def load(store: Path, player: str) -> list[Game]:
    """Every stored game of ``player``, by seed, each once (runs with other chunks overlap)."""
    games: dict[int, Game] = {}
    for path in sorted(store.glob(f"games-{_tag(player)}-*.pkl")):
        found = pickle.loads(path.read_bytes())
        if found["player"] == player:
            games.update((game[0], game) for game in found["games"])
    return [games[seed] for seed in sorted(games)]


class Rows:
    """The model's rows of a set of games: one per position not settled exactly."""

    def __init__(self, games: list[Game]) -> None:
        lin: list[list[float]] = []
        plain: list[list[float]] = []
        raw: list[list[float]] = []
        label: list[float] = []
        left: list[int] = []
        for _seed, won, kept in games:
            for filled, k in kept:
                _value, x = richvalue.value_and_features(filled, k)
                if x is None:
                    continue
                lin.append(backvalue.expand(x, k))
                plain.append([*x, k])
                heights, present, tops = backvalue.read_layout(filled)
                raw.append([*heights, *tops, *(2 - p for p in present)])
                label.append(1.0 if won else 0.0)
                left.append(k)
        n = len(richvalue.RICH_FEATURES)
        self.x = np.array(lin).reshape(len(lin), 3 * n)
        #: The features and the cards left, and the raw layout: for the probe.
        self.plain = np.array(plain).reshape(len(plain), n + 1)
        self.raw = np.array(raw).reshape(len(raw), 16 + 16 + 26)
        self.y = np.array(label)
        self.left = np.array(left)

    def chance(self, w: np.ndarray) -> np.ndarray:
        return np.asarray(1 / (1 + np.exp(-np.clip(self.x @ w, -40, 40))))

    def log_loss(self, w: np.ndarray) -> float:
        return _log_loss(self.y, self.chance(w))


def _log_loss(y: np.ndarray, p: np.ndarray | float) -> float:
    """The mean logistic loss of chances ``p`` for results ``y`` (1 won, 0 lost)."""
    q = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(q) + (1 - y) * np.log(1 - q)).mean())


def fit(rows: Rows, anchor: np.ndarray, ridge: float) -> np.ndarray:
    """Weights minimising the mean logistic loss plus ``ridge`` times ||w - anchor||^2."""

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        p = rows.chance(w)
        d = w - anchor
        grad = rows.x.T @ (p - rows.y) / max(len(rows.y), 1) + 2 * ridge * d
        return _log_loss(rows.y, p) + ridge * float(d @ d), grad

    found = optimize.minimize(loss, anchor.copy(), jac=True, method="L-BFGS-B",
                              options={"maxiter": 1000})
    return np.asarray(found.x)


def _calibration(rows: Rows, shipped: np.ndarray, fitted: np.ndarray) -> None:
    print("  cards left   positions   won    shipped's mean   this fit's mean")
    by_shipped, by_fit = rows.chance(shipped), rows.chance(fitted)
    for low, high in ((30, 36), (24, 29), (18, 23), (12, 17), (7, 11)):
        mask = (rows.left >= low) & (rows.left <= high)
        if not mask.any():
            continue
        print(f"  {low:>2}-{high:<2}        {int(mask.sum()):>6}   {rows.y[mask].mean():.3f}   "
              f"{by_shipped[mask].mean():.3f}            {by_fit[mask].mean():.3f}")


def _stored(args: argparse.Namespace) -> list[Game]:
    """``--player``'s games in ``--store``; none is an error."""
    games = load(Path(args.store), args.player)
    if not games:
        sys.exit(f"no games of {args.player!r} stored in {args.store}")
    return games


def fit_command(args: argparse.Namespace) -> None:
    games = _stored(args)
    shipped = np.array(richvalue.model().linear)
    train = Rows([g for g in games if g[0] % 5])
    held = Rows([g for g in games if not g[0] % 5])
    won = sum(1 for g in games if g[1])
    print(f"{len(games)} games ({won} won, {won / len(games):.1%}); "
          f"{len(train.y)} training and {len(held.y)} held-out positions")
    fitted = fit(train, shipped, args.ridge)
    print(f"held-out log loss: shipped weights {held.log_loss(shipped):.4f}, "
          f"this fit {held.log_loss(fitted):.4f}, "
          f"a constant {_log_loss(held.y, float(train.y.mean())):.4f}")
    _calibration(held, shipped, fitted)
    if args.out:
        every = Rows(games)
        final = fit(every, shipped, args.ridge)
        train_backup.MODEL = "rich"
        train_backup.write_weights(
            Path(args.out), final, " ".join(sys.argv),
            f"idea 58: the rich model fitted to the outcomes of {len(games)} games "
            f"of {args.player} (seeds {games[0][0]}-{games[-1][0]}), ridge {args.ridge} "
            "towards the shipped weights.",
        )
        print(f"weights written to {args.out}")


def probe(args: argparse.Namespace) -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier

    games = _stored(args)
    # Whole games apart (a game's positions share its result): the trees stop
    # growing where the loss on the validation games (seeds 1 mod 5) is least.
    train = Rows([g for g in games if g[0] % 5 > 1])
    check = Rows([g for g in games if g[0] % 5 == 1])
    held = Rows([g for g in games if not g[0] % 5])
    shipped = np.array(richvalue.model().linear)
    print(f"{len(train.y)} training, {len(check.y)} validation and {len(held.y)} held-out "
          "positions; held-out log loss:")
    print(f"  the shipped rich value          {held.log_loss(shipped):.4f}")
    n = train.plain.shape[1]
    # The raw layout's tops are card classes (-1 for an empty cell): categories, not numbers.
    tops = [n + 16 + i for i in range(16)]
    for label, parts, categorical in (
        ("trees on its features and k", ("plain",), None),
        ("trees on those and the layout", ("plain", "raw"), tops),
    ):
        x_train, x_check, x_held = (
            np.hstack([getattr(r, part) for part in parts]) for r in (train, check, held)
        )
        if categorical:
            for x in (x_train, x_check, x_held):
                x[:, categorical] += 1
        trees = HistGradientBoostingClassifier(
            max_iter=args.trees, learning_rate=0.05, min_samples_leaf=100,
            categorical_features=categorical, early_stopping=False, random_state=58,
        )
        trees.fit(x_train, train.y)
        losses = [_log_loss(check.y, p[:, 1]) for p in trees.staged_predict_proba(x_check)]
        best = int(np.argmin(losses))
        p = next(itertools.islice(trees.staged_predict_proba(x_held), best, None))[:, 1]
        print(f"  {label:<31} {_log_loss(held.y, p):.4f} ({best + 1} trees)")


def _not_negative(kind: type[int] | type[float]) -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` (a seed, a ridge), 0 or more."""

    def parse(text: str) -> float:
        try:
            found = kind(text)
        except ValueError:
            name = "whole number" if kind is int else "number"
            raise argparse.ArgumentTypeError(f"not a {name}: {text!r}") from None
        if not found >= 0:
            raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
        return found

    return parse


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="examples:\n" + __doc__.rstrip().rsplit("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_play = sub.add_parser("play", help="play and store games")
    p_play.add_argument("--first", type=_not_negative(int), default=70_000,
                        help="the first deal's seed")
    count = bench_dual_bound.at_least_one
    p_play.add_argument("--games", type=count, default=10_000, help="how many")
    p_play.add_argument("--chunk", type=count, default=50, help="games a stored file")
    p_probe = sub.add_parser("probe", help="do boosted trees predict the outcomes better?")
    p_probe.add_argument("--trees", type=bench_dual_bound.at_least_one, default=500,
                         help="most boosting rounds")
    p_fit = sub.add_parser("fit", help="fit the weights to the stored games")
    p_fit.add_argument("--ridge", type=_not_negative(float), default=1e-4,
                       help="pull towards the shipped weights")
    p_fit.add_argument("--out", default="", help="where the weights are written")
    for p in (p_play, p_fit, p_probe):
        p.add_argument("--player", default=RICH, help="key=value+... settings of the player")
        p.add_argument("--store", default="output/outcome-games",
                       help="where the games are stored")
    args = parser.parse_args()
    try:
        train_backup._player(args.player)
    except (TypeError, InvalidInputError) as error:
        parser.error(f"bad --player {args.player!r}: {error}")
    signal.signal(signal.SIGTERM, _stop)
    try:
        {"play": play, "fit": fit_command, "probe": probe}[args.command](args)
    except OSError as error:
        sys.exit(f"train_outcome: {error.filename or args.store}: {error.strerror or error}")
    except KeyboardInterrupt:
        print("stopped: stored games and weights are whole or absent; run again to resume",
              file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    main()
