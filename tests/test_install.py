"""``pip install .`` works with and without a C compiler, and says which solver core it got.

Builds a wheel of a clean copy of the source twice (the compiler as found,
then ``CC=false``, a compiler that always fails) and runs the installed
package.  Slow (two builds), but run in CI: it is the only test of the build.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKED = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
_NOT_SOURCE = shutil.ignore_patterns(
    ".*", "build", "dist", "output", "*.egg-info", "__pycache__", "*.so", "*.pyd"
)


def _install(tmp_path: Path, name: str, **env: str) -> tuple[dict[str, str], str]:
    """Install a clean copy of the source into a fresh folder; return the env and build log."""
    source = tmp_path / f"{name}-source"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCE)
    target = tmp_path / f"{name}-site"
    build_env = {k: v for k, v in os.environ.items() if k != "PUZZLEGEN_PURE_CORE"} | env
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "-v"),
            *("--target", str(target), str(source)),
        ],
        env=build_env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    run_env = {k: v for k, v in os.environ.items() if k != "PUZZLEGEN_PURE_CORE"}
    run_env["PYTHONPATH"] = str(target)
    return run_env, done.stdout + done.stderr


def _run(env: dict[str, str], *code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "\n".join(code)],
        env=env,
        capture_output=True,
        text=True,
        cwd=env["PYTHONPATH"],
        check=True,
    )
    return done.stdout


SOLVE = (
    "import puzzlegen.catscradle.core as core",
    "assert core.__file__.startswith(__import__('os').environ['PYTHONPATH']), core.__file__",
    "print(core.CORE)",
    f"print(core.solve_json({WORKED!r}))",
    # Pendulum's core, and a line of its solver (deal 7, down-4: par 3).
    "import puzzlegen.pendulum.core as pcore",
    "from puzzlegen.pendulum.position import Deal",
    "from puzzlegen.pendulum.solver import solve",
    "print(pcore.CORE)",
    "import json; print(json.dumps(solve(Deal.from_seed(7), 'down-4').to_json()))",
    "from puzzlegen.launch import main",  # what the puzzlegen script runs
    "main(['--version'])",
)
COMPILED = "(cats-cradle solver core: compiled; pendulum solver core: compiled)"
PURE = "(cats-cradle solver core: pure Python; pendulum solver core: pure Python)"


@pytest.mark.slow
def test_install_with_and_without_a_compiler(tmp_path: Path) -> None:
    env, _log = _install(tmp_path, "compiled")
    core, line, pcore, pline, version = _run(env, *SOLVE).splitlines()
    assert (core, pcore) == ("compiled", "compiled") and version.endswith(COMPILED)
    # Both extensions are in the wheel.
    site = Path(env["PYTHONPATH"]) / "puzzlegen"
    assert list(site.glob("catscradle/_ccore*")) and list(site.glob("pendulum/_ccore*"))
    env, log = _install(tmp_path, "pure", CC="false")
    assert "the compiled solver core could not be built" in log
    pure_core, pure_line, pure_pcore, pure_pline, version = _run(env, *SOLVE).splitlines()
    assert (pure_core, pure_pcore) == ("pure Python", "pure Python") and version.endswith(PURE)
    assert pure_line == line and json.loads(line)["best_spaces"] == 6
    # The same line of Pendulum from either core.
    assert pure_pline == pline and json.loads(pline)["par"] == 3
    # The wheel carries the templates inside the package.
    assert (Path(env["PYTHONPATH"]) / "puzzlegen" / "templates").is_dir()
    # Installed as a wheel, the same code gives the digest a Dask cluster compares
    # (its C core's source included) that this checkout gives.
    from puzzlegen.distributed import installation

    said = _run(env, "from puzzlegen.distributed import installation", "print(installation())")
    assert said.strip() == installation()
    assert list(site.glob("catscradle/_ccore.c")) and list(site.glob("_seeded_stream.h"))
