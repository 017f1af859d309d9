"""Run code again somewhere else: another interpreter, hash seed and locale.

A determinism test that compares two runs in one process cannot see output
that depends on ``str`` hashing (set and dict order) or on the locale (day
names, number formats, the encoding of standard streams).  These helpers run
the second of the two in a fresh interpreter whose ``PYTHONHASHSEED`` differs
from this one's and whose locale is plain ``C`` with UTF-8 mode off.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_ENTRY = "import sys; from puzzlegen.cli import main; sys.exit(main())"


def other_environment() -> dict[str, str]:
    """This process's environment with another hash seed and another locale."""
    ours = os.environ.get("PYTHONHASHSEED", "random")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(
        PYTHONHASHSEED="12345" if ours != "12345" else "54321",
        LC_ALL="C",
        PYTHONUTF8="0",
        PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), *sys.path]),
    )
    return env


def python_elsewhere(code: str) -> str:
    """The standard output of ``python -c code`` run elsewhere (it must succeed)."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        env=other_environment(),
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout.decode("utf-8")


def command_elsewhere(*argv: str) -> bytes:
    """The standard output of ``puzzlegen argv`` run elsewhere (it must succeed)."""
    result = subprocess.run(
        [sys.executable, "-c", _ENTRY, *argv],
        capture_output=True,
        env=other_environment(),
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout
