"""A study's figures as one static HTML page, its charts drawn as inline SVG.

No script, no external file: the page is the figures of
:func:`puzzlegen.catscradle.study.figures`, a table beside the seed's
statistics, win rates with their 95% intervals as bars with whiskers, and
histograms of sequences per game and of spaces at the end of won games.
The same figures give the same bytes.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from puzzlegen.catscradle.study import STUDY_PLAYERS

_COLOURS = {"beginner": "#8c6d31", "expert": "#3b6ea5", "strong": "#b5472f", "perfect": "#3f7f4f"}


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _rate_text(rate: dict[str, Any]) -> str:
    return (
        f"{rate['count']:,} of {rate['of']:,} = {_pct(rate['rate'])} "
        f"(95% interval {_pct(rate['low'])} – {_pct(rate['high'])})"
    )


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


def win_chart(players: dict[str, Any], inventor_lines: dict[str, float]) -> str:
    """Horizontal bars of win rates with interval whiskers and the inventor's marks."""
    width, left, row = 560, 90, 34
    top = 30 + 12 * len(inventor_lines)
    height = top + row * len(players) + 30
    right = _axis_top(max((p["wins"]["high"] for p in players.values()), default=0.0))
    scale = (width - left - 20) / (right / 100)
    title = "Wins, each with its 95% interval"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{title}">',
        f'<text x="{left}" y="16" font-size="13">{title}</text>',
    ]
    for tick in range(0, right + 1, 10):
        x = left + scale * tick / 100
        parts.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - 25}" stroke="#ddd"/>'
            f'<text x="{x:.1f}" y="{height - 10}" font-size="11" text-anchor="middle">'
            f"{tick}%</text>"
        )
    for k, (name, figures) in enumerate(players.items()):
        y = top + k * row
        wins = figures["wins"]
        rate = wins["rate"] or 0.0
        parts.append(
            f'<text x="{left - 8}" y="{y + 15}" font-size="13" text-anchor="end">{name}</text>'
            f'<rect x="{left}" y="{y + 3}" width="{scale * rate:.1f}" height="18" '
            f'fill="{_COLOURS.get(name, "#777")}"><title>{name}: '
            f"{escape(_rate_text(wins))}</title></rect>"
            f'<line x1="{left + scale * wins["low"]:.1f}" y1="{y + 12}" '
            f'x2="{left + scale * wins["high"]:.1f}" y2="{y + 12}" stroke="#000" '
            f'stroke-width="2"/>'
        )
    for k, (label, value) in enumerate(inventor_lines.items()):
        x = left + scale * value
        parts.append(
            f'<line x1="{x:.1f}" y1="{22 + 12 * k}" x2="{x:.1f}" y2="{height - 25}" '
            f'stroke="#000" stroke-dasharray="4 3"/><text x="{x + 3:.1f}" y="{30 + 12 * k}" '
            f'font-size="10">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _share_step(peak: float) -> float:
    """A round step for the share axis: at most five gridlines up to ``peak``."""
    return next(step for step in (0.05, 0.1, 0.2, 0.25, 0.5, 1.0) if peak / step <= 5)


def histogram(title: str, series: dict[str, dict[str, int]], *, bins: range) -> str:
    """Grouped bars: for each value of ``bins``, one bar per player (share of its games).

    The left axis gives the share; the legend gives how many games each
    player's bars share out, so a tall bar of two games reads as two games.
    """
    width, height, left, bottom = 620, 220, 44, 30
    plot_w, plot_h = width - left - 10, height - bottom - 30
    counts = {name: sum(h.values()) for name, h in series.items()}
    peak = max(
        (h.get(str(b), 0) / counts[name] for name, h in series.items() if counts[name]
         for b in bins),
        default=0.0,
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(title)}">',
        f'<text x="{left}" y="16" font-size="13">{escape(title)}</text>',
    ]
    base = height - bottom
    if peak == 0:
        parts.append(
            f'<text x="{left + plot_w / 2:.1f}" y="{base - plot_h / 2:.1f}" font-size="12" '
            'text-anchor="middle" fill="#555">no such games in this study</text>'
        )
    else:
        step = _share_step(peak)
        top_share = step * math.ceil(peak / step - 1e-9)
        for k in range(round(top_share / step) + 1):
            y = base - plot_h * k * step / top_share
            parts.append(
                f'<line x1="{left}" y1="{y:.1f}" x2="{width - 10}" y2="{y:.1f}" stroke="#ddd"/>'
                f'<text x="{left - 4}" y="{y + 4:.1f}" font-size="10" text-anchor="end">'
                f"{round(100 * k * step)}%</text>"
            )
        slot = plot_w / len(bins)
        bar = slot * 0.8 / max(1, len(series))
        for i, b in enumerate(bins):
            x0 = left + i * slot + slot * 0.1
            for j, (name, h) in enumerate(series.items()):
                games = h.get(str(b), 0)
                bar_h = plot_h * (games / counts[name] if counts[name] else 0) / top_share
                parts.append(
                    f'<rect x="{x0 + j * bar:.1f}" y="{base - bar_h:.1f}" width="{bar:.1f}" '
                    f'height="{bar_h:.1f}" fill="{_COLOURS.get(name, "#777")}">'
                    f"<title>{name}, {b}: {games} of {counts[name]} games</title></rect>"
                )
            parts.append(
                f'<text x="{left + i * slot + slot / 2:.1f}" y="{base + 14}" font-size="10" '
                f'text-anchor="middle">{b}</text>'
            )
    parts.append(
        f'<line x1="{left}" y1="{base}" x2="{width - 10}" y2="{base}" stroke="#000"/>'
    )
    x = left
    for name in series:
        parts.append(
            f'<rect x="{x}" y="{height - 12}" width="10" height="10" '
            f'fill="{_COLOURS.get(name, "#777")}"/>'
            f'<text x="{x + 14}" y="{height - 3}" font-size="11">{name} ({counts[name]:,})</text>'
        )
        x += 130
    parts.append("</svg>")
    return "".join(parts)


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
            f"<tr><td>{name}</td><td>{escape(_rate_text(p['wins']))}</td>"
            f"<td>{_record(p['longest_won'])}</td><td>{_record(p['longest_lost'])}</td>"
            f"<td>{_most_spaces(p)}</td></tr>"
        )
    seq_bins = _bins([players[n]["sequences_won"] for n in STUDY_PLAYERS]
                     + [players[n]["sequences_lost"] for n in STUDY_PLAYERS])
    space_bins = _bins([players[n]["end_spaces_won"] for n in STUDY_PLAYERS])
    charts = [
        win_chart(players, {"inventor: 1 in 8": 1 / 8, "inventor: 1 in 5": 1 / 5}),
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
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;"
        "padding:.3em .5em;vertical-align:top;text-align:left}svg{display:block;"
        "margin:1em 0;max-width:100%;height:auto}.wide{overflow-x:auto}"
        "tr+tr>th:first-child{font-weight:normal}"
        # On a phone each figure is a block of its own, the reason under it in full
        # width: five columns left it a word a line.
        "@media (max-width:40em){.stack table,.stack tbody,.stack tr,.stack td,.stack th"
        "{display:block}.stack tr:first-child{display:none}.stack tr{border:1px solid #bbb;"
        "margin:.8em 0;padding:.3em .5em}.stack td,.stack th{border:none;padding:.15em 0}"
        ".stack tr>th:first-child{font-weight:bold}.stack td:empty{display:none}"
        ".stack td[data-label]::before{content:attr(data-label) \": \";font-style:italic}}"
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
        "<h2>Players</h2>\n<div class=\"wide\"><table>\n<tr><th>player</th><th>wins</th>"
        "<th>longest won game</th><th>longest lost game</th>"
        "<th>most spaces at the end of a win</th></tr>\n"
        + "\n".join(player_rows)
        + "\n</table></div>\n<p>beginner: the hasty player's sequence every time; expert: the line "
        "with the most spaces every time; strong: chooses among a sequence's end positions "
        "by sampled orders of the unseen cards; perfect: knows the stock's order.</p>\n"
        "<h2>Charts</h2>\n" + "\n".join(charts) + "\n</body>\n</html>\n"
    )
