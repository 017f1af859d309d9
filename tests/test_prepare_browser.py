"""Sunday's prepare puzzle in a real browser: Debian's chromium driven by Playwright.

One Sunday's prepare page and puzzle page are written into a temporary
folder.  One test plays a wrong ending and then the right one through the
data-cell contract, reading the verdict and its reason in #status; another
checks the links both ways and the list's hiding of later Sundays.  The
browser and the fresh page come from conftest.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browsing import FIGURE_INK, Page, backdrop, clean_lines, contrast, shot

from puzzlegen.cli import main

SUNDAY = "2026-11-29"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("prepare")
    assert main(["daily", "--kind", "prepare", "--date", SUNDAY, "-o", str(out)]) == 0
    assert main(["daily", "--date", SUNDAY, "-o", str(out)]) == 0
    return out


def play(game: Page, line: list[dict[str, Any]]) -> None:
    for move in line:
        game.move(move["from"], move["to"])


def test_a_wrong_ending_then_the_right_one(site: Path, page: Page) -> None:
    data = json.loads((site / "prepare" / SUNDAY / "puzzle.json").read_text())
    page.page.goto((site / "prepare" / SUNDAY / "index.html").as_uri())
    assert page.page.locator("[data-cell]").count() == 16
    assert page.board("state") == "playing" and page.board("created") == "0"
    # A losing ending with the most spaces: wrong, and why, in #status.
    most = max(e["spaces"] for e in data["endings"])
    wrong = next(
        i for i, e in enumerate(data["endings"]) if not e["wins"] and e["spaces"] == most
    )
    play(page, data["endings"][wrong]["line"])
    assert page.board("state") == "wrong" and page.board("ending") == str(wrong)
    assert page.board("solved") == "false"
    status = page.page.locator("#status")
    assert status.get_attribute("data-kind") == "wrong"
    assert "can no longer be won after it" in status.inner_text()
    assert page.page.is_visible("#result")  # the first result, recorded and shown
    # Undo leaves the ending; start again, then the stored answer's line: right.
    page.page.click("#undo")
    assert page.board("state") == "playing"
    page.page.click("#reset")
    assert page.board("created") == "0"
    play(page, data["line"])
    assert page.board("state") == "right" and page.board("solved") == "true"
    assert status.get_attribute("data-kind") == "right"
    assert status.inner_text().startswith("Right: this ending makes")
    assert "right after a wrong ending" in page.page.input_value("#share-text")
    # Copy, as on the other pages; here in a browser without the clipboard API.
    assert page.copy_share(clipboard=False) == page.page.input_value("#share-text")
    shot(page.page, "prepare-copied")
    raw = page.page.evaluate(f"localStorage.getItem('puzzlegen:cats-cradle-prepare:{SUNDAY}')")
    assert json.loads(raw)["result"] == "wrong"  # the first ending counts
    assert not page.page.is_visible("#answer")
    page.page.click("#reveal")
    assert page.page.is_visible("#answer")


def test_links_both_ways_and_no_later_sunday(site: Path, page: Page) -> None:
    page.page.goto((site / SUNDAY / "index.html").as_uri())
    link = page.page.locator("#prepare-link a")
    link.wait_for(state="visible")
    link.click()
    page.page.wait_for_url("**/prepare/" + SUNDAY + "/index.html")
    assert page.page.is_visible("#puzzle-link")
    page.page.click("#puzzle-link a")  # and back to the day's puzzle
    page.page.wait_for_url("**/" + SUNDAY + "/index.html")
    assert "/prepare/" not in page.page.url
    page.page.go_back()
    page.page.wait_for_url("**/prepare/" + SUNDAY + "/index.html")
    page.page.set_viewport_size({"width": 320, "height": 700})  # no separator ends a line
    page.page.locator("#puzzle-link a").wait_for(state="visible")
    lines = page.lines_of("nav.days")
    assert clean_lines(lines), lines
    page.page.set_viewport_size({"width": 1280, "height": 900})
    index = (site / "prepare" / "index.html").as_uri()
    page.page.goto(index + "?today=" + SUNDAY)
    assert page.page.is_visible(f'tr[data-date="{SUNDAY}"]')
    # A preview's date goes on from the list, and both ways between the two pages.
    page.page.click(f'tr[data-date="{SUNDAY}"] a')
    page.page.wait_for_url(f"**/prepare/{SUNDAY}/index.html?today={SUNDAY}")
    page.page.locator("#puzzle-link a").wait_for(state="visible")
    assert page.page.get_attribute("text=All prepare puzzles", "href") == (
        f"../index.html?today={SUNDAY}"
    )
    page.page.click("#puzzle-link a")
    page.page.wait_for_url(f"**/{SUNDAY}/index.html?today={SUNDAY}")
    page.page.locator("#prepare-link a").wait_for(state="visible")
    assert page.page.get_attribute("#prepare-link a", "href") == (
        f"../prepare/{SUNDAY}/index.html?today={SUNDAY}"
    )
    page.page.goto(index + "?today=2026-11-28")
    assert not page.page.is_visible(f'tr[data-date="{SUNDAY}"]')
    # Before the first Sunday the list said nothing under an empty table: now a note,
    # with the date as every heading says it (it said 2026-11-29).
    page.page.locator("#no-days").wait_for(state="visible")
    assert page.page.text_content("#no-days") == (
        "The first prepare puzzle is for Sunday 29 November 2026: come back then."
    )
    assert page.page.locator("table").count() == 0


def test_the_stock_and_the_rules_figure_read_in_the_dark_theme(site: Path, browser: Any) -> None:
    # The stock's red cards stood at 2.7:1 on the dark paper, and the rules figure's
    # black ink on the paper itself.
    with Page(browser, color_scheme="dark").closing() as dark:
        p = dark.page
        p.goto((site / "prepare" / SUNDAY / "index.html").as_uri())
        red = p.evaluate("getComputedStyle(document.querySelector('#stock-cards .red')).color")
        ground = backdrop(p, "#stock-cards")
        assert contrast(red, ground) >= 4.5, (red, ground)
        p.click("details.rules summary")
        figure = backdrop(p, "details.rules img")
        assert contrast(FIGURE_INK, figure) >= 4.5, figure
        shot(p, "prepare-dark")



def test_the_keyboard_goes_to_the_first_place_and_a_wrong_place_is_said(
    site: Path, page: Page
) -> None:
    # Picked up with Enter, the card's first place takes the focus, as on the puzzle
    # pages; Enter on a cell it may not go to says why (it was dropped without a word).
    p = page.page
    p.goto((site / "prepare" / SUNDAY / "index.html").as_uri())
    p.focus('[data-cell="0,1"]')  # 4♠ on 5♥
    p.keyboard.press("Enter")
    assert "4♠ picked up" in p.inner_text("#status")
    first = p.evaluate("() => document.activeElement.dataset.cell")
    target = p.get_attribute(f'[data-cell="{first}"]', "class") or ""
    assert first != "0,1" and "is-target" in target
    p.focus('[data-cell="0,0"]')  # 8♦: not a place for 4♠
    p.keyboard.press("Enter")
    said = p.inner_text("#status")
    assert said.startswith("4♠ ") and "8♦" in said, said
