"""The search core of the solver: compiled when it was built, else pure Python.

Both cores implement ``best_path(layout)`` and ``explore(layout)`` over the
encoding described in :mod:`puzzlegen.catscradle._pycore`, and give
byte-identical answers.  The compiled one (``_ccore``, a small C extension)
is built by ``pip install`` when a C compiler works; without one the
installation goes on and the pure-Python core is used.  Setting the
environment variable ``PUZZLEGEN_PURE_CORE=1`` forces the pure core (for
comparing the two).  :data:`CORE` names the one in use.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType

from puzzlegen.catscradle import _pycore

BestPath = Callable[[bytes], bytes]
Explore = Callable[[bytes], tuple[int, bytes, list[bytes]]]


def _compiled() -> ModuleType | None:
    if os.environ.get("PUZZLEGEN_PURE_CORE", "") not in ("", "0"):
        return None
    try:
        from puzzlegen.catscradle import _ccore
    except ImportError:
        return None
    return _ccore


_module = _compiled()
#: Which core is in use: ``"compiled"`` or ``"pure Python"``.
CORE = "compiled" if _module is not None else "pure Python"
best_path: BestPath = _module.best_path if _module is not None else _pycore.best_path
explore: Explore = _module.explore if _module is not None else _pycore.explore
