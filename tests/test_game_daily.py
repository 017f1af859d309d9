"""The whole game of the day: chosen by date alone, certified by replay, written as pages.

``daily --kind game`` picks, for each date, the first of the date's seeded
deals that the certifier wins, and stores the winning line with it; every
pinned day's deal must stay the same for ever and its line must replay to a
win under the rules (:func:`puzzlegen.catscradle.gameday.replay`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

import pytest

from puzzlegen.catscradle.gameday import game_day, replay
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.views import gamepages
from puzzlegen.cli import main

DATA = Path(__file__).parent / "data" / "game_days.txt"


def pinned() -> list[tuple[str, str, str, int, str]]:
    """(date, seed, deal id, sequences, digest of the day's JSON) of each pinned day."""
    rows = []
    for line in DATA.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        date, seed, deal_id, sequences, digest = (part.strip() for part in line.split("|"))
        rows.append((date, seed, deal_id, int(sequences), digest))
    return rows


def test_pinned_days_keep_their_deal_and_their_line_wins() -> None:
    rows = pinned()
    assert len(rows) >= 10
    for date, seed, deal_id, sequences, digest in rows:
        day = game_day(dt.date.fromisoformat(date))
        assert (day.seed, day.id, len(day.line)) == (seed, deal_id, sequences), date
        # Everything the page holds (the line, the strong player's hints) stays the same:
        # a change of the solver or the strong player must not change a published day.
        text = json.dumps(day.to_json(), sort_keys=True).encode()
        assert hashlib.sha256(text).hexdigest()[:16] == digest, date
        # The stored line, read back from JSON, replays to a win.
        data = json.loads(json.dumps(day.to_json()))
        deal = Deal.parse(" ".join(data["deal"]))
        position, line = deal.layout, []
        for seq in data["line"]:
            moves = []
            for m in seq["moves"]:
                src, dst = (4 * m[k][0] + m[k][1] for k in ("from", "to"))
                move, position = position.apply_cells(src, dst)
                assert (str(move.card), str(move.onto)) == (m["card"], m["onto"])
                moves.append(move)
            dealt = [c for c in deal.cards if str(c) in seq["dealt"]]
            dealt.sort(key=lambda c: seq["dealt"].index(str(c)))
            line.append((moves, dealt))
            position, _ = position.fill(dealt)
        assert [p.spaces for p in replay(deal, line)] == [s["spaces"] for s in data["line"]]


def test_replay_names_the_first_fault() -> None:
    day = game_day(dt.date(2026, 11, 23))
    line = [(list(s.moves), list(s.dealt)) for s in day.line]
    assert len(replay(day.deal, line)) == len(line)
    with pytest.raises(ValueError, match="still in the stock"):
        replay(day.deal, line[:-1])
    with pytest.raises(ValueError, match="sequence 1 creates no space"):
        replay(day.deal, [([], [])])
    short = [(line[0][0][:-1], line[0][1]), *line[1:]]
    with pytest.raises(ValueError, match="sequence 1"):
        replay(day.deal, short)
    wrong = [(line[0][0], list(reversed(line[0][1]))), *line[1:]]
    with pytest.raises(ValueError, match="sequence 1 deals"):
        replay(day.deal, wrong)


def test_json_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["daily", "--kind", "game", "--from", "2026-11-23", "--to", "2026-11-24", "--json"])
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert first["kind"] == "whole-game" and first["date"] == "2026-11-23"
    assert len(first["deal"]) == 52 and first["sequences"] == len(first["line"])


def test_text_with_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--kind", "game", "--date", "2026-11-23", "--solution"]) == 0
    out = capsys.readouterr().out
    assert "the whole game" in out and "Sequence 1:" in out and "dealt" in out


def test_pages_and_site(tmp_path: Path) -> None:
    assert (
        main(
            [
                "daily",
                "--kind",
                "game",
                "--from",
                "2026-11-23",
                "--to",
                "2026-11-24",
                "-o",
                str(tmp_path),
            ]
        )
        == 0
    )
    game = tmp_path / "game"
    assert sorted(p.name for p in game.iterdir()) == [
        "2026-11-23",
        "2026-11-24",
        "archive.html",
        "days.js",
        "index.html",
    ]
    for date in ("2026-11-23", "2026-11-24"):
        assert sorted(p.name for p in (game / date).iterdir()) == sorted(gamepages.DAY_FILES)
        page = (game / date / "index.html").read_text()
        assert 'data-page="game-day"' in page and 'id="deal"' in page
        assert "../../assets/cats-cradle-game.js" in page
    for asset in gamepages.SCRIPTS.values():
        assert (tmp_path / "assets" / asset).is_file()
    days = (game / "days.js").read_text()
    assert '"2026-11-23"' in days and '"2026-11-24"' in days
    # A second run writes the same bytes.
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert main(["daily", "--kind", "game", "--date", "2026-11-24", "-o", str(tmp_path)]) == 0
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


def test_the_puzzle_page_asks_for_the_games_list_only_when_the_site_has_one(
    tmp_path: Path,
) -> None:
    assert main(["daily", "--date", "2026-11-23", "-o", str(tmp_path)]) == 0
    page = (tmp_path / "2026-11-23" / "index.html").read_text()
    assert 'id="game-link" hidden' in page and '<script src="../lists.js">' in page
    lists = tmp_path / "lists.js"
    assert lists.read_text() == 'window.SITE_LISTS = ["days.js"];\n'
    # Either kind may come first: each rewrites the site's lists from the disk.
    assert main(["daily", "--kind", "game", "--date", "2026-11-23", "-o", str(tmp_path)]) == 0
    assert lists.read_text() == 'window.SITE_LISTS = ["days.js", "game/days.js"];\n'
    other = tmp_path / "games-first"
    assert main(["daily", "--kind", "game", "--date", "2026-11-23", "-o", str(other)]) == 0
    assert (other / "lists.js").read_text() == 'window.SITE_LISTS = ["game/days.js"];\n'
    game = (other / "game" / "2026-11-23" / "index.html").read_text()
    assert '<script src="../../lists.js">' in game and "../../days.js" not in game


def test_a_run_killed_midway_leaves_whole_dates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = gamepages.write_game_day
    written: list[Path] = []

    def dying(*args: object, **kwargs: object) -> Path:
        if len(written) == 2:
            raise KeyboardInterrupt
        folder = real(*args, **kwargs)  # type: ignore[arg-type]
        written.append(folder)
        return folder

    monkeypatch.setattr(gamepages, "write_game_day", dying)
    args = ["daily", "--kind", "game", "--from", "2026-11-23", "--to", "2026-11-27"]
    assert main([*args, "-o", str(tmp_path)]) == 130
    folders = sorted(p.name for p in (tmp_path / "game").iterdir() if p.is_dir())
    assert folders == ["2026-11-23", "2026-11-24"]  # whole days, no temporaries


def test_a_range_stopped_while_choosing_keeps_and_lists_the_days_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every deal was chosen before any page was written: a stop kept nothing.
    from puzzlegen.catscradle.gamedaily import GameDays

    real = GameDays.choose

    def stopped_on_the_25th(self: GameDays, date: dt.date) -> object:
        if date.day == 25:
            raise KeyboardInterrupt
        return real(self, date)

    monkeypatch.setattr(GameDays, "choose", stopped_on_the_25th)
    args = ["daily", "--kind", "game", "--from", "2026-11-23", "--to", "2026-11-27"]
    assert main([*args, "-o", str(tmp_path)]) == 130
    folders = sorted(p.name for p in (tmp_path / "game").iterdir() if p.is_dir())
    assert folders == ["2026-11-23", "2026-11-24"]
    listed = (tmp_path / "game" / "days.js").read_text()
    assert '"2026-11-23"' in listed and '"2026-11-24"' in listed


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--date", "2026-02-30"], "2026-02-30"),
        (["--date", "someday"], "someday"),
        (["--from", "2026-11-24", "--to", "2026-11-23"], "before"),
        (["--date", "2026-11-23", "--game", "pendulum"], "pendulum"),
        (["--date", "2026-11-23", "--db", "x.sqlite"], "--db"),
        (["--date", "10000-01-01"], "10000-01-01"),
    ],
)
def test_bad_input_is_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["daily", "--kind", "game", *argv]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err and "Traceback" not in err


def test_an_unwritable_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["daily", "--kind", "game", "--date", "2026-11-23", "-o", str(blocker)]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "file" in err
    assert blocker.read_text() == "x"
