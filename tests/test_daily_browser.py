"""The daily pages in a real browser: Debian's chromium driven by Playwright.

A week of pages is written once into a temporary folder and opened from disk
(and once from a local web server).  Each test gets a fresh browser context,
so localStorage starts empty.  The browser, the fresh page, axe-core and the
screenshots (PUZZLEGEN_SHOTS=FOLDER) come from conftest.py and browsing.py.
"""

from __future__ import annotations

import itertools
import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browsing import (
    FIGURE_INK,
    Page,
    axe_problems,
    backdrop,
    clean_lines,
    contrast,
    shot,
    spoken_once,
)

from puzzlegen.cli import main

FIRST, LAST = "2026-11-23", "2026-11-29"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("daily")
    assert main(["daily", "--from", FIRST, "--to", LAST, "-o", str(out)]) == 0
    return out


RANK_WORDS = dict(
    zip(
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
        [
            "ace",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "jack",
            "queen",
            "king",
        ],
        strict=True,
    )
)
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def in_words(card: str) -> str:
    return f"{RANK_WORDS[card[:-1]]} of {SUIT_WORDS[card[-1]]}"


def line(site: Path, date: str) -> list[dict[str, Any]]:
    data = json.loads((site / date / "puzzle.json").read_text())
    return data["line"]  # type: ignore[no-any-return]


def test_play_the_best_line_by_clicking(site: Path, page: Page) -> None:
    date = LAST  # Sunday: a mid-game position with stacks
    moves = line(site, date)
    data = json.loads((site / date / "puzzle.json").read_text())
    page.page.goto((site / date / "index.html").as_uri())
    assert page.page.locator("[data-cell]").count() == 16
    assert page.spaces() == 0 and page.solved() == "false"
    # Accessible names carry the cards in words.
    label = page.cell(moves[0]["from"]).get_attribute("aria-label")
    assert in_words(moves[0]["card"]) in label
    counts = []
    for move in moves:
        page.cell(move["from"]).click()
        assert page.page.locator(".is-target").count() >= 1
        page.cell(move["to"]).click()
        counts.append(page.spaces())
    assert page.solved() == "true" and counts[-1] == data["par"]
    assert page.page.inner_text("#count") == f"{data['par']} of {data['par']} spaces"
    assert page.page.is_visible("#solved")
    share = page.page.input_value("#share-text")
    assert date in share and data["level"] in share
    assert page.copy_share() == share  # the Copy button puts it on the clipboard
    marks = share.splitlines()[-1]
    assert len(marks) == len(moves)  # one mark a move ...
    assert not any(m["card"] in share or m["card"][:-1] + "♥" in share for m in moves)  # no cards
    page.page.click("#undo")
    assert page.spaces() == counts[-2] and page.solved() == "false"
    page.page.click("#redo")
    assert page.solved() == "true"
    # The archive now marks the day solved in this browser.
    page.page.goto((site / "archive.html").as_uri() + f"?today={date}")
    assert "solved" in page.page.inner_text(f'tr[data-date="{date}"] .solved-cell')
    assert page.page.inner_text(f'tr[data-date="{FIRST}"] .solved-cell') == ""
    root = site.as_uri() + "/"
    assert page.requests and all(url.startswith(root) for url in page.requests)


def test_a_hint_reveals_only_the_first_step(site: Path, page: Page) -> None:
    moves = line(site, FIRST)
    page.page.goto((site / FIRST / "index.html").as_uri())
    page.page.click("#hint")
    hints = page.page.locator("#hint-list li")
    assert hints.count() == 1
    text = hints.first.inner_text()
    assert text and not any(suit in text for suit in "♣♦♥♠")  # no card named yet
    assert page.page.locator(".is-hint").count() == 0
    page.page.click("#hint")
    assert hints.count() == 2
    second = hints.nth(1).inner_text()
    assert sum(second.count(suit) for suit in "♣♦♥♠") == 1  # the first card, no more
    assert page.page.locator(".is-hint").get_attribute("data-cell") == ",".join(
        map(str, moves[0]["from"])
    )
    # "Show me" steps through the line with numbered arrows, leaving the game alone.
    page.page.click("#showme")
    for _ in moves:
        page.page.click("#show-next")
    assert page.page.locator("#arrows .step").count() == len(moves)
    assert page.spaces() == 0 and page.solved() == "false"
    page.page.click("#show-exit")
    assert page.page.locator("#arrows .step").count() == 0


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def symbol(card: str) -> str:
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


def test_the_second_hint_follows_the_board(site: Path, page: Page) -> None:
    # It always named the best line's first move, "first", and marked its cell: after
    # that very move it still said "Move 6♠ ... first" of a cell now a space.
    moves = line(site, FIRST)
    assert len(moves) >= 3
    p = page.page
    p.goto((site / FIRST / "index.html").as_uri())
    for move in moves[:1]:
        page.cell(move["from"]).click()
        page.cell(move["to"]).click()
    p.click("#hint")
    p.click("#hint")
    second = p.locator("#hint-list li").nth(1).inner_text()
    assert symbol(moves[1]["card"]) in second and second.endswith("next."), second
    assert symbol(moves[0]["card"]) not in second
    hinted = p.locator(".is-hint")
    assert hinted.get_attribute("data-cell") == ",".join(map(str, moves[1]["from"]))
    assert "the next move starts here" in (hinted.get_attribute("aria-label") or "")
    # Along the line the mark goes on with the board; back at the start, the first move.
    page.cell(moves[1]["from"]).click()
    page.cell(moves[1]["to"]).click()
    assert hinted.get_attribute("data-cell") == ",".join(map(str, moves[2]["from"]))
    p.click("#undo")
    p.click("#undo")
    assert hinted.get_attribute("data-cell") == ",".join(map(str, moves[0]["from"]))
    # Off the line: no mark, and a hint given now says it is from the start.
    off = p.evaluate(
        """() => {
          const game = PuzzleSite.game("cats-cradle");
          const data = JSON.parse(document.getElementById("puzzle-data").textContent);
          const first = game.bestLine(data)[0];
          return game.legalMoves(game.initial(data))
            .find((m) => m.from !== first.from || m.to !== first.to);
        }"""
    )
    p.click(f'[data-cell="{off["from"]}"]')
    p.click(f'[data-cell="{off["to"]}"]')
    assert hinted.count() == 0
    p.reload()  # the hints are given again over the board as it was left
    again = p.locator("#hint-list li").nth(1).inner_text()
    assert "left the best line" in again and "first." in again, again
    assert "“Start again” puts the cards back" in again
    assert p.inner_text("#reset") == "Start again"
    assert p.locator(".is-hint").count() == 0
    # The status still says where the day was left, not the last hint given again.
    assert p.inner_text("#status").startswith("Welcome back"), p.inner_text("#status")


def test_keyboard_play_reaches_par(site: Path, page: Page) -> None:
    date = "2026-11-27"
    moves = line(site, date)
    page.page.goto((site / date / "index.html").as_uri())
    keys = page.page.keyboard
    page.cell([0, 0]).focus()

    def go(to: list[int]) -> None:
        # Picking up by the keyboard moves the focus to the first place to put
        # the card: start from wherever the focus is.
        at = [int(x) for x in page.page.evaluate("document.activeElement.dataset.cell").split(",")]
        for axis, (minus, plus) in enumerate(
            (("ArrowUp", "ArrowDown"), ("ArrowLeft", "ArrowRight"))
        ):
            while at[axis] != to[axis]:
                keys.press(plus if to[axis] > at[axis] else minus)
                at[axis] += 1 if to[axis] > at[axis] else -1
        keys.press("Enter")

    for move in moves:
        go(move["from"])
        assert page.page.locator(".is-selected").count() == 1
        go(move["to"])
    assert page.solved() == "true"
    focused = page.page.evaluate("document.activeElement.dataset.cell")
    assert focused == ",".join(map(str, moves[-1]["to"]))


def test_tab_jumps_to_cards_that_can_move_and_their_places(site: Path, page: Page) -> None:
    p = page.page
    p.goto((site / LAST / "index.html").as_uri())
    position = cc_position(site, LAST)
    movable = sorted({m.src for m in position.legal_moves()})
    page.cell([0, 0]).focus()

    def here() -> str:
        return str(p.evaluate("document.activeElement.dataset.cell"))

    seen = [here()] if 0 in movable else []
    for _ in movable[len(seen) :]:
        p.keyboard.press("Tab")
        seen.append(here())
    assert seen == [",".join(map(str, rc(c))) for c in movable]
    p.keyboard.press("Shift+Tab")
    assert here() == ",".join(map(str, rc(movable[-2])))
    # Enter picks up and goes to the first place; Enter again plays the move.
    src = movable[-2]
    first = min(m.dst for m in position.legal_moves() if m.src == src)
    p.keyboard.press("Enter")
    assert here() == ",".join(map(str, rc(first)))
    p.keyboard.press("Enter")
    assert p.inner_text("#moves") == "1 move"


def test_index_opens_today_else_the_latest(site: Path, page: Page) -> None:
    page.page.goto((site / "index.html").as_uri() + "?today=2026-11-25")
    page.page.wait_for_url("**/2026-11-25/index.html?today=2026-11-25")
    page.page.goto((site / "index.html").as_uri() + "?today=2031-01-01")
    page.page.wait_for_url(f"**/{LAST}/index.html?today=2031-01-01")
    prev = page.page.locator("#nav-prev").get_attribute("href")
    assert prev == "../2026-11-28/index.html?today=2031-01-01"
    assert page.page.is_hidden("#nav-next")


def site_links(p: Any) -> list[str]:
    """The addresses of the links to the site's pages that the reader can see or
    follow (the archive's rows included)."""
    hrefs = p.eval_on_selector_all(
        "a[href]",
        "all => all.filter((a) => !a.hidden && !(a.parentElement || {}).hidden)"
        ".map((a) => a.getAttribute('href'))",
    )
    return [h for h in hrefs if ".html" in h]


def test_a_preview_date_goes_on_through_every_redirect_and_link(site: Path, page: Page) -> None:
    # README: ?today= "on any page's address" sets today; a redirect or a link that
    # dropped it took the reader to the real date (the archive then listing later days).
    p = page.page
    p.goto((site / "index.html").as_uri() + "?today=2026-11-01")  # before the first day
    p.wait_for_url("**/archive.html?today=2026-11-01")
    assert p.locator("tr[data-date]").count() == 0 and p.is_visible("#no-days")
    assert site_links(p) == ["index.html?today=2026-11-01"]
    day = "2026-11-25"
    p.goto((site / "index.html").as_uri() + f"?today={day}")
    p.wait_for_url(f"**/{day}/index.html?today={day}")
    assert p.is_hidden("#nav-next")  # the 26th is after the preview's today
    assert sorted(site_links(p)) == [
        f"../2026-11-24/index.html?today={day}",
        f"../archive.html?today={day}",
        f"../index.html?today={day}",
    ]
    p.click("#nav-prev")
    p.wait_for_url(f"**/2026-11-24/index.html?today={day}")
    assert p.get_attribute("#nav-next", "href") == f"../{day}/index.html?today={day}"
    p.click("text=All daily puzzles")
    p.wait_for_url(f"**/archive.html?today={day}")
    dates = p.eval_on_selector_all("tr[data-date]", "all => all.map((r) => r.dataset.date)")
    assert dates == [day, "2026-11-24", "2026-11-23"]
    assert all(h.endswith(f"?today={day}") for h in site_links(p))
    p.click(f'tr[data-date="{FIRST}"] a')
    p.wait_for_url(f"**/{FIRST}/index.html?today={day}")
    # Without ?today=, the links are as written.
    p.goto((site / FIRST / "index.html").as_uri())
    assert not any("?" in h for h in site_links(p))


def test_served_by_a_plain_web_server(
    site: Path, page: Page, serve: Callable[[Path], str]
) -> None:
    # Served below the server's root, as on a real site: nothing may be asked
    # of the server outside the folder (not even a favicon).
    root = f"{serve(site.parent)}/{site.name}/"
    page.page.goto(root + "index.html?today=2026-11-24")
    page.page.wait_for_url("**/2026-11-24/index.html?today=2026-11-24")
    assert page.page.locator("[data-cell]").count() == 16
    assert all(url.startswith(root) for url in page.requests)


def test_touch_on_a_phone(site: Path, browser: Any) -> None:
    phone = Page(browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        date = "2026-11-24"
        page = phone.page
        page.goto((site / date / "index.html").as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
        moves = line(site, date)
        for move in moves:
            phone.cell(move["from"]).tap()
            phone.cell(move["to"]).tap()
        assert phone.solved() == "true" and page.is_visible("#solved")
        # Coming back: the browser remembers the solve, and the board starts afresh.
        page.reload()
        assert page.is_visible("#already") and phone.spaces() == 0
        assert phone.errors == []
    finally:
        phone.context.close()


@pytest.mark.parametrize("width", [320, 390])
def test_the_links_to_other_days_wrap_cleanly_on_a_phone(
    site: Path, browser: Any, width: int
) -> None:
    # With both "Previous day" and "Next day", "Today ·" was left with its separator
    # at a line's end and "All daily puzzles" dropped alone to the next line.
    with Page(browser, viewport={"width": width, "height": 800}).closing() as phone:
        phone.page.goto((site / "2026-11-24" / "index.html").as_uri() + f"?today={LAST}")
        phone.page.locator("#nav-next").wait_for(state="visible")
        assert phone.page.is_visible("#nav-prev")
        lines = phone.lines_of("nav.days")
        assert clean_lines(lines), lines
        # Each link whole on one line, the day's neighbours first.
        assert lines[0] == ["←", "Previous", "day", "Next", "day", "→"], lines
        for link in phone.page.locator("nav.days a:visible").all():
            assert len(link.evaluate("(a) => Array.from(a.getClientRects())")) == 1
        shot(phone.page, f"nav-both-ways-{width}")


def test_statistics_and_streaks(site: Path, page: Page) -> None:
    page.page.goto((site / "archive.html").as_uri())
    solved = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-27"]
    records: dict[str, object] = {
        f"puzzlegen:cats-cradle:{d}": {"solved": True, "moves": 4, "on": d} for d in solved
    }
    records["puzzlegen:cats-cradle:2026-11-28"] = {"solved": False, "progress": []}
    page.page.evaluate(
        "r => Object.entries(r).forEach(([k, v]) => localStorage.setItem(k, JSON.stringify(v)))",
        records,
    )

    def stats(today: str) -> dict[str, str]:
        page.page.goto((site / "archive.html").as_uri() + f"?today={today}")
        names = page.page.locator("#stats-list dt").all_inner_texts()
        return dict(zip(names, page.page.locator("#stats-list dd").all_inner_texts(), strict=True))

    assert stats("2026-11-25") == {
        "Played": "5",
        "Solved": "4",
        "Shown the answer": "0",
        "Current streak": "3",
        "Longest streak": "3",
    }
    assert stats("2026-11-28")["Current streak"] == "1"  # yesterday's solve keeps it alive
    assert stats("2026-11-29")["Current streak"] == "0"
    assert page.page.inner_text('tr[data-date="2026-11-28"] .solved-cell') == "started"


# -- Pendulum's pages ------------------------------------------------------------
# Two stored daily puzzles (tests/data/pendulum_pages) written as pages: solving
# Pendulum's dailies afresh takes too long for the suite.  The moves are clicked
# where the Python rules say their piles lie, so the page's rules are checked
# against Python's at every step.

PENDULUM_PAGES = Path(__file__).parent / "data" / "pendulum_pages"
WIN_IN_PAR, CHOOSE = "2026-11-23", "2026-11-29"


@pytest.fixture(scope="module")
def pendulum_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import datetime as dt

    from puzzlegen.registry import get_game
    from puzzlegen.render.pages import write_archive, write_daily

    game = get_game("pendulum")
    out = tmp_path_factory.mktemp("pendulum-daily")
    for path in sorted(PENDULUM_PAGES.glob("*.json")):
        puzzle = game.puzzle_from_json(json.loads(path.read_text(encoding="utf-8")))
        write_daily(game, dt.date.fromisoformat(path.stem), puzzle, out)
    assert write_archive(game, out) == []
    return out


#: The foundations' keys, clubs, diamonds, hearts, spades: two at each side, as printed.
FOUNDATIONS = ["-1,0", "-1,1", "-1,6", "-1,7"]


def pendulum_target(position: Any, move: Any) -> tuple[str, str]:
    """The data-cell keys a move joins, from the Python rules: pile, then where it goes."""
    from puzzlegen.cards import SUITS
    from puzzlegen.pendulum.position import coords

    def key(cell: int) -> str:
        return ",".join(map(str, coords(cell)))

    src = key(position.find(move.card))
    if move.kind == "out":
        return src, FOUNDATIONS[SUITS.index(move.card.suit)]
    if move.kind == "crown":
        return src, f"0,{move.col}"
    return src, key(position.find(move.onto))


def play_pendulum(page: Any, position: Any, moves: Any, *, how: str = "click") -> Any:
    """Play ``moves`` on the piles, targets and the Swing button: by Playwright's
    ``click`` or ``tap``, or ``"dom"``: all at once by the elements' click() (quick)."""
    selectors = []
    for move in moves:
        if move.kind == "swing":
            selectors.append("#swing")
        else:
            selectors += [f'[data-cell="{k}"]' for k in pendulum_target(position, move)]
        position = position.play(move)
    if how == "dom":
        page.evaluate("all => all.forEach((s) => document.querySelector(s).click())", selectors)
    for selector in selectors if how != "dom" else []:
        element = page.locator(selector)
        element.tap() if how == "tap" else element.click()
    return position


def test_pendulum_win_in_par_by_clicking(pendulum_site: Path, page: Page) -> None:
    from puzzlegen.pendulum.position import Deal, Move

    data = json.loads((pendulum_site / WIN_IN_PAR / "puzzle.json").read_text())
    answer = data["answer"][0]
    moves = [Move.from_json(m) for m in answer["moves"]]
    p = page.page
    p.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
    assert p.locator("[data-cell]").count() == 52 and p.is_hidden("#pd-methods")
    board = p.locator("#board")
    assert board.get_attribute("data-method") == data["method"] == answer["method"]
    # Refused: a swing while cards can move, a covered pile, a target the rules forbid.
    p.click("#swing", force=True)  # aria-disabled, so still focusable and clickable
    assert "can still move" in p.inner_text("#status")
    assert p.get_attribute("#status", "data-kind") == "refused" and p.is_visible("#status")
    shot(p, "pd-refused-swing")
    assert board.get_attribute("data-swings") == "0"
    p.click('[data-cell="0,3"]')
    assert p.locator(".is-selected").count() == 0 and "is covered" in p.inner_text("#status")
    start = Deal.parse(" ".join(data["description"].split(":")[-1].split("."))).start("up-1")
    first_src, first_dst = pendulum_target(start, moves[0])
    p.click(f'[data-cell="{first_src}"]')
    targets = p.locator(".is-target")
    assert [targets.nth(i).get_attribute("data-cell") for i in range(targets.count())] == [
        first_dst
    ]
    shot(p, "pd-picked")
    wrong = next(k for k in FOUNDATIONS if k != first_dst)
    p.click(f'[data-cell="{wrong}"]')
    assert p.inner_text("#moves") == "0 moves"
    assert "next, not" in p.inner_text("#status")  # the foundation says what it takes
    p.keyboard.press("Escape")
    # The solver's line: its first moves clicked as a player would, the rest at once.
    assert sum(1 for m in moves[:24] if m.kind == "swing") >= 2
    end = play_pendulum(p, play_pendulum(p, start, moves[:24]), moves[24:], how="dom")
    assert end.won
    assert board.get_attribute("data-state") == "won"
    assert board.get_attribute("data-solved") == "true"
    assert board.get_attribute("data-swings") == str(data["par"])
    assert p.is_visible("#solved") and "that is par" in p.inner_text("#solved-text")
    share = p.input_value("#share-text")
    assert f"in five swings (par {data['par']})" in share and "→" in share
    p.click("#undo")
    assert board.get_attribute("data-state") == "playing" and p.is_hidden("#solved")
    p.click("#reset")
    assert board.get_attribute("data-out") == "4" and p.inner_text("#moves") == "0 moves"
    root = pendulum_site.as_uri() + "/"
    assert page.requests and all(url.startswith(root) for url in page.requests)
    # A pile picked up is named as its moves name it, by its base card ("Q♠ picked up"
    # was followed by "K♠ with its pile of 2 up to ...").
    picked = p.evaluate(
        """() => {
          const game = PuzzleSite.game("pendulum");
          const data = JSON.parse(document.getElementById("puzzle-data").textContent);
          const start = game.initial(data);
          const pack = game.legalMoves(start).find((m) => m.kind === "pack");
          const cells = start.cells.map((pile) => pile.slice());
          const other = cells.findIndex((pile, i) => pile.length && i !== pack.src
            && i !== pack.dst && i < 8);
          cells[pack.src] = [cells[pack.src][0], cells[other].pop()];
          const state = Object.assign({}, start, { cells: cells });
          return [game.pickedText(state, pack.from), cells[pack.src].length];
        }"""
    )
    assert picked[0].endswith("with its pile of 2 picked up"), picked


def test_pendulum_s_second_hint_names_the_next_move(pendulum_site: Path, page: Page) -> None:
    # It said "First move: ..." of the line's first move whatever had been played.
    from puzzlegen.pendulum.position import Deal, Move

    data = json.loads((pendulum_site / WIN_IN_PAR / "puzzle.json").read_text())
    moves = [Move.from_json(m) for m in data["answer"][0]["moves"]]
    start = Deal.parse(" ".join(data["description"].split(":")[-1].split("."))).start("up-1")
    p = page.page
    p.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
    after = play_pendulum(p, start, moves[:2], how="dom")
    p.click("#hint")
    p.click("#hint")
    second = p.locator("#hint-list li").nth(1).inner_text()
    assert second.startswith("Next move: "), second
    src, _ = pendulum_target(after, moves[2])
    assert p.get_attribute(".is-hint", "data-cell") == src


def test_a_pendulum_preview_goes_on_through_the_redirect_and_the_links(
    pendulum_site: Path, page: Page
) -> None:
    p = page.page
    p.goto((pendulum_site / "index.html").as_uri() + f"?today={CHOOSE}")
    p.wait_for_url(f"**/{CHOOSE}/index.html?today={CHOOSE}")
    assert sorted(site_links(p)) == [
        f"../{WIN_IN_PAR}/index.html?today={CHOOSE}",
        f"../archive.html?today={CHOOSE}",
        f"../index.html?today={CHOOSE}",
    ]


def test_pendulum_foundations_say_what_goes_next_apart_at_320_px(
    pendulum_site: Path, browser: Any
) -> None:
    # "next 10♣next 10♦" ran together, and the last was cut at the board's edge.
    narrow = Page(browser, viewport={"width": 320, "height": 700})
    with narrow.closing():
        narrow.page.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
        # The widest a label gets ("next 2♣" here; a ten in other deals' methods).
        narrow.page.evaluate(
            "document.querySelectorAll('.pd-needs').forEach((e) => {"
            " e.textContent = 'next 10' + e.textContent.slice(-1); })"
        )
        boxes = narrow.page.evaluate(
            "[...document.querySelectorAll('.pd-needs')].map((e) => {"
            " const range = document.createRange(); range.selectNodeContents(e);"
            " const r = range.getBoundingClientRect();"  # the text's own extent
            " const c = e.closest('.cell').getBoundingClientRect();"
            " return [r.left, r.right, c.left, c.right, e.textContent]; })"
        )
        assert len(boxes) == 4 and all(text.startswith("next ") for *_, text in boxes)
        for left, right, cell_left, cell_right, _ in boxes:
            assert cell_left - 1 <= left and right <= cell_right + 1  # inside its column
        spans = sorted((left, right) for left, right, *_ in boxes)
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def test_pendulum_choose_method_on_a_phone(pendulum_site: Path, browser: Any) -> None:
    from puzzlegen.pendulum.methods import METHODS
    from puzzlegen.pendulum.position import Deal, Move

    phone = Page(browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        p = phone.page
        data = json.loads((pendulum_site / CHOOSE / "puzzle.json").read_text())
        deal = Deal.parse(data["position"])
        p.goto((pendulum_site / CHOOSE / "index.html").as_uri())
        assert p.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
        board = p.locator("#board")
        assert board.get_attribute("data-state") == "choosing" and p.is_visible("#pd-methods")
        shot(p, "pd-choosing")
        p.locator('[data-cell="5,0"]').tap()
        assert "method first" in p.inner_text("#status")
        # A method that loses: play on until nothing can move; the page says lost.
        # (The shortest such game that swings at least once, to keep the test quick.)
        winners = {a["method"] for a in data["answer"]}
        games = []
        for method in METHODS:
            if str(method) in winners:
                continue
            position, moves = deal.start(method), []
            while position.legal_moves():
                moves.append(position.legal_moves()[0])
                position = position.play(moves[-1])
            if any(m.kind == "swing" for m in moves):
                games.append((len(moves), str(method), moves))
        _, loser, moves = min(games)
        p.locator(f'[data-move-to="{loser}"]').tap()
        assert p.is_hidden("#pd-methods") and board.get_attribute("data-method") == loser
        play_pendulum(p, deal.start(loser), moves, how="tap")
        assert board.get_attribute("data-state") == "lost"
        assert "Lost" in p.inner_text("#status") and p.is_hidden("#solved")
        assert p.get_attribute("#status", "data-kind") == "end" and p.is_visible("#status")
        shot(p, "pd-lost")
        p.reload()  # the browser remembers the game: method, moves and swings
        assert board.get_attribute("data-state") == "lost"
        assert board.get_attribute("data-method") == loser
        assert "Lost" in p.inner_text("#status")  # said again on coming back
        # Start again, choose the answer's method with the keyboard and reveal its line.
        p.click("#reset")
        assert p.is_visible("#pd-methods")
        p.click("#showme")
        p.click("#show-next")
        assert "Chose" in p.inner_text("#show-step")
        for _ in range(3):
            p.click("#show-next")
        assert "move 4" in p.inner_text("#show-step")
        shot(p, "pd-show-me")
        assert p.locator("#arrows .arrow").count() <= 1  # the latest move's only
        p.click("#show-exit")
        assert board.get_attribute("data-state") == "choosing"
        best = min(data["answer"], key=lambda a: (a["par"], len(a["moves"])))
        p.focus(f'[data-move-to="{best["method"]}"]')
        p.keyboard.press("Enter")
        moves = [Move.from_json(m) for m in best["moves"]]
        play_pendulum(p, deal.start(best["method"]), moves, how="dom")
        # One winning method of two is won: the page asks for the other, unnamed.
        assert board.get_attribute("data-state") == "won"
        assert board.get_attribute("data-solved") == "false" and p.is_hidden("#solved")
        said = p.inner_text("#status")
        assert "1 of 2 winning methods found — choose another method" in said
        assert "1 of 2 winning methods found" in p.inner_text("#count")
        shot(p, "pd-one-method-won")
        others = [a["method"] for a in data["answer"] if a["method"] != best["method"]]
        assert others and not any(m in said for m in others)
        key = f"puzzlegen:pendulum:{CHOOSE}"
        record = p.evaluate(f"JSON.parse(localStorage.getItem('{key}'))")
        assert record["found"] == [best["method"]] and not record["solved"]
        # Had the other been won too (the record keeps what was won), this win solves it.
        record["found"] = others
        p.evaluate(f"localStorage.setItem('{key}', JSON.stringify({json.dumps(record)}))")
        p.reload()
        p.click("#reset")
        p.focus(f'[data-move-to="{best["method"]}"]')
        p.keyboard.press("Enter")
        play_pendulum(p, deal.start(best["method"]), moves, how="dom")
        assert board.get_attribute("data-solved") == "true" and p.is_visible("#solved")
        assert "every method that wins this deal" in p.inner_text("#solved-text")
        shot(p, "pd-solved")
        share = p.input_value("#share-text")
        assert "found all two winning methods" in share  # and no method named:
        # nor a count of the last game's moves against another method's best line:
        assert "moves (best" not in share and not set("←→") & set(share)
        assert not any(a["method"] in share for a in data["answer"])
        assert "up-" not in share and "down-" not in share
        assert phone.errors == []
    finally:
        phone.context.close()


# -- what the pages say to the player (issue 21) ------------------------------------


def cc_position(site: Path, date: str) -> Any:
    from puzzlegen.catscradle.position import Position

    return Position.parse(json.loads((site / date / "puzzle.json").read_text())["position"])


def rc(cell: int) -> list[int]:
    return [cell // 4, cell % 4]


def status(p: Any) -> tuple[str, str]:
    """The visible #status line and its kind."""
    assert p.is_visible("#status")
    return p.inner_text("#status"), p.get_attribute("#status", "data-kind")


def test_refusals_and_a_dead_end_are_shown(site: Path, page: Page) -> None:
    p = page.page
    p.goto((site / LAST / "index.html").as_uri())
    position = cc_position(site, LAST)
    movable = {m.src for m in position.legal_moves()}
    stuck = next(c for c in range(16) if c not in movable and position.top(c) is not None)
    page.cell(rc(stuck)).click()
    said, kind = status(p)
    assert kind == "refused" and "cannot move now: no " in said and "on its lines" in said
    assert p.locator(".is-selected").count() == 0
    shot(p, "cc-refused-stuck")
    # A card picked up, then a cell it may not go to: refused, with the reason.
    move = position.legal_moves()[0]
    page.cell(rc(move.src)).click()
    assert status(p)[1] == "move" and p.locator(".is-target").count() >= 1
    shot(p, "cc-picked")
    wrong = next(
        c
        for c in range(16)
        if c != move.src and c not in movable and all(m.dst != c for m in position.legal_moves())
    )
    page.cell(rc(wrong)).click()
    said, kind = status(p)
    assert kind == "refused" and ("share no line" in said or "goes only on" in said), said
    assert p.inner_text("#moves") == "0 moves"
    # Play on, never repeating a layout, until no move is left short of par.
    seen = {str(position)}
    while True:
        fresh = [m for m in position.legal_moves() if str(position.apply(m)) not in seen]
        if not fresh:
            break
        page.cell(rc(fresh[0].src)).click()
        page.cell(rc(fresh[0].dst)).click()
        position = position.apply(fresh[0])
        seen.add(str(position))
    assert not position.legal_moves() and position.spaces < 6
    said, kind = status(p)
    assert kind == "end" and "No moves left, short of six spaces" in said
    assert f"{position.spaces} of 6 spaces" in said
    assert p.is_hidden("#solved")
    shot(p, "cc-dead-end")
    # A space refuses too.
    space = next(c for c in range(16) if position.top(c) is None)
    page.cell(rc(space)).click()
    assert status(p)[1] == "refused" and "space" in status(p)[0]


def test_a_pendulum_win_over_par_says_so(pendulum_site: Path, page: Page) -> None:
    from puzzlegen.pendulum.position import Deal

    data = json.loads((pendulum_site / WIN_IN_PAR / "puzzle.json").read_text())
    deal = Deal.parse(" ".join(data["description"].split(":")[-1].split(".")))
    # A seeded random game that wins with more swings than par.
    rng = random.Random(1)
    while True:
        position, moves = deal.start(data["method"]), []
        while position.legal_moves():
            legal = position.legal_moves()
            moves.append(legal[rng.randrange(len(legal))])
            position = position.play(moves[-1])
        if position.won and sum(m.kind == "swing" for m in moves) > data["par"]:
            break
    p = page.page
    p.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
    play_pendulum(p, deal.start(data["method"]), moves, how="dom")
    board = p.locator("#board")
    assert board.get_attribute("data-state") == "won"
    assert board.get_attribute("data-solved") == "false" and p.is_hidden("#solved")
    said, kind = status(p)
    swings = sum(m.kind == "swing" for m in moves)
    assert kind == "end" and "Won, with seven swings; par is five swings" in said, (swings, said)
    shot(p, "pd-won-over-par")


def read_stats(p: Any) -> dict[str, str]:
    names = p.locator("#stats-list dt").all_inner_texts()
    return dict(zip(names, p.locator("#stats-list dd").all_inner_texts(), strict=True))


def click_line(page: Page, moves: list[dict[str, Any]]) -> None:
    for move in moves:
        page.cell(move["from"]).click()
        page.cell(move["to"]).click()


def test_a_day_shown_counts_as_shown_not_solved(site: Path, page: Page) -> None:
    p = page.page
    day = "2026-11-24"
    p.goto((site / day / "index.html").as_uri() + f"?today={day}")
    p.click("#showme")
    assert "now counts as shown, not solved" in status(p)[0]
    p.click("#show-next")
    shot(p, "cc-showing")
    p.click("#show-exit")
    click_line(page, line(site, day))
    assert page.solved() == "true" and p.is_visible("#solved")
    assert p.inner_text("#solved-title") == "Done, with the answer shown"
    assert "counts as shown, not solved" in p.inner_text("#solved-text")
    share = p.input_value("#share-text")
    assert "shown the answer" in share
    assert read_stats(p)["Solved"] == "0" and read_stats(p)["Shown the answer"] == "1"
    assert read_stats(p)["Current streak"] == "0"
    shot(p, "cc-solved-after-shown")
    # The last hint (the whole line) counts as shown too; two hints do not.
    two, three = "2026-11-23", "2026-11-25"
    p.goto((site / three / "index.html").as_uri() + f"?today={three}")
    for _ in range(3):
        p.click("#hint")
    click_line(page, line(site, three))
    assert "shown the answer" in p.input_value("#share-text")
    p.goto((site / two / "index.html").as_uri() + f"?today={three}")
    p.click("#hint")
    p.click("#hint")
    click_line(page, line(site, two))
    assert p.inner_text("#solved-title") == "Solved!"
    assert "shown" not in p.input_value("#share-text")
    # Showing the answer after solving takes nothing away.
    p.click("#showme")
    p.click("#show-exit")
    p.goto((site / "archive.html").as_uri() + f"?today={three}")
    cells = {d: p.inner_text(f'tr[data-date="{d}"] .solved-cell') for d in (two, day, three)}
    assert cells == {two: "✓ solved", day: "shown the answer", three: "shown the answer"}
    stats = read_stats(p)
    assert stats["Solved"] == "1" and stats["Shown the answer"] == "2"
    # Two-three was solved on the 25th, not on its own day: no streak from it.
    assert stats["Current streak"] == "0" and stats["Longest streak"] == "0"
    shot(p, "archive-shown")


def test_nothing_after_today_is_offered(site: Path, page: Page) -> None:
    p = page.page
    today = "2026-11-25"

    def later_links() -> list[str]:
        hrefs = p.eval_on_selector_all(
            "a[href]", "all => all.filter((a) => !a.hidden).map((a) => a.getAttribute('href'))"
        )
        return [h for h in hrefs if any(f"2026-11-{d}" in h for d in range(26, 30))]

    p.goto((site / today / "index.html").as_uri() + f"?today={today}")
    assert p.is_hidden("#nav-next") and later_links() == []
    assert p.get_attribute("#nav-prev", "href") == f"../2026-11-24/index.html?today={today}"
    shot(p, "cc-today-no-next")
    p.goto((site / "2026-11-24" / "index.html").as_uri() + f"?today={today}")
    assert p.get_attribute("#nav-next", "href") == f"../{today}/index.html?today={today}"
    p.goto((site / "archive.html").as_uri() + f"?today={today}")
    assert later_links() == []
    dates = p.eval_on_selector_all("tr[data-date]", "all => all.map((r) => r.dataset.date)")
    assert dates == ["2026-11-25", "2026-11-24", "2026-11-23"]
    assert p.get_attribute(f'tr[data-date="{today}"]', "class") == "is-today"
    shot(p, "archive-to-today")
    # Before the first day: the archive, which says when it comes.
    p.goto((site / "index.html").as_uri() + "?today=2026-11-01")
    p.wait_for_url("**/archive.html?today=2026-11-01")
    assert "Monday 23 November 2026" in p.inner_text("#no-days") and later_links() == []
    # Solving an old day does not build today's streak; solving today's does.
    p.goto((site / "2026-11-24" / "index.html").as_uri() + f"?today={today}")
    click_line(page, line(site, "2026-11-24"))
    assert read_stats(p)["Solved"] == "1" and read_stats(p)["Current streak"] == "0"
    p.goto((site / today / "index.html").as_uri() + f"?today={today}")
    click_line(page, line(site, today))
    assert read_stats(p)["Solved"] == "2" and read_stats(p)["Current streak"] == "1"


def test_the_eighteen_lines_are_drawn(site: Path, page: Page) -> None:
    p = page.page
    p.goto((site / LAST / "index.html").as_uri())
    lines = p.locator("svg.lines line")
    assert lines.count() == 18 and p.locator("svg.lines .picked").count() == 0
    # Each line runs through the centres of its cells (the JS LINES, checked
    # against Python's under Node): check one short diagonal on screen.
    box = p.locator("#board").bounding_box()
    short = p.locator('svg.lines line[data-line="16"]')  # cells 1 and 4
    x1, y1, x2, y2 = (float(short.get_attribute(a)) for a in ("x1", "y1", "x2", "y2"))
    for cell in (1, 4):
        r = page.cell(rc(cell)).bounding_box()
        cx, cy = r["x"] - box["x"] + r["width"] / 2, r["y"] - box["y"] + r["height"] / 2
        cross = (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1)
        assert abs(cross) / ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 < 1.5  # on the line
    # A picked card's lines stand out: corner cell 0 lies on three lines.
    position = cc_position(site, LAST)
    corner = next(m.src for m in position.legal_moves() if m.src in (0, 3, 12, 15))
    page.cell(rc(corner)).click()
    assert p.locator("svg.lines .picked").count() == 3
    shot(p, "cc-lines-picked")
    page.cell(rc(corner)).click()  # put back
    assert p.locator("svg.lines .picked").count() == 0
    # The rules panel draws them too.
    p.click("details.rules summary")
    assert p.locator('details.rules img[src$="cats-cradle-rules.svg"]').is_visible()


def test_pendulum_page_matches_the_printed_picture(pendulum_site: Path, page: Page) -> None:
    import re

    p = page.page
    p.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
    svg = (pendulum_site / WIN_IN_PAR / "puzzle.svg").read_text()
    order = re.search(r'class="method-line"[^>]*>([^<]*)<', svg)
    assert order is not None and p.inner_text("#pd-method") == order.group(1)
    assert order.group(1) == "up-1: A 2 3 4 5 6 7 8 9 10 J Q K"
    # Two foundations at each side, over the first two and the last two columns.
    for key, column in zip(FOUNDATIONS, (0, 1, 6, 7), strict=True):
        f = p.locator(f'[data-cell="{key}"]').bounding_box()
        c = p.locator(f'[data-cell="0,{column}"]').bounding_box()
        assert abs(f["x"] - c["x"]) < 1 and f["y"] < c["y"]
    labels = [p.get_attribute(f'[data-cell="{k}"]', "aria-label") for k in FOUNDATIONS]
    assert [label.split("Foundation of ")[1].split(":")[0] for label in labels] == [
        "clubs",
        "diamonds",
        "hearts",
        "spades",
    ]
    assert "next swing: right" in p.inner_text(".pd-info")
    shot(p, "pd-start")
    # The rules text says the same.
    p.click("details.rules summary")
    assert "two at each side" in p.inner_text("details.rules")
    # The archive's par says what it counts.
    p.goto((pendulum_site / "archive.html").as_uri() + f"?today={CHOOSE}")
    pars = p.eval_on_selector_all(
        "tr[data-date] td:nth-child(3)", "all => all.map((td) => td.textContent)"
    )
    assert pars == ["two methods", "five swings"]


def test_fewer_key_presses_for_a_pendulum_game(pendulum_site: Path, page: Page) -> None:
    """A whole game by the keyboard alone: Tab and Shift+Tab jump between the piles
    that can move and the places a picked-up pile may go; Enter picks up and places."""
    from puzzlegen.pendulum.position import Deal

    data = json.loads((pendulum_site / WIN_IN_PAR / "puzzle.json").read_text())
    deal = Deal.parse(" ".join(data["description"].split(":")[-1].split(".")))
    position, moves = deal.start(data["method"]), []
    while position.legal_moves():
        moves.append(position.legal_moves()[0])
        position = position.play(moves[-1])
    assert position.won
    p = page.page
    p.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
    order = p.eval_on_selector_all("#board [data-cell]", "all => all.map((e) => e.dataset.cell)")
    presses = 0

    def press(key: str) -> None:
        nonlocal presses
        p.keyboard.press(key)
        presses += 1

    def focused() -> str:
        return str(p.evaluate("document.activeElement.dataset.cell || document.activeElement.id"))

    def reach(key: str) -> None:
        for _ in range(60):
            here = focused()
            if here == key:
                return
            if here in order:
                press("Tab" if order.index(key) > order.index(here) else "Shift+Tab")
            else:  # on the Swing button: back to the board
                press("Shift+Tab")
        raise AssertionError(f"Tab never reached {key}")

    p.focus('[data-cell="-1,0"]')
    position = deal.start(data["method"])
    for move in moves:
        if move.kind == "swing":
            for _ in range(60):
                if focused() == "swing":
                    break
                press("Tab")
            press("Enter")
        else:
            src, dst = pendulum_target(position, move)
            reach(src)
            press("Enter")
            reach(dst)
            press("Enter")
        position = position.play(move)
    board = p.locator("#board")
    assert board.get_attribute("data-state") == "won"
    assert board.get_attribute("data-solved") == "true"
    # One press a move would be 2 x 78; the arrow keys alone took over 800.
    print(f"{presses} key presses for {len(moves)} moves")
    assert presses < 3.5 * len(moves), presses


def show_the_whole_line(site: Path, page: Page, date: str) -> list[dict[str, Any]]:
    """Open ``date``'s page and step "show me" to the end of its line; the line's moves."""
    moves = line(site, date)
    page.page.goto((site / date / "index.html").as_uri())
    page.page.click("#showme")
    for _ in moves:
        page.page.click("#show-next")
    return moves


def test_show_me_numbers_the_arrows_and_fades_the_earlier(site: Path, page: Page) -> None:
    p = page.page
    moves = show_the_whole_line(site, page, LAST)
    steps = p.locator("#arrows .step")
    assert steps.all_text_contents() == [str(i + 1) for i in range(len(moves))]
    fades = [float(steps.nth(i).get_attribute("opacity")) for i in range(len(moves))]
    assert fades[-1] == 1 and fades == sorted(fades) and fades[0] < 0.5
    shot(p, "cc-show-me-all")


def test_a_control_that_goes_away_hands_the_focus_to_the_board(site: Path, page: Page) -> None:
    # Undo after the only move, the third hint and the last step of "show me" disable
    # the control the keyboard was on: the focus fell to <body>, back at the top.
    p = page.page
    moves = line(site, FIRST)
    p.goto((site / FIRST / "index.html").as_uri())
    on_board = "() => document.activeElement.closest('#board') !== null"
    page.move(moves[0]["from"], moves[0]["to"])
    p.focus("#undo")
    p.keyboard.press("Enter")
    p.wait_for_function(on_board)
    p.focus("#hint")
    for _ in range(3):
        p.keyboard.press("Enter")
    assert p.is_disabled("#hint")
    p.wait_for_function(on_board)
    p.focus("#showme")
    p.keyboard.press("Enter")
    for _ in moves:
        p.keyboard.press("Enter")  # "Next", focused when show me opens
    assert p.is_disabled("#show-next")
    p.wait_for_function(on_board)
    # Each step is said once: by the status line, not again by the step line; back
    # at the start that is said too (the step line said it, and is silent now).
    assert spoken_once(p)
    for _ in moves:
        p.click("#show-prev")
    assert p.inner_text("#status") == "The starting layout."
    # By pointer the focus is left where the browser puts it: a tap that disables the
    # control tapped does not move it (nor scroll the page) to the board.
    p.click("#show-exit")
    page.move(moves[0]["from"], moves[0]["to"])
    p.click("#undo")
    assert p.evaluate("() => document.activeElement.closest('#board') === null")


def test_show_me_bows_an_arrow_round_the_cards_it_passes(site: Path, page: Page) -> None:
    # A move along a line may skip over cards; drawn straight, its arrow struck through
    # the text of each card between (6♠ from row 1, column 1 over 2♥).
    p = page.page
    moves = show_the_whole_line(site, page, LAST)
    passed = 0
    for i, move in enumerate(moves):
        (r1, c1), (r2, c2) = move["from"], move["to"]
        apart = max(abs(r2 - r1), abs(c2 - c1))
        between = [f"{r1 + (r2 - r1) * k // apart},{c1 + (c2 - c1) * k // apart}"
                   for k in range(1, apart)]
        for cell in between:
            nearest = p.evaluate(
                """([i, cell]) => {
                  const arrow = document.querySelectorAll("#arrows .arrow")[i];
                  const box = document.getElementById("arrows").getBoundingClientRect();
                  const r = document.querySelector('[data-cell="' + cell + '"]')
                    .getBoundingClientRect();
                  const cx = r.left - box.left + r.width / 2, cy = r.top - box.top + r.height / 2;
                  let best = Infinity;
                  const n = arrow.getTotalLength();
                  for (let d = 0; d <= n; d += 1) {
                    const q = arrow.getPointAtLength(d);
                    best = Math.min(best, Math.hypot(q.x - cx, q.y - cy));
                  }
                  return best / Math.min(r.width, r.height);
                }""",
                [i, cell],
            )
            assert nearest > 0.25, (move, cell, nearest)  # clear of the card's text
            passed += 1
    assert passed, "the day's line has a move over another card"

def test_the_solved_panel_comes_into_view_on_a_phone(site: Path, browser: Any) -> None:
    phone = Page(browser, viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True)
    try:
        p = phone.page
        p.goto((site / LAST / "index.html").as_uri())
        for move in line(site, LAST):
            phone.cell(move["from"]).tap()
            phone.cell(move["to"]).tap()
        box = p.locator("#solved").bounding_box()
        assert 0 <= box["y"] < 640, box  # its top on screen, not below the fold
        shot(p, "cc-solved-phone")
        assert phone.errors == []
    finally:
        phone.context.close()


def test_narrow_screens_keep_every_card_text_inside_its_card(
    site: Path, pendulum_site: Path, browser: Any
) -> None:
    narrow = Page(browser, viewport={"width": 320, "height": 700})
    try:
        p = narrow.page
        overflowing = """(sel) => Array.from(document.querySelectorAll(sel)).filter((el) => {
            const cell = el.closest('[data-cell]').getBoundingClientRect();
            const r = el.getBoundingClientRect();
            return el.scrollWidth > el.clientWidth + 1 || r.left < cell.left - 1 ||
              r.right > cell.right + 1;
          }).map((el) => el.closest('[data-cell]').dataset.cell + ' ' + el.textContent)"""
        p.goto((site / LAST / "index.html").as_uri())
        assert p.evaluate("document.documentElement.scrollWidth") <= 320
        assert p.locator(".under").count() >= 4
        assert p.evaluate(overflowing, ".top-card, .under") == []
        p.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
        assert p.evaluate("document.documentElement.scrollWidth") <= 320
        assert p.evaluate(overflowing, ".pd-card.full") == []
        # The archive's four columns, its longest words in them, fit too.
        p.evaluate(
            "localStorage.setItem('puzzlegen:cats-cradle:2026-11-25',"
            " JSON.stringify({solved: true, shown: true, moves: 4, on: '2026-11-25'}))"
        )
        p.goto((site / "archive.html").as_uri() + f"?today={LAST}")
        shot(p, "cc-archive-narrow")
        assert p.inner_text('tr[data-date="2026-11-25"] .solved-cell') == "shown the answer"
        assert p.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        narrow.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_stands_out(
    site: Path, pendulum_site: Path, browser: Any, scheme: str
) -> None:
    themed = Page(browser, color_scheme=scheme)
    try:
        p = themed.page
        ring = """(sel) => {
            const el = document.querySelector(sel);
            el.focus();
            const style = getComputedStyle(el);
            const around = el.closest('.board') || document.body;
            return [el.matches(':focus-visible'), style.outlineColor, style.outlineStyle,
              getComputedStyle(around).backgroundColor];
          }"""
        for url, selectors in [
            (site / LAST / "index.html", ['[data-cell="1,1"]', "#hint", "details.rules summary"]),
            (pendulum_site / WIN_IN_PAR / "index.html", ['[data-cell="5,0"]', "#swing"]),
        ]:
            p.goto(url.as_uri())
            for selector in selectors:
                visible, colour, style, background = p.evaluate(ring, selector)
                assert visible and style == "solid", selector
                assert contrast(colour, background) >= 3, (scheme, selector, colour, background)
        if scheme == "dark":
            body = p.evaluate("getComputedStyle(document.body).backgroundColor")
            assert body == "rgb(22, 24, 23)"  # the dark theme's paper
            shot(p, "pd-dark")
            p.goto((site / LAST / "index.html").as_uri())
            shot(p, "cc-dark")
    finally:
        themed.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_rules_figures_read_in_both_themes(
    site: Path, pendulum_site: Path, browser: Any, scheme: str
) -> None:
    # The figures are drawn black on a transparent ground: on the dark theme's paper
    # their captions and lines were all but invisible (1.1:1).
    with Page(browser, color_scheme=scheme).closing() as themed:
        for url in [site / LAST / "index.html", pendulum_site / WIN_IN_PAR / "index.html"]:
            themed.page.goto(url.as_uri())
            themed.page.click("details.rules summary")
            ground = backdrop(themed.page, "details.rules img")
            assert contrast(FIGURE_INK, ground) >= 4.5, (url, scheme, ground)
            shot(themed.page, f"rules-{url.parent.parent.name}-{scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(
    site: Path, pendulum_site: Path, browser: Any, axe_source: str, scheme: str
) -> None:
    themed = Page(browser, color_scheme=scheme)
    try:
        p = themed.page
        problems: list[str] = []

        def check(what: str) -> None:
            problems.extend(f"{what}: {x}" for x in axe_problems(p, axe_source))

        p.goto((site / LAST / "index.html").as_uri())
        check("cats-cradle start")
        move = line(site, LAST)[0]
        themed.cell(move["from"]).click()
        check("cats-cradle picked up")
        p.click("#showme")
        p.click("#show-next")
        check("cats-cradle show me")
        p.goto((pendulum_site / CHOOSE / "index.html").as_uri())
        check("pendulum choosing")
        p.goto((pendulum_site / WIN_IN_PAR / "index.html").as_uri())
        p.click('[data-cell="0,3"]')  # refused: #status shows why
        check("pendulum refused")
        p.goto((site / "archive.html").as_uri() + f"?today={LAST}")
        check("archive")
        assert problems == []
        assert themed.errors == []
    finally:
        themed.context.close()


def test_a_damaged_day_says_so(site: Path, page: Page, tmp_path: Path) -> None:
    damaged = tmp_path / "site"
    shutil.copytree(site, damaged)
    index = damaged / FIRST / "index.html"
    text = index.read_text()
    start = text.index('<script type="application/json" id="puzzle-data">')
    p = page.page
    for cut, why in [(10, "JSON"), (0, "not this day's puzzle")]:
        # Cut into the JSON: broken, or (cut 0) whole but without its date.
        date_at = text.index('"date": ', start)
        broken = (
            text[: date_at + cut] + text[date_at + 22 :]
            if cut
            else text.replace(f'"date": "{FIRST}", ', "", 1)
        )
        index.write_text(broken)
        p.goto(index.as_uri())
        assert p.is_visible("#damaged") and "data inside the page is damaged" in p.inner_text(
            "#damaged"
        )
        assert why in p.inner_text("#damaged")
        assert p.is_hidden("#play")
        assert p.locator('img[src="puzzle.svg"]').is_visible()  # the picture instead
    shot(p, "cc-damaged")


def test_the_share_text_shows_all_its_lines_on_a_phone(pendulum_site: Path, browser: Any) -> None:
    # Three rows: a line wrapped at 390 px hid the share text's last line.
    phone = Page(browser, viewport={"width": 390, "height": 844})
    with phone.closing():
        phone.page.goto((pendulum_site / CHOOSE / "index.html").as_uri())
        sizes = phone.page.evaluate(
            "(() => { document.getElementById('solved').hidden = false;"
            " const t = document.getElementById('share-text');"
            " t.value = 'Pendulum · 2026-11-24 · Medium · choose the method\\n'"
            " + 'Solved with two of the three winning methods found in 12 minutes\\n'"
            " + 'https://example.org/daily-pendulum/2026-11-24/';"
            " return [t.scrollHeight, t.clientHeight]; })()"
        )
        assert sizes[0] <= sizes[1] + 1, sizes
