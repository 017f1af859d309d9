"""Annotated games: a chapter of whole games of Cat's Cradle, from the deal to the end.

Like the game collections of chess books: each game is one the strong
player (:mod:`puzzlegen.catscradle.gameplayers`: it sees the layout and the
cards dealt so far, and knows which cards are still to come but not their
order) won, on a deal dealt from the book's seed.  The first layout is
drawn; each sequence is told in the manner of the playing hints
(:mod:`puzzlegen.catscradle.views.annotate`); where the game turns, the
sequence's moves are drawn on its start with its ending beside.

``book --games N`` adds the chapter after the puzzle chapters; the games
depend on the seed alone (``--seed``, else "book"), never on a catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Paragraph, Spacer

from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.views.annotate import AnnotatedGame, annotate
from puzzlegen.render.book.flowables import _FigureRow, _Marker
from puzzlegen.render.book.model import Figure
from puzzlegen.render.book.setting import Setting

#: Deals tried per game asked for before giving up (the strong player wins about one in four).
TRIES_PER_GAME = 40

INTRO = (
    "These games show the patience played whole, from the first layout until the stock "
    "is used up. The player is the strongest of this project's players who cannot see "
    "the stock: it knows the layout, the cards dealt so far, and which cards are still "
    "to come, but not their order, just as you do at the table. Where a sequence has "
    "several endings it weighs them by how often the game goes on to be won when the "
    "cards still to come are shuffled many times. Each sequence is told with its moves, "
    "the reason for its ending where one stands out, what it leaves blocked and the "
    "cards dealt into its spaces; a diagram shows the sequence where the game turns."
)


@dataclass(frozen=True)
class GameStory:
    """One annotated game with its diagrams, ready to lay out."""

    number: int
    seed: str
    game: AnnotatedGame
    layout: Figure
    turning: list[Figure]


def choose_games(count: int, seed: str) -> list[tuple[str, Deal, AnnotatedGame]]:
    """``count`` games the strong player wins, on the deals of seeds ``SEED-game-0``, ...

    Deterministic: the strong player is seeded by the deal's seed.
    """
    from puzzlegen.catscradle.gameplayers import play_game

    chosen: list[tuple[str, Deal, AnnotatedGame]] = []
    for index in range(count * TRIES_PER_GAME):
        if len(chosen) == count:
            break
        name = f"{seed}-game-{index}"
        deal = Deal.from_seed(name)
        record = play_game(deal, "strong", seed=name)
        if record.won:
            chosen.append((name, deal, annotate(deal, record.turns)))
    if len(chosen) < count:  # pragma: no cover - would need 40 losses a game in a row
        raise ValueError(f"only {len(chosen)} won games among the deals tried")
    return chosen


def prepare_games(count: int, seed: str, *, mono: bool) -> list[GameStory]:
    """The stories of :func:`choose_games`, with their diagrams drawn once for every pass."""
    from puzzlegen.catscradle.views.board import board_diagram, final_diagram

    stories = []
    for number, (name, deal, game) in enumerate(choose_games(count, seed), 1):
        note = game.notes[game.turning]
        turning: list[Figure] = [
            (
                board_diagram(note.line.position, arrows=note.line.moves, mono=mono),
                f"Sequence {note.number}: the moves in order.",
            ),
            (
                final_diagram(note.line.position, note.line.final, mono=mono, small=True),
                f"Its ending: {note.created} new space{'s' if note.created != 1 else ''}.",
            ),
        ]
        stories.append(
            GameStory(
                number,
                name,
                game,
                (board_diagram(deal.layout, mono=mono), "The first layout."),
                turning,
            )
        )
    return stories


def games_pages(setting: Setting, stories: list[GameStory]) -> list[Any]:
    """The chapter: its heading and introduction, then each game from a new page."""
    styles = setting.styles
    story: list[Any] = [
        PageBreak(),
        _Marker("section", "games"),
        _Marker("head", "Annotated games"),
        Paragraph("Annotated games", styles["h1"]),
        Paragraph(escape(INTRO), styles["body"]),
    ]
    for told in stories:
        game = told.game
        if told.number > 1:
            story.append(PageBreak())
        stock = " ".join(c.symbol() for c in game.deal.stock)
        # When the game turns at once, its diagram shows the first layout already.
        layout = (
            []
            if game.turning == 0
            else [
                _FigureRow([told.layout], setting.colour, styles, max_scale=0.8),
                Spacer(1, 4),
            ]
        )
        story.append(
            KeepTogether(
                [
                    Paragraph(
                        escape(f"Game {told.number}: {game.summary[:-1].lower()}"),
                        styles["h2"],
                    ),
                    *layout,
                    Paragraph(
                        escape(f"The stock, from its top card (face down in play): {stock}."),
                        styles["small"],
                    ),
                ]
            )
        )
        for index, note in enumerate(game.notes):
            paragraph = Paragraph(f"<b>{note.number}.</b> " + escape(note.text), styles["body"])
            if index == game.turning:
                if index:
                    story.append(CondPageBreak(setting.frame_h * 0.45))
                story.append(
                    KeepTogether(
                        [
                            Paragraph(
                                escape(f"The game turns at sequence {note.number}. {game.why}"),
                                styles["told_head"],
                            ),
                            paragraph,
                            _FigureRow(told.turning, setting.colour, styles, shrink=True),
                            Spacer(1, 6),
                        ]
                    )
                )
            else:
                story.append(paragraph)
        story.append(Paragraph(escape(game.summary), styles["solution_head"]))
    return story
