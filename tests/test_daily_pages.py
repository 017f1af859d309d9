from __future__ import annotations

import datetime as dt
import html as html_module
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import html5lib
import pytest
from conftest import own
from elsewhere import command_elsewhere

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.views.prose import read_moves
from puzzlegen.cli import main
from puzzlegen.daily import daily_puzzle
from puzzlegen.render import pages
from puzzlegen.render.templating import render

SITE = ["archive.html", "assets", "days.js", "index.html", "lists.js"]


def strict(html: str) -> ET.Element:
    """Parse as HTML5, failing on any parse error."""
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(html)  # type: ignore[no-any-return]


def days_js(folder: Path) -> list[dict[str, str]]:
    text = (folder / "days.js").read_text()
    prefix = "window.PUZZLE_DAYS = "
    assert text.startswith(prefix) and text.endswith(";\n")
    data = json.loads(text[len(prefix) : -2])
    assert data["game"] == "cats-cradle"
    return data["days"]  # type: ignore[no-any-return]


def test_one_date(tmp_path: Path) -> None:
    assert main(["daily", "--date", "2026-11-29", "-o", str(tmp_path)]) == 0
    folder = tmp_path / "2026-11-29"
    assert sorted(p.name for p in folder.iterdir()) == sorted(pages.DAY_FILES)
    data = json.loads((folder / "puzzle.json").read_text())
    puzzle = own(daily_puzzle(dt.date(2026, 11, 29), CATS_CRADLE))
    assert data["date"] == "2026-11-29" and data["id"] == puzzle.id and data["kind"] == "midgame"
    page = strict((folder / "index.html").read_text())
    assert page.find(".//title").text == "Cat's Cradle for Sunday 29 November 2026"  # type: ignore[union-attr]
    body = page.find("body")
    assert body is not None and body.get("data-date") == "2026-11-29"
    assert body.get("data-game") == "cats-cradle"
    # The puzzle travels inside the page, equal to puzzle.json.
    embedded = page.find(".//script[@id='puzzle-data']")
    assert embedded is not None and json.loads(embedded.text or "") == data
    # Without JavaScript: the picture and the solution behind a <details>.
    details = page.find(".//details[@class='answer']")
    assert details is not None and details.find("summary") is not None
    solution = "".join(details.find("p").itertext())  # type: ignore[union-attr]
    moves = solution.split("best line of play is ")[1].split(" — giving")[0]
    position = puzzle.position
    for move in read_moves(moves, puzzle.position):
        position = position.apply(move)
    assert position.spaces == puzzle.par
    images = [img.get("src") for img in page.iter("img")]
    assert images == ["puzzle.svg", "solution.svg", "../assets/cats-cradle-rules.svg"]
    scripts = [s.get("src") for s in page.iter("script") if s.get("src")]
    assert scripts == [
        "../days.js", "../assets/site.js", "../assets/daily.js", "../assets/cats-cradle.js",
        "../lists.js",
    ]
    ET.fromstring((folder / "solution.svg").read_text())
    ET.fromstring((tmp_path / "assets" / "cats-cradle-rules.svg").read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["2026-11-29", *SITE])


def test_a_range_and_its_archive(tmp_path: Path) -> None:
    assert main(["daily", "--from", "2026-11-23", "--to", "2026-12-02", "-o", str(tmp_path)]) == 0
    archive = strict((tmp_path / "archive.html").read_text())
    months = [h.text for h in archive.iter("h2")]
    assert months == ["December 2026", "November 2026"]  # newest first
    links = [a.get("href") or "" for a in archive.iter("a")]
    expected = ["2026-12-02", "2026-12-01"] + [f"2026-11-{d}" for d in range(30, 22, -1)]
    assert [link for link in links if link.startswith("2026")] == [
        f"{d}/index.html" for d in expected
    ]
    rows = {tr.get("data-date"): [td.text for td in tr.iter("td")] for tr in archive.iter("tr")}
    assert rows["2026-11-23"][1:3] == ["Easy", "four spaces"]  # par says what it counts
    for day in expected:
        strict((tmp_path / day / "index.html").read_text())
    assert [d["date"] for d in days_js(tmp_path)] == sorted(expected)
    today = strict((tmp_path / "index.html").read_text())
    assert today.find(".//a[@id='today-link']").get("href") == "2026-12-02/index.html"  # type: ignore[union-attr]
    assert sorted(p.name for p in (tmp_path / "assets").iterdir()) == [
        "cats-cradle-rules.svg",
        "cats-cradle.js",
        "daily.css",
        "daily.js",
        "site.js",
    ]


def test_a_single_date_adds_itself_to_the_archive(tmp_path: Path) -> None:
    assert main(["daily", "--date", "2026-11-23", "-o", str(tmp_path)]) == 0
    assert [d["date"] for d in days_js(tmp_path)] == ["2026-11-23"]
    assert main(["daily", "--date", "2026-12-25", "-o", str(tmp_path)]) == 0
    assert [d["date"] for d in days_js(tmp_path)] == ["2026-11-23", "2026-12-25"]
    archive = (tmp_path / "archive.html").read_text()
    assert "2026-11-23/index.html" in archive and "2026-12-25/index.html" in archive
    assert "the hardest on Saturday; on Sunday, a position from the middle" in archive
    # Every link and file the day's page names exists on disk.
    folder = tmp_path / "2026-12-25"
    page = strict((folder / "index.html").read_text())
    refs = [e.get("href") or e.get("src") for e in page.iter() if e.get("href") or e.get("src")]
    refs = [ref for ref in refs if ref and not ref.startswith("data:")]
    assert len(refs) >= 10
    for ref in refs:
        assert ref is not None and (folder / ref).resolve().is_file(), ref


@pytest.mark.parametrize("kind", ["game", "prepare"])
def test_a_site_of_one_kind_links_to_no_missing_page(tmp_path: Path, kind: str) -> None:
    # The link to the date's puzzle page was in the page, hidden: a crawler found a 404.
    assert main(["daily", "--kind", kind, "--date", "2026-11-29", "-o", str(tmp_path)]) == 0
    pages = sorted(tmp_path.rglob("*.html"))
    assert len(pages) >= 2
    for path in pages:
        page = strict(path.read_text())
        for element in page.iter():
            ref = element.get("href") or element.get("src")
            if ref and not ref.startswith(("data:", "#", "https:", "http:", "mailto:")):
                target = (path.parent / ref.split("#")[0].split("?")[0]).resolve()
                assert target.is_file(), f"{path.relative_to(tmp_path)}: {ref}"


def test_stray_and_malformed_puzzles_are_skipped_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    strays = {
        "notes": "{}",
        "2026-11-30": '{"date": "2026-11-30", ',
        "2026-12-01": "[1, 2]",
        "2026-12-02": '{"game": "pendulum"}',
    }
    for name, text in strays.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "puzzle.json").write_text(text)
    assert main(["daily", "--date", "2026-11-23", "-o", str(tmp_path)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert len(warnings) == len(strays)
    for name in strays:
        assert sum(name in w for w in warnings) == 1, name
    assert [d["date"] for d in days_js(tmp_path)] == ["2026-11-23"]


def test_a_run_killed_midway_leaves_whole_dates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["daily", "--date", "2026-11-25", "-o", str(tmp_path)]) == 0
    old = {f: (tmp_path / "2026-11-25" / f).read_bytes() for f in pages.DAY_FILES}
    real = pages.write_text  # type: ignore[attr-defined]
    calls = []

    def dying(path: Path, text: str) -> None:
        # Killed at the last file of the third date (on disk already, drawn in colour),
        # after its --mono puzzle.svg was written.
        if path.parent.name.startswith(".2026-11-25."):
            calls.append(path)
            if len(calls) == len(pages.DAY_FILES):
                raise KeyboardInterrupt
        real(path, text)

    monkeypatch.setattr(pages, "write_text", dying)
    args = ["daily", "--from", "2026-11-23", "--to", "2026-11-27", "--mono", "-o", str(tmp_path)]
    assert main(args) == 130
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(["2026-11-23", "2026-11-24", "2026-11-25", *SITE])  # no temporaries
    for day in ("2026-11-23", "2026-11-24", "2026-11-25"):
        assert sorted(p.name for p in (tmp_path / day).iterdir()) == sorted(pages.DAY_FILES)
    # The date it died on still holds its old set, whole.
    assert {f: (tmp_path / "2026-11-25" / f).read_bytes() for f in pages.DAY_FILES} == old


def test_a_range_stopped_while_choosing_keeps_the_days_chosen_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # All the dates were chosen before any was written, so Ctrl-C after minutes of
    # choosing (an Escape week) kept nothing.
    import puzzlegen.daily

    real = puzzlegen.daily.daily_puzzle

    def stopped_on_the_25th(date: dt.date, *args: Any, **kwargs: Any) -> Any:
        if date.day == 25:
            raise KeyboardInterrupt
        return real(date, *args, **kwargs)

    monkeypatch.setattr(puzzlegen.daily, "daily_puzzle", stopped_on_the_25th)
    args = ["daily", "--from", "2026-11-23", "--to", "2026-11-27", "-o", str(tmp_path)]
    assert main(args) == 130
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["2026-11-23", "2026-11-24", *SITE]
    )
    assert [d["date"] for d in days_js(tmp_path)] == ["2026-11-23", "2026-11-24"]


def test_rewriting_a_date_replaces_its_set(tmp_path: Path) -> None:
    assert main(["daily", "--date", "2026-11-25", "-o", str(tmp_path)]) == 0
    (tmp_path / "2026-11-25" / "leftover.txt").write_text("old")
    assert main(["daily", "--date", "2026-11-25", "--mono", "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in (tmp_path / "2026-11-25").iterdir()) == sorted(
        pages.DAY_FILES
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["2026-11-25", *SITE])


def test_every_inserted_value_is_escaped() -> None:
    nasty = '<script>alert("x")</script> & "quotes"'
    html = render(
        "daily.html.j2",
        date=nasty,
        long_date=nasty,
        level=nasty,
        par_phrase=nasty,
        puzzle_id=nasty,
        kind=nasty,
        goal=nasty,
        position_caption=nasty,
        position=nasty,
        solution=nasty,
        width=1,
        height=1,
        game=nasty,
        game_name=nasty,
        credit=nasty,
        data_json=pages.script_json({"position": nasty}),
        rules_template="catscradle/rules.html.j2",
        playable=True,
        board_css=True,
        rules_paragraphs=[nasty],
        rules_caption=nasty,
    )
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    data = strict(html).find(".//script[@id='puzzle-data']")
    assert data is not None and json.loads(data.text or "") == {"position": nasty}
    # The archive reads what par counts back from the page's meta element.
    found = pages._PAR_META.search(html)
    assert found is not None and html_module.unescape(found.group(1)) == nasty
    day = {"date": nasty, "long_date": nasty, "level": nasty, "par_text": nasty}
    archive = render(
        "archive.html.j2",
        months=[{"name": nasty, "days": [day]}],
        game=nasty,
        game_name=nasty,
        credit=nasty,
        par_heading=nasty,
        week=nasty,
    )
    assert "<script>alert" not in archive
    strict(archive)
    today = render("today.html.j2", game=nasty, game_name=nasty, latest=nasty)
    assert "<script>alert" not in today
    strict(today)


def test_pages_are_byte_identical(tmp_path: Path) -> None:
    assert main(["daily", "--date", "2026-12-05", "-o", str(tmp_path / "a")]) == 0
    # The second set from another interpreter, hash seed and locale (day names, set order).
    command_elsewhere("daily", "--date", "2026-12-05", "-o", str(tmp_path / "b"))
    files = [p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file()]
    assert len(files) == 4 + 4 + 5  # a day, the site around it, the five assets
    for file in files:
        assert (tmp_path / "a" / file).read_bytes() == (tmp_path / "b" / file).read_bytes()


def test_output_path_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["daily", "--date", "2026-12-05", "-o", str(blocker)]) != 0
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_pendulum_page_is_playable(tmp_path: Path) -> None:
    # A stored Pendulum daily (solving one afresh takes too long here), written twice.
    from puzzlegen.registry import get_game

    game = get_game("pendulum")
    stored = Path(__file__).parent / "data" / "pendulum_pages" / "2026-11-29.json"
    data = json.loads(stored.read_text(encoding="utf-8"))
    for out in (tmp_path / "a", tmp_path / "b"):
        pages.write_daily(game, dt.date(2026, 11, 29), game.puzzle_from_json(data), out)
        assert pages.write_archive(game, out) == []
    page = strict((tmp_path / "a" / "2026-11-29" / "index.html").read_text())
    embedded = page.find(".//script[@id='puzzle-data']")
    assert embedded is not None and json.loads(embedded.text or "") == data
    assert page.find(".//div[@id='play']") is not None  # the board, not only the picture
    scripts = [s.get("src") for s in page.iter("script") if s.get("src")]
    assert scripts == [
        "../days.js", "../assets/site.js", "../assets/daily.js", "../assets/pendulum.js"
    ]
    sheets = [link.get("href") for link in page.iter("link") if link.get("rel") == "stylesheet"]
    assert sheets == ["../assets/daily.css", "../assets/pendulum.css"]
    assets = tmp_path / "a" / "assets"
    assert sorted(p.name for p in assets.iterdir()) == [
        "daily.css", "daily.js", "pendulum-rules.svg", "pendulum.css", "pendulum.js", "site.js"
    ]
    strict((tmp_path / "a" / "archive.html").read_text())
    strict((tmp_path / "a" / "index.html").read_text())
    files = [p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file()]
    for file in files:
        assert (tmp_path / "a" / file).read_bytes() == (tmp_path / "b" / file).read_bytes()
