"""The project's own documents: everything the README points to ships with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlegen.catscradle.board import LINES, SEES

ROOT = Path(__file__).parent.parent
RULES = ROOT / "docs" / "cats-cradle-rules.md"


def _local_links(text: str) -> list[str]:
    """Markdown link targets and backquoted paths to documents, minus web addresses."""
    targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"`([^`\s]+\.md)`", text)
    return [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:", t)]


def test_the_readme_links_only_files_in_the_repository() -> None:
    links = _local_links((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "docs/cats-cradle-rules.md" in links
    for link in links:
        path = (ROOT / link).resolve()
        assert path.is_relative_to(ROOT.resolve()), f"README links outside the repository: {link}"
        assert path.exists(), f"README links a missing file: {link}"


def test_the_rules_credit_the_inventor() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert "Michael\nBourne" in text or "Michael Bourne" in text


def test_the_rules_list_the_lines_the_code_plays_by() -> None:
    text = RULES.read_text(encoding="utf-8")
    written = {
        frozenset(int(c) for c in group.split(",")) for group in re.findall(r"\{([\d,]+)\}", text)
    }
    diagonals = {frozenset(line) for line in LINES[8:]}
    assert written == diagonals and len(LINES) == 18
    assert "eighteen lines" in text
    sees = sorted({len(cells) for cells in SEES})
    assert sees == [9, 11] and "nine others" in text and "eleven" in text


def test_pendulum_rules_give_the_orders_and_crowns_the_code_builds() -> None:
    from puzzlegen.pendulum.methods import Method

    text = (ROOT / "docs" / "pendulum-rules.md").read_text(encoding="utf-8")
    rank = {"A": 1, "J": 11, "Q": 12, "K": 13}
    rows = re.findall(r"^\| `((?:up|down)-\d+)` \| ([AJQK0-9 ]+?) \|$", text, re.MULTILINE)
    assert len(rows) == 2
    for name, order in rows:
        assert tuple(rank.get(r) or int(r) for r in order.split()) == Method.parse(name).order
    crowns = {"K": "up-1", "2": "down-1", "3": "down-2", "J": "up-3"}
    names = {"K": "king", "2": "two", "3": "three", "J": "jack"}
    for crown, method in crowns.items():
        assert Method.parse(method).crown_value == (rank.get(crown) or int(crown))
        assert f"the {names[crown]} for `{method}`" in text.replace("\n", " ")
    assert Method.parse("up-11").name == "down-2" and "(`up-11` is `down-2`)" in text


def test_the_readme_shows_what_solve_prints(capsys: pytest.CaptureFixture[str]) -> None:
    # The tour showed the sentence alone, where the command prints two layouts around it.
    from puzzlegen.cli import main

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    command = 'puzzlegen solve "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"\n```'
    shown = re.search(re.escape(command) + r".*?```\n(.*?)```", text, re.S)
    assert shown is not None
    assert main(["solve", "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"]) == 0
    assert capsys.readouterr().out == shown[1]


def test_the_escape_rules_give_the_json_of_the_start() -> None:
    # They said "exactly ESCAPE.md §7", a contract outside the repository.
    import json

    from puzzlegen.escape.position import Position

    text = (ROOT / "docs" / "escape-rules.md").read_text(encoding="utf-8")
    assert "ESCAPE.md §7" not in text.replace("contract's §7", "")
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block is not None
    assert json.loads(block[1]) == Position.start().to_json()


def test_the_readme_shows_what_escape_solve_json_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The moves became ESCAPE.md §7's move objects (they were text strings).
    import shlex

    from puzzlegen.cli import main

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```sh\n(puzzlegen solve --game escape --json .*?)\n```\n```json\n"
                      r"(.*?)```", text, re.S)
    assert shown is not None
    assert main(shlex.split(shown[1])[1:]) == 0
    assert capsys.readouterr().out == shown[2]
