"""Running a page's script under Node.js, for the tests of the pages' rules."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest


def node() -> str:
    """The Node.js executable; without one the test is skipped (failed under CI)."""
    found = shutil.which("node") or shutil.which("nodejs")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Node.js is needed to test the page's rules (apt-get install nodejs)")
        pytest.skip("Node.js is not installed")
    return found


def run_node(script: str, board_js: Path, stdin: str = "") -> str:
    """Run ``script`` (``node -e``) with ``board_js`` as its argument, feeding it
    ``stdin``; its standard output."""
    result = subprocess.run(
        [node(), "-e", script, str(board_js)],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def ask(harness: str, board_js: Path, requests: list[Any]) -> list[Any]:
    """Run ``harness`` over ``requests``, one JSON line each on its standard input;
    its answers, one JSON line each on its standard output, as many as asked."""
    stdout = run_node(harness, board_js, "".join(json.dumps(r) + "\n" for r in requests))
    answers = [json.loads(line) for line in stdout.splitlines()]
    assert len(answers) == len(requests)
    return answers
