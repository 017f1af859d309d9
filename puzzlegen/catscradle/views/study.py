"""A study's figures as one static HTML page, its charts drawn as inline SVG.

No script, no external file: the page is the figures of
:func:`puzzlegen.catscradle.study.figures`, a table beside the seed's
statistics, win rates with their 95% intervals as bars with whiskers, and
histograms of sequences per game and of spaces at the end of won games, one
panel per player.  It reads on a 360 px phone as on a desktop (the charts are
drawn at a phone's width, their text never under 11 px on the screen, and the
panels stack) and follows the reader's light or dark scheme with the daily
pages' colours.  The same figures give the same bytes.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from puzzlegen.catscradle.playerwords import PLAYERS_IN_WORDS
from puzzlegen.catscradle.study import STUDY_PLAYERS

#: Each player's colour in the charts, light theme and dark (the page's CSS picks,
#: the fill attribute is there for an SVG copied out on its own); each stands 4.5:1
#: or more against its theme's paper.
_COLOURS = {"beginner": "#8c6d31", "expert": "#3b6ea5", "strong": "#b5472f", "perfect": "#3f7f4f"}
_DARK_COLOURS = {
    "beginner": "#d0a657",
    "expert": "#82aee6",
    "strong": "#eb8a72",
    "perfect": "#74bf88",
}

# The charts are drawn at the size they are shown at on a phone (a 360 px screen
# leaves about 340 px), their text 12 to 13 px: a chart drawn wider is scaled down
# there with its text (a 620 px chart's 10 px labels came out at 6 px).  On a wide
# screen they grow by a quarter at most (text of 15 to 16 px), and the histograms'
# panels stand side by side.
WIN_WIDTH = 340
PANEL_WIDTH = 320
GROWTH = 1.25


def _pct(x: float | None, decimals: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{decimals}f}%"


def _rate_and_interval(rate: dict[str, Any]) -> str:
    """``14.2% (13.5% – 14.9%)``: one precision for the three, enough that a bound
    above zero never reads 0 (5 of 10,000 read "0.1% (0.0% – 0.1%)")."""
    shown = [v for v in (rate["rate"], rate["low"], rate["high"]) if v]
    # Decimals for two significant digits of the smallest, at least one, at most four.
    smallest = min(shown, default=1.0) * 100
    decimals = min(4, max(1, 1 - math.floor(math.log10(smallest)))) if smallest < 10 else 1
    low, high = _pct(rate["low"], decimals), _pct(rate["high"], decimals)
    return f"{_pct(rate['rate'], decimals)} ({low} – {high})"


def _rate_text(rate: dict[str, Any]) -> str:
    parts = _rate_and_interval(rate).split(" (", 1)
    return f"{rate['count']:,} of {rate['of']:,} = {parts[0]} (95% interval {parts[1]}"


def _ours(value: Any) -> str:
    if value is None:
        return "no such game here"
    return _rate_text(value) if isinstance(value, dict) else str(value)


def _record(value: int | None) -> str:
    return "–" if value is None else str(value)


def _deals_text(fig: dict[str, Any]) -> str:
    first, last = fig["first_seed"], fig["last_seed"]
    if first is None:
        return "No deals"
    return f"Deal {first}" if first == last else f"Deals {first} to {last}"


def _axis_top(highest: float) -> int:
    """The win chart's right end in percent: the next ten past ``highest``, 30 to 100."""
    return min(100, max(30, 10 * math.ceil(100 * highest / 10 - 1e-9)))


def _bar(name: str) -> str:
    """The attributes of a bar of ``name``'s colour (the class lets the theme change it)."""
    return f'class="bar-{name}" fill="{_COLOURS.get(name, "#777")}"'


def _svg(width: int, height: int, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}">'
    )


def win_chart(players: dict[str, Any], inventor_lines: dict[str, float]) -> str:
    """Horizontal bars of win rates with interval whiskers and the inventor's marks.

    Each player's row has its name and rate written above the bar, so the bars
    take the chart's whole width.
    """
    width, left, right_margin, row = WIN_WIDTH, 14, 24, 46
    top = 10 + 15 * len(inventor_lines)
    height = top + row * len(players) + 24
    base = height - 22
    right = _axis_top(max((p["wins"]["high"] for p in players.values()), default=0.0))
    scale = (width - left - right_margin) / (right / 100)
    parts = [_svg(width, height, "Wins, each with its 95% interval")]
    for tick in range(0, right + 1, 10):
        x = left + scale * tick / 100
        parts.append(
            f'<line class="grid" x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{base}" stroke="#ddd"/>'
            f'<text class="tick" x="{x:.1f}" y="{height - 6}" font-size="12" '
            f'text-anchor="middle">{tick}%</text>'
        )
    # The inventor's marks stop short of each row's label (name and rate, written
    # above its bar): drawn through, they struck out the words between the glyphs.
    spans = [(top + k * row + 18, min(top + (k + 1) * row, base)) for k in range(len(players))]
    for k, value in enumerate(inventor_lines.values()):
        x = left + scale * value
        parts.extend(
            f'<line class="ink" x1="{x:.1f}" y1="{y1}" x2="{x:.1f}" y2="{y2}" '
            'stroke="#000" stroke-dasharray="4 3"/>'
            for y1, y2 in [(8 + 15 * k, top), *spans]
        )
    for k, (name, figures) in enumerate(players.items()):
        y = top + k * row
        wins = figures["wins"]
        rate = wins["rate"] or 0.0
        low, high = left + scale * wins["low"], left + scale * wins["high"]
        # The whisker just under the bar, on the paper, with a cap at each end: it
        # stands out in either theme, where drawn across the bar it would not.
        whisker = [
            (low, y + 39, high, y + 39),
            (low, y + 35, low, y + 43),
            (high, y + 35, high, y + 43),
        ]
        parts.append(
            f'<rect {_bar(name)} x="{left}" y="{y + 20}" width="{scale * rate:.1f}" '
            f'height="14"><title>{name}: {escape(_rate_text(wins))}</title></rect>'
        )
        parts.extend(
            f'<line class="ink" x1="{x1:.1f}" y1="{y1}" x2="{x2:.1f}" y2="{y2}" '
            'stroke="#000" stroke-width="2"/>'
            for x1, y1, x2, y2 in whisker
        )
        parts.append(
            f'<text class="label" x="{left}" y="{y + 14}" font-size="13">{name}: '
            f"{_rate_and_interval(wins)}</text>"
        )
    for k, (label, value) in enumerate(inventor_lines.items()):
        x = left + scale * value
        parts.append(
            f'<text class="label" x="{x + 3:.1f}" y="{17 + 15 * k}" font-size="12">'
            f"{escape(label)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _share_step(peak: float) -> float:
    """A round step for the share axis: at most five gridlines up to ``peak``."""
    return next(step for step in (0.05, 0.1, 0.2, 0.25, 0.5, 1.0) if peak / step <= 5)


def _label_step(slot: float) -> int:
    """Label every bin, or every 2nd, 5th or 10th: labels at least 20 px apart."""
    return next((step for step in (1, 2, 5, 10) if slot * step >= 20), 20)


def histogram(title: str, series: dict[str, dict[str, int]], *, bins: range) -> str:
    """A figure of one panel per player: its share of its games at each value of ``bins``.

    The panels share their scales, so they compare side by side (on a wide
    screen) or one above another (on a phone); each panel's heading gives how
    many games its bars share out, so a tall bar of two games reads as two games.
    """
    counts = {name: sum(h.values()) for name, h in series.items()}
    peak = max(
        (h.get(str(b), 0) / counts[name] for name, h in series.items() if counts[name]
         for b in bins),
        default=0.0,
    )
    if peak == 0:
        return _figure(title, '<p class="none">no such games in this study</p>')
    width, height, left, right_margin, top, bottom = PANEL_WIDTH, 176, 40, 8, 30, 24
    plot_w, plot_h = width - left - right_margin, height - top - bottom
    base = height - bottom
    step = _share_step(peak)
    top_share = step * math.ceil(peak / step - 1e-9)
    slot = plot_w / len(bins)
    every = _label_step(slot)
    panels = []
    for name, h in series.items():
        n = counts[name]
        heading = f"{name} ({n:,} game{'' if n == 1 else 's'})"
        parts = [
            _svg(width, height, f"{title}: {heading}"),
            f'<rect {_bar(name)} x="0" y="6" width="12" height="12"/>'
            f'<text class="head" x="18" y="16" font-size="13">{heading}</text>',
        ]
        for k in range(round(top_share / step) + 1):
            y = base - plot_h * k * step / top_share
            parts.append(
                f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{width - right_margin}" '
                f'y2="{y:.1f}" stroke="#ddd"/><text class="tick" x="{left - 5}" y="{y + 4:.1f}" '
                f'font-size="12" text-anchor="end">{round(100 * k * step)}%</text>'
            )
        if n == 0:
            parts.append(
                f'<text class="muted" x="{left + plot_w / 2:.1f}" y="{base - plot_h / 2:.1f}" '
                'font-size="12" text-anchor="middle" fill="#555">no such games</text>'
            )
        for i, b in enumerate(bins):
            games = h.get(str(b), 0)
            if games:
                bar_h = plot_h * games / n / top_share
                parts.append(
                    f'<rect {_bar(name)} x="{left + i * slot + slot * 0.125:.1f}" '
                    f'y="{base - bar_h:.1f}" width="{slot * 0.75:.1f}" height="{bar_h:.1f}">'
                    f"<title>{name}, {b}: {games} of {n} games</title></rect>"
                )
            if b % every == 0:
                parts.append(
                    f'<text class="tick" x="{left + i * slot + slot / 2:.1f}" y="{base + 16}" '
                    f'font-size="12" text-anchor="middle">{b}</text>'
                )
        parts.append(
            f'<line class="ink" x1="{left}" y1="{base}" x2="{width - right_margin}" '
            f'y2="{base}" stroke="#000"/></svg>'
        )
        panels.append("".join(parts))
    return _figure(title, '<div class="panels">' + "".join(panels) + "</div>")


def _figure(title: str, body: str, *, kind: str = "histogram") -> str:
    return f'<figure class="{kind}"><figcaption>{escape(title)}</figcaption>{body}</figure>'


def _css() -> str:
    """The page's style: the daily pages' colours (templates/web/daily.css), light and
    dark as the reader's browser asks, the charts' ink and bars taken from them."""

    def props(colours: dict[str, str], players: dict[str, str]) -> str:
        return ";".join(
            [f"--{k}:{v}" for k, v in colours.items()]
            + [f"--{name}:{colour}" for name, colour in players.items()]
        )

    light = {
        "ink": "#1b1b1b",
        "muted": "#555",
        "paper": "#fdfcf8",
        "line": "#c9c4b5",
        "grid": "#e2ded3",
    }
    dark = {
        "ink": "#ecebe6",
        "muted": "#b9b6ab",
        "paper": "#161817",
        "line": "#4a4d49",
        "grid": "#343733",
    }
    bars = "".join(f".bar-{name}{{fill:var(--{name})}}" for name in _COLOURS)
    return (
        f":root{{{props(light, _COLOURS)};color-scheme:light dark}}"
        f"@media (prefers-color-scheme:dark){{:root{{{props(dark, _DARK_COLOURS)}}}}}"
        'body{font-family:"DejaVu Sans",Verdana,system-ui,sans-serif;max-width:60em;'
        "margin:0 auto;padding:1em 1em 2em;line-height:1.45;color:var(--ink);"
        "background:var(--paper)}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid var(--line);"
        "padding:.3em .5em;vertical-align:top;text-align:left}.wide{overflow-x:auto}"
        "tr+tr>th:first-child{font-weight:normal}"
        "figure{margin:1.5em 0}figcaption{font-weight:bold;margin-bottom:.5em}"
        f"svg{{display:block;width:100%;height:auto}}.win svg{{max-width:{GROWTH * WIN_WIDTH:g}px}}"
        f".panels svg{{max-width:{GROWTH * PANEL_WIDTH:g}px}}"
        ".panels{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,"
        f"{PANEL_WIDTH}px),1fr));gap:1em 1.5em}}"
        "svg text{fill:var(--ink)}svg .muted,.none{fill:var(--muted);color:var(--muted)}"
        "svg .grid{stroke:var(--grid)}svg .ink{stroke:var(--ink)}"
        # Labels written across the dashed marks keep a rim of the paper's colour.
        "svg .label{paint-order:stroke;stroke:var(--paper);stroke-width:3px;"
        "stroke-linejoin:round}" + bars +
        # On a phone each figure is a block of its own, the reason under it in full
        # width: five columns left it a word a line.
        "@media (max-width:40em){.stack table,.stack tbody,.stack tr,.stack td,.stack th"
        "{display:block}.stack tr:first-child{display:none}.stack tr{border:1px solid "
        "var(--line);margin:.8em 0;padding:.3em .5em}.stack td,.stack th{border:none;"
        "padding:.15em 0}.stack tr>th:first-child,.stack tr>td:first-child{font-weight:bold}"
        ".stack td:empty{display:none}"
        '.stack td[data-label]::before{content:attr(data-label) ": ";font-style:italic}}'
        # As the daily pages: a narrow screen's margins give the charts the room.
        "@media (max-width:420px){body{padding:.5em .6em 1.5em}}"
    )


_VERDICTS = {True: "agrees", False: "differs", None: ""}


def _most_spaces(player: dict[str, Any]) -> str:
    most, games = player["most_end_spaces"], player["most_end_spaces_games"]
    if most is None:
        return "–"
    return f"{most} ({games} game{'' if games == 1 else 's'})"


def _bins(histograms: list[dict[str, int]]) -> range:
    keys = [int(k) for h in histograms for k in h]
    return range(min(keys, default=0), max(keys, default=0) + 1)


READING = (
    "The inventor's 'longest winning sequence' is read as the number of sequences of play "
    "in a won game: a single sequence of play cannot be 11 of anything he counts "
    "elsewhere (it never creates more than 15 spaces, and he never counts moves), "
    "and his 'longest losing sequence' of about 17 only makes sense as sequences too."
)


def render(fig: dict[str, Any]) -> str:
    """The study report page for the figures ``fig``."""
    players = fig["players"]
    rows = []
    for row in fig["inventor_comparison"]:
        note = escape(row["note"]) if row["note"] else ""
        rows.append(
            f"<tr><th>{escape(row['figure'])}</th>"
            f'<td data-label="the inventor\'s">{escape(row["inventor"])}</td>'
            f'<td data-label="this study">{escape(_ours(row["ours"]))}</td>'
            f"<td>{_VERDICTS[row['agrees']]}</td><td>{note}</td></tr>"
        )
    rows.append(
        "<tr><th>deals winnable at all (stock order known)</th>"
        '<td data-label="the inventor\'s">not stated</td>'
        f'<td data-label="this study">{escape(_rate_text(fig["winnable"]))}</td>'
        "<td></td><td></td></tr>"
    )
    player_rows = []
    for name in STUDY_PLAYERS:
        p = players[name]
        player_rows.append(
            f'<tr><td>{name}</td><td data-label="wins">{escape(_rate_text(p["wins"]))}</td>'
            f'<td data-label="longest won game">{_record(p["longest_won"])}</td>'
            f'<td data-label="longest lost game">{_record(p["longest_lost"])}</td>'
            f'<td data-label="most spaces at the end of a win">{_most_spaces(p)}</td></tr>'
        )
    seq_bins = _bins([players[n]["sequences_won"] for n in STUDY_PLAYERS]
                     + [players[n]["sequences_lost"] for n in STUDY_PLAYERS])
    space_bins = _bins([players[n]["end_spaces_won"] for n in STUDY_PLAYERS])
    charts = [
        _figure(
            "Wins, each with its 95% interval",
            win_chart(players, {"inventor: 1 in 8": 1 / 8, "inventor: 1 in 5": 1 / 5}),
            kind="win",
        ),
        histogram(
            "Sequences per won game (share of each player's wins)",
            {n: players[n]["sequences_won"] for n in STUDY_PLAYERS},
            bins=seq_bins,
        ),
        histogram(
            "Sequences per lost game (share of each player's losses)",
            {n: players[n]["sequences_lost"] for n in STUDY_PLAYERS},
            bins=seq_bins,
        ),
        histogram(
            "Spaces created by the last sequence of a won game",
            {n: players[n]["end_spaces_won"] for n in STUDY_PLAYERS},
            bins=space_bins,
        ),
    ]
    title = f"Cat's Cradle: {fig['deals']:,} whole game{'' if fig['deals'] == 1 else 's'}"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        f"<style>{_css()}"
        "</style>\n"
        "</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n"
        f"<p>{_deals_text(fig)} (as <code>puzzlegen deal --seed N</code> deals them), "
        "each played to its end by every player"
        + (
            f" (the strong player's sampling seeded <code>{escape(fig['player_seed'])}</code>)"
            if "player_seed" in fig else ""
        )
        + ". Cat's Cradle is Michael Bourne's patience "
        "(divertimenti, 1986); the second column gives the figures he states at the end of "
        "his description of the game. Every rate has a 95% Wilson interval.</p>\n"
        "<h2>Beside the inventor's figures</h2>\n<div class=\"wide stack\"><table>\n"
        "<tr><th>figure</th><th>the inventor's</th><th>this study</th><th></th><th>likeliest "
        "reason for a difference</th></tr>\n" + "\n".join(rows) + "\n</table></div>\n"
        f"<p>{escape(READING)} The long-game records and the most spaces take the games of "
        "the three players who do not see the stock's order; 'experienced and skilled' is "
        "compared with the strong player.</p>\n"
        "<h2>Players</h2>\n<div class=\"wide stack\"><table>\n<tr><th>player</th><th>wins</th>"
        "<th>longest won game</th><th>longest lost game</th>"
        "<th>most spaces at the end of a win</th></tr>\n"
        + "\n".join(player_rows)
        + f"\n</table></div>\n<p>{escape(PLAYERS_IN_WORDS)}</p>\n"
        "<h2>Charts</h2>\n" + "\n".join(charts) + "\n</body>\n</html>\n"
    )
