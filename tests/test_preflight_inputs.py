"""Preflight on odd files and for each printer: refusals before parsing, sources, profiles."""

from __future__ import annotations

import io
import os
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest
from test_preflight import make_pdf

from puzzlegen.cli import main
from puzzlegen.render.pdf import FONT
from puzzlegen.render.preflight import (
    INCH,
    PRINTERS,
    PreflightError,
    check_inflation,
    preflight,
)


def zero_pages() -> bytes:
    from pypdf import PdfWriter

    buffer = io.BytesIO()
    PdfWriter().write(buffer)
    return buffer.getvalue()


def bomb(inflated: int) -> bytes:
    """A small PDF whose one stream inflates to ``inflated`` bytes of zeros."""
    packed = zlib.compressobj(9)
    body = b"".join(packed.compress(b"\0" * (1 << 20)) for _ in range(inflated >> 20))
    body += packed.flush()
    return (
        b"%PDF-1.4\n1 0 obj << /Length " + str(len(body)).encode() + b" /Filter /FlateDecode >>\n"
        b"stream\n" + body + b"\nendstream\nendobj\ntrailer << >>\n%%EOF\n"
    )


def test_a_pdf_with_no_pages_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(PreflightError, match="no pages"):
        preflight(zero_pages())
    path = tmp_path / "empty.pdf"
    path.write_bytes(zero_pages())
    assert main(["preflight", str(path)]) != 0
    err = capsys.readouterr().err
    assert "has no pages" in err and "Traceback" not in err and err.count("\n") == 1


def test_a_compression_bomb_is_refused_before_it_inflates(tmp_path: Path) -> None:
    small = bomb(64 << 20)
    assert len(small) < 200_000
    assert check_inflation(small, limit=128 << 20) == 64 << 20
    with pytest.raises(PreflightError, match="compression bomb"):
        check_inflation(small, limit=16 << 20)
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(PreflightError):
        check_inflation(bomb(160 << 20), limit=128 << 20)  # a chunk at a time
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 64  # the bomb itself is ~160 KB; its zeros are never held


def test_a_fifo_is_refused_not_read_forever(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "book.pdf"
    os.mkfifo(fifo)
    done = threading.Event()

    def run() -> None:
        main(["preflight", str(fifo)])
        done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert done.wait(10), "preflight hung on a FIFO"
    assert "not a regular file" in capsys.readouterr().err


def test_pypdf_log_lines_never_come_before_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A good PDF whose cross-reference offsets are wrong: pypdf repairs it, and logs that.
    data = make_pdf().replace(b"startxref\n", b"startxref\n1")
    path = tmp_path / "damaged.pdf"
    path.write_bytes(data)
    main(["preflight", str(path)])
    captured = capsys.readouterr()
    assert "pypdf" not in captured.err and "incorrect startxref" not in captured.err.lower()


def test_each_printer_has_its_own_safe_area_and_every_rule_a_source() -> None:
    def folio_at(canvas: Any, number: int, x0: float) -> None:
        canvas.setFont(FONT, 9)
        canvas.drawString(x0 + 3 * INCH, 0.4 * INCH, str(number))

    data = make_pdf(draw=folio_at, cmyk=True)  # IngramSpark takes no RGB
    kdp = preflight(data, printer="kdp")
    assert kdp.ok, kdp.failures
    ingram = preflight(data, printer="ingramspark")
    assert not ingram.ok
    assert [c.rule for c in ingram.failures] == ["ink ≥ 0.5 in from trim (outside, top, bottom)"]
    assert "ingramspark.com" in ingram.failures[0].source
    for report in (kdp, ingram):
        assert all(check.source for check in report.checks)
    assert set(PRINTERS) == {"kdp", "ingramspark"}


def test_the_table_cites_its_sources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "good.pdf"
    path.write_bytes(make_pdf(cmyk=True))
    assert main(["preflight", str(path), "--printer", "ingramspark"]) == 0
    out = capsys.readouterr().out
    assert "for IngramSpark" in out and "[1] " in out and "ingramspark.com" in out


def test_ingramspark_refuses_rgb_whatever_colour_is_promised() -> None:
    # Its source says "CMYK or grayscale, no RGB"; an RGB file passed unless --color was given.
    rgb, cmyk = make_pdf(), make_pdf(cmyk=True)
    assert preflight(rgb, printer="kdp").ok
    refused = preflight(rgb, printer="ingramspark")
    assert [c.rule for c in refused.failures] == ["colour spaces (IngramSpark: no RGB)"]
    assert refused.failures[0].where.startswith("pages 1, 2")
    assert preflight(cmyk, printer="ingramspark").ok


def test_names_are_printed_as_they_are_not_as_markup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # rich read '[bold]' in a file name as markup, and '[/x]' as a broken tag (a traceback).
    for name in ("[bold]good.pdf", "c[/x].pdf"):
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(make_pdf())
        assert main(["preflight", str(path)]) == 0
        assert f"Preflight of {path.name} for KDP" in capsys.readouterr().out


@pytest.mark.parametrize("data", [b"\x89PNG\r\n\x1a\n" + bytes(64), b"abc", b""])
def test_a_file_that_is_not_a_pdf_is_said_to_be_one(
    data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cover.png"
    path.write_bytes(data)
    assert main(["preflight", str(path)]) == 1
    assert capsys.readouterr().err == (
        f"puzzlegen: error: {str(path)!r} is not a PDF (it has no %PDF- header)\n"
    )


def test_a_damaged_pdf_is_one_clear_line_never_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bytes changed inside a good file: pdfminer and pypdf fail part way, each in its
    own way (a bad Ascii85 digit, a number where a dictionary belongs)."""
    from puzzlegen.rng import SeededStream

    good = make_pdf(pages=2)
    i = good.find(b"stream", good.find(b"ASCII85Decode")) + 7
    one_byte = good[: i + 5] + b"~" + good[i + 6 :]
    damaged = [one_byte]
    for seed in range(12):
        stream, changed = SeededStream("damage", seed), bytearray(good)
        for _ in range(20):
            changed[200 + stream.below(len(changed) - 200)] = stream.below(256)
        damaged.append(bytes(changed))
    refused = 0
    for n, data in enumerate(damaged):
        path = tmp_path / f"damaged-{n}.pdf"
        path.write_bytes(data)
        status = main(["preflight", str(path)])
        err = capsys.readouterr().err
        assert "Traceback" not in err and err.count("\n") <= 1, (n, err)
        if status != 0 and "cannot read" in err:
            refused += 1
            assert len(err.split(" as a PDF: ", 1)[1].strip()) <= 100, err  # short, not a dump
    assert refused >= 3, refused


def test_a_flate_stream_damaged_past_its_first_megabyte_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The inflation check read on after its first megabyte unguarded: zlib's
    # "incorrect data check" came out as a traceback.
    body = bytearray(zlib.compress(bytes(range(256)) * 8192))  # 2 MB inflated
    body[len(body) // 2] ^= 0xFF
    data = (
        b"%PDF-1.4\n1 0 obj << /Length " + str(len(body)).encode() + b" /Filter /FlateDecode >>\n"
        b"stream\n" + bytes(body) + b"\nendstream\nendobj\ntrailer << >>\n%%EOF\n"
    )
    path = tmp_path / "torn.pdf"
    path.write_bytes(data)
    assert main(["preflight", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1 and "torn.pdf" in err, err


def test_a_bug_in_preflight_itself_is_not_called_damage(monkeypatch: pytest.MonkeyPatch) -> None:
    # Python's AttributeError is taken as damage only from the readers' code or about
    # one of pypdf's objects; preflight's own mistakes must still show as mistakes.
    def broken(*_args: object) -> None:
        raise AttributeError("'NoneType' object has no attribute 'x0'")

    monkeypatch.setattr("puzzlegen.render.preflight._ink", broken)
    with pytest.raises(AttributeError, match="NoneType"):
        preflight(make_pdf(pages=1))
