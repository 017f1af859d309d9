"""The search core of the solver: compiled when it was built, else pure Python.

Both cores implement ``best_path(layout)``, ``explore(layout)``,
``end_layouts(layout)``, ``solve_game(layout, stock)``, ``solve_json(text)``,
``rollouts(layout, orders, length, base, inner, inner_length)`` and
``shuffles(domain, seed, cards, count)`` (the strong player's sampled orders)
over the encoding described in
:mod:`puzzlegen.catscradle._pycore`, and give byte-identical answers.  The
compiled one (``_ccore``, a small C extension) is built by ``pip install``
when a C compiler works; without one the installation goes on and the
pure-Python core is used.  Setting the environment variable
``PUZZLEGEN_PURE_CORE=1`` forces the pure core (for comparing the two).
:data:`CORE` names the one in use.

This module imports as little as it can: ``solve --json`` starts here.
"""

from __future__ import annotations

import os
from collections.abc import Callable

BestPath = Callable[[bytes], bytes]
Explore = Callable[[bytes], tuple[int, bytes, list[bytes]]]
EndLayouts = Callable[[bytes], list[bytes]]
SolveJson = Callable[[str], "str | None"]
SolveGame = Callable[[bytes, bytes], tuple[bool, list[int], int]]
Rollouts = Callable[[bytes, bytes, int, int, bytes, int], bytes]
Shuffles = Callable[[str, str, bytes, int], bytes]

if os.environ.get("PUZZLEGEN_PURE_CORE", "") in ("", "0"):
    try:
        from puzzlegen.catscradle import _ccore
    except ImportError:
        _ccore = None  # type: ignore[assignment]
else:
    _ccore = None  # type: ignore[assignment]

#: Which core is in use: ``"compiled"`` or ``"pure Python"``.
CORE = "compiled" if _ccore is not None else "pure Python"

if _ccore is not None:
    best_path: BestPath = _ccore.best_path
    explore: Explore = _ccore.explore
    end_layouts: EndLayouts = _ccore.end_layouts
    solve_game: SolveGame = _ccore.solve_game
    rollouts: Rollouts = _ccore.rollouts
    shuffles: Shuffles = _ccore.shuffles

    def solve_json(text: str) -> str | None:
        """``solve --json``'s line for ``text``, or None unless it is a plain valid position."""
        line = _ccore.solve_json(text)
        if line is None:  # not ASCII (suit symbols, say) or not valid: try the Python reader
            from puzzlegen.catscradle import _pycore

            line = _pycore.solve_json(text, _ccore.best_path)
        return line

else:
    from puzzlegen.catscradle import _pycore

    best_path = _pycore.best_path
    explore = _pycore.explore
    end_layouts = _pycore.end_layouts
    solve_game = _pycore.solve_game
    rollouts = _pycore.rollouts
    shuffles = _pycore.shuffles
    solve_json = _pycore.solve_json
