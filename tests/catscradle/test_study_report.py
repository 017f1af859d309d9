"""The study report: its charts' scales, and studies too small to have every kind of game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from puzzlegen.catscradle.study import STUDY_PLAYERS, figures
from puzzlegen.catscradle.views.study import render, win_chart


def _result(seed: int, won: dict[str, bool]) -> dict[str, Any]:
    """One deal's result as play_deal gives it: ``won`` per player, other fields made up."""
    return {
        "seed": seed,
        "no_first_move": False,
        "players": {
            name: {"won": won.get(name, False), "sequences": 5 + seed % 7,
                   "end_spaces": 1 + seed % 4, "stock_left": 0 if won.get(name) else 9}
            for name in STUDY_PLAYERS
        },
    }


def _whisker_ends(svg: str) -> list[float]:
    return [float(x) for x in re.findall(r'x2="([0-9.]+)"[^>]*stroke-width="2"', svg)]


def test_the_win_chart_reaches_the_highest_interval_end() -> None:
    # 13 of 20 perfect wins: an interval up to 81.9%, past the old fixed 70% axis.
    results = [_result(s, {"perfect": s < 13, "expert": s < 4}) for s in range(20)]
    fig = figures(results)
    assert fig["players"]["perfect"]["wins"]["high"] > 0.8
    svg = win_chart(fig["players"], {"inventor: 1 in 5": 0.2})
    width = float(re.search(r'viewBox="0 0 ([0-9.]+)', svg).group(1))  # type: ignore[union-attr]
    assert max(_whisker_ends(svg)) <= width - 20
    assert ">90%</text>" in svg and ">100%</text>" not in svg
    # All won: the axis stops at 100%, the bar fills it.
    everyone = figures([_result(s, dict.fromkeys(STUDY_PLAYERS, True)) for s in range(3)])
    svg = win_chart(everyone["players"], {})
    assert ">100%</text>" in svg and max(_whisker_ends(svg)) <= width - 20



def test_the_inventors_marks_leave_the_rows_labels_unstruck() -> None:
    # The dashed marks ran from top to bottom, through "strong: 12.0% (8.2% – 17.2%)".
    results = [_result(s, {"perfect": s < 11, "strong": s < 3, "expert": s < 2}) for s in range(20)]
    svg = win_chart(figures(results)["players"], {"1 in 8": 1 / 8, "1 in 5": 1 / 5})
    marks = [(float(a), float(b)) for a, b in
             re.findall(r'y1="([0-9.]+)" x2="[0-9.]+" y2="([0-9.]+)" stroke="#000" '
                        r'stroke-dasharray', svg)]
    labels = [float(y) for y in re.findall(r'<text class="label" x="14" y="([0-9.]+)"', svg)]
    assert marks and len(labels) == len(STUDY_PLAYERS)
    for baseline in labels:  # 13 px type: its glyphs stand 10 px above the baseline
        assert not [m for m in marks if m[0] < baseline and m[1] > baseline - 10], baseline

def test_one_lost_deal_reads_as_one_and_compares_nothing_it_lacks() -> None:
    fig = figures([_result(4, {})])
    assert fig["players"]["expert"]["longest_won"] is None
    assert fig["players"]["expert"]["most_end_spaces"] is None
    rows = {row["figure"]: row for row in fig["inventor_comparison"]}
    longest = rows["longest winning game, in sequences"]
    assert longest["inventor"] == "11"  # the inventor's figure, not under "seed" (a deal's)
    assert longest["ours"] is None and longest["agrees"] is None and longest["note"] == ""
    html = render(fig)
    assert "<h1>Cat&#x27;s Cradle: 1 whole game</h1>" in html
    assert "<p>Deal 4 (as" in html and "from_seed" not in html
    assert "no such game here" in html and "no such games in this study" in html
    assert "<td>0</td>" not in html  # no longest game of 0 sequences


def test_histogram_bars_say_how_many_games_they_share() -> None:
    results = [_result(s, {"expert": s < 2, "strong": s < 5}) for s in range(10)]
    html = render(figures(results))
    assert "expert (2 games)</text>" in html and "strong (5 games)</text>" in html
    assert re.search(r"<title>expert, \d+: 1 of 2 games</title>", html)


def test_on_a_phone_each_figure_is_a_block_the_reason_in_full_width(
    page: Any, tmp_path: Path
) -> None:
    # Five columns at 400 px left the reason a word a line, running off the right edge.
    results = [
        _result(seed, {"perfect": seed % 2 == 0, "expert": seed % 9 == 0, "strong": seed % 7 == 0})
        for seed in range(60)
    ]
    path = tmp_path / "study.html"
    path.write_text(render(figures(results)), encoding="utf-8")
    page.page.set_viewport_size({"width": 390, "height": 800})
    page.page.goto(path.as_uri())
    cells = (
        "[...document.querySelectorAll('.stack td, .stack th')]"
        ".filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect().width)"
    )
    widths = page.page.evaluate(cells)
    assert widths and min(widths) > 300
    assert page.page.evaluate("document.documentElement.scrollWidth") <= 390
    page.page.set_viewport_size({"width": 1280, "height": 800})  # a table on a wide screen
    assert page.page.evaluate("getComputedStyle(document.querySelector('.stack tr')).display") \
        == "table-row"


def _phone_study(tmp_path: Path) -> Path:
    """A report of 60 made-up deals, every player with wins and losses."""
    results = [
        _result(
            seed,
            {
                "perfect": seed % 2 == 0,
                "expert": seed % 9 == 0,
                "strong": seed % 7 == 0,
                "beginner": seed % 29 == 0,
            },
        )
        for seed in range(60)
    ]
    path = tmp_path / "study.html"
    path.write_text(render(figures(results)), encoding="utf-8")
    return path


# Each chart text's size on the screen: its font size times its chart's scale.
TEXT_SIZES = """() => [...document.querySelectorAll('svg text')].map((t) => {
  const svg = t.ownerSVGElement;
  return parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width
    / svg.viewBox.baseVal.width;
})"""
# Tick labels of one chart that run into each other.
CROWDED = """() => [...document.querySelectorAll('svg')].flatMap((svg) => {
  const boxes = [...svg.querySelectorAll('text.tick')].map((t) => t.getBoundingClientRect());
  return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right
    && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map(() => svg.ariaLabel));
})"""


def test_the_charts_text_is_readable_on_a_phone_and_a_desktop(page: Any, tmp_path: Path) -> None:
    # Drawn 560 and 620 px wide, the charts shrank with their text on a phone: about 5 px.
    path = _phone_study(tmp_path)
    for width in (360, 400, 1200):
        page.page.set_viewport_size({"width": width, "height": 800})
        page.page.goto(path.as_uri())
        sizes = page.page.evaluate(TEXT_SIZES)
        assert sizes and min(sizes) >= 11, (width, min(sizes))
        assert max(sizes) <= 17, (width, max(sizes))  # and not blown up on a wide screen
        assert page.page.evaluate(CROWDED) == []
        assert page.page.evaluate("document.documentElement.scrollWidth") <= width


def _rgb(css: str) -> tuple[int, int, int] | None:
    """(r, g, b) of a computed colour, or None where it is transparent."""
    parts = [float(x) for x in re.findall(r"[0-9.]+", css)]
    if len(parts) == 4 and parts[3] == 0:
        return None
    return (round(parts[0]), round(parts[1]), round(parts[2]))


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def luminance(rgb: tuple[int, int, int]) -> float:
        linear = [c / 3294.6 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


COLOURS = """() => {
  const each = (sel, prop) =>
    [...new Set([...document.querySelectorAll(sel)].map((e) => getComputedStyle(e)[prop]))];
  return {
    paper: [getComputedStyle(document.body).backgroundColor,
            getComputedStyle(document.documentElement).backgroundColor],
    ink: getComputedStyle(document.body).color,
    text: each('svg text', 'fill'), bars: each('svg rect', 'fill'),
    lines: each('svg line.ink', 'stroke'),
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_report_follows_the_readers_colour_scheme(
    page: Any, tmp_path: Path, scheme: str
) -> None:
    # The report was black on white whatever the reader asked; the daily pages follow
    # prefers-color-scheme, and so must it, its charts readable on either paper.
    path = _phone_study(tmp_path)
    page.page.emulate_media(color_scheme=scheme)
    page.page.goto(path.as_uri())
    got = page.page.evaluate(COLOURS)
    paper = next((c for c in map(_rgb, got["paper"]) if c), (255, 255, 255))  # else the canvas
    assert (sum(paper) < 3 * 64) == (scheme == "dark"), paper
    ink = _rgb(got["ink"])
    assert ink is not None and _contrast(ink, paper) >= 7
    for colour in got["text"]:
        assert _contrast(_rgb(colour) or paper, paper) >= 4.5, colour
    assert len(got["bars"]) == 4  # one colour a player
    for colour in got["bars"] + got["lines"]:
        assert _contrast(_rgb(colour) or paper, paper) >= 3, colour


def test_small_rates_keep_their_digits() -> None:
    # 5 of 10,000 read "0.1% (95% interval 0.0% – 0.1%)": a bound above zero read 0.
    from puzzlegen.catscradle.study import _rate
    from puzzlegen.catscradle.views.study import _rate_text

    said = [_rate_text(_rate(n, 10_000)) for n in (1, 5, 99, 1421)]
    assert said == [
        "1 of 10,000 = 0.0100% (95% interval 0.0018% – 0.0566%)",
        "5 of 10,000 = 0.050% (95% interval 0.021% – 0.117%)",
        "99 of 10,000 = 0.99% (95% interval 0.81% – 1.20%)",
        "1,421 of 10,000 = 14.2% (95% interval 13.5% – 14.9%)",
    ]
