"""Fill a catalog with new graded puzzles, deterministically and resumably.

Candidates come from a stream fixed by ``(seed, kind, level)``: candidate
``i`` is the puzzle of kind ``kind`` (alternating opening and midgame when no
kind is given) for the puzzle seed ``f"{seed}-{i}"``.  Workers grade
candidates in batches, but results are taken strictly in index order, so the
catalog ends up the same whatever the number of workers.  Every stored
puzzle commits together with the stream's next index: a killed run loses
nothing it committed, and the next run of the same stream goes on from there.

Workers are separate processes (``--jobs``, :mod:`puzzlegen.workers`): they
leave Ctrl-C and SIGHUP to the parent, which ends them at once.  A worker
killed from outside (the out-of-memory killer) breaks the pool: the
run stops with a :class:`WorkerError` instead of waiting for ever for the
lost result.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any

from puzzlegen.catalog import Catalog
from puzzlegen.errors import CatalogError, WorkerError
from puzzlegen.games import LEVELS, Game, Puzzle, stored_check
from puzzlegen.registry import get_game
from puzzlegen.textio import counted
from puzzlegen.workers import local_pool, submit

#: Give up when this many candidates in a row per wanted puzzle give nothing new.
MAX_TRIES_PER_PUZZLE = 2000


Job = tuple[str, str, str]  # (game name, kind, puzzle seed): picklable for workers
#: A job of a stream that asks one level: (game name, kind, puzzle seed, level).
LevelJob = tuple[str, str, str, str]


def candidate(game: Game, kind: str | None, seed: str, index: int) -> Job:
    """The job of candidate ``index`` of a stream: kinds alternate when none is given.

    A game may name the kinds that alternate (``mixed_kinds``), so that a kind
    added later comes only when asked for and every existing stream stays as it was.
    """
    kinds: tuple[str, ...] = getattr(game, "mixed_kinds", game.kinds)
    return (game.name, kind or kinds[index % len(kinds)], f"{seed}-{index}")


def publishable(puzzle: Puzzle) -> bool:
    """Worth printing (a game's puzzle may say it is not: for Cat's Cradle, a one-move answer)."""
    return puzzle.publishable


def difficulty(puzzle: Puzzle) -> tuple[int, int]:
    """Sort key: level, then (where the game grades finer) the grade within it."""
    return LEVELS.index(puzzle.level), puzzle.rung


def grade_candidate(job: Job | LevelJob) -> dict[str, Any] | None:
    """The puzzle of a job as JSON, or None.  A job that names a level passes it to
    the game's ``make_puzzle`` (which may search the seed for it); the caller
    still keeps only puzzles of the level."""
    level = job[3] if len(job) == 4 else None
    puzzle = get_game(job[0]).make_puzzle(job[1], job[2], level)
    return puzzle.to_json() if puzzle is not None and publishable(puzzle) else None


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity mask, not the whole machine)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


@contextmanager
def _mapper(
    jobs: int, scheduler: str | None = None
) -> Iterator[Callable[[list[Job | LevelJob]], list[dict[str, Any] | None]]]:
    if scheduler is not None:
        # The same jobs on a Dask cluster, answers gathered in order: the same puzzles.
        from puzzlegen.distributed import dask_client, gather_on_dask

        with dask_client(scheduler) as client:
            yield lambda batch: gather_on_dask(client, grade_candidate, batch)
        return
    if jobs <= 1:
        yield lambda batch: [grade_candidate(job) for job in batch]
        return
    with local_pool(jobs) as pool:

        def grade(batch: list[Job | LevelJob]) -> list[dict[str, Any] | None]:
            try:
                # Four candidates a task, answers taken in order.
                chunks = [batch[k : k + 4] for k in range(0, len(batch), 4)]
                futures = [submit(pool, _grade_all, chunk) for chunk in chunks]
                return [data for future in futures for data in future.result()]
            except BrokenProcessPool:
                raise WorkerError(
                    "a worker process died (killed from outside, perhaps for lack of memory); "
                    "the puzzles committed before are kept: run the same command again to go on"
                ) from None
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.ENOMEM):
                    raise
                raise WorkerError(
                    f"cannot start {jobs} worker processes ({exc.strerror}): the system's "
                    "process or memory limit is reached; try a smaller --jobs"
                ) from None

        yield grade


def _grade_all(jobs: list[Job | LevelJob]) -> list[dict[str, Any] | None]:
    return [grade_candidate(job) for job in jobs]


def generate(
    catalog: Catalog,
    count: int,
    *,
    game: Game,
    seed: str = "0",
    kind: str | None = None,
    level: str | None = None,
    jobs: int = 1,
    on_added: Callable[[dict[str, Any]], None] | None = None,
    scheduler: str | None = None,
) -> list[dict[str, Any]]:
    """Add ``count`` new puzzles to ``catalog``; return their JSON in the order added.

    With ``scheduler`` (``tcp://HOST:PORT``) the candidates are graded on that
    Dask cluster instead of ``jobs`` local processes; the puzzles are the same.
    """
    stream = f"game={game.name}|seed={seed}|kind={kind or 'any'}|level={level or 'any'}"
    index = catalog.next_index(stream)
    added: list[dict[str, Any]] = []
    batch_size = max(8, 16 * jobs)
    tries = 0
    # Known puzzles start the miss count again (below), so they have a bound of their
    # own: between two new puzzles a stream can meet at most the catalog's puzzles,
    # unless two candidates are the same puzzle in disguise, and a level whose every
    # puzzle is known would otherwise be searched for ever.
    known, known_bound = 0, len(catalog)
    with _mapper(jobs, scheduler) as grade:
        while len(added) < count:
            jobs_batch: list[Job | LevelJob] = [
                candidate(game, kind, seed, i) if level is None
                else (*candidate(game, kind, seed, i), level)
                for i in range(index, index + batch_size)
            ]
            for offset, data in enumerate(grade(jobs_batch)):
                if data is not None and (level is None or data["level"] == level):
                    with catalog.transaction():
                        stored = catalog.add(data)
                        catalog.set_next_index(stream, index + offset + 1)
                    # The limit is on candidates in a row with no puzzle of the level
                    # asked for.  One the catalog holds already (another stream of this
                    # seed found it first) shows the level is not scarce here, so it
                    # starts the count again: counted as a miss, a catalog of more than
                    # MAX_TRIES_PER_PUZZLE puzzles made a new --level stream give up on
                    # the puzzles it already had before reaching a new one.
                    tries = 0
                    known = 0 if stored else known + 1
                    if stored:
                        added.append(data)
                        if on_added is not None:
                            on_added(data)
                        if len(added) == count:
                            break
                        continue
                else:
                    tries += 1
                # Counted candidate by candidate, not by batch: whatever --jobs (and so
                # the batch size), the search gives up at the same candidate.
                if tries > MAX_TRIES_PER_PUZZLE or known > known_bound:
                    with catalog.transaction():
                        catalog.set_next_index(stream, index + offset + 1)
                    what = " ".join(w for w in (level, kind, "puzzle") if w)
                    said = (
                        f"{tries} candidates in a row from seed {seed!r} gave no {what}"
                        if tries > MAX_TRIES_PER_PUZZLE
                        else f"{known} {what}s in a row from seed {seed!r} were in the catalog "
                        "already"
                    )
                    raise CatalogError(
                        f"{said}; found {len(added)} of {count} (another --seed may find more)"
                    )
            else:
                index += batch_size
                with catalog.transaction():
                    catalog.set_next_index(stream, index)
                continue
            break
    return added


def mix_quotas(count: int) -> dict[str, int]:
    """A book's mix: ``count`` split evenly over the levels, the easier ones first to gain."""
    base, extra = divmod(count, len(LEVELS))
    return {level: base + (i < extra) for i, level in enumerate(LEVELS)}


def puzzles_from_seed(
    count: int,
    *,
    game: Game,
    seed: str,
    level: str | None = None,
    kind: str | None = None,
    on_found: Callable[[], None] = lambda: None,
) -> list[Puzzle]:
    """``count`` distinct puzzles from the candidate stream of ``seed``, by level quota
    (only of ``kind`` when given: a stream of its own, see :func:`candidate`).

    Puzzles not worth printing are skipped; the result runs easiest first.
    ``on_found`` is called as each is taken (for progress).
    """
    quotas = {level: count} if level else mix_quotas(count)
    chosen: list[Puzzle] = []
    keys: set[str] = set()
    index = 0
    misses = 0
    while len(chosen) < count:
        _, made_kind, puzzle_seed = candidate(game, kind, seed, index)
        puzzle = game.make_puzzle(made_kind, puzzle_seed)
        index += 1
        misses += 1
        if (
            puzzle is None
            or quotas.get(puzzle.level, 0) == 0
            or puzzle.key in keys
            or not publishable(puzzle)
        ):
            if misses > MAX_TRIES_PER_PUZZLE:
                raise CatalogError(
                    f"no {level or ''} {kind or ''} puzzle in {misses} candidates of seed "
                    f"{seed!r}".replace("  ", " ")
                )
            continue
        quotas[puzzle.level] -= 1
        keys.add(puzzle.key)
        chosen.append(puzzle)
        on_found()
        misses = 0
    return sorted(chosen, key=difficulty)


def _one_level(catalog: Catalog, game: Game, count: int, kind: str | None) -> str:
    """For a book of an even mix that the catalog cannot fill: the levels that alone
    could fill it, as a hint (Escape's generator, for one, makes mostly Easy puzzles)."""
    enough = [
        level
        for level in LEVELS
        if len(
            catalog.puzzles(game=game.name, level=level, kind=kind, unpublished=True, limit=count)
        )
        >= count
    ]
    if not enough:
        return ""
    return f", or make a book of one level: --level {enough[0].lower()}"


def puzzles_from_catalog(
    catalog: Catalog,
    count: int,
    *,
    game: Game,
    level: str | None = None,
    kind: str | None = None,
) -> list[Puzzle]:
    """``count`` unpublished puzzles from ``catalog``, oldest first, by level quota
    (of ``kind`` only, when given; else of any kind).

    Each is graded afresh: one whose level has changed since it was stored, or
    that is not worth printing, is passed over.  The result runs easiest first.
    """
    quotas = {level: count} if level else mix_quotas(count)
    chosen: list[Puzzle] = []
    for wanted, quota in quotas.items():
        if not quota:
            continue
        rows = []
        # A row whose position does not read is skipped (by row) just as 'catalog --list' skips it.
        check = stored_check(game)
        for row in catalog.puzzles(
            game=game.name, level=wanted, kind=kind, unpublished=True, check=check
        ):
            try:
                puzzle = game.puzzle_from_json(row)
            except (ValueError, KeyError, TypeError) as exc:  # a damaged row: not our bug
                catalog.skip_row(None, row.get("id"), str(exc))
                continue
            if puzzle.level == wanted and publishable(puzzle):
                rows.append(puzzle)
                if len(rows) == quota:
                    break
        if len(rows) < quota:
            # As many as are missing: generate --level adds only puzzles of that level
            # worth printing (it once asked for three times as many, minutes of CPU for
            # a rare level).
            from puzzlegen.registry import DEFAULT_GAME

            named = "" if game.name == DEFAULT_GAME else f"--game {game.name} "
            of_kind = f" {kind}" if kind else ""
            kind_option = f"--kind {kind} " if kind else ""
            raise CatalogError(
                f"the catalog {str(catalog.path)!r} has "
                f"{counted(len(rows), f'unpublished {wanted}{of_kind} {game.title} puzzle')}, "
                f"{quota} needed: add some with 'puzzlegen generate {named}"
                f"{kind_option}--count {quota - len(rows)} --level {wanted.lower()} "
                f"--db {catalog.path}'"
                + ("" if level else _one_level(catalog, game, count, kind))
            )
        chosen += rows
    return sorted(chosen, key=difficulty)
