"""The annotated-games chapter of a book (``book --games N``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from puzzlegen.catscradle.gameplayers import play_game
from puzzlegen.catscradle.views.bookgames import choose_games
from puzzlegen.cli import main
from puzzlegen.render.preflight import preflight


def test_a_book_with_annotated_games_passes_preflight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "book.pdf"
    assert main(["book", "--count", "4", "--games", "2", "--seed", "g", "-o", str(path)]) == 0
    assert f"Wrote {path}: 4 puzzles and 2 whole games, " in capsys.readouterr().out
    assert preflight(path.read_bytes()).ok
    pages = [p.extract_text() for p in PdfReader(path).pages]
    # The title page counts the games too (it said only "4 puzzles with solutions").
    assert "4 puzzles with solutions, and 2 annotated games" in " ".join(pages[0].split())
    contents = pages[2]
    assert "Annotated games" in contents
    chapter = [i for i, t in enumerate(pages) if t.startswith("Annotated games")]
    assert chapter, "the chapter's pages carry its running head"
    text = "\n".join(pages[chapter[0] :])
    assert "'" not in text and '"' not in text, "quotes and apostrophes are set curly"
    for number, (_, deal, game) in enumerate(choose_games(2, "g"), 1):
        assert f"Game {number}: won in" in text
        assert "The game turns at sequence" in text
        # Every card of the stock is dealt, and told, once.
        assert [c for n in game.notes for c in n.dealt] == list(deal.stock)
    # The games depend on the seed alone.
    assert [(n, str(d)) for n, d, _ in choose_games(2, "g")] == [
        (n, str(d)) for n, d, _ in choose_games(2, "g")
    ]


def test_the_games_are_the_strong_players_wins() -> None:
    for name, deal, game in choose_games(1, "book"):
        record = play_game(deal, "strong", seed=name)
        assert record.won and game.won
        assert [n.line.moves for n in game.notes] == [t.line.moves for t in record.turns]


def test_games_need_cats_cradle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["book", "--game", "pendulum", "--count", "4", "--games", "1"]
    assert main([*args, "-o", str(tmp_path / "b.pdf")]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--games" in err and "Cat's Cradle" in err
    assert not (tmp_path / "b.pdf").exists()


def test_one_card_still_to_come_is_said_in_the_singular() -> None:
    notes = [note.text for _, _, game in choose_games(6, "book") for note in game.notes]
    assert any("The one card still to come would find" in text for text in notes)
    assert not any("the one cards" in text.lower() for text in notes)


def test_a_one_swing_hint_is_singular() -> None:
    from types import SimpleNamespace

    from puzzlegen.pendulum.puzzle import CHOOSE
    from puzzlegen.pendulum.views.prose import first_step_hint

    for par, said in ((1, "quickest: one swing"), (3, "quickest: three swings")):
        puzzle = SimpleNamespace(kind=CHOOSE, best=SimpleNamespace(par=par))
        assert first_step_hint(puzzle) == said


def test_a_figure_too_tall_for_the_page_waits_while_the_game_goes_on(tmp_path: Path) -> None:
    # Game 1 of this book turns at its first sequence, whose figure will not fit below
    # the chapter's opening words: the sequences after it fill that page, and the
    # figure heads the next.  It used to leave most of the page empty above the figure.
    path = tmp_path / "book.pdf"
    assert main(["book", "--count", "24", "--games", "3", "-o", str(path)]) == 0
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(path).pages]
    turn = next(i for i, t in enumerate(pages) if "The game turns at sequence 1" in t)
    assert "Game 1: won in 14 sequences" in pages[turn] and " 6. " in pages[turn]
    # The ending's caption counts in words, as the text beside it does ("6 new spaces").
    endings = re.findall(r"Its ending: (\S+) new spaces?\.", " ".join(pages))
    assert len(endings) == 3 and all(word.isalpha() for word in endings), endings
    # Away from its game's words, the figure's caption names the game.
    caption = "Game 1, sequence 1: the moves in order"
    assert caption not in pages[turn] and caption in pages[turn + 1]
    assert "Game 2:" not in pages[turn + 1], "each game still begins a page"
    # The index begins a page of this book: its heading, no running head above it.
    index = next(t for t in pages if t.startswith("Index of techniques"))
    assert index.count("Index of techniques") == 1
