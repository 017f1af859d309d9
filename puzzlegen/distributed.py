"""Work spread over machines with Dask (``--scheduler tcp://HOST:PORT``), an optional extra.

``pip install "puzzlegen[dask]"`` brings ``dask.distributed``; without it a
``--scheduler`` is refused with one line saying so.  Start a scheduler on one
machine and workers on others (each with puzzlegen installed)::

    dask scheduler --port 8786                 # on HOST
    dask worker tcp://HOST:8786 --nworkers 2   # on each machine
    puzzlegen study --deals 10000 --scheduler tcp://HOST:8786

The work sent is the same per-item function local runs use (picklable by
name), and the callers put the answers in the same order before writing
anything, so a run on a cluster writes the same bytes as one on local
processes.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

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


@contextmanager
def dask_client(address: str) -> Iterator[Any]:
    """A ``distributed.Client`` connected to ``address``, closed at the end."""
    check_address(address)
    try:
        # Through importlib: distributed's API is only partly typed.
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise SchedulerError(
            f"--scheduler {address!r} needs Dask: pip install \"puzzlegen[dask]\""
        ) from None
    try:
        client = dask.Client(address, timeout=_timeout(), set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SchedulerError(
            f"cannot reach the Dask scheduler at {address!r} ({type(exc).__name__})"
        ) from None
    try:
        yield client
    finally:
        client.close()


def run_on_dask(client: Any, func: Callable[..., R], items: Sequence[T], *args: Any) -> Iterator[R]:
    """``func(item, *args)`` for every item on ``client``'s cluster, yielded as each finishes."""
    if not items:
        return
    dask: Any = importlib.import_module("distributed")
    futures = client.map(func, items, *[[a] * len(items) for a in args])
    try:
        for future in dask.as_completed(futures, loop=client.loop):
            yield future.result()
    finally:
        client.cancel(futures)
