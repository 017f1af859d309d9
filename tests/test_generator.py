from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA, own

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.puzzle import LEVELS, from_position, make_puzzle
from puzzlegen.errors import CatalogError
from puzzlegen.generator import difficulty, generate, puzzles_from_catalog, puzzles_from_seed

HINTS = {
    row.split(" | ")[0]: Position.parse(row.split(" | ")[1])
    for row in (DATA / "hints.txt").read_text().splitlines()
    if row and not row.startswith("#")
}


def test_books_skip_one_move_puzzles_and_run_easiest_first() -> None:
    chosen = [own(p) for p in puzzles_from_seed(12, seed="t")]
    assert [p.level for p in chosen] == [level for level in LEVELS for _ in range(3)]
    assert all(p.publishable for p in chosen)
    assert [difficulty(p) for p in chosen] == sorted(difficulty(p) for p in chosen)
    # The stream has one-move candidates; none was taken.
    candidates = [make_puzzle(("opening", "midgame")[i % 2], f"t-{i}") for i in range(40)]
    assert any(p is not None and not p.publishable for p in candidates)


def test_catalogs_hold_no_one_move_puzzle_and_books_pass_over_stale_rows(tmp_path: Path) -> None:
    with Catalog(tmp_path / "c.sqlite") as catalog:
        added = generate(catalog, 6, seed="g", level="Easy")
        assert all(len(data["line"]) > 1 for data in added)
        # A row stored by an older version: a one-move puzzle, filed as Easy.
        one_move = from_position(HINTS["optional-moves"]).to_json()
        assert one_move["level"] == "Easy" and catalog.add(one_move)
        chosen = puzzles_from_catalog(catalog, 6, level="Easy")
        assert [p.id for p in chosen] == [data["id"] for data in added]
        with pytest.raises(CatalogError, match="6 unpublished Easy"):
            puzzles_from_catalog(catalog, 7, level="Easy")
