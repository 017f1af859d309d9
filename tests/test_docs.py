"""The project's own documents: everything the README points to ships with it."""

from __future__ import annotations

import re
from pathlib import Path

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
