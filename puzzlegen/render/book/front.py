"""Front matter: the title and copyright pages, the contents, and each game's how-to-play."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from puzzlegen.games import Game
from puzzlegen.render.book.flowables import _FigureRow, _Marker
from puzzlegen.render.book.model import BookGame, BookOptions, Figure
from puzzlegen.render.book.setting import Setting
from puzzlegen.render.pdf import FONT


def title_pages(setting: Setting, title: str, total: int, games: list[Game]) -> list[Any]:
    """The title page (no folio) and the copyright page after it."""
    styles, options = setting.styles, setting.options
    return [
        _Marker("bare", 0),
        Spacer(1, setting.frame_h * 0.22),
        Paragraph(escape(title), styles["title"]),
        Paragraph(escape(f"{total} puzzles with solutions"), styles["subtitle"]),
        Spacer(1, 8),
        *[Paragraph(escape(_origin(g)), styles["subtitle"]) for g in games],
        Spacer(1, 30),
        *([Paragraph(escape(options.author), styles["subtitle"])] if options.author else []),
        PageBreak(),
        _Marker("bare", 1),
        Spacer(1, setting.frame_h * 0.45),
        *_copyright(options, title, games, styles),
    ]


def contents_page(setting: Setting, lines: list[tuple[str, str]]) -> list[Any]:
    """The contents: each (label, section key) with the page the last pass found it on."""
    styles = setting.styles
    rows = [
        [
            Paragraph(escape(label), styles["toc"]),
            Paragraph(str(setting.known.get(("section", key), "")), styles["toc_page"]),
        ]
        for label, key in lines
    ]
    table = Table(rows, colWidths=[setting.frame_w - 50, 50], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return [
        PageBreak(),
        _Marker("head", "Contents"),
        Paragraph("Contents", styles["h1"]),
        table,
    ]


def how_to_play_pages(setting: Setting, game: Game, rules: list[str | list[Figure]]) -> list[Any]:
    """A game's how-to-play, each figure row kept with the paragraph that introduces it."""
    styles = setting.styles
    story: list[Any] = [
        PageBreak(),
        _Marker("section", f"how:{game.title}"),
        _Marker("head", f"How to play {game.title}"),
        Paragraph(escape(f"How to play {game.title}"), styles["h1"]),
    ]
    pending: list[Any] = []
    for rule in rules:
        if isinstance(rule, str):
            if pending:
                story.append(KeepTogether(pending))
            pending = [Paragraph(escape(rule), styles["body"])]
        else:
            pending.append(_FigureRow(rule, setting.colour, styles))
            pending.append(Spacer(1, 8))
            story.append(KeepTogether(pending))
            pending = []
    if pending:
        story.append(KeepTogether(pending))
    return story


def _how_to_play(game: Game, mono: bool) -> list[str | list[Figure]]:
    if isinstance(game, BookGame):
        return game.how_to_play(mono=mono)
    diagram, caption = game.rules_diagram(mono=mono)
    return [*game.rules_text(), [(diagram, caption)]]


def _known(game: Game) -> bool:
    """Whether the game's inventor is known by name (Pendulum's is not)."""
    return game.inventor.strip().lower() not in ("", "anonymous", "unknown")


def _origin(game: Game) -> str:
    """The title page's line on where the game comes from."""
    return f"{game.title} was invented by {game.inventor}" if _known(game) else game.credit


def _copyright(
    options: BookOptions, title: str, games: list[Game], styles: dict[str, ParagraphStyle]
) -> list[Any]:
    lines = [f"<b>{escape(title)}</b>"]
    if options.edition:
        lines.append(escape(options.edition))
    lines.append(
        escape(f"© {options.year} {options.author}" if options.author else f"© {options.year}")
    )
    if options.publisher:
        lines.append(escape(f"Published by {options.publisher}"))
    if options.isbn:
        lines.append(escape(f"ISBN {options.isbn}"))
    result = [Paragraph("<br/>".join(lines), styles["small"]), Spacer(1, 10)]
    for game in games:
        credit = f"{game.credit}. This book credits the inventor." if _known(game) else game.credit
        result.append(Paragraph(escape(credit), styles["small"]))
        result.append(Paragraph(escape(game.making_of), styles["small"]))
    return result
