"""Preflight's memory on a long book: pages closed as read, against keeping them open.

Makes an 828-page 6x9 PDF (the paperback maximum) whose pages carry as much
as a dense answer page (forty lines of 8.8 pt text, a grid of strokes), then
runs ``preflight`` on it in a fresh child process twice: as it is (each
pdfplumber page closed once read) and with ``Page.close`` made a no-op (the
old behaviour, the baseline).  Prints each child's peak RSS, CPU and wall
time, and the machine's load.

    python benchmarks/bench_preflight_memory.py [--pages 828]
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = """
import sys, time, resource
import pdfplumber.page
from pathlib import Path
from puzzlegen.render.preflight import preflight
if sys.argv[2] == "open":
    pdfplumber.page.Page.close = lambda self: None
t, c = time.time(), time.process_time()
report = preflight(Path(sys.argv[1]))
print(report.pages, report.ok, round(time.time() - t, 1), round(time.process_time() - c, 1),
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def make(pages: int) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    from puzzlegen.render.pdf import FONT, register_fonts

    register_fonts()
    w, h = 6 * 72.0, 9 * 72.0
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(w, h), invariant=1, initialFontName=FONT)
    for number in range(1, pages + 1):
        canvas.setFont(FONT, 8.8)
        for line in range(40):
            canvas.drawString(72, h - 72 - 11.5 * line, f"{number}.{line} 10♥ on J♣, 7♣ on 8♥ " * 2)
        canvas.setLineWidth(1)
        for i in range(16):
            canvas.rect(80 + (i % 4) * 30, 90 + (i // 4) * 36, 26, 32)
        canvas.drawRightString(w - 40, 40, str(number))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=828)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f} (1 min), {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.pdf"
        t = time.time()
        path.write_bytes(make(args.pages))
        print(
            f"made {args.pages} pages, {path.stat().st_size // 1024} KiB, {time.time() - t:.1f} s"
        )
        for mode in ("closed", "open"):
            out = subprocess.run(
                [sys.executable, "-c", CHILD, str(path), mode],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            pages, ok, wall, cpu, rss = out
            label = "pages closed as read" if mode == "closed" else "pages kept open (baseline)"
            print(
                f"{label:28} {pages} pages, passes={ok}: peak RSS {rss} MB, "
                f"CPU {cpu} s, wall {wall} s"
            )


if __name__ == "__main__":
    main()
