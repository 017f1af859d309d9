"""Nothing lost, round two: signals, claims, damaged data and edge inputs (issue 17).

Each test here failed before its fix.  Commands that depend on how the
process was started (signals, closed descriptors) run in a subprocess.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlegen.catalog import Catalog
from puzzlegen.cli import main
from puzzlegen.errors import CatalogError
from puzzlegen.generator import generate
from puzzlegen.registry import get_game

ENTRY = "import sys; from puzzlegen.cli import main; sys.exit(main())"
LAUNCH = "import sys; from puzzlegen.launch import main; sys.exit(main())"
CATS = get_game("cats-cradle")


def run(
    *argv: str, stdin: bytes = b"", entry: str = LAUNCH, **kwargs: object
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-c", entry, *argv],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
        **kwargs,
    )


def one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace").strip()
    assert "Traceback" not in text, text
    assert len(text.splitlines()) == 1, text
    return text


# -- 1. Ctrl-C stops generate --jobs 2 -----------------------------------------


def _background_of_a_script() -> None:
    # What `setsid cmd &` in a shell script gives: a new group, SIGINT ignored.
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("whole_group", [True, False], ids=["group", "parent"])
def test_sigint_stops_generate_started_in_the_background(
    tmp_path: Path, whole_group: bool
) -> None:
    db = tmp_path / "c.sqlite"
    argv = [sys.executable, "-c", ENTRY, "generate", "--count", "100000", "--jobs", "2"]
    process = subprocess.Popen(
        [*argv, "--db", str(db)],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_background_of_a_script,
    )
    for _ in range(300):
        with contextlib.suppress(CatalogError), Catalog(db, readonly=True) as catalog:
            if len(catalog) >= 5:
                break
        time.sleep(0.1)
    if whole_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        os.kill(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=5)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    assert err.strip() == "puzzlegen: interrupted"
    with Catalog(db, readonly=True) as catalog:
        kept = [p["id"] for p in catalog.puzzles()]
    assert len(kept) >= 5 and len(set(kept)) == len(kept)
