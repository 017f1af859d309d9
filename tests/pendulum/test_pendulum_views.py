"""Pendulum's board diagrams and prose."""

from __future__ import annotations

import functools

from reportlab.pdfbase.pdfmetrics import stringWidth

from puzzlegen.cards import Card
from puzzlegen.diagram import Diagram, Group, Rect, Text
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.methods import Method
from puzzlegen.pendulum.position import Deal, Move, Position
from puzzlegen.pendulum.solver import MethodResult
from puzzlegen.pendulum.views.board import (
    CAPTION_LEAD,
    MARGIN,
    RED,
    board_diagram,
    caption_lines,
)
from puzzlegen.pendulum.views.prose import line_sentences, line_text, method_phrase, wins_caption
from puzzlegen.render.pdf import FONT, register_fonts


@functools.cache
def win_puzzle() -> pp.Puzzle:
    puzzle = pp.make_puzzle(pp.WIN_IN_PAR, "book-3")
    assert puzzle is not None
    return puzzle


def groups(item: Diagram | Group) -> list[Group]:
    found: list[Group] = []
    for child in item.items:
        if isinstance(child, Group):
            found.append(child)
            found.extend(groups(child))
    return found


def cards_of(diagram: Diagram) -> list[Group]:
    return [g for g in groups(diagram) if g.css.startswith("card ")]


def colours(item: Diagram | Group) -> set[str]:
    out: set[str] = set()
    for child in item.items:
        if isinstance(child, Group):
            out |= colours(child)
        else:
            out |= {v for v in (getattr(child, "fill", None), getattr(child, "stroke", None)) if v}
    return out


def test_start_shows_four_foundations_and_48_cards_with_corners_marked() -> None:
    diagram = board_diagram(Deal.from_seed(1).start("up-3"))
    assert len(cards_of(diagram)) == 48 + 4
    corners = [g for g in groups(diagram) if "corner" in g.css.split()]
    assert [g.title for g in corners] == ["(0,0)", "(0,7)"]
    assert diagram.desc.startswith("up-3 |")
    assert RED in colours(diagram)
    mono = colours(board_diagram(Deal.from_seed(1).start("up-3"), mono=True))
    # Black and white: every colour a grey (the corners' gold frame was left in colour).
    assert RED not in mono and all(c[1:3] == c[3:5] == c[5:7] for c in mono), mono


def test_piles_fan_so_every_card_shows() -> None:
    puzzle = win_puzzle()
    position = puzzle.deal.start(puzzle.results[0].method)
    tallest = position
    for after in position.replay(puzzle.results[0].moves):
        if max(map(len, after.cells)) > max(map(len, tallest.cells)):
            tallest = after
    height = max(map(len, tallest.cells))
    assert height >= 2
    diagram = board_diagram(tallest)
    cell = next(g for g in groups(diagram) if g.css.startswith("cell")
                and len([c for c in g.items if isinstance(c, Group)]) == height)
    faces = [next(i for i in c.items if isinstance(i, Rect)) for c in cell.items
             if isinstance(c, Group)]
    ys = [f.y for f in faces]
    assert ys == sorted(ys) and len(set(ys)) == height  # each card lower than the one under
    assert diagram.height > board_diagram(position).height


def test_prose_groups_outs_and_names_the_swings() -> None:
    puzzle = win_puzzle()
    result = puzzle.results[0]
    start = puzzle.deal.start(result.method)
    sentences = line_sentences(start, result.moves)
    swings = [m for m in result.moves if m.kind == "swing"]
    assert sum(s.startswith("Swing to the") for s in sentences) == len(swings)
    assert sentences.count(f"Swing to the {swings[0].side}.") >= 1
    outs = sum(1 for m in result.moves if m.kind == "out")
    assert sum(s.endswith(" out.") for s in sentences) < outs  # runs share a sentence
    text = line_text(start, result)
    assert text.startswith(method_phrase(str(result.method)).capitalize())


def test_prose_of_a_pack_and_a_run_out() -> None:
    # up-1: the 2 and 3 of clubs lie exposed at the foot of columns 0 and 1.
    deal = Deal.from_seed(1)
    cards = list(deal.cards)
    two, three = Card.parse("2C"), Card.parse("3C")
    i, j = cards.index(two), cards.index(three)
    cards[i], cards[40] = cards[40], cards[i]
    j = cards.index(three)
    cards[j], cards[41] = cards[41], cards[j]
    start = Position.parse(str(Deal(tuple(cards)).start("up-1")))
    moves = [Move.out(two), Move.out(three)]
    assert line_sentences(start, moves) == ["The two and three of clubs go out."]
    assert method_phrase("down-2") == "building down by twos"


def caption_of(diagram: Diagram) -> list[Text]:
    group = next(g for g in groups(diagram) if g.css == "caption")
    return [t for t in group.items if isinstance(t, Text)]


def test_a_long_answer_caption_is_wrapped_inside_the_board() -> None:
    start = Deal.from_seed(7).start("up-1")
    results = [MethodResult(Method.parse(m), True, 12) for m in
               ("up-1", "up-4", "up-5", "down-2", "down-3", "down-6")]
    caption = wins_caption(results)
    assert caption.startswith("Wins: up-1 in twelve swings, up-4 in twelve swings")
    bare = board_diagram(start)
    one = board_diagram(start, caption="Wins: up-2 in three swings.")
    wrapped = board_diagram(start, caption=caption)
    lines = caption_of(wrapped)
    assert len(caption_of(one)) == 1 and len(lines) >= 3
    assert " ".join(t.text for t in lines) == caption  # every word, in order
    register_fonts()
    for text in lines:  # each line ends inside the right margin...
        assert text.x + stringWidth(text.text, FONT, text.size) <= wrapped.width - MARGIN
    # ...and the board grows to hold them all below the layout.
    assert wrapped.height - one.height == (len(lines) - 1) * CAPTION_LEAD
    assert one.height > bare.height and lines[-1].y < wrapped.height - MARGIN
    assert caption_lines("Wins: up-1 in five swings.", 30.0)[0] == "Wins:"


def test_a_bare_deal_is_drawn_under_no_method() -> None:
    from puzzlegen.pendulum.views.svg import position_svg

    deal = Deal.from_seed(7)
    svg = position_svg(str(deal))
    assert "Which methods win?" in svg and "up-1" not in svg
    assert f"<desc>{deal}</desc>" in svg
    # A position names its method: it keeps its heading.
    assert "down-3: A " in position_svg(str(deal.start("down-3")))


def test_the_rules_text_puts_the_foundations_where_the_board_draws_them() -> None:
    from puzzlegen.pendulum.plugin import PENDULUM
    from puzzlegen.pendulum.views.board import FOUNDATION_COLS

    text = " ".join(PENDULUM.rules_text())
    assert "two set at the left of the table and two at the right" in text
    assert "the foundations stand above the layout, two at each side" in text
    # Drawn so: two in the two leftmost columns, two in the two rightmost.
    assert FOUNDATION_COLS == (0, 1, 6, 7)
    diagram = board_diagram(Deal.from_seed(1).start("up-1"))
    homes = next(g for g in groups(diagram) if g.css == "foundations")
    xs = sorted(card.items[0].x for card in homes.items
                if isinstance(card, Group) and isinstance(card.items[0], Rect))
    quarter = diagram.width / 4
    assert len(xs) == 4 and xs[1] < quarter and xs[2] > diagram.width - quarter
