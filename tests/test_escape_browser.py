"""Escape's daily page in a real browser: Debian's chromium driven by Playwright.

The site is written once from the pinned days (tests/data/escape_daily.jsonl,
replayed by ``puzzle_from_json``; choosing them afresh takes minutes).  The
tests play a day's puzzle to a win through the data-cell contract (cards by
data-card, turns by #rotate, cells by data-cell), with a refusal on the way;
play a whole game against the computer to its end from a plain web server,
the computer's search running in a Web Worker; and check the page with
axe-core and its focus ring in both themes.  With PUZZLEGEN_SHOTS=FOLDER set
they save screenshots at 320, 390 and 1280 px.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import FIGURE_INK, Page, axe_problems, backdrop, contrast, serving, shot

from puzzlegen.escape.cards import shape_of
from puzzlegen.escape.position import Move, Position
from puzzlegen.publish import publish_dailies
from puzzlegen.registry import get_game

DAYS = Path(__file__).parent / "data" / "escape_daily.jsonl"
SETTLED = """(side) => {
  const b = document.querySelector('#board');
  return b.dataset.thinking === 'false' && (b.dataset.outcome !== '' || b.dataset.toMove === side);
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("escape-daily")
    game = get_game("escape")
    chosen = []
    for line in DAYS.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        chosen.append((dt.date.fromisoformat(data["date"]), game.puzzle_from_json(data)))
    assert publish_dailies(game, chosen, out) == []
    # The archive heads its par column as Escape measures it ("Endgame: three cards
    # left", not "Par"), and says Escape's week, not another game's.
    archive = (out / "archive.html").read_text(encoding="utf-8")
    assert "<th>Endgame</th>" in archive and "Black to play and capture at the weekend" in archive
    return out


def days() -> list[dict[str, Any]]:
    return [json.loads(line) for line in DAYS.read_text(encoding="utf-8").splitlines()]


def lay(page: Any, move: Move) -> None:
    """Play ``move`` as a reader does: pick the card up, turn it, click the cell of
    its first square (or press Pass)."""
    if move.is_pass:
        page.click("#pass")
        return
    page.click(f'[data-card="{move.card}"]')
    for _ in range(4):
        if page.get_attribute(f'[data-card="{move.card}"]', "data-turns") == str(move.turns):
            break
        page.click("#rotate")
    assert page.get_attribute(f'[data-card="{move.card}"]', "data-turns") == str(move.turns)
    r, c = shape_of(move.card, move.turns)[0]
    page.click(f'[data-cell="{move.at[0] + r},{move.at[1] + c}"]')


def board(page: Any, name: str) -> str:
    return page.get_attribute("#board", f"data-{name}")  # type: ignore[no-any-return]


def test_the_days_puzzle_played_to_a_win_through_the_contract(site: Path, page: Page) -> None:
    """A weekday ("White to play and escape"), then in the same page a weekend day
    ("Black to play and capture") played to the capture."""
    for kind in ("escape", "capture"):
        play_day_to_a_win(site, page, kind)


def play_day_to_a_win(site: Path, page: Page, kind: str) -> None:
    day = next(d for d in days() if d["kind"] == kind)
    side = "white" if kind == "escape" else "black"
    p = page.page
    p.goto((site / day["date"] / "index.html").as_uri())
    assert board(p, "position") == day["position"]
    assert board(p, "to-move") == side and board(p, "solved") == "false"
    # A cell clicked with no card picked up is refused, and says why.
    p.click('[data-cell="0,1"]')
    assert p.get_attribute("#status", "data-kind") == "refused"
    assert "Pick up a card" in p.text_content("#status")
    # The computer's card is not the reader's.
    other = Position.parse(day["position"]).hand("black" if side == "white" else "white")
    if other:
        p.click(f'[data-card="{other[0]}"]')
        assert "the computer's card" in p.text_content("#status")
        assert f"you play {side.capitalize()}." in p.text_content("#status")  # a name
    # A blank space's ring is drawn large enough to see at a glance: at the cell's
    # text size it was a small thin circle, hard to find in dark mode.
    ring = p.evaluate("""() => {
      const cell = document.querySelector('.es-cell.gap');
      if (!cell) return null;
      const glyph = document.createRange();
      glyph.selectNodeContents(cell);
      return glyph.getBoundingClientRect().width / cell.getBoundingClientRect().width;
    }""")
    assert ring is None or ring >= 0.45, ring
    assert ring is not None or kind == "capture"
    answer = [Move.parse(m) for m in day["answer"]]
    shot(p, f"es-{kind}-start")
    for i, move in enumerate(answer):
        if i % 2:
            continue  # the computer's answer, from the stored line
        lay(p, move)
        p.wait_for_function(SETTLED, arg=side)
        if i == 0:
            shot(p, f"es-{kind}-after-first")
    assert board(p, "outcome") == side
    assert board(p, "solved") == "true"
    assert p.get_attribute("#status", "data-kind") == "solved"
    assert p.is_visible("#solved")
    assert Position.parse(board(p, "position")).winner == side
    shot(p, f"es-{kind}-solved")
    record = p.evaluate(f"localStorage.getItem('puzzlegen:escape:{day['date']}')")
    assert json.loads(record)["solved"] is True
    share = p.input_value("#share-text")
    assert f"won as {side}" in share and page.copy_share() == share
    # The counter counts both sides' plays and, as the solved panel does, the reader's.
    yours = len(answer[::2])
    assert p.inner_text("#moves").endswith(f" plays · {yours} yours")
    assert f"in {yours} play" in p.inner_text("#solved-text")
    # Undo takes back the reader's play and the computer's answer after it.
    p.click("#undo")
    assert board(p, "to-move") == side and board(p, "outcome") == ""
    # The Web Worker's script is a blob: made by the page from its own script.
    assert all(u.startswith(("file://", "blob:")) for u in page.requests), page.requests


def test_a_refused_play_says_why_and_show_me_steps_through_the_answer(
    site: Path, page: Page
) -> None:
    day = days()[0]
    p = page.page
    p.goto((site / day["date"] / "index.html").as_uri())
    first = Move.parse(day["answer"][0])
    p.click(f'[data-card="{first.card}"]')
    p.click('[data-cell="-1,-1"]')  # a black square of the cage
    assert p.get_attribute("#status", "data-kind") == "refused"
    assert "is not blank" in p.text_content("#status")
    p.keyboard.press("Escape")
    # By the keyboard: Enter on a card picks it up and moves the focus to the first
    # place for it; Enter there lays it; Ctrl+Z takes it back with the answer.
    side = "white" if day["kind"] == "escape" else "black"
    p.focus(f'[data-card="{first.card}"]')
    p.keyboard.press("Enter")
    assert p.evaluate("document.activeElement.classList.contains('is-target')")
    p.keyboard.press("ArrowUp")  # arrow keys move over the table, and back
    p.keyboard.press("ArrowDown")
    assert p.evaluate("document.activeElement.classList.contains('is-target')")
    p.keyboard.press("Enter")
    p.wait_for_function(SETTLED, arg=side)
    assert board(p, "position") != day["position"]
    p.keyboard.press("Control+z")
    assert board(p, "position") == day["position"]
    p.click("#hint")
    assert p.is_visible("#hint-list")
    p.click("#showme")
    for _ in day["answer"]:
        p.click("#show-next")
    assert board(p, "outcome") == ("white" if day["kind"] == "escape" else "black")
    assert "wins" in p.text_content("#status")
    record = json.loads(p.evaluate(f"localStorage.getItem('puzzlegen:escape:{day['date']}')"))
    assert record["shown"] is True


def test_the_second_hint_follows_the_table(site: Path, page: Page) -> None:
    # It always said "The first play uses ..." of the answer's first card, even after
    # the reader had laid that card and the computer had answered.
    day = days()[0]
    answer = [Move.parse(m) for m in day["answer"]]
    assert len(answer) >= 3 and not answer[2].is_pass
    side = "white" if day["kind"] == "escape" else "black"
    p = page.page
    p.goto((site / day["date"] / "index.html").as_uri())
    lay(p, answer[0])
    p.wait_for_function(SETTLED, arg=side)
    p.click("#hint")
    p.click("#hint")
    second = p.locator("#hint-list li").nth(1).inner_text()
    assert second.startswith(f"Your next play uses {answer[2].card} ("), second
    # Off the line, the hint says it is from the start, and how to get back there.
    start = Position.parse(day["position"])
    off = next(m for m in start.legal_moves() if m != answer[0] and not m.is_pass)
    p.click("#reset")
    lay(p, off)
    p.wait_for_function(SETTLED, arg=side)
    p.reload()  # the two hints are given again, over the plays restored
    assert board(p, "position") != day["position"]
    again = p.locator("#hint-list li").nth(1).inner_text()
    assert again.startswith("Your plays have left the answer's line"), again
    assert f"the first play uses {answer[0].card} (" in again
    assert again.endswith("“Start again” puts the cards back where they began.")


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    with serving(site) as root:
        yield root


def test_a_whole_game_against_the_computer_from_a_web_server(
    site: Path, served: str, page: Page
) -> None:
    day = days()[0]
    p = page.page
    p.goto(f"{served}/{day['date']}/index.html")
    p.click('[data-mode-button="game"]')
    p.select_option("#level", "greedy")
    p.click('[data-side-button="black"]')  # the computer, White, moves first
    assert p.is_visible("#game-setup") and not p.is_visible("#hint")
    plays = 0
    while True:
        p.wait_for_function(SETTLED, arg="black", timeout=20_000)
        if board(p, "outcome"):
            break
        position = Position.parse(board(p, "position"))
        assert position.to_move == "black" and position.outcome is None
        moves = position.legal_moves()
        # The play covering the most blank spaces: a fair try at a capture.
        best = max(moves, key=lambda m: (len(m.keys & position.gaps), -moves.index(m)))
        lay(p, best)
        plays += 1
        assert plays <= 12
    end = Position.parse(board(p, "position"))
    assert end.winner == board(p, "outcome")
    assert p.get_attribute("#status", "data-kind") == "end"
    won = board(p, "outcome") == "black"
    stats = p.text_content("#game-stats")
    assert ("Won as Black1" in stats) == won and ("Lost as Black1" in stats) != won
    shot(p, "es-game-end")
    assert all(u.startswith((served, "blob:" + served)) for u in page.requests), page.requests


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_and_the_focus_ring(site: Path, browser: Any, axe_source: str,
                                scheme: str) -> None:
    themed = Page(browser, color_scheme=scheme)
    try:
        p = themed.page
        p.goto((site / days()[0]["date"] / "index.html").as_uri())
        problems = axe_problems(p, axe_source)
        p.click('[data-card="' + Move.parse(days()[0]["answer"][0]).card + '"]')
        problems += axe_problems(p, axe_source)
        p.click('[data-mode-button="game"]')
        problems += axe_problems(p, axe_source)
        assert problems == []
        for selector in ['[data-cell="0,1"]', '[data-card="W1"]', "#new-game", "#level"]:
            p.focus(selector)
            p.keyboard.press("Shift+Tab")
            p.keyboard.press("Tab")
            style = p.evaluate("(s) => { const e = document.querySelector(s); const c = "
                               "getComputedStyle(e); return [e.matches(':focus-visible'), "
                               "c.outlineStyle, c.outlineWidth]; }", selector)
            assert style == [True, "solid", "3px"], (scheme, selector, style)
        shot(p, f"es-game-{scheme}")
    finally:
        themed.context.close()
    assert themed.errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_black_squares_and_the_rules_figure_stand_out(
    site: Path, browser: Any, scheme: str
) -> None:
    # In the dark theme a black square on the table was 1.5:1, and the rules figure's
    # black ink stood on the dark paper.
    with Page(browser, color_scheme=scheme).closing() as themed:
        p = themed.page
        p.goto((site / days()[0]["date"] / "index.html").as_uri())
        table = backdrop(p, ".es-cell:not(.white):not(.black)")
        edge = p.evaluate(
            """() => {
              const style = getComputedStyle(document.querySelector(".es-cell.black"));
              const ring = style.boxShadow.match(/^rgba?\\([^)]*\\)/);
              return ring ? ring[0] : style.backgroundColor;
            }"""
        )
        assert contrast(edge, table) >= 3, (scheme, edge, table)
        p.click("details.rules summary")
        ground = backdrop(p, "details.rules img")
        assert contrast(FIGURE_INK, ground) >= 4.5, (scheme, ground)
        shot(p, f"es-rules-{scheme}")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_rules_figures_type_reads_on_a_screen(site: Path, browser: Any, width: int) -> None:
    # The hands' long line, "White: W1 ... W10;  Black: B1 ... B9", set the figure's
    # width, and its type was 7.5 px, about 6 px high: the hands are now the page's
    # text, and the figure (the heading and the table) is shown larger.
    import xml.etree.ElementTree as ET

    svg = ET.fromstring((site / "assets" / "escape-rules.svg").read_text(encoding="utf-8"))
    sizes = [float(t.get("font-size", 0)) for t in svg.iter() if t.tag.endswith("text")]
    with Page(browser, viewport={"width": width, "height": 800}).closing() as screen:
        p = screen.page
        p.goto((site / days()[0]["date"] / "index.html").as_uri())
        p.click("details.rules summary")
        shown = p.evaluate(
            "(() => { const img = document.querySelector('details.rules img');"
            " const s = getComputedStyle(img);"
            " const inner = img.clientWidth - parseFloat(s.paddingLeft)"
            "   - parseFloat(s.paddingRight);"
            " return inner / img.naturalWidth; })()"
        )
        assert sizes and min(sizes) * shown >= 12, (sizes, shown)
        rules = p.inner_text("details.rules")
        assert "W1 to W10" in rules and "B1 to B9" in rules
        shot(p, f"es-rules-figure-{width}")


def test_a_preview_date_goes_on_through_the_redirect_and_the_links(site: Path, page: Page) -> None:
    # Escape runs its own page (startPage), its links to other days made by the shell's.
    p = page.page
    p.goto((site / "index.html").as_uri() + "?today=2026-11-30")
    p.wait_for_url("**/2026-11-29/index.html?today=2026-11-30")
    assert p.get_attribute("#nav-prev", "href") == "../2026-11-28/index.html?today=2026-11-30"
    assert p.is_hidden("#nav-next")  # December's days are after the preview's today
    assert p.get_attribute("text=All daily puzzles", "href") == "../archive.html?today=2026-11-30"


def test_a_cell_is_named_as_it_is_said(site: Path, page: Page) -> None:
    # "[-1,-1]: black" was read out bracket by bracket, dash by dash.
    page.page.goto((site / days()[0]["date"] / "index.html").as_uri())
    name = page.page.get_attribute('[data-cell="-1,-1"]', "aria-label") or ""
    assert name.startswith("Row minus 1, column minus 1: "), name
    assert "[" not in name
