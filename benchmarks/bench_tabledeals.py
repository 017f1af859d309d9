"""Win rates on deals from a hand-shuffled pack: sessions of games at one table.

The project's deals are uniform.  A person deals each game from the cards of
the last one, gathered up (``--gather``, see
:func:`puzzlegen.catscradle.tabledeals.gather`) and shuffled a few times
(:mod:`puzzlegen.catscradle.tabledeals`).  For each shuffle model and each
player, this plays ``--sessions`` sessions of ``--games`` games (session
``s`` starts from the seeded uniform deal of seed ``--first + s``; every
later game is dealt from the previous game's end after the model's
shuffles and a cut), all with the same player, and prints for games
2..N:

* the win rate, its 95% Wilson interval and the number of games;
* a 95% interval that treats each session as one unit (games of a session
  are not independent: a won game leaves an ordered pack, which helps the
  next one), ``p +- 1.96 * sd(session rates) / sqrt(sessions)``;
* the mean spaces made by each game's first sequence;
* the win rate of game 1 (uniform deals for every model: a check);
* the games won after a won game and after a lost one (a won game leaves
  every card in builds, a lost one most of them in the stock);
* CPU and wall time a game.

``uniform`` (a Fisher-Yates shuffle between games) is the baseline, in the
same run.  Models are ``uniform``, ``riffleK`` or ``overhandK`` (K shuffles),
each optionally ``:rows``, ``:columns`` or ``:columns-up`` for its gathering rule.  One
process, one core; progress on stderr; Ctrl-C or SIGTERM stops within a
game.  Run from the repository root (note the load printed; the machine is
shared):

    nice -n 10 python benchmarks/bench_tabledeals.py [--sessions 1000] [--games 11] \\
        [--players beginner,expert] [--gather rows] [--first 0] [--json out.json] \\
        [--models uniform,riffle1,riffle2,riffle3,riffle4,riffle7,overhand4,overhand8]

The strong player costs 25-130 ms a game: give it fewer sessions
(``--players strong --sessions 200``).  ``perfect`` (who knows the stock's
order) plays its own sessions: its rate is the share of those deals that
can be won.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import re
import resource
import signal
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from types import FrameType

from puzzlegen.catscradle.gameplayers import PLAYER_NAMES, StrongPlayer
from puzzlegen.catscradle.study import wilson
from puzzlegen.catscradle.tabledeals import ShuffleModel, play_session
from puzzlegen.fileio import write_text

DEFAULT_MODELS = "uniform,riffle1,riffle2,riffle3,riffle4,riffle7,overhand4,overhand8"


def parse_model(spec: str, gather: str) -> ShuffleModel:
    """``uniform``, ``riffleK`` or ``overhandK``, optionally ``:`` and a gathering rule."""
    name, _, rule = spec.partition(":")
    match = re.fullmatch(r"(uniform|riffle|overhand)(\d*)", name.strip())
    if not match or (match.group(1) != "uniform" and not match.group(2)):
        raise SystemExit(f"bad model {spec!r} (uniform, riffleK or overhandK[:rule])")
    return ShuffleModel(match.group(1), int(match.group(2) or 0), rule or gather)


@dataclass(frozen=True)
class Row:
    """One model and player's figures over games 2..N of every session."""

    model: str
    k: int
    gather: str
    player: str
    games: int
    won: int
    rate: float
    wilson: tuple[float, float]
    session_interval: tuple[float, float]
    first_sequence_spaces: float
    game1_won: int
    game1_games: int
    #: Games 2..N split by the previous game's result: (won, games) after a win, after a loss.
    after_win: tuple[int, int]
    after_loss: tuple[int, int]
    cpu_ms: float
    wall_ms: float

    @property
    def label(self) -> str:
        return "uniform" if self.model == "uniform" else f"{self.model} x{self.k} {self.gather}"


def measure(model: ShuffleModel, player: str, sessions: range, games: int) -> Row:
    """One model and player over ``sessions``: the figures as a row."""
    who: str | StrongPlayer = StrongPlayer() if player == "strong" else player
    won: list[int] = []
    spaces = first_won = 0
    after = {True: [0, 0], False: [0, 0]}
    cpu, wall = time.process_time(), time.perf_counter()
    for done, session in enumerate(sessions, 1):
        records = play_session(who, model, games, session)
        first_won += records[0].won
        won.append(sum(r.won for r in records[1:]))
        spaces += sum(r.turns[0].created for r in records[1:])
        for before, record in itertools.pairwise(records):
            after[before.won][0] += record.won
            after[before.won][1] += 1
        if done % 50 == 0 or done == len(sessions):
            print(f"  {model.label} {player}: {done}/{len(sessions)} sessions, "
                  f"{sum(won)} of {done * (games - 1)} won", file=sys.stderr, flush=True)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    n = len(sessions) * (games - 1)
    total = sum(won)
    rate = total / n
    low, high = wilson(total, n)
    per = [w / (games - 1) for w in won]
    sd = math.sqrt(sum((r - rate) ** 2 for r in per) / max(len(per) - 1, 1))
    half = 1.96 * sd / math.sqrt(len(per))
    return Row(
        model.kind, model.times, model.gather, player, n, total, rate, (low, high),
        (max(rate - half, 0.0), min(rate + half, 1.0)), spaces / n, first_won, len(sessions),
        (after[True][0], after[True][1]), (after[False][0], after[False][1]),
        1000 * cpu / (n + len(sessions)), 1000 * wall / (n + len(sessions)),
    )


def show(row: Row) -> str:
    (low, high), (slow, shigh) = row.wilson, row.session_interval
    return (
        f"  {row.label:<20} {row.player:<8} {row.won:>5} of {row.games:>5} = "
        f"{row.rate:6.1%} (Wilson {low:5.1%}-{high:5.1%}; by session {slow:5.1%}-{shigh:5.1%})"
        f"  1st-seq spaces {row.first_sequence_spaces:.2f}"
        f"  game 1 {row.game1_won}/{row.game1_games}"
        f"  after a win {row.after_win[0]}/{row.after_win[1]},"
        f" a loss {row.after_loss[0]}/{row.after_loss[1]}"
        f"  CPU {row.cpu_ms:.1f} ms a game (wall {row.wall_ms:.1f})"
    )


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=1000, help="sessions a model")
    parser.add_argument("--games", type=int, default=11, help="games a session (2..N counted)")
    parser.add_argument("--first", type=int, default=0, help="the first session's seed")
    parser.add_argument("--players", default="beginner,expert",
                        help="comma-separated: beginner, expert, strong, perfect")
    parser.add_argument("--models", default=DEFAULT_MODELS,
                        help="comma-separated: uniform, riffleK, overhandK, each optionally :RULE "
                        "(e.g. riffle4,overhand8:columns)")
    parser.add_argument("--gather", default="rows",
                        help="the gathering rule (rows, columns, columns-up)")
    parser.add_argument("--json", default="", help="also write the rows there (JSON)")
    args = parser.parse_args()
    if args.sessions < 1 or args.games < 2:
        raise SystemExit("need --sessions >= 1 and --games >= 2")
    players = [p.strip() for p in args.players.split(",")]
    for p in players:
        if p not in PLAYER_NAMES:
            raise SystemExit(f"bad player {p!r} (choose from {', '.join(PLAYER_NAMES)})")
    try:
        models = [parse_model(m, args.gather) for m in args.models.split(",")]
    except ValueError as error:
        raise SystemExit(str(error)) from None
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)  # also when started with SIGINT ignored (a background job)
    sessions = range(args.first, args.first + args.sessions)
    print(f"Sessions {sessions.start}..{sessions.stop - 1} of {args.games} games "
          f"(games 2..{args.games} counted); load {os.getloadavg()[0]:.2f}", flush=True)
    rows = []
    try:
        for player in players:
            for model in models:
                row = measure(model, player, sessions, args.games)
                rows.append(row)
                print(show(row), flush=True)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        raise SystemExit(130) from None
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime
    print(f"CPU {cpu:.0f} s; peak memory {usage.ru_maxrss / 1024:.0f} MB; "
          f"load now {os.getloadavg()[0]:.2f}")
    if args.json:
        command = "python benchmarks/bench_tabledeals.py " + " ".join(sys.argv[1:])
        found = {"command": command, "rows": [asdict(r) for r in rows]}
        write_text(Path(args.json), json.dumps(found, indent=1) + "\n")


if __name__ == "__main__":
    main()
