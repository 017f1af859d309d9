"""What an Escape book prints beyond the screen views: how to play, answers' figures, hints.

The plugin (:mod:`puzzlegen.escape.plugin`) hands these to the book
(:mod:`puzzlegen.render.book`) through the book's optional protocols:
``BookGame`` (how to play with its figures, an answer's figures),
``PrintedGame`` (the puzzle page's board) and ``HintedGame`` (two rounds
of hints and the technique index).  Every board is a :func:`print_board`
(both hands drawn as cards, the table numbered from the Nothing square).
"""

from __future__ import annotations

from puzzlegen.diagram import Diagram
from puzzlegen.escape import puzzle as ep
from puzzlegen.escape.position import Move, Position
from puzzlegen.escape.views.printboard import card_chart, print_board

Figure = tuple[Diagram, str]

#: Figures of an answer: at most this many positions along the line.
KEY_POSITIONS = 2

#: The how-to-play's worked example of a move: White steps out of the cage's
#: mouth, Black lays a card partly over the cage.
EXAMPLE_MOVES = ("W3@0,1", "B8@-2,0")
#: The seed's worked ending (White closed in with two blank spaces, two
#: one-square cards in hand; Black one card).
ENDING = ("white | W1 W2 | B7 | -2,-2 | "
          "....#####. / .###ooooo# / .#ooo.o.o# / .###ooooo# / ....#####.")

#: Each technique tag: (the index's name, the first hint's words).
TECHNIQUES: dict[str, tuple[str, str]] = {
    "turned": ("Turning the card", "turn the card"),
    "overlap": ("Overlap: Black lays over its own squares", "overlap"),
    "reconnect": ("Rejoining a cut-off square", "rejoin"),
    "squeeze": ("Squeeze: White must fill its own spaces", "squeeze"),
    "stuck": ("Leaving White no place to lay", "no room"),
    "closed-in": ("Counting a closed-in group's spaces", "count"),
}
#: The first hint when no technique is tagged: what the side to move is after.
PLAIN = {ep.ESCAPE: "open room", ep.CAPTURE: "close in"}
HINT_KEY = (
    "turn the card: the winning card is laid turned; overlap: Black's card lies partly on "
    "black squares; rejoin: a cut-off white square joins the main group again; squeeze: "
    "White can only fill its own blank spaces; no room: White is left holding a card it "
    "cannot lay; count: the group is already closed in, so count its spaces against the "
    "cards; open room / close in: no special technique, only the right card in the right place"
)
MOVE_KEY = "the card to lay first and one cell it covers, [row, column] from the Nothing square"


def _move_name(position: Position, move: Move) -> str:
    from puzzlegen.escape.views.prose import move_phrase

    side = position.to_move.capitalize()
    return f"{side} lays {move_phrase(move)}" if not move.is_pass else f"{side} passes"


def how_to_play(*, mono: bool = False) -> list[str | list[Figure]]:
    """The template's paragraphs, each ``[name]`` replaced by its row of figures."""
    from puzzlegen.render.templating import render

    start = Position.start()
    result: list[str | list[Figure]] = []
    for block in render("escape/how_to_play.txt.j2", book=True).split("\n\n"):
        text = " ".join(block.split())
        if not text:
            continue
        if text == "[cards]":
            result.append([(card_chart(mono=mono),
                            "The cards: White's ten and Black's nine, each with its id.")])
        elif text == "[start]":
            result.append([(print_board(start, mono=mono, heading="The start", hands=False),
                            "The Nothing square in the Special card's cage; the ring marks "
                            "White's one blank space.")])
        elif text == "[moves]":
            result.append(_example_moves(mono))
        elif text == "[end]":
            ending = Position.parse(ENDING)
            result.append([(print_board(ending, mono=mono, heading="White to play"),
                            "Two blank spaces, two cards in White's hand: Black wins.")])
        else:
            result.append(text)
    return result


def _example_moves(mono: bool) -> list[Figure]:
    position = Position.start()
    figures: list[Figure] = []
    captions = ("White's domino leaves the cage by its mouth.",
                "Black's diagonal pair lies partly on the cage.")
    for number, (text, caption) in enumerate(zip(EXAMPLE_MOVES, captions, strict=True), 1):
        move = Move.parse(text)
        after = position.apply(move)
        figures.append((print_board(after, mono=mono, last=move, hands=False,
                                    heading=f"{number}. {position.to_move.capitalize()}: "
                                            f"{move.card}"),
                        caption))
        position = after
    return figures


def puzzle_board(puzzle: ep.Puzzle, *, mono: bool = False) -> Diagram:
    """The puzzle page's board under what it asks ("White to play and escape"), both
    hands, the numbered table."""
    asks = {ep.ESCAPE: "White to play and escape", ep.CAPTURE: "Black to play and capture"}
    return print_board(puzzle.position, mono=mono, heading=asks[puzzle.kind],
                       title=f"Escape {puzzle.id}")


def solution_figures(puzzle: ep.Puzzle, *, mono: bool = False) -> list[list[Figure]]:
    """The position after each of the first plays of the answer, the play outlined,
    all at one table size so they read as a series."""
    positions = puzzle.positions
    shown = positions[: KEY_POSITIONS + 1]
    top = min(p.bounds()[0] for p in shown)
    left = min(p.bounds()[1] for p in shown)
    bottom = max(p.bounds()[2] for p in shown)
    right = max(p.bounds()[3] for p in shown)
    size = (bottom - top + 3, right - left + 3)

    def drawn(width: float) -> list[list[Figure]]:
        figures: list[list[Figure]] = []
        for i, move in enumerate(puzzle.line[:KEY_POSITIONS]):
            before, after = positions[i], positions[i + 1]
            caption = f"{i + 1}. {_move_name(before, move)}."
            # Headed by the play it shows: a bare "Black to play" under a "White to
            # play" puzzle read as a contradiction.
            mover = before.to_move.capitalize()
            played = "pass" if move.is_pass else str(move.card)
            now = (f"{after.to_move.capitalize()} to play" if after.outcome is None
                   else f"{after.outcome[0].capitalize()} has won")
            figures.append([(print_board(after, mono=mono, last=move, min_size=size,
                                         min_width=width, heading=f"After {mover}’s {played}: "
                                         f"{now}",
                                         title=f"Escape {puzzle.id} answer"), caption)])
        return figures

    # Drawn twice: the second time all as wide as the widest (hands and headings differ).
    return drawn(max(row[0][0].width for row in drawn(0.0)))


def hints(puzzle: ep.Puzzle) -> tuple[str, str]:
    """The technique the answer needs, in a word or two; then the card and a cell it covers."""
    named = [TECHNIQUES[t][1] for t in puzzle.tags if t in TECHNIQUES]
    first = ", ".join(named) if named else PLAIN[puzzle.kind]
    move = puzzle.answer
    if move.is_pass:
        return first, "pass"
    row, col = sorted(move.squares)[0]
    return first, f"{move.card} [{row},{col}]"


def techniques(puzzle: ep.Puzzle) -> list[str]:
    """The index entries of ``puzzle``: its techniques by name."""
    return [TECHNIQUES[t][0] for t in puzzle.tags if t in TECHNIQUES]


def hint_keys() -> tuple[str, str]:
    return HINT_KEY, MOVE_KEY
