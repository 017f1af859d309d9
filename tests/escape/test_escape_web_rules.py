"""The daily page's Escape rules (templates/escape/board.js) equal Python's.

The page's script runs under Node.  On positions along seeded games (random
and greedy play), the contract's diagrams and small endgames, its legal
placements must be exactly ``Position.placements()`` in the same order, and
its blank spaces, main group, result, position text and the players' measure
(``evaluate``) the same; moves near the squares, legal or not, must be refused
by both with the same words; its exact solver must name the same winner as
Python's; and a stored puzzle's answer must replay through it to the asked win.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from escape_helpers import c2, c5, random_game

from puzzlegen.escape.cards import CARDS
from puzzlegen.escape.players import evaluate, play_game
from puzzlegen.escape.position import Move, Position, cell
from puzzlegen.escape.solver import Solver, Unknown
from puzzlegen.render.templating import template_dir
from puzzlegen.rng import SeededStream

sys.path.insert(0, str(Path(__file__).parents[1]))
import node

BOARD_JS = template_dir() / "escape" / "board.js"
#: Daily puzzles as `daily --game escape` wrote them (tests/data/escape_daily.jsonl).
DAYS = Path(__file__).parents[1] / "data" / "escape_daily.jsonl"

# Each input line is a JSON request; each output line its JSON answer.
HARNESS = """
const R = require(process.argv[1]);
const cells = (set) => Array.from(set).sort((a, b) => a - b).map(R.cell);
const out = require("fs").readFileSync(0, "utf8").split("\\n").filter(Boolean).map((line) => {
  const q = JSON.parse(line);
  if (q.pos !== undefined) {
    const p = R.parsePosition(q.pos);
    return {text: R.positionText(p), placements: R.placements(p).map(R.moveText),
      legal: R.legalMoves(p).map(R.moveText), gaps: cells(R.gaps(p)),
      main: cells(R.mainGroup(p)), outcome: R.outcome(p), evaluate: R.evaluate(p),
      why: (q.moves || []).map((m) => R.whyIllegal(p, R.parseMove(m)))};
  }
  if (q.after !== undefined) {
    const p = R.parsePosition(q.after);
    return {after: q.moves.map((m) => R.positionText(R.play(p, R.parseMove(m))))};
  }
  if (q.solve !== undefined) {
    const p = R.parsePosition(q.solve);
    try {
      const winner = R.makeSolver(q.budget, 0).winner(p);
      const m = R.chooseMove(p, "exact", {budget: q.budget});
      return {winner: winner, move: m ? R.moveText(m) : null};
    } catch (e) {
      if (e instanceof R.Unknown) return {winner: null};
      throw e;
    }
  }
  let p = R.parsePosition(q.replay);
  const played = [];
  while (R.outcome(p) === null) {
    const m = p.toMove === q.side ? q.line[played.length] !== undefined &&
      played.every((x, i) => x === q.line[i]) ? R.parseMove(q.line[played.length])
      : R.chooseMove(p, "exact", {}) : R.chooseMove(p, "exact",
      {line: q.line.map(R.parseMove), played: played.map(R.parseMove)});
    const why = R.whyIllegal(p, m);
    if (why !== null) return {refused: why};
    played.push(R.moveText(m));
    p = R.apply(p, m);
  }
  return {outcome: R.outcome(p), played: played};
});
process.stdout.write(out.map((x) => JSON.stringify(x)).join("\\n") + "\\n");
"""


def ask(requests: list[dict[str, Any]]) -> list[Any]:
    return node.ask(HARNESS, BOARD_JS, requests)


def positions() -> list[Position]:
    """Positions along random and greedy games, the contract's diagrams, small endgames."""
    found: list[Position] = [c2(), c2("black"), c5(), c5(black="B7 B9", to_move="black"),
                             c5(white="", black="B8", to_move="black")]
    for seed in range(24):
        found += random_game(seed, 40)
    for seed in range(1):
        moves, end = play_game("greedy", "greedy", seed)
        found.append(end)
        position = Position.start()
        for move in moves:
            position = position.apply(move)
            found.append(position)
    return found


def probes(position: Position, stream: SeededStream) -> list[str]:
    """Some moves near the squares, most of them illegal: every card of both hands,
    each turn, on cells around a gap or a square."""
    cells = sorted(cell(k) for k in position.gaps | position.black)
    if not cells:
        return ["pass"]
    out = ["pass"]
    for card in position.white_hand + position.black_hand:
        for turns in range(4):
            r, c = cells[stream.below(len(cells))]
            out.append(str(Move(card, turns, (r - stream.below(3), c - stream.below(3)))))
    return out


def test_page_rules_equal_python_rules() -> None:
    cases = positions()
    assert len(cases) >= 450
    stream = SeededStream("escape-web-test", 1)
    tried = [probes(p, stream) for p in cases]
    answers = ask([{"pos": str(p), "moves": moves} for p, moves in zip(cases, tried, strict=True)])
    reasons: set[str] = set()
    ends: set[str] = set()
    for position, moves, answer in zip(cases, tried, answers, strict=True):
        text = str(position)
        assert answer["text"] == text
        assert answer["placements"] == [str(m) for m in position.placements()], text
        assert answer["legal"] == [str(m) for m in position.legal_moves()], text
        assert answer["gaps"] == [list(cell(k)) for k in sorted(position.gaps)], text
        assert answer["main"] == [list(cell(k)) for k in sorted(position.main_group)], text
        outcome = position.outcome
        assert answer["outcome"] == (list(outcome) if outcome else None), text
        if outcome:
            ends.add(outcome[1])
        assert answer["evaluate"] == evaluate(position), text
        for move, why in zip(moves, answer["why"], strict=True):
            assert why == position.why_illegal(Move.parse(move)), (text, move)
            if why:
                reasons.add(why.split(" ")[0])
    # The refusals and ends the page must word, each met at least once.
    assert {"square", "the", "no", "pass"} <= reasons | {"pass"}, reasons
    assert len(ends) >= 2, ends
    assert len({CARDS[m.card].face for p in cases for m in p.placements()}) == 9


def test_page_plays_identical_cards_as_python_does() -> None:
    # §7: W1 and W2 are the same card.  The page's rules took the card named from
    # the hand, so playing W2 (or B3) left W1 (B1) there; like Python's, they now
    # take the lowest identical card held, and every name of a move gives one position.
    cases: list[tuple[Position, list[str], list[str]]] = []
    for position in [Position.start(), c2(white="W1 W2 W3"), c2("black", black="B1 B2 B3"),
                     *random_game(3, 6)]:
        named, want = [], []
        for move in position.placements()[:12]:
            after = str(position.play(move))
            for twin in position.hand(position.to_move):
                if CARDS[twin].face == CARDS[move.card].face:
                    named.append(str(Move(twin, move.turns, move.at)))
                    want.append(after)
        cases.append((position, named, want))
    assert sum(len(n) for _, n, _ in cases) > sum(len(p.placements()[:12]) for p, _, _ in cases)
    answers = ask([{"after": str(p), "moves": named} for p, named, _ in cases])
    for (position, named, want), answer in zip(cases, answers, strict=True):
        assert answer["after"] == want, (str(position), named)


def small_positions() -> list[Position]:
    """Positions the exact solver decides quickly: the pinned days' puzzles and every
    position along their answers, and the seed's worked ending (ESCAPE.md C5)."""
    found = [c5(), c5(white="W1"), c5(white="W1", black=""), c5(black="B7 B9", to_move="black")]
    for line in DAYS.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        position = Position.parse(data["position"])
        found.append(position)
        for move in data["answer"][:-1]:
            position = position.play(Move.parse(move))
            found.append(position)
    return [p for p in found if p.outcome is None]


def test_page_solver_names_pythons_winner() -> None:
    cases = small_positions()
    assert len(cases) >= 12
    expected: list[str | None] = []
    for position in cases:
        try:
            expected.append(Solver(budget=5_000).winner(position))
        except Unknown:
            expected.append(None)
    answers = ask([{"solve": str(p), "budget": 100_000} for p in cases])
    decided = 0
    for position, want, answer in zip(cases, expected, answers, strict=True):
        if want is None or answer["winner"] is None:
            continue
        decided += 1
        assert answer["winner"] == want, str(position)
        if want == position.to_move:  # the page's choice must keep the win
            child = position.play(Move.parse(answer["move"]))
            assert Solver(budget=5_000).winner(child) == want, (str(position), answer["move"])
    assert decided >= 12


def test_stored_answers_replay_to_the_asked_win_in_the_page() -> None:
    days = [json.loads(line) for line in DAYS.read_text(encoding="utf-8").splitlines()]
    assert len(days) >= 5  # the weekdays of a week; its weekend (capture) days were not reached
    side = {"escape": "white", "capture": "black"}
    answers = ask([{"replay": d["position"], "line": d["answer"], "side": side[d["kind"]]}
                   for d in days])
    for day, answer in zip(days, answers, strict=True):
        assert answer.get("refused") is None, day["date"]
        assert answer["outcome"][0] == side[day["kind"]], day["date"]
        assert answer["played"] == day["answer"], day["date"]
