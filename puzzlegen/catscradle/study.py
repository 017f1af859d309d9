"""A study of whole games: every player on N seeded deals, and the seed's statistics.

The seed text ends with figures "based on thousands of games played"; a
study plays deals ``first_seed .. first_seed + deals - 1`` (``Deal.from_seed``)
with every player of :data:`STUDY_PLAYERS` and computes the same figures,
each rate with a 95% Wilson interval.

Conventions:

* a game's *sequences* count every sequence of play, a lost game's last one
  (which created no space) included;
* *spaces at the end* of a won game are the spaces its last sequence
  created (the stock may have held fewer cards than that);
* *no move on the first layout* is a property of the deal: no line of play
  from it creates a space (so every player loses at once).

A study is stored deal by deal in its own SQLite file (:class:`StudyStore`),
each deal's results committed as one row as soon as it is played, so a study
stopped at any moment (even ``kill -9``) keeps what it finished, and the same
command run again plays only the deals missing.  Rows are keyed by
:func:`study_key`, which names the players' settings: a change of player
never mixes old rows into new figures.  The figures are computed from the
rows in seed order, so they are the same bytes however the deals were
spread over processes or machines (:mod:`puzzlegen.distributed`).
"""

from __future__ import annotations

import contextlib
import json
import math
import sqlite3
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from puzzlegen.errors import PuzzlegenError, sqlite_failure, warn
from puzzlegen.fileio import signals_held

#: The players of a study, in the order figures list them.
STUDY_PLAYERS: tuple[str, ...] = ("beginner", "expert", "strong", "perfect")
#: Raised whenever a player's play changes, so stored rows of the old play are not reused.
STUDY_VERSION = 2  # 2: the beginner plays each sequence to its end
Z95 = 1.959963984540054


class StudyError(PuzzlegenError):
    """The study's store cannot be used."""


def study_key(strong_seed: str) -> str:
    """The name of a study's settings: rows stored under another key are not reused."""
    from puzzlegen.catscradle.gameplayers import StrongPlayer

    strong = StrongPlayer(seed=strong_seed)
    return f"v{STUDY_VERSION}|strong:{strong.version}|seed={strong_seed}"


def play_deal(seed: int, strong_seed: str = "0") -> dict[str, Any]:
    """Every study player's game of ``Deal.from_seed(seed)``, as a JSON-able dict.

    Picklable by name, for worker processes and Dask workers.
    """
    from puzzlegen.catscradle.gameplayers import StrongPlayer, play_game
    from puzzlegen.catscradle.position import Deal

    deal = Deal.from_seed(seed)
    players: dict[str, Any] = {}
    for name in STUDY_PLAYERS:
        player: str | StrongPlayer = StrongPlayer(seed=strong_seed) if name == "strong" else name
        record = play_game(deal, player)
        players[name] = {
            "won": record.won,
            "sequences": record.sequences,
            "end_spaces": record.end_spaces,
            "stock_left": record.stock_left,
        }
    return {"seed": seed, "no_first_move": players["perfect"]["sequences"] == 1
            and not players["perfect"]["won"], "players": players}


class StudyStore:
    """Finished deals of studies, one row a deal, in a SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        except (sqlite3.Error, OSError) as exc:
            raise StudyError(f"cannot use the study store {str(self.path)!r}: {exc}") from None
        try:
            with self._errors():
                tables = {
                    name for (name,) in self._db.execute(
                        "SELECT name FROM sqlite_master WHERE type = 'table'"
                    )
                }
                if tables - {"study_deals"}:  # a catalog, or another program's file
                    raise StudyError(
                        f"{str(self.path)!r} is not a study store: it holds other tables "
                        f"({', '.join(sorted(tables - {'study_deals'})[:3])}); "
                        "name another file"
                    )
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute(
                    "CREATE TABLE IF NOT EXISTS study_deals ("
                    "key TEXT NOT NULL, seed INTEGER NOT NULL, result TEXT NOT NULL, "
                    "PRIMARY KEY (key, seed))"
                )
                # A store that cannot be written is refused now, not after a deal is played.
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute("INSERT INTO study_deals VALUES ('', -1, '')")
                self._db.execute("ROLLBACK")
        except BaseException:
            self._db.close()
            raise

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn an SQLite failure (a damaged or read-only file, a full disk) into one line."""
        try:
            yield
        except sqlite3.Error as exc:
            name = f"the study store {str(self.path)!r}"
            if "not a database" in str(exc):
                raise StudyError(
                    f"{name} is not a study store ({exc}): name another file"
                ) from None
            if "malformed" in str(exc):
                raise StudyError(
                    f"{name} is damaged ({exc}): remove it, and the study plays its deals again"
                ) from None
            raise StudyError(sqlite_failure(name, exc)) from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> StudyStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def finished(self, key: str, seeds: range) -> set[int]:
        """The seeds of ``seeds`` whose finished deals are stored under ``key``.

        Rows that do not read as a finished deal (edited, or damaged on disk)
        are removed, with one warning naming them, so those deals are played again.
        """
        if not seeds:
            return set()
        with self._errors():
            # The last seed, not the stop: a study may end at the largest deal number,
            # whose stop (2**63) SQLite cannot hold.
            rows = self._db.execute(
                "SELECT seed, result FROM study_deals WHERE key = ? AND seed >= ? AND seed <= ?",
                (key, seeds.start, seeds[-1]),
            ).fetchall()
        found, damaged = set(), []
        for seed, text in rows:
            read = _read(seed, text)
            if isinstance(read, dict):
                found.add(seed)
            else:
                damaged.append((seed, read))
        if damaged:
            with self._errors():
                self._db.executemany(
                    "DELETE FROM study_deals WHERE key = ? AND seed = ?",
                    [(key, seed) for seed, _ in damaged],
                )
            (first, problem), more = damaged[0], len(damaged) - 1
            which = f"deal {first}" + (f" and {more} more" if more else "")
            warn(
                f"playing {which} again: {'their rows' if more else 'its row'} in the study "
                f"store {str(self.path)!r} {'are' if more else 'is'} damaged "
                f"(deal {first}: {problem})"
            )
        return found

    def add(self, key: str, result: dict[str, Any]) -> None:
        """Store one finished deal (committed at once; a second copy is ignored)."""
        with self._errors():
            self._db.execute(
                "INSERT OR IGNORE INTO study_deals (key, seed, result) VALUES (?, ?, ?)",
                (key, result["seed"], json.dumps(result, sort_keys=True)),
            )

    def results(self, key: str, seeds: range) -> list[dict[str, Any]]:
        """The stored deals of ``seeds`` under ``key``, in seed order."""
        if not seeds:
            return []
        with self._errors():
            rows = self._db.execute(
                "SELECT seed, result FROM study_deals WHERE key = ? AND seed >= ? AND seed <= ? "
                "ORDER BY seed",
                (key, seeds.start, seeds[-1]),  # the last seed: see finished()
            ).fetchall()
        results = []
        for seed, text in rows:
            read = _read(seed, text)
            if not isinstance(read, dict):  # damaged since finished() looked
                raise StudyError(
                    f"deal {seed}'s row in the study store {str(self.path)!r} is damaged "
                    f"({read}): run the study again to play it again"
                )
            results.append(read)
        return results


def _read(seed: int, text: object) -> dict[str, Any] | str:
    """A stored deal's ``text`` as play_deal's dict, or what is wrong with it."""
    try:
        result = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return "not JSON"
    if not isinstance(result, dict) or type(result.get("seed")) is not int:
        return "not a deal's result"
    if result["seed"] != seed:
        return "another deal's result"
    players = result.get("players")
    if not isinstance(result.get("no_first_move"), bool) or not isinstance(players, dict):
        return "a field is missing"
    for name in STUDY_PLAYERS:
        game = players.get(name)
        if not isinstance(game, dict) or not isinstance(game.get("won"), bool) or not all(
            type(game.get(field)) is int for field in ("sequences", "end_spaces", "stock_left")
        ):
            return f"the {name} player's game is missing or wrong"
    return result


# -- running -------------------------------------------------------------------------


def run_local(
    seeds: Sequence[int], strong_seed: str, jobs: int = 1
) -> Generator[dict[str, Any], None, None]:
    """Play ``seeds``, yielding each deal's result as it finishes (in any order)."""
    if jobs <= 1:
        for seed in seeds:
            yield play_deal(seed, strong_seed)
        return
    from concurrent.futures import FIRST_COMPLETED, Future, wait
    from concurrent.futures.process import BrokenProcessPool

    from puzzlegen.errors import WorkerError
    from puzzlegen.workers import local_pool, submit

    todo = iter(seeds)
    running: set[Future[dict[str, Any]]] = set()
    with local_pool(jobs) as pool:
        while True:
            # A few deals queued per worker: Ctrl-C then drops little work.
            while len(running) < 4 * jobs:
                item = next(todo, None)
                if item is None:
                    break
                running.add(submit(pool, play_deal, item, strong_seed))
            if not running:
                return
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                try:
                    yield future.result()
                except BrokenProcessPool:
                    raise WorkerError(
                        "a worker process died; the deals finished before are kept: "
                        "run the same command again to go on"
                    ) from None


def run_study(
    store: StudyStore,
    seeds: range,
    *,
    strong_seed: str = "0",
    jobs: int = 1,
    client: Any = None,
    on_done: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play the deals of ``seeds`` not yet in ``store``, storing each; return all, in seed order.

    With ``client`` (a ``distributed.Client``, see
    :func:`puzzlegen.distributed.dask_client`) the deals are played on its
    cluster, else on ``jobs`` local processes.  ``on_done(finished, total)``
    is called once before any deal is played and after each is stored.
    """
    key = study_key(strong_seed)
    done = store.finished(key, seeds)
    missing = [s for s in seeds if s not in done]
    finished = len(done)
    if on_done is not None:
        on_done(finished, len(seeds))
    results: Generator[dict[str, Any], None, None]
    if client is not None:
        from puzzlegen.distributed import run_on_dask

        results = run_on_dask(client, play_deal, missing, strong_seed)
    else:
        results = run_local(missing, strong_seed, jobs)
    # Closed here, on a stop too: left to the garbage collector, the workers were
    # stopped (or the cluster's work cancelled) only after the client had closed,
    # and Dask's "IOLoop is closed" traceback followed "interrupted".
    with contextlib.closing(results):
        for result in results:
            # Stored and counted together: a stop says exactly how many are kept.
            with signals_held():
                store.add(key, result)
                finished += 1
                if on_done is not None:
                    on_done(finished, len(seeds))
    return store.results(key, seeds)


# -- figures -------------------------------------------------------------------------


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    >>> [round(x, 4) for x in wilson(11, 100)]
    [0.0625, 0.1863]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(successes: int, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    return {
        "count": successes,
        "of": trials,
        "rate": round(successes / trials, 6) if trials else None,
        "low": round(low, 6),
        "high": round(high, 6),
    }


def _histogram(values: Iterable[int]) -> dict[str, int]:
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}


#: The inventor's statistics, from the end of his description: (key, what it says,
#: its value as a number, how it reads).
INVENTOR_FIGURES: tuple[tuple[str, str, float, str], ...] = (
    ("longest_won", "longest winning game, in sequences", 11, "11"),
    ("longest_lost", "longest losing game, in sequences", 17, "about 17"),
    ("most_end_spaces", "most spaces at the end of a won game", 9, "9 (at least six times)"),
    ("no_first_move", "no move on the first layout", 1 / 200, "about 1 in 200"),
    ("beginner_wins", "wins, beginner", 1 / 8, "about 1 in 8"),
    ("expert_wins", "wins, experienced and skilled player", 1 / 5, "about 1 in 5"),
)


def figures(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The study's figures from its deals' results (in seed order)."""
    deals = len(results)
    per_player: dict[str, Any] = {}
    for name in STUDY_PLAYERS:
        games = [r["players"][name] for r in results]
        won = [g for g in games if g["won"]]
        lost = [g for g in games if not g["won"]]
        # The records of games a player never had are null, not 0.
        most = max((g["end_spaces"] for g in won), default=None)
        per_player[name] = {
            "wins": _rate(len(won), deals),
            "longest_won": max((g["sequences"] for g in won), default=None),
            "longest_lost": max((g["sequences"] for g in lost), default=None),
            "most_end_spaces": most,
            "most_end_spaces_games": sum(1 for g in won if g["end_spaces"] == most),
            "sequences_won": _histogram(g["sequences"] for g in won),
            "sequences_lost": _histogram(g["sequences"] for g in lost),
            "end_spaces_won": _histogram(g["end_spaces"] for g in won),
        }
    no_move = sum(1 for r in results if r["no_first_move"])
    seeds = [r["seed"] for r in results]
    return {
        "deals": deals,
        "first_seed": min(seeds) if seeds else None,
        "last_seed": max(seeds) if seeds else None,
        "players": per_player,
        "no_first_move": _rate(no_move, deals),
        "winnable": _rate(sum(1 for r in results if r["players"]["perfect"]["won"]), deals),
        "inventor_comparison": comparison(per_player, _rate(no_move, deals)),
    }


def comparison(per_player: dict[str, Any], no_move: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seed figure beside this study's, with a word on any disagreement."""
    # Games as the seed's players played them: the strong player stands for
    # "experienced and skilled", and the long-game records take every
    # stock-hidden player's games (a person plays one way or another).
    hidden = [per_player[n] for n in ("beginner", "expert", "strong")]

    def record(key: str) -> int | None:  # None: no such game to measure
        return max((p[key] for p in hidden if p[key] is not None), default=None)

    ours: dict[str, Any] = {
        "longest_won": record("longest_won"),
        "longest_lost": record("longest_lost"),
        "most_end_spaces": record("most_end_spaces"),
        "no_first_move": no_move,
        "beginner_wins": per_player["beginner"]["wins"],
        "expert_wins": per_player["strong"]["wins"],
    }
    rows = []
    for key, label, value, reads in INVENTOR_FIGURES:
        mine = ours[key]
        agrees: bool | None
        if mine is None:
            agrees = None  # nothing to compare: no game of that kind here
        elif isinstance(mine, dict):
            agrees = mine["low"] <= value <= mine["high"]
        else:
            agrees = abs(mine - value) <= max(1.0, 0.15 * value)
        rows.append(
            {"figure": label, "inventor": reads, "ours": mine, "agrees": agrees,
             "note": "" if agrees is not False else _note(key, mine, value)}
        )
    return rows


def _note(key: str, mine: Any, value: float) -> str:
    higher = (mine["rate"] if isinstance(mine, dict) else mine) > value
    return DISAGREEMENTS[key][0 if higher else 1]


#: The likeliest reason for each figure where this project and the seed may differ:
#: key -> (when this study's figure is the higher, when it is the lower).
DISAGREEMENTS: dict[str, tuple[str, str]] = {
    "no_first_move": (
        "A person who misses a long line on a layout that has one counts it as 'no move'; "
        "the inventor's figure is also a guess ('probably').",
        "The inventor's 1 in 200 is a guess from play ('probably'); a first layout from which no "
        "line at all creates a space is rarer, and a person who misses a long line on a "
        "layout that has one would count it as 'no move'.",
    ),
    "beginner_wins": (
        "The beginner here plays the first move it sees that empties a cell; the inventor's "
        "beginners may have been hastier still.",
        "The beginner here plays the first move it sees that empties a cell and looks further "
        "only when the rules make it, so its sequences make few spaces; a person learning the "
        "game soon looks further. Deals from a hand-shuffled pack narrow the gap: after four "
        "riffles it wins about 4%, after three about 10% (docs/whole-game-research.md, "
        "fifteenth round).",
    ),
    "expert_wins": (
        "The strong player weighs sampled orders of the unseen cards, more than a person "
        "can at the table.",
        "These deals are perfectly shuffled; a person deals each game from the last one's "
        "cards, and a pack gathered from the table and riffled four times keeps enough of "
        "the builds together that the strong player wins about 25% and most-spaces play "
        "about 19% (docs/whole-game-research.md, sixth and fifteenth rounds).",
    ),
    "longest_won": (
        "A program's study of many deals reaches further into the rare long games "
        "than a person's record; the players here also stop in ends with few spaces when "
        "nothing better exists, which makes for long games.",
        "A person's record over thousands of games may include longer games than this "
        "study's deals happened to give.",
    ),
    "longest_lost": (
        "Longest games are extremes: over thousands of games they vary, and a player who "
        "makes few spaces a sequence plays more of them.",
        "Longest games are extremes: over thousands of games they vary, and a player who "
        "makes few spaces a sequence plays more of them.",
    ),
    "most_end_spaces": (
        "Extremes of thousands of games vary.",
        "A win usually ends with a sequence that uses up the last few cards; nine spaces "
        "then is rare, and the players here reach it in none of these deals.",
    ),
}
