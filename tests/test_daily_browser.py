"""The daily pages in a real browser: Debian's chromium driven by Playwright.

A week of pages is written once into a temporary folder and opened from disk
(and once from a local web server).  Each test gets a fresh browser context,
so localStorage starts empty.  With CI set, a missing browser or Playwright
fails the tests instead of skipping them.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from puzzlegen.cli import main

FIRST, LAST = "2026-11-23", "2026-11-29"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def _missing(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run: {why}")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = os.environ.get("PUZZLEGEN_CHROMIUM") or shutil.which("chromium")
    if executable is None:
        _missing("no chromium (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("daily")
    assert main(["daily", "--from", FIRST, "--to", LAST, "-o", str(out)]) == 0
    return out


class Page:
    """A fresh page, noting every request it makes and every script error."""

    def __init__(self, browser: Any, **options: Any) -> None:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        self.context = browser.new_context(**options)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def spaces(self) -> int:
        return int(self.page.get_attribute("#board", "data-spaces"))

    def solved(self) -> str | None:
        return self.page.get_attribute("#board", "data-solved")  # type: ignore[no-any-return]

    def cell(self, rc: list[int]) -> Any:
        return self.page.locator(f'[data-cell="{rc[0]},{rc[1]}"]')


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    p = Page(browser)
    yield p
    p.context.close()
    assert p.errors == []


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


def test_index_opens_today_else_the_latest(site: Path, page: Page) -> None:
    page.page.goto((site / "index.html").as_uri() + "?today=2026-11-25")
    page.page.wait_for_url("**/2026-11-25/index.html")
    page.page.goto((site / "index.html").as_uri() + "?today=2031-01-01")
    page.page.wait_for_url(f"**/{LAST}/index.html")
    assert page.page.locator("#nav-prev").get_attribute("href") == "../2026-11-28/index.html"
    assert page.page.is_hidden("#nav-next")


def test_served_by_a_plain_web_server(site: Path, page: Page) -> None:
    # Served below the server's root, as on a real site: nothing may be asked
    # of the server outside the folder (not even a favicon).
    handler = partial(SimpleHTTPRequestHandler, directory=str(site.parent))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        root = f"http://127.0.0.1:{server.server_address[1]}/{site.name}/"
        page.page.goto(root + "index.html?today=2026-11-24")
        page.page.wait_for_url("**/2026-11-24/index.html")
        assert page.page.locator("[data-cell]").count() == 16
        assert all(url.startswith(root) for url in page.requests)
    finally:
        server.shutdown()


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
        assert p.locator("#arrows line").count() <= 1
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
        share = p.input_value("#share-text")
        assert "found all two winning methods" in share  # and no method named:
        assert not any(a["method"] in share for a in data["answer"])
        assert "up-" not in share and "down-" not in share
        assert phone.errors == []
    finally:
        phone.context.close()
