from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import CORPUS
from elsewhere import python_elsewhere

from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.solver import best_line
from puzzlegen.catscradle.views.board import BLACK, board_diagram
from puzzlegen.catscradle.views.svg import board_svg
from puzzlegen.cli import main
from puzzlegen.diagram import Group, Pip

NS = {"svg": "http://www.w3.org/2000/svg", "xlink": "http://www.w3.org/1999/xlink"}
WORKED = Position.parse("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S")
MIDGAME = Position.parse("8D -- 2C 7S/6D 8H/7C 5S/4H 6H/5C 4C 6C 9S 4D 3S 8C 10C JC QC")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_structure_of_a_position() -> None:
    root = parse(board_svg(MIDGAME))
    assert root.get("viewBox")
    assert root.find("svg:title", NS) is not None
    assert root.find("svg:desc", NS).text == str(MIDGAME)  # type: ignore[union-attr]
    assert len(classes(root, "cell")) == 16
    assert len(classes(root, "space")) == 2  # the cell group and its outline
    cards = classes(root, "card")
    assert len(cards) == sum(len(s) for s in MIDGAME.cells)
    assert len(classes(root, "top")) == 15
    assert {c.get("class").split()[1] for c in cards} == {"red", "black"}  # type: ignore[union-attr]
    assert "rank-7 suit-S" in " ".join(c.get("class") or "" for c in cards)


def test_pips_are_shared_paths_never_text() -> None:
    root = parse(board_svg(WORKED))
    defs = root.find("svg:defs", NS)
    assert defs is not None
    assert sorted(p.get("id") or "" for p in defs) == ["pip-C", "pip-D", "pip-H", "pip-S"]
    uses = root.findall(".//svg:use", NS)
    assert len(uses) == 32  # a corner pip and a large pip on each of 16 top cards
    assert all((u.get(f"{{{NS['xlink']}}}href") or "").startswith("#pip-") for u in uses)
    for text in root.iter(f"{{{NS['svg']}}}text"):
        assert not set(text.text or "") & set("♠♥♦♣")


def test_no_external_resources() -> None:
    svg = board_svg(WORKED, arrows=best_line(WORKED).moves, lines=True, coordinates=True)
    root = parse(svg)
    for element in root.iter():
        for name, value in element.attrib.items():
            if name.endswith("href"):
                assert value.startswith("#"), value
    assert "<image" not in svg and "@import" not in svg and "url(" not in svg


def test_options() -> None:
    line = best_line(WORKED)
    root = parse(board_svg(WORKED, arrows=line.moves, lines=True, coordinates=True, size=500))
    assert root.get("width") == "500"
    assert len(classes(root, "arrow")) == len(line.moves)
    assert [e.text for e in classes(root, "number")] == [
        str(n) for n in range(1, len(line.moves) + 1)
    ]
    assert len(classes(root, "line")) == 18
    assert len(classes(root, "col-label")) == 4 and len(classes(root, "row-label")) == 4


def test_mono_red_pips_are_hollow() -> None:
    root = parse(board_svg(WORKED, mono=True))
    for card in classes(root, "card"):
        red = "red" in (card.get("class") or "").split()
        for pip in card.findall("svg:use", NS):
            if red:
                assert pip.get("fill") == "#ffffff" and pip.get("stroke") == BLACK
            else:
                assert pip.get("fill") == BLACK and pip.get("stroke") is None
    colours = parse(board_svg(WORKED))
    red_fills = {p.get("fill") for c in classes(colours, "red") for p in c.findall("svg:use", NS)}
    assert red_fills == {"#c0182b"}


def test_tall_stacks_fan_every_card() -> None:
    tall = Position.parse(
        "QH/JS/10H/9S/8D/7S/6D 4D/3C 5D JD 5C QC 6C 7C/6H 3D 2C 7D JH AC 2H KH KC"
    )
    root = parse(board_svg(tall))
    ranks = [e.text for e in classes(root, "rank")]
    assert ranks[:7] == ["Q", "J", "10", "9", "8", "7", "6"]


def test_same_input_same_bytes() -> None:
    # The second drawing in another interpreter, hash seed and locale.
    texts = [str(p) for p in (WORKED, MIDGAME, *CORPUS[::25])]
    options = [{}, {"mono": True, "lines": True, "coordinates": True, "size": 333.5}]
    here = [board_svg(Position.parse(t), **o) for t in texts for o in options]  # type: ignore[arg-type]
    code = (
        "import json; from puzzlegen.catscradle.position import Position; "
        "from puzzlegen.catscradle.views.svg import board_svg; "
        f"print(json.dumps([board_svg(Position.parse(t), **o) for t in {texts!r} "
        f"for o in {options!r}]))"
    )
    assert json.loads(python_elsewhere(code)) == here


def _pips(item: object) -> int:
    if isinstance(item, Pip):
        return 1
    if isinstance(item, Group):
        return sum(_pips(child) for child in item.items)
    return 0


def test_svg_draws_every_pip_of_the_model() -> None:
    diagram = board_diagram(MIDGAME, arrows=best_line(MIDGAME).moves)
    root = parse(board_svg(MIDGAME, arrows=best_line(MIDGAME).moves))
    assert len(root.findall(".//svg:use", NS)) == sum(_pips(g) for g in diagram.items)


def test_svg_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deep" / "a.svg"
    status = main(["svg", str(WORKED), "--solution", "--mono", "-o", str(out)])
    assert status == 0
    root = parse(out.read_text())
    assert len(classes(root, "arrow")) == len(best_line(WORKED).moves)
    assert main(["svg", *str(WORKED).split()]) == 0
    assert capsys.readouterr().out.startswith("<svg")
    assert main(["svg", "JC 9S", "-o", str(tmp_path / "bad.svg")]) == 1
    assert not (tmp_path / "bad.svg").exists()


def test_a_short_arrows_badge_sits_beside_it_not_on_it(tmp_path: Path) -> None:
    """The worked example's third move (4♦'s transfer to its neighbour 4♥) is short:
    a badge at its middle hid it."""
    import math
    import re

    from puzzlegen.catscradle.views.board import BADGE_R

    path = tmp_path / "s.svg"
    assert main(["svg", "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S", "--solution",
                 "-o", str(path)]) == 0
    svg = path.read_text()
    arrows = re.findall(
        r'<g class="arrow move-(\d+)[^"]*">.*?d="M([\d.]+) ([\d.]+) Q([\d.]+) ([\d.]+) '
        r'([\d.]+) ([\d.]+)".*?<text class="number"[^>]* x="([\d.]+)" y="([\d.]+)"',
        svg,
    )
    assert len(arrows) == 7
    short = 0
    for _, *numbers in arrows:
        x0, y0, cx, cy, x1, y1, bx, by = map(float, numbers)
        if math.dist((x0, y0), (x1, y1)) >= 6 * BADGE_R:
            continue
        short += 1
        middle = (0.25 * x0 + 0.5 * cx + 0.25 * x1, 0.25 * y0 + 0.5 * cy + 0.25 * y1)
        assert math.dist(middle, (bx, by - 3.2)) >= BADGE_R  # the text sits 3.2 below centre
    assert short >= 1
