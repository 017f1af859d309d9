"""Which search solves Pendulum: the compiled core when it was built, else pure Python.

The compiled core (``_ccore``, built from ``_ccore.c`` by ``pip install``
when a C compiler works) is a line-for-line twin of the search in
:mod:`puzzlegen.pendulum.solver`, which stays the specification and the
pure-Python fallback: the same positions, moves and heap orders, so the
same answers and the same lines.  Setting ``PUZZLEGEN_PURE_CORE=1`` forces
the pure core (for comparing the two).  :data:`CORE` names the one in use.
"""

from __future__ import annotations

import os

if os.environ.get("PUZZLEGEN_PURE_CORE", "") in ("", "0"):
    try:
        from puzzlegen.pendulum import _ccore
    except ImportError:
        _ccore = None  # type: ignore[assignment]
else:
    _ccore = None  # type: ignore[assignment]

#: The compiled core's module, or None when the pure-Python search is in use.
ccore = _ccore
#: Which core is in use: ``"compiled"`` or ``"pure Python"``.
CORE = "compiled" if ccore is not None else "pure Python"
