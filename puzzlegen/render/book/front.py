"""Front matter: the title and copyright pages, the contents, and each game's how-to-play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from puzzlegen.games import Game
from puzzlegen.render.book.flowables import _chapter_heading, _FigureRow, _Float, _Marker, _Prose
from puzzlegen.render.book.model import BookGame, BookOptions, Figure
from puzzlegen.render.book.setting import Setting
from puzzlegen.render.pdf import FONT
from puzzlegen.textio import counted


def title_pages(
    setting: Setting, title: str, total: int, games: list[Game], annotated: int = 0
) -> list[Any]:
    """The title page (no folio) and the copyright page after it; ``annotated`` is the
    number of annotated whole games the book tells."""
    styles, options = setting.styles, setting.options
    title_page = [
        _Prose(escape(title), styles["title"]),
        _Prose(escape(_with_solutions(total, annotated)), styles["subtitle"]),
        Spacer(1, 8),
        *[_Prose(_no_runt(escape(_origin(g))), styles["subtitle"]) for g in games],
        Spacer(1, 30),
        *([_Prose(escape(options.author), styles["subtitle"])] if options.author else []),
    ]
    return [
        _Marker("bare", 0),
        *_one_page(setting, 0.22, title_page),
        PageBreak(),
        _Marker("bare", 1),
        *_one_page(setting, 0.45, _copyright(options, title, games, styles)),
    ]


def _with_solutions(total: int, annotated: int = 0) -> str:
    """The title page's count: "24 puzzles with solutions", "1 puzzle with its solution",
    "24 puzzles with solutions, and 3 annotated games" (the games were left unsaid)."""
    said = f"{counted(total, 'puzzle')} with {'its solution' if total == 1 else 'solutions'}"
    if annotated:
        said += f", and {counted(annotated, 'annotated game')}"
    return said


def _one_page(setting: Setting, drop: float, body: list[Flowable]) -> list[Flowable]:
    """``body`` lowered by ``drop`` of the page, and kept on it whatever its length.

    A long title (or publisher, or edition) takes the room of the drop first,
    then is set smaller: a front page that ran over would put the copyright
    page on a right-hand page and the contents on a left-hand one.
    """
    width, height = setting.frame_w, setting.frame_h
    need = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in body)
    top = max(0.0, min(height * drop, height - need))
    return [Spacer(1, top), KeepInFrame(width, height - top, body, mode="shrink")]


def contents_page(setting: Setting, lines: list[tuple[str, str]]) -> list[Any]:
    """The contents: each (label, section key) with the page the last pass found it on."""
    styles = setting.styles
    rows = [
        [
            _Prose(escape(label), styles["toc"]),
            _Prose(str(setting.known.get(("section", key), "")), styles["toc_page"]),
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
        *_chapter_heading("Contents", styles),
        table,
    ]


def how_to_play_pages(setting: Setting, game: Game, rules: list[str | list[Figure]]) -> list[Any]:
    """A game's how-to-play: the words flow page to page; each figure row comes after
    the paragraph introducing it, where it fits (shrunk, never below legible), else at
    the top of the next page while the words after it fill the page (:class:`_Float`)."""
    styles = setting.styles
    story: list[Any] = [
        PageBreak(),
        _Marker("section", f"how:{game.title}"),
        *_chapter_heading(f"How to play {game.title}", styles),
    ]
    index = 0
    while index < len(rules):
        rule = rules[index]
        index += 1
        if isinstance(rule, str):
            story.append(_Prose(escape(rule), styles["body"]))
            continue
        figure = [_FigureRow(rule, setting.colour, styles, shrink=True), Spacer(1, 8)]
        following: list[Any] = []
        while index < len(rules) and isinstance(rules[index], str):
            following.append(_Prose(escape(str(rules[index])), styles["body"]))
            index += 1
        story.append(_Float(figure, following))
    return story


def _how_to_play(game: Game, mono: bool, kinds: Sequence[str] = ()) -> list[str | list[Figure]]:
    if isinstance(game, BookGame):
        return game.how_to_play(mono=mono, kinds=kinds)
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
    result = [_Prose("<br/>".join(lines), styles["small"]), Spacer(1, 10)]
    for game in games:
        credit = _sentence(game.credit)
        if _known(game) and len(games) == 1:
            credit += " This book credits the inventor."
        result.append(_Prose(escape(credit), styles["small"]))
        result.append(_Prose(escape(game.making_of), styles["small"]))
    # Once for the book, naming the games: after each game's credit, "This book credits
    # the inventor." stood twice in a book of Cat's Cradle and Escape.
    if len(games) > 1 and (credited := _credited(games)):
        result.append(_Prose(escape(credited), styles["small"]))
    result.append(_Prose("Every word of this book was written by puzzlegen.", styles["small"]))
    return result


def _credited(games: list[Game]) -> str:
    """The imprint's one sentence crediting the inventors of a book of several games
    ("" if none is known: Pendulum's credit says its author is not known)."""
    titles = list(dict.fromkeys(g.title for g in games if _known(g)))
    if not titles:
        return ""
    if len(titles) == 1:
        return f"This book credits the inventor of {titles[0]}."
    return f"This book credits the inventors of {', '.join(titles[:-1])} and {titles[-1]}."


def _no_runt(markup: str) -> str:
    """``markup`` with its last two words held together (a no-break space): a centred
    line wrapped to one short word ("known") alone below it."""
    head, _, last = markup.rpartition(" ")
    return f"{head}&nbsp;{last}" if head else markup


def _sentence(text: str) -> str:
    """``text`` ending in a full stop (a game's credit is a sentence without one)."""
    return text if text.endswith((".", "!", "?")) else text + "."
