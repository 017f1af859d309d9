"""A prepare choice told in words and drawn, in the manner of the seed's hint 8.

The answer names the ending that keeps the game winnable with the stock as
it lies, by the moves that reach it, then what the cards dealt next do after
it and after the best of the others, and then what a player who does not
know the stock's order can weigh: after how many of the sampled orders of
the cards still to come each ending can still be won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.prepare import Choice, Ending, line_to
from puzzlegen.catscradle.views.prose import moves_text, number_word, spaces_phrase

if TYPE_CHECKING:
    from puzzlegen.catscradle.preparepuzzle import PreparePuzzle
    from puzzlegen.diagram import Diagram


def _reached(choice: Choice, ending: Ending) -> str:
    text = moves_text(line_to(choice, ending))
    return text or "no move at all"


def _cards(cards: Sequence[Card]) -> str:
    names = [c.symbol() for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def question(choice: Choice) -> str:
    """The puzzle's question."""
    if choice.kind == "equal":
        return (
            f"Several endings of this sequence make {spaces_phrase(choice.most)}. "
            "Which of them keeps the game winnable?"
        )
    return (
        f"This sequence can make {spaces_phrase(choice.most)}, yet stopping short is better "
        "here. Which ending keeps the game winnable, and why fewer?"
    )


def goal(puzzle: PreparePuzzle) -> str:
    """What the puzzle asks, as a phrase for a book's puzzle page (``game.goal``)."""
    most = spaces_phrase(puzzle.choice.most)
    if puzzle.question == "equal":
        return f"of the endings with {most}, find one that keeps the game winnable"
    return f"find the ending that keeps the game winnable: not one with {most}"


def next_deal(choice: Choice, ending: Ending) -> tuple[tuple[Card, ...], int | None]:
    """The cards dealt into the ending's spaces, and the spaces the next sequence can then
    make (None: the stock is used up, the game won)."""
    from puzzlegen.catscradle.solver import best_line

    filled, left = ending.final.fill(choice.stock)
    dealt = choice.stock[: len(choice.stock) - len(left)]
    if not left:
        return dealt, None
    return dealt, best_line(filled).spaces - filled.spaces


def _rivals(choice: Choice) -> list[Ending]:
    """The endings the answer is weighed against: those with the most spaces that lose."""
    return [e for e in choice.endings if e.created == choice.most and not e.wins]


def _best(choice: Choice) -> Ending:
    winners = [e for e in choice.endings if e.wins]
    if choice.kind == "equal":
        winners = [e for e in winners if e.created == choice.most]
    return max(winners, key=lambda e: (e.chance, e.created))


def answer(choice: Choice) -> str:
    """The answer, with the chances when :func:`prepare.with_chances` gave them."""
    best = _best(choice)
    rivals = _rivals(choice)
    if choice.kind == "equal":
        said = (
            f"Play this line: {_reached(choice, best)}. Of the endings with "
            f"{spaces_phrase(choice.most)}, this one keeps the game winnable with the stock as "
            f"it lies, where {number_word(len(rivals))} other"
            f"{' does' if len(rivals) == 1 else 's do'} not."
        )
    else:
        said = (
            f"Play this line: {_reached(choice, best)}, and stop at {spaces_phrase(best.created)}: "
            f"every ending with {spaces_phrase(choice.most)} loses with the stock as it lies, "
            "while this one prepares for the cards still to come."
        )
    rival = max(rivals, key=lambda e: e.chance) if rivals else None
    if rival is not None:
        dealt, made = next_deal(choice, best)
        rival_dealt, rival_made = next_deal(choice, rival)
        if made is None:
            last = "last cards" if len(dealt) != 1 else "last card"
            said += f" Its spaces take the stock's {last}, {_cards(dealt)}: the game is won."
        elif rival_made is not None and made > rival_made:
            said += (
                f" Dealt {_cards(dealt)}, the next sequence can make "
                f"{spaces_phrase(made)} after it; after "
                f"{'the other' if len(rivals) == 1 else 'the likeliest other'} ending, "
                + (
                    "with the same cards"
                    if rival_dealt == dealt
                    else f"dealt {_cards(rival_dealt)}"
                )
                + f", only {spaces_phrase(rival_made)}"
                f"{', and the game is lost' if rival_made == 0 else ''}."
            )
        else:
            next_cards = (
                f"The next cards, {_cards(dealt)}, do not"
                if len(dealt) != 1
                else f"The next card, {_cards(dealt)}, does not"
            )
            said += (
                f" {next_cards} yet show the difference: it comes "
                "in a later sequence, as the rest of the stock turns up."
            )
    if choice.samples and rival is not None:
        n = choice.samples
        said += (
            f" Not knowing the stock's order, a player can still weigh them: of {number_word(n)} "
            f"orders of the {number_word(len(choice.stock))} cards still to come, drawn at "
            f"random, the game can be won in {number_word(best.chance)} of them with this "
            f"ending and in {number_word(rival.chance)} with the best of the others"
            + (
                "."
                if best.chance > rival.chance
                # A tie (7 and 7) was said not to favour it, as if the other ending led.
                else ": the odds are even, and only the order of the stock decides."
                if best.chance == rival.chance
                else ": the odds do not favour it, only the order of the stock does."
            )
        )
    return said


def hints(puzzle: PreparePuzzle) -> tuple[str, str]:
    """A book's two hints: what the question turns on, then the first card to move."""
    from puzzlegen.catscradle.board import SIZE

    first = puzzle.best.moves[0]
    row, col = divmod(first.src, SIZE)
    return ("prepare" if puzzle.question == "equal" else "fewer"), (
        f"{first.card.symbol()} r{row + 1} c{col + 1}"
    )


#: What a book adds to the how-to-play when a chapter holds prepare puzzles.
BOOK_NOTES = (
    "Puzzles that ask you to keep the game winnable come from whole games. In the full "
    "game, the other thirty-six cards wait face down in the stock. A sequence of play "
    "goes on until no series of moves could make another space; then each space is "
    "filled with the next card of the stock, left to right and top to bottom, and the "
    "next sequence begins. The game is won when the stock is used up, and lost when a "
    "sequence makes no space.",
    "Such a puzzle shows the start of a sequence and, below it, the stock in its order, "
    "next card first. Some ways of ending the sequence keep the game winnable and some do "
    "not. Either several endings make the most spaces and you must find one that can still "
    "win, or no ending with the most spaces can win and you must find the ending with "
    "fewer that does. The answer says why, and how the two endings fare over orders of "
    "the stock drawn at random: what a player who could not see the stock might weigh.",
    "These puzzles are graded by four players: one who simply makes the most spaces "
    "(Easy), one who deals the next cards as shown and looks one sequence ahead "
    "(Medium), one who weighs the endings over random orders of the cards to come (Hard), "
    "and, when none of them finds it, only reading the whole stock does (Expert).",
)


# -- drawings ------------------------------------------------------------------------

#: The stock's cards below the board: their size, the room a rank takes, the gaps.
STOCK_TEXT = 9.0
STOCK_PIP = 7.0
STOCK_GAP = 3.5
STOCK_ROW = 12.0


def _rank_width(card: Card) -> float:
    """The room a stock card's rank takes: its width in the bold face the books and the
    pages draw it in, and a hair before the suit (a fixed 7 pt left a gap after a
    narrow J and ran a wide 10 into its suit)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from puzzlegen.render.pdf import FONT_BOLD, register_fonts

    register_fonts()
    return float(stringWidth(card.rank_name, FONT_BOLD, STOCK_TEXT)) + 0.8


def _stock_rows(stock: Sequence[Card], width: float) -> list[list[Card]]:
    """The stock's cards in lines as text runs in ``width``, the last two kept together:
    a lone card on the last line (a 10♥ below four full lines) read as a stray."""
    rows: list[list[Card]] = [[]]
    x = 0.0
    for card in stock:
        room = _rank_width(card) + STOCK_PIP
        if rows[-1] and x + room > width:
            rows.append([])
            x = 0.0
        rows[-1].append(card)
        x += room + STOCK_GAP
    if len(rows) > 1 and len(rows[-1]) == 1 and len(rows[-2]) > 2:
        rows[-1].insert(0, rows[-2].pop())
    return rows  # one empty line for an empty stock, as the drawing always had


def with_stock(board: Diagram, stock: Sequence[Card], *, mono: bool = False) -> Diagram:
    """``board`` with the stock below it, in order, top card first, as a line of text runs."""
    from puzzlegen.catscradle.views.board import MARGIN, _card_colours
    from puzzlegen.diagram import Diagram, Group, Pip, Text

    items: list[Text | Pip] = [
        Text(MARGIN, board.height + STOCK_TEXT, "The stock, next card first:", STOCK_TEXT)
    ]
    top = board.height + STOCK_TEXT + 4
    y = top
    for row in _stock_rows(stock, board.width - 2 * MARGIN):
        x = MARGIN
        for card in row:
            fill, stroke, ink = _card_colours(card, mono)
            items.append(
                Text(x, y + STOCK_TEXT, card.rank_name, STOCK_TEXT, fill=ink, bold=True, css="rank")
            )
            items.append(
                Pip(
                    card.suit.value,
                    x + _rank_width(card),
                    y + 1.5,
                    STOCK_PIP,
                    fill,
                    stroke,
                    0.8 if stroke else 0,
                )
            )
            x += _rank_width(card) + STOCK_PIP + STOCK_GAP
        y += STOCK_ROW
    height = y + 2
    desc = board.desc + " ; stock: " + " ".join(str(c) for c in stock)
    return Diagram(
        board.width,
        height,
        board.title,
        desc,
        (*board.items, Group("stock", tuple(items), title="the stock, next card first")),
    )


def prepare_diagram(
    puzzle: PreparePuzzle, *, solution: bool = False, mono: bool = False, title: str = ""
) -> Diagram:
    """The start of the sequence with the stock below; ``solution``: the answer's moves on it."""
    from puzzlegen.catscradle.views.board import board_diagram

    arrows = puzzle.best.moves if solution else ()
    board = board_diagram(puzzle.position, arrows=arrows, mono=mono, title=title or None)
    return with_stock(board, puzzle.stock, mono=mono)


def solution_figures(
    puzzle: PreparePuzzle, *, mono: bool = False
) -> list[list[tuple[Diagram, str]]]:
    """The answer's moves on the board, and its ending with the cards dealt into it."""
    from puzzlegen.catscradle.views.board import board_diagram, final_diagram

    line = puzzle.best
    dealt, _ = next_deal(puzzle.choice, puzzle.answers[0])
    return [
        [
            (
                board_diagram(puzzle.position, arrows=line.moves, mono=mono),
                "The moves in order; dashed: a transfer.",
            ),
            (
                final_diagram(puzzle.position, line.final, mono=mono, small=True),
                f"The ending: {spaces_phrase(puzzle.par)} (shaded), then dealt {_cards(dealt)}.",
            ),
        ]
    ]
