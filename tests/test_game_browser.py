"""The whole game of the day in a real browser: Debian's chromium driven by Playwright.

Three days of puzzles and of whole games are written once into a temporary
folder.  The tests play a day to a win by following its stored line through
the data-cell contract and the #deal button, lose a day on purpose, reload
mid-game and go on, and ask "Still winnable?"; with a preview's date (?today=)
they check that no page offers a game after today.  Each test gets a fresh
browser context, so localStorage starts empty (conftest.py's ``page``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browsing import FIGURE_INK, Page, backdrop, clean_lines, contrast, shot, spoken_once

from puzzlegen.catscradle.board import coords
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import analyse
from puzzlegen.cli import main

FIRST, LAST = "2026-11-23", "2026-11-25"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("games")
    assert main(["daily", "--from", FIRST, "--to", LAST, "-o", str(out)]) == 0
    assert main(["daily", "--kind", "game", "--from", FIRST, "--to", LAST, "-o", str(out)]) == 0
    return out


@pytest.fixture
def game(page: Page) -> Page:
    """A fresh page for a whole game (conftest's ``page``)."""
    return page


def saved(game: Page, date: str) -> dict[str, Any]:
    return game.record(f"cats-cradle-game:{date}")


def data(site: Path, date: str) -> dict[str, Any]:
    return json.loads((site / "game" / date / "game.json").read_text())  # type: ignore[no-any-return]


def test_play_a_day_to_a_win_by_the_stored_line(site: Path, game: Page) -> None:
    day = data(site, FIRST)
    game.page.goto((site / "game" / FIRST / "index.html").as_uri())
    assert game.page.locator("[data-cell]").count() == 16
    assert game.board("stock") == "36" and game.board("sequence") == "1"
    stock = 36
    for number, seq in enumerate(day["line"], 1):
        assert game.board("state") == "playing"
        assert game.page.is_disabled("#deal")
        for move in seq["moves"]:
            game.move(move["from"], move["to"])
        assert game.board("state") == "ended", f"sequence {number}"
        assert game.board("created") == str(seq["spaces"])
        assert "press Deal" in game.page.inner_text("#status")  # visible, not only announced
        game.page.click("#deal")
        stock -= len(seq["dealt"])
        assert game.board("stock") == str(stock)
        # A dealt card cannot be taken back.
        assert game.page.is_disabled("#undo")
    assert stock == 0
    assert game.board("state") == "won" and game.board("solved") == "true"
    assert game.page.is_visible("#result")
    assert "You won" in game.page.inner_text("#status")
    assert game.page.inner_text("#result-title") == "Won!"
    share = game.page.input_value("#share-text")
    assert f"Won in {len(day['line'])} sequences" in share
    assert game.copy_share() == share
    assert not any(s in share for s in "♣♦♥♠")  # no spoilers: no card in the share text
    stats = game.page.inner_text("#stats-list")
    assert "Won" in stats
    record = saved(game, FIRST)
    assert record["result"] == "won" and record["hints"] == 0 and record["asked"] == []
    # Whole games are kept apart from the puzzles' records.
    keys = game.page.evaluate("Object.keys(localStorage)")
    assert keys == [f"puzzlegen:cats-cradle-game:{FIRST}"]


Cells = list[tuple[tuple[int, int], tuple[int, int]]]


def losing_line(deal: Deal) -> list[Cells]:
    """Sequences that lose ``deal``: each stops at the ending with the fewest new spaces."""
    position, stock = deal.layout, list(deal.stock)
    line: list[Cells] = []
    while True:
        ends = [e for e in analyse(position).ends if e.spaces > position.spaces]
        if not ends:
            return line
        end = min(ends, key=lambda e: (e.spaces, len(e.moves)))
        line.append([(coords(m.src), coords(m.dst)) for m in end.moves])
        position, left = end.final.fill(stock)
        stock = list(left)
        assert stock, "this way of playing was meant to lose"


def test_lose_a_day_on_purpose(site: Path, game: Page) -> None:
    date = "2026-11-24"
    deal = Deal(tuple(Deal.parse(" ".join(data(site, date)["deal"])).cards))
    line = losing_line(deal)
    game.page.goto((site / "game" / date / "index.html").as_uri())
    for seq in line:
        for src, dst in seq:
            game.move(src, dst, real=True)
        assert game.board("state") == "ended"
        game.page.click("#deal")
    assert game.board("state") == "lost"
    assert game.board("sequence") == str(len(line) + 1)
    assert "Lost" in game.page.inner_text("#status")
    assert game.page.inner_text("#result-title") == "Lost"
    assert game.page.is_disabled("#deal") and game.page.is_disabled("#hint")
    assert "Lost in sequence" in game.page.input_value("#share-text")
    assert saved(game, date)["result"] == "lost"
    # Playing the deal again (and winning) leaves the first result standing.
    game.page.click("#again")
    assert game.board("state") == "playing" and game.board("stock") == "36"
    assert saved(game, date)["result"] == "lost"


def test_reload_mid_game_and_continue(site: Path, game: Page) -> None:
    day = data(site, LAST)
    url = (site / "game" / LAST / "index.html").as_uri()
    game.page.goto(url)
    first, second = day["line"][0], day["line"][1]
    for move in first["moves"]:
        game.move(move["from"], move["to"])
    game.page.click("#deal")
    game.move(second["moves"][0]["from"], second["moves"][0]["to"])
    spaces = game.board("spaces")
    game.page.reload()
    assert game.board("sequence") == "2"
    assert game.board("stock") == str(36 - len(first["dealt"]))
    assert game.board("spaces") == spaces
    assert not game.page.is_disabled("#undo")  # the move of this sequence can be undone
    game.page.click("#undo")
    assert game.page.is_disabled("#undo")  # ... but not the sequence before
    for seq in day["line"][1:]:
        for move in seq["moves"]:
            game.move(move["from"], move["to"])
        game.page.click("#deal")
    assert game.board("state") == "won"
    assert f"Won in {len(day['line'])} sequences" in game.page.input_value("#share-text")


ANSWERED = '#winnable-answer[data-answer="yes"], #winnable-answer[data-answer="no"]'


def test_still_winnable_is_asked_and_recorded(site: Path, game: Page) -> None:
    date = "2026-11-24"
    deal = Deal.parse(" ".join(data(site, date)["deal"]))
    game.page.goto((site / "game" / date / "index.html").as_uri())
    assert game.page.is_hidden("#winnable-answer")  # says nothing unless asked
    game.page.click("#winnable")
    answer = game.page.locator('#winnable-answer[data-answer="yes"]')
    answer.wait_for()
    assert answer.get_attribute("data-where") == "worker"
    # An answer is for the board it was asked on: a move puts it away (it stayed up).
    src, dst = losing_line(deal)[0][0]
    game.move(src, dst)
    assert game.page.is_hidden("#winnable-answer")
    game.page.click("#undo")
    # Asked, then a move before the answer: the button comes back with no answer shown.
    game.page.click("#winnable")
    game.move(src, dst)
    game.page.wait_for_function("() => !document.getElementById('winnable').disabled")
    assert game.page.is_hidden("#winnable-answer")
    game.page.click("#undo")
    # Follow the losing way until the game cannot be won any more, asking each time.
    for seq in losing_line(deal):
        for src, dst in seq:
            game.move(src, dst)
        game.page.click("#deal")
        if game.board("state") != "playing":
            break
        game.page.click("#winnable")
        game.page.locator(ANSWERED).wait_for()
    asked = saved(game, date)["asked"]
    assert asked and asked[0]["won"] is True
    assert any(a["won"] is False for a in asked)


def test_each_message_is_spoken_once(site: Path, game: Page) -> None:
    # The status line was a live region beside the announcer: a screen reader said
    # "Sequence 1: 1 space made so far." twice, and each "show me" step twice.
    day = data(site, FIRST)
    game.page.goto((site / "game" / FIRST / "index.html").as_uri())
    move = day["line"][0]["moves"][0]
    game.move(move["from"], move["to"])
    game.page.click("#showme")
    game.page.click("#show-next")
    assert spoken_once(game.page)

def test_hints_and_show_me(site: Path, game: Page) -> None:
    from puzzlegen.catscradle.cards import Card

    day = data(site, FIRST)
    game.page.goto((site / "game" / FIRST / "index.html").as_uri())
    game.page.click("#hint")
    seq = day["line"][0]
    said = game.page.inner_text("#hint-list")
    assert f"The winning line makes {seq['spaces']} spaces" in said and "strong player" in said
    game.page.click("#hint")
    hinted = game.page.locator(".cell.is-hint")
    starts = {",".join(map(str, m["from"])) for m in seq["moves"]}
    assert hinted.get_attribute("data-cell") in starts
    assert saved(game, FIRST)["hints"] == 2
    # The hints lead along the winning line, not the strong player's where the two part
    # (on this day the strong player's four spaces lose; the line makes three).
    assert [m["card"] for m in seq["strong"]] != [m["card"] for m in seq["moves"]]
    game.page.click("#hint")
    whole = game.page.inner_text("#hint-list").splitlines()[-1]
    for m in seq["moves"]:
        assert f"{Card.parse(m['card']).symbol()} on {Card.parse(m['onto']).symbol()}" in whole
    # Played, the hinted move's mark goes on to the line's next move (it stayed on the
    # cell just emptied), and back with an undo.
    first, second = seq["moves"][0], seq["moves"][1]
    assert hinted.get_attribute("data-cell") == ",".join(map(str, first["from"]))
    game.move(first["from"], first["to"])
    assert hinted.get_attribute("data-cell") == ",".join(map(str, second["from"]))
    game.page.click("#undo")
    assert hinted.get_attribute("data-cell") == ",".join(map(str, first["from"]))
    game.page.click("#showme")
    assert game.page.is_visible("#showme-bar")
    game.page.click("#show-next")
    assert "Sequence 1, move 1" in game.page.inner_text("#show-step")
    assert game.board("spaces") == "0"  # the player's own game is untouched
    game.page.click("#show-exit")
    assert saved(game, FIRST)["shown"] is True


def test_the_rules_figure_reads_in_the_dark_theme(site: Path, browser: Any) -> None:
    # Drawn black on a transparent ground, it stood on the dark paper.
    with Page(browser, color_scheme="dark").closing() as dark:
        dark.page.goto((site / "game" / FIRST / "index.html").as_uri())
        dark.page.click("details.rules summary")
        ground = backdrop(dark.page, "details.rules img")
        assert contrast(FIGURE_INK, ground) >= 4.5, ground


def test_links_both_ways_and_today(site: Path, game: Page) -> None:
    game.page.goto((site / FIRST / "index.html").as_uri())
    link = game.page.locator("#game-link a")
    assert link.is_visible()
    link.click()
    game.page.wait_for_url(f"**/game/{FIRST}/index.html")
    assert game.page.is_visible("#puzzle-link")
    game.page.click("#puzzle-link a")  # and back to the day's puzzle
    game.page.wait_for_url(f"**/{FIRST}/index.html")
    assert "/game/" not in game.page.url
    game.page.go_back()
    game.page.wait_for_url(f"**/game/{FIRST}/index.html")
    # On a narrow phone the links wrap between them, not inside one ("This day's / puzzle").
    game.page.set_viewport_size({"width": 320, "height": 700})
    rects = "document.querySelector('#puzzle-link a').getClientRects().length"
    assert game.page.evaluate(rects) == 1
    assert game.page.is_visible("#nav-next") and game.page.is_hidden("#nav-prev")
    game.page.goto((site / "game" / "index.html").as_uri() + "?today=2026-11-24")
    game.page.wait_for_url("**/game/2026-11-24/index.html?today=2026-11-24")
    # Both neighbours and the puzzle's link: "All whole games ·" kept its separator
    # at a line's end.
    for width in (320, 390):
        game.page.set_viewport_size({"width": width, "height": 700})
        game.page.goto((site / "game" / "2026-11-24" / "index.html").as_uri() + f"?today={LAST}")
        game.page.locator("#puzzle-link a").wait_for(state="visible")
        assert game.page.is_visible("#nav-prev") and game.page.is_visible("#nav-next")
        lines = game.lines_of("nav.days")
        assert clean_lines(lines), lines


def test_a_preview_date_goes_on_through_every_redirect_and_link(site: Path, game: Page) -> None:
    # ?today= is kept by today's redirect and by every link the pages make, both ways.
    p, day = game.page, "2026-11-24"
    p.goto((site / "game" / "index.html").as_uri() + f"?today={day}")
    p.wait_for_url(f"**/game/{day}/index.html?today={day}")
    p.locator("#puzzle-link a").wait_for(state="visible")
    for link in ["#nav-prev", "#puzzle-link a", "text=Today's game"]:
        assert p.get_attribute(link, "href").endswith(f"/index.html?today={day}")
    assert p.is_hidden("#nav-next")  # the next game is after the preview's today
    p.click("#puzzle-link a")
    p.wait_for_url(f"**/{day}/index.html?today={day}")
    assert "/game/" not in p.url
    p.locator("#game-link a").wait_for(state="visible")
    assert p.get_attribute("#game-link a", "href") == f"../game/{day}/index.html?today={day}"
    p.goto((site / "game" / "archive.html").as_uri() + f"?today={day}")
    assert p.get_attribute("text=Today's game", "href") == f"index.html?today={day}"
    assert p.get_attribute(f'tr[data-date="{FIRST}"] a', "href") == (
        f"{FIRST}/index.html?today={day}"
    )


def test_served_by_a_plain_web_server(
    site: Path, game: Page, serve: Callable[[Path], str]
) -> None:
    root = f"{serve(site.parent)}/{site.name}/"
    game.page.goto(root + "game/index.html?today=2026-11-25")
    game.page.wait_for_url("**/game/2026-11-25/index.html?today=2026-11-25")
    assert game.page.locator("[data-cell]").count() == 16
    game.page.click("#winnable")
    game.page.locator('#winnable-answer[data-answer="yes"]').wait_for()
    assert all(url.startswith(root) or url.startswith("blob:") for url in game.requests)


def test_nothing_after_today_is_offered(site: Path, game: Page) -> None:
    # As on the puzzle pages (test_daily_browser.py): today's redirect, Next and the
    # archive stop at today. The redirect opened the first game before its date, and
    # Next and the archive went on to every game on disk.
    p, today = game.page, "2026-11-24"

    def links_after(date: str) -> list[str]:
        """The links the reader can see or follow to a day after ``date``."""
        hrefs = p.eval_on_selector_all(
            "a[href]",
            "all => all.filter((a) => !a.hidden && !(a.parentElement || {}).hidden)"
            ".map((a) => a.getAttribute('href'))",
        )
        return [h for h in hrefs if any(d > date for d in re.findall(r"(\d{4}-\d\d-\d\d)/", h))]

    p.goto((site / "game" / "index.html").as_uri() + f"?today={today}")
    p.wait_for_url(f"**/game/{today}/index.html?today={today}")
    p.locator("#puzzle-link a").wait_for(state="visible")
    assert p.is_hidden("#nav-next") and links_after(today) == []
    assert p.get_attribute("#nav-prev", "href") == f"../{FIRST}/index.html?today={today}"
    shot(p, "game-today-no-next")
    p.goto((site / "game" / FIRST / "index.html").as_uri() + f"?today={today}")
    assert p.get_attribute("#nav-next", "href") == f"../{today}/index.html?today={today}"
    # A game opened by its address before its date goes on to no later one either.
    p.goto((site / "game" / today / "index.html").as_uri() + f"?today={FIRST}")
    assert p.is_hidden("#nav-next") and links_after(today) == []
    p.goto((site / "game" / "archive.html").as_uri() + f"?today={today}")
    assert links_after(today) == []
    dates = p.eval_on_selector_all("tr[data-date]", "all => all.map((r) => r.dataset.date)")
    assert dates == [today, FIRST]
    assert p.get_attribute(f'tr[data-date="{today}"]', "class") == "is-today"
    assert p.is_hidden("#no-days")
    shot(p, "game-archive-to-today")
    # After the last game: the latest.
    p.goto((site / "game" / "index.html").as_uri() + "?today=2031-01-01")
    p.wait_for_url(f"**/game/{LAST}/index.html?today=2031-01-01")
    # Before the first game: the archive, which lists none and says when it comes.
    for before in ["2026-01-01", "2026-11-22"]:
        p.goto((site / "game" / "index.html").as_uri() + f"?today={before}")
        p.wait_for_url(f"**/game/archive.html?today={before}")
        assert p.locator("tr[data-date]").count() == 0 and p.locator("main section").count() == 0
        assert p.inner_text("#no-days") == (
            "The first game is for Monday 23 November 2026: come back then."
        )
        assert links_after(before) == []
    shot(p, "game-archive-before-the-first")
