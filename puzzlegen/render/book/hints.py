"""Hint pages: graded hints, in rounds, between the puzzles and the answers.

The first round names the technique each answer needs, the second its first
move; the answers are the third.  Each round is a table of short entries,
three to a row on a small trim, so a hundred puzzles' hints take a page or two.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.platypus import CondPageBreak, PageBreak, Spacer, Table, TableStyle

from puzzlegen.render.book.flowables import _chapter_heading, _Marker, _Prose
from puzzlegen.render.book.setting import Setting
from puzzlegen.render.pdf import FONT

#: The rounds, in order: (heading, which of a game's two hints).
ROUNDS = (("First round: the technique", 0), ("Second round: the first move", 1))


#: Entries to a row in each round: the techniques are words, the first moves short.
COLUMNS = (3, 4)


def hint_pages(
    setting: Setting,
    chapters: list[tuple[str, list[tuple[int, tuple[str, str]]], tuple[str, str]]],
) -> list[Any]:
    """The hint pages: for each round, each chapter's (title, hints, key) in turn."""
    chapters = [c for c in chapters if c[1]]
    if not chapters:
        return []
    styles = setting.styles
    story: list[Any] = [
        PageBreak(),
        _Marker("section", "hints"),
        *_chapter_heading("Hints", styles),
        _Prose(
            escape(
                "Stuck? Read only as far as you need: the first round names the technique "
                "a puzzle needs, the second its first move, and the solutions give the rest."
            ),
            styles["small"],
        ),
    ]
    for (heading, which), columns in zip(ROUNDS, COLUMNS, strict=True):
        # A heading never ends a page: it needs room for a few rows below it.
        story += [CondPageBreak(60), Spacer(1, 4), _Prose(escape(heading), styles["round"])]
        for index, (title, hints, keys) in enumerate(chapters):
            key = f"{title}: {keys[which]}" if len(chapters) > 1 else keys[which]
            if index:
                # A game's hints after another's: a gap, not set hard against its rows.
                story.append(Spacer(1, 8))
            if key:
                story.append(_Prose(escape(key[:1].upper() + key[1:] + "."), styles["small"]))
            story.append(_table(setting, hints, which, columns))
    return story


def _table(
    setting: Setting, hints: list[tuple[int, tuple[str, str]]], which: int, columns: int
) -> Table:
    styles = setting.styles
    width = setting.frame_w / columns
    cells = [
        _Prose(f"<b>{number}</b>  {escape(pair[which])}", styles["hint"])
        for number, pair in hints
    ]
    rows = [cells[i : i + columns] for i in range(0, len(cells), columns)]
    rows[-1] += [_Prose("", styles["hint"])] * (columns - len(rows[-1]))
    table = Table(rows, colWidths=[width] * columns, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table
