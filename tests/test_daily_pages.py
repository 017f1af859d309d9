from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import html5lib
import pytest
from conftest import own

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.views.prose import read_moves
from puzzlegen.cli import main
from puzzlegen.daily import daily_puzzle
from puzzlegen.render.templating import render


def strict(html: str) -> ET.Element:
    """Parse as HTML5, failing on any parse error."""
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(html)  # type: ignore[no-any-return]


def test_one_date(tmp_path: Path) -> None:
    assert main(["daily", "--date", "2026-11-29", "-o", str(tmp_path)]) == 0
    folder = tmp_path / "2026-11-29"
    assert sorted(p.name for p in folder.iterdir()) == [
        "index.html",
        "puzzle.json",
        "puzzle.svg",
        "solution.svg",
    ]
    data = json.loads((folder / "puzzle.json").read_text())
    puzzle = own(daily_puzzle(dt.date(2026, 11, 29), CATS_CRADLE))
    assert data["date"] == "2026-11-29" and data["id"] == puzzle.id and data["kind"] == "midgame"
    page = strict((folder / "index.html").read_text())
    assert page.find(".//title").text == "Cat's Cradle for Sunday 29 November 2026"  # type: ignore[union-attr]
    details = page.find(".//details")
    assert details is not None and details.find("summary") is not None
    solution = "".join(details.find("p").itertext())  # type: ignore[union-attr]
    moves = solution.split("best line of play is ")[1].split(" — giving")[0]
    position = puzzle.position
    for move in read_moves(moves, puzzle.position):
        position = position.apply(move)
    assert position.spaces == puzzle.par
    images = [img.get("src") for img in page.iter("img")]
    assert images == ["puzzle.svg", "solution.svg"]
    ET.fromstring((folder / "solution.svg").read_text())


def test_a_range_and_its_archive(tmp_path: Path) -> None:
    assert main(["daily", "--from", "2026-11-23", "--to", "2026-11-29", "-o", str(tmp_path)]) == 0
    archive = strict((tmp_path / "index.html").read_text())
    links = [a.get("href") for a in archive.iter("a")]
    assert links == [f"2026-11-{d}/index.html" for d in range(29, 22, -1)]
    for day in range(23, 30):
        strict((tmp_path / f"2026-11-{day}" / "index.html").read_text())


def test_every_inserted_value_is_escaped() -> None:
    nasty = '<script>alert("x")</script> & "quotes"'
    html = render(
        "daily.html.j2",
        long_date=nasty,
        level=nasty,
        puzzle_id=nasty,
        kind=nasty,
        goal=nasty,
        position_caption=nasty,
        position=nasty,
        solution=nasty,
        width=1,
        height=1,
        game=nasty,
        credit=nasty,
    )
    assert "<script>" not in html and "&lt;script&gt;" in html
    strict(html)
    day = {"date": nasty, "long_date": nasty, "level": nasty, "par": nasty}
    archive = render("archive.html.j2", days=[day], game=nasty, credit=nasty)
    assert "<script>" not in archive
    strict(archive)


def test_pages_are_byte_identical(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert main(["daily", "--date", "2026-12-05", "-o", str(tmp_path / name)]) == 0
    for file in ("index.html", "puzzle.json", "puzzle.svg", "solution.svg"):
        a = (tmp_path / "a" / "2026-12-05" / file).read_bytes()
        assert a == (tmp_path / "b" / "2026-12-05" / file).read_bytes()


def test_output_path_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["daily", "--date", "2026-12-05", "-o", str(blocker)]) != 0
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
