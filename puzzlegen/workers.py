"""Local worker processes for ``generate --jobs`` and ``study --jobs``.

Workers are spawned processes.  They leave Ctrl-C and SIGHUP to the parent;
SIGTERM ends a worker at once and quietly (the pool uses it to stop the
others when one has died); and they exit by themselves if the parent dies.

On a stop the parent ends the workers at once (what they were doing is
dropped) and shuts the pool down with the stop signals held back, so a
second Ctrl-C cannot break into the wait (it did: the exit then hung).
Work is handed over by :func:`submit`, with the stop signals held back too:
a submission may start a worker, and a worker interrupted before it had set
itself up printed a traceback.  Started with the signals blocked, a worker
unblocks them only once it has chosen to ignore Ctrl-C.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from puzzlegen.fileio import signals_held
from puzzlegen.textio import Stopped

R = TypeVar("R")


def _worker_init(parent: int) -> None:
    # Ctrl-C and a hang-up reach every process of the terminal's group; only
    # the parent acts on them (it stops the pool), so workers print nothing.
    # SIGTERM keeps its default, silent action: the pool uses it to stop
    # the other workers when one has died.  The worker was started with all
    # three blocked (see submit); a Ctrl-C that came meanwhile is dropped
    # with the ignored signals, a SIGTERM ends the worker as it is unblocked.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stops = {signal.SIGINT, signal.SIGTERM}
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        stops.add(signal.SIGHUP)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    # A worker whose parent was killed outright would otherwise wait for work for ever.
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(1)


def _start_resource_tracker() -> None:
    # multiprocessing's helper process ignores Ctrl-C and SIGTERM but not a
    # hang-up, and warns with a traceback when it dies of one.  Started while
    # SIGHUP is ignored, it inherits that (an ignored signal survives exec).
    from multiprocessing import resource_tracker

    if not hasattr(signal, "SIGHUP") or threading.current_thread() is not threading.main_thread():
        resource_tracker.ensure_running()
        return

    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        resource_tracker.ensure_running()
    finally:
        signal.signal(signal.SIGHUP, previous)


@contextmanager
def local_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` worker processes; leaving on an exception ends them at once, else
    they finish what they hold."""
    _start_resource_tracker()
    # concurrent.futures notices a worker that dies (BrokenProcessPool), where
    # multiprocessing.Pool silently replaces it and waits for its lost result.
    pool = ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_init,
        initargs=(os.getpid(),),
    )
    try:
        yield pool
    except BaseException:
        _stop(pool, at_once=True)
        raise
    _stop(pool, at_once=False)


def _stop(pool: ProcessPoolExecutor, *, at_once: bool) -> None:
    """Shut ``pool`` down, the workers ended at once when the work is being dropped.

    The stop signals are held meanwhile: a second Ctrl-C (an impatient user,
    or ``timeout``, which signals the command and then its group) that broke
    into the wait for the pool's manager thread left that thread telling the
    workers to finish after the interpreter had closed their queue, and the
    exit waited for ever.  A stop that comes just before the signals are held,
    or as they are released, ends the workers too, and goes on to the caller
    once the pool is down.
    """
    stop: BaseException | None = None
    while True:
        try:
            with signals_held():
                if at_once and pool._processes:  # what they were doing is not wanted
                    for process in list(pool._processes.values()):
                        process.terminate()
                pool.shutdown(wait=True, cancel_futures=True)
            break
        except (KeyboardInterrupt, Stopped) as exc:  # just before the block, or as it ended
            stop = stop or exc
            at_once = True  # the work is dropped now: end the workers, then stop again
    if stop is not None:
        raise stop


def submit(pool: ProcessPoolExecutor, func: Callable[..., R], *args: Any) -> Future[R]:
    """``pool.submit(func, *args)`` with the stop signals held back (see the module)."""
    with signals_held():
        return pool.submit(func, *args)
