"""Every benchmark script still runs: a figure reported in a closing note must be reproducible.

The benchmarks are not run at size here (speed is theirs to measure, never a
test's), but each script must import against the current package and explain
itself with ``--help``, the modules they share must load, and
``reference.py``, the plain search the solver is measured against, must
still give the worked example's answer.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
FILES = sorted(p for p in BENCHMARKS.glob("*.py") if p.name != "reference.py")
#: Scripts a user runs, and modules the scripts (and tests) import: weights, players.
SCRIPTS = [p.name for p in FILES if '__name__ == "__main__"' in p.read_text(encoding="utf-8")]
MODULES = [p.name for p in FILES if p.name not in SCRIPTS]
WORKED = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=BENCHMARKS.parent, capture_output=True, text=True
    )


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_benchmark_imports_and_explains_itself(script: str) -> None:
    done = _run(str(BENCHMARKS / script), "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:"), done.stdout[:200]


@pytest.mark.parametrize("module", MODULES)
def test_each_module_the_benchmarks_share_still_loads(module: str) -> None:
    done = _run("-c", f"import runpy; runpy.run_path({str(BENCHMARKS / module)!r})")
    assert done.returncode == 0, done.stderr


def test_there_are_benchmarks_to_check() -> None:
    assert len(SCRIPTS) >= 30 and MODULES


def test_the_reference_search_gives_the_worked_examples_six_spaces() -> None:
    done = _run(str(BENCHMARKS / "reference.py"), *WORKED.split())
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "6"
