"""Work spread over machines with Dask (``--scheduler tcp://HOST:PORT``), an optional extra.

``pip install ".[dask]"`` in this project's folder brings ``dask.distributed``
(not ``pip install "puzzlegen[dask]"``: on PyPI that name is another
project's); without it a ``--scheduler`` is refused with one line saying so.
Start a scheduler on one machine and workers on others, each with the same
checkout installed the same way::

    dask scheduler --port 8786                 # on HOST
    dask worker tcp://HOST:8786 --nworkers 2   # on each machine
    puzzlegen study --deals 10000 --scheduler tcp://HOST:8786

Before any work is sent the scheduler and every worker are asked which
puzzlegen they run (:func:`installation`: the version and a digest of its
sources); a cluster with none, or with other code, is refused with one line
naming the machine, since the task graph is unpickled on the scheduler and
the deals played on the workers.  Every task checks again (:func:`checked`),
for workers that join later.

The work sent is the same per-item function local runs use (picklable by
name), and the callers put the answers in the same order before writing
anything, so a run on a cluster writes the same bytes as one on local
processes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hashlib
import importlib
import logging
import os
import socket
import threading
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from puzzlegen import __version__
from puzzlegen.errors import InvalidInputError

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to try to reach a scheduler before saying it cannot be reached
#: (``PUZZLEGEN_SCHEDULER_TIMEOUT`` overrides it).
CONNECT_TIMEOUT = 5.0


def _timeout() -> float:
    text = os.environ.get("PUZZLEGEN_SCHEDULER_TIMEOUT", "")
    try:
        return float(text) if text else CONNECT_TIMEOUT
    except ValueError:
        return CONNECT_TIMEOUT


class SchedulerError(InvalidInputError):
    """A ``--scheduler`` that cannot be used (not an address, unreachable, no Dask)."""


def check_address(address: str) -> str:
    """``address`` if it reads like ``tcp://HOST:PORT``; else :class:`SchedulerError`."""
    scheme, _, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme not in ("tcp", "tls") or not host or not port.isdigit():
        raise SchedulerError(f"--scheduler {address!r} is not an address like tcp://HOST:8786")
    return address


@functools.cache
def installation() -> str:
    """This puzzlegen's version and a digest of its sources (``0.1.0+1a2b3c4d5e6f``).

    The sources are the Python modules and the C core's source (shipped with
    it), read as installed, in an order that does not depend on the file
    system, each behind its path and length: two machines that give the same
    string run the same code.  (A core compiled before its source was last
    edited goes unseen; ``pip install`` builds it afresh.)
    """
    root = Path(__file__).parent
    digest = hashlib.sha256()
    sources = (p for p in root.rglob("*") if p.suffix in (".py", ".c", ".h") and p.is_file())
    for name in sorted(path.relative_to(root).as_posix() for path in sources):
        data = (root / name).read_bytes()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return f"{__version__}+{digest.hexdigest()[:12]}"


def _runs_other(who: str, seen: str, mine: str) -> str:
    """The one wording of a machine with other code, found before the work or during it."""
    return (
        f"{who} runs {seen}, not this puzzlegen {mine}: "
        'install this same checkout there (pip install ".[dask]") and start it again'
    )


def mismatch(mine: str, theirs: dict[str, str]) -> str | None:
    """The first machine (by name) whose :func:`installation` is not ``mine``, in a line."""
    for name, seen in sorted(theirs.items()):
        if seen != mine:
            return _runs_other(f"the Dask {name}", seen, mine)
    return None


def _said(answer: object) -> str:
    """A machine's answer to :func:`installation`, or why it could not give one."""
    if isinstance(answer, BaseException):  # e.g. it cannot even unpickle the function
        lines = str(answer).strip().splitlines()
        reason = lines[0] if lines else ""
        if type(answer) is not Exception:  # Dask hands some back wrapped in a plain one
            reason = f"{type(answer).__name__}: {reason}"
        return f"no puzzlegen it can use ({reason})"
    return str(answer)


def _check_cluster(client: Any, address: str) -> None:
    """Refuse a cluster with no workers, or whose scheduler or workers run other code."""
    timeout = _timeout()
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise SchedulerError(
            f"the Dask scheduler at {address!r} has no workers (waited {timeout:g} s): "
            f"start some with 'dask worker {address}'"
        ) from None
    theirs: dict[str, str] = {}
    try:
        theirs["scheduler"] = _said(client.run_on_scheduler(installation))
    except Exception as exc:  # whatever it is, the scheduler cannot run ours
        theirs["scheduler"] = _said(exc)
    for worker, answer in client.run(installation, on_error="return").items():
        theirs[f"worker {worker}"] = _said(answer)
    problem = mismatch(installation(), theirs)
    if problem is not None:
        raise SchedulerError(problem)


def _why_unreachable(exc: BaseException, timeout: float) -> str:
    """Why a connection failed, in a few words: Dask wraps the cause in its own errors."""
    chain: list[BaseException | None] = [exc]
    looked: set[int] = set()
    while chain:
        seen = chain.pop()
        if seen is None or id(seen) in looked:
            continue
        looked.add(id(seen))
        if isinstance(seen, ConnectionRefusedError):
            return "connection refused"
        if isinstance(seen, (ConnectionResetError, ConnectionAbortedError)):
            return "the connection was closed from the other side"
        if isinstance(seen, socket.gaierror):
            return "no such host"
        chain += [seen.__cause__, seen.__context__]
    if isinstance(exc, TimeoutError) or str(exc).startswith("Timed out"):
        return f"no answer in {timeout:g} s"
    return type(exc).__name__


def _ask_who_answers(address: str) -> None:
    """Refuse ``address`` unless a Dask scheduler answers there in time.

    Asked before a client is made, in Dask's own protocol (its connection,
    with its deadline, then the question under the same deadline): a client
    made on a port where something else listens (a web server, a Dask
    worker) can wait for ever or fail deep inside Dask.
    """
    comm: Any = importlib.import_module("distributed.comm")
    # TLS as the client will use it: Dask's configuration, as Client reads it.
    security = importlib.import_module("distributed.security").Security()
    connection = security.get_connection_args("client")
    if address.startswith("tls://") and connection.get("ssl_context") is None:
        raise SchedulerError(
            f"--scheduler {address!r} needs Dask's TLS settings (the certificates under "
            "distributed.comm.tls in Dask's configuration)"
        )
    timeout = _timeout()

    async def identity() -> object:
        stream = await comm.connect(address, timeout=timeout, **connection)
        try:
            await stream.write({"op": "identity"})
            return await asyncio.wait_for(stream.read(), timeout)
        finally:
            stream.abort()  # not close(): that waits on a peer that may never answer

    said: list[object] = []

    def ask() -> None:
        try:
            # Dask's connect keeps its own deadline (its error says why it failed);
            # this one bounds the whole exchange whatever the other side does.
            said.append(asyncio.run(asyncio.wait_for(identity(), 2 * timeout + 1)))
        except BaseException as exc:  # handed to the caller's thread
            said.append(exc)

    # In a thread of its own: this one may already run an event loop (a library's),
    # where asyncio.run refuses to start another.  A daemon, so that Ctrl-C here
    # ends the command at once rather than after the probe's deadline.
    probe = threading.Thread(target=ask, name="puzzlegen-dask-probe", daemon=True)
    probe.start()
    probe.join()
    answer = said[0]
    if isinstance(answer, (OSError, TimeoutError)):  # refused, no such host, silent
        reason = _why_unreachable(answer, timeout)
        raise SchedulerError(f"cannot reach the Dask scheduler at {address!r} ({reason})")
    if isinstance(answer, BaseException):  # something answered, not in Dask's protocol
        raise SchedulerError(
            f"no Dask scheduler answers at {address!r}: something answers, not in Dask's "
            f"protocol (reading it failed with {type(answer).__name__})"
        )
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        raise SchedulerError(
            f"{address!r} answers, but is not a Dask scheduler (it says it is {kind or 'unknown'})"
        )


@contextmanager
def dask_client(address: str) -> Iterator[Any]:
    """A ``distributed.Client`` connected to ``address`` and checked, closed at the end."""
    check_address(address)
    try:
        # Through importlib: distributed's API is only partly typed.
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise SchedulerError(
            f"--scheduler {address!r} needs Dask: pip install \".[dask]\" in puzzlegen's folder"
        ) from None
    _ask_who_answers(address)
    # Dask's own warnings on connecting (such as its table of package versions that
    # differ) wait until the cluster passes the check: a refused one says one line.
    # Recorded under the user's filters, and issued again under them.
    with warnings.catch_warnings(record=True) as said:
        try:
            client = dask.Client(address, timeout=_timeout(), set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise SchedulerError(
                f"cannot reach the Dask scheduler at {address!r} ({type(exc).__name__})"
            ) from None
    try:
        _check_cluster(client, address)
    except BaseException:
        client.close()
        raise
    for warning in said:
        warnings.warn_explicit(
            warning.message, warning.category, warning.filename, warning.lineno,
            source=warning.source,
        )
    with _client_logs_quiet():
        try:
            yield client
        finally:
            client.close()  # a lost scheduler's reconnection is cancelled here, quietly


@contextmanager
def _client_logs_quiet() -> Iterator[None]:
    """Dask's client logs its failures as tracebacks (a lost scheduler's reconnection
    gives 35 lines); while puzzlegen uses it, the one line puzzlegen says is enough."""
    loggers = [logging.getLogger(name) for name in ("distributed", "distributed.client")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


class OtherCode(RuntimeError):
    """A worker's puzzlegen is not the one that sent it work (raised on that worker)."""


def checked(mine: str, func: Callable[..., R], item: T, *args: Any) -> R:
    """``func(item, *args)`` on a worker whose :func:`installation` is ``mine``.

    Every task checks, so a worker that joins after :func:`dask_client` looked
    cannot play a deal with other code.
    """
    theirs = installation()
    if theirs != mine:
        who = "a Dask worker that joined later"
        # Named by its address, as the check before the work names a machine
        # (ValueError: called outside a worker).
        with suppress(ImportError, ValueError):
            who += f" ({importlib.import_module('distributed').get_worker().address})"
        raise OtherCode(_runs_other(who, theirs, mine))
    return func(item, *args)


@contextmanager
def _worker_errors() -> Iterator[None]:
    """A worker with other code, a machine that cannot read the work, or a lost
    scheduler, as one line."""
    # Dask's "connection closed", not any OSError: a task's own is the task's.
    closed: Any = importlib.import_module("distributed.comm.core").CommClosedError
    try:
        yield
    except OtherCode as exc:
        raise SchedulerError(str(exc)) from None
    except (concurrent.futures.CancelledError, closed) as exc:
        # The scheduler went away (its connection lost, the work cancelled with it).
        raise SchedulerError(
            f"lost the Dask scheduler ({type(exc).__name__}): the finished work is kept; "
            "start the scheduler again and run the same command to go on"
        ) from None
    except RuntimeError as exc:  # one with no puzzlegen cannot even read the task
        if "deserializ" not in str(exc):
            raise
        first = str(exc).strip().splitlines()[0]
        raise SchedulerError(
            f"a Dask machine cannot read puzzlegen's work ({first}): "
            "install this same checkout on every machine"
        ) from None


def _checked_map(client: Any, func: Callable[..., R], items: Sequence[T], *args: Any) -> Any:
    n = len(items)
    return client.map(checked, [installation()] * n, [func] * n, items, *[[a] * n for a in args])


def gather_on_dask(client: Any, func: Callable[..., R], items: Sequence[T]) -> list[R]:
    """``func(item)`` for every item on ``client``'s cluster, the answers in order."""
    futures = _checked_map(client, func, items)
    with _worker_errors():
        return list(client.gather(futures))


def run_on_dask(
    client: Any, func: Callable[..., R], items: Sequence[T], *args: Any
) -> Generator[R, None, None]:
    """``func(item, *args)`` for every item on ``client``'s cluster, yielded as each finishes."""
    if not items:
        return
    dask: Any = importlib.import_module("distributed")
    futures = _checked_map(client, func, items, *args)
    try:
        for future in dask.as_completed(futures, loop=client.loop):
            with _worker_errors():
                result = future.result()
            yield result
    finally:
        client.cancel(futures)
