"""A PDF/X-4 book checked by every independent reader this machine has.

No PDF/X validator is installed here (veraPDF is not packaged for Debian or
PyPI; Ghostscript's ``gs`` binary is not installed), so this script builds a
small 6x9 CMYK book for IngramSpark with the system's CMYK output profile
(``book --pdfx``) and reads it back with what there is:

* puzzlegen's own ``preflight`` (pypdf and pdfplumber), every row printed;
* poppler's ``pdfinfo`` (PDF version, metadata stream) and ``pdftoppm``
  (every page must render), when installed;
* ``verapdf --flavour 4`` and ``qpdf --check`` too, if either is on PATH.

It also builds the same book twice and says whether the bytes are equal, and
prints the CPU and wall time of each step and the machine's load.

    python benchmarks/check_pdfx.py [--count 4]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(label: str, run: object) -> object:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()  # type: ignore[operator]
    print(
        f"{label}: {time.perf_counter() - wall:.1f} s wall, "
        f"{time.process_time() - cpu:.1f} s CPU (this process)",
        file=sys.stderr,
    )
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4)
    args = parser.parse_args()

    from puzzlegen.catscradle.plugin import CATS_CRADLE
    from puzzlegen.generator import puzzles_from_seed
    from puzzlegen.render.book import BookOptions, build_book
    from puzzlegen.render.pdfx import ProfileError, default_profile
    from puzzlegen.render.preflight import preflight

    print(f"load: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores", file=sys.stderr)
    try:
        profile = default_profile()
    except ProfileError as exc:
        print(f"check_pdfx: {exc}", file=sys.stderr)
        return 1
    puzzles = puzzles_from_seed(args.count, seed="pdfx", game=CATS_CRADLE)
    options = BookOptions(
        page_size="6x9", bleed=True, color="cmyk", printer="ingramspark", output_intent=str(profile)
    )
    data = timed("book (typeset + preflight)", lambda: build_book(CATS_CRADLE, puzzles, options))
    again = build_book(CATS_CRADLE, puzzles, options, check=False)
    assert isinstance(data, bytes)
    print(f"profile: {profile}")
    print(f"same bytes when built again: {data == again}")
    report = preflight(data, bleed=True, color="cmyk", printer="ingramspark")
    for check in report.checks:
        print(f"  {'ok  ' if check.ok else 'FAIL'} {check.rule}: {check.found}")
    failures = 0 if report.ok else 1
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pdfx.pdf"
        path.write_bytes(data)
        tools = {
            "pdfinfo": ["pdfinfo", str(path)],
            "pdftoppm": ["pdftoppm", "-r", "20", "-png", str(path), str(Path(tmp) / "p")],
            "qpdf": ["qpdf", "--check", str(path)],
            "verapdf": ["verapdf", "--flavour", "4", str(path)],
        }
        for name, argv in tools.items():
            if shutil.which(argv[0]) is None:
                print(f"{name}: not installed")
                continue
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
            lines = [
                line
                for line in done.stdout.splitlines()
                if name != "pdfinfo" or line.split(":")[0] in ("PDF version", "Metadata Stream")
            ]
            print(f"{name}: exit {done.returncode} {' | '.join(lines)[:300]}")
            failures += done.returncode != 0
        pages = len(list(Path(tmp).glob("p-*.png")))
        print(f"pages rendered by pdftoppm: {pages} of {report.pages}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
