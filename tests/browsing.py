"""What the browser tests share: a page in Debian's chromium driven by Playwright.

The fixtures that hand these out (``browser``, one per test session and xdist
worker; ``page``, a fresh context per test, so localStorage starts empty;
``axe_source``; ``serve``) are in conftest.py.  With CI set, a missing
browser, Playwright or axe-core fails the tests instead of skipping them.

axe-core, the accessibility checker, comes from the npm registry, pinned by
tests/browser/package-lock.json; the first test that needs it runs ``npm ci``
there when tests/browser/node_modules is missing.

With PUZZLEGEN_SHOTS=FOLDER set, the tests save a screenshot of each state
they reach at 320, 390 and 1280 px wide into FOLDER, to be looked at.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, NoReturn

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
BROWSER_PACKAGES = Path(__file__).parent / "browser"
SHOTS = os.environ.get("PUZZLEGEN_SHOTS")


def missing(why: str) -> NoReturn:
    """Skip the test for want of ``why``; under CI, fail it."""
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run: {why}")
    pytest.skip(why)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium (or $PUZZLEGEN_CHROMIUM) under Playwright, closed after."""
    executable = os.environ.get("PUZZLEGEN_CHROMIUM") or shutil.which("chromium")
    if executable is None:
        missing("no chromium (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def axe_script() -> str:
    """axe-core's script, installed by ``npm ci`` from the lock file if need be."""
    script = BROWSER_PACKAGES / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            missing("no npm to install axe-core (apt-get install npm)")
        # One installer at a time (pytest -n runs several workers).
        with open(BROWSER_PACKAGES / ".npm-lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not script.is_file():
                done = subprocess.run(
                    [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                    cwd=BROWSER_PACKAGES,
                    capture_output=True,
                    text=True,
                    timeout=300,
                )
                if done.returncode != 0 or not script.is_file():
                    missing(f"npm ci could not install axe-core: {done.stderr.strip()[-300:]}")
    return script.read_text(encoding="utf-8")


def axe_problems(page: Any, axe: str) -> list[str]:
    """The serious and critical axe-core violations on the page, one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe)
    # preload: false keeps axe from fetching the stylesheets (file:// pages cannot).
    result = page.evaluate("axe.run(document, {preload: false, resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']} {v['help']}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def contrast(a: str, b: str) -> float:
    """WCAG contrast of two CSS rgb()/rgba() colours."""
    import re

    def luminance(colour: str) -> float:
        r, g, b = (int(x) / 255 for x in re.findall(r"[\d.]+", colour)[:3])
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def backdrop(page: Any, selector: str) -> str:
    """The colour the first element ``selector`` finds is seen on: its own background,
    else the nearest ancestor's that is not transparent."""
    return str(page.evaluate(
        """(selector) => {
          for (let el = document.querySelector(selector); el; el = el.parentElement) {
            const colour = getComputedStyle(el).backgroundColor;
            if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") return colour;
          }
          return "rgb(255, 255, 255)";
        }""",
        selector,
    ))


#: The ink of the rules figures (drawn as printed: black on a transparent ground).
FIGURE_INK = "rgb(0, 0, 0)"


def clean_lines(lines: list[list[str]]) -> bool:
    """No line of a row of links starts or ends with a separator (:meth:`Page.lines_of`)."""
    return all(line and "·" not in (line[0], line[-1]) for line in lines)


def spoken_once(page: Any) -> bool:
    """No live region says what another says (a screen reader would say it twice):
    the non-empty texts of the page's live regions, none inside another."""
    spoken = page.evaluate(
        """() => Array.from(document.querySelectorAll(
              '[aria-live]:not([aria-live=off]), [role=status], [role=alert]'))
            .filter((el) => !el.closest('[hidden]'))
            .map((el) => el.textContent.trim()).filter((t) => t)"""
    )
    # As heard: case and punctuation aside ("Move 4: 6♠ on 7♦." in "…: move 4, 6♠ on 7♦.").
    heard = [" ".join(re.sub(r"[.,:;!?“”]", " ", t.lower()).split()) for t in spoken]
    doubled = [(a, b) for i, a in enumerate(heard) for j, b in enumerate(heard)
               if i != j and a in b]
    assert spoken and not doubled, spoken
    return True


def shot(page: Any, name: str) -> None:
    """With PUZZLEGEN_SHOTS set: this state at 320, 390 and 1280 px wide, to look at."""
    if not SHOTS:
        return
    size = page.viewport_size
    for width in (320, 390, 1280):
        page.set_viewport_size({"width": width, "height": 800 if width < 500 else 900})
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"))
    page.set_viewport_size(size)


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """A plain web server on ``folder`` (quiet, on a free port); its root URL."""
    handler = partial(SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Page:
    """A fresh page in a context of its own, noting every request, failed request and
    script error."""

    def __init__(self, browser: Any, **options: Any) -> None:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        self.context = browser.new_context(**options)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        #: Requests that failed: a missing file is a 404 on every view of a served page.
        self.failed: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("requestfailed", lambda r: self.failed.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    @contextmanager
    def closing(self) -> Iterator[Page]:
        """Use the page, then close its context and check no script or request failed."""
        try:
            yield self
        finally:
            self.context.close()
        assert self.errors == []
        assert self.failed == []

    def copy_share(self, *, clipboard: bool = True) -> str:
        """Press the page's Copy button and return what the clipboard then holds; it
        must say "Copied.".  Without ``clipboard`` the page is run as in a browser with
        no clipboard API (the text selected and copied by the older command)."""
        self.context.grant_permissions(["clipboard-read", "clipboard-write"])
        self.page.evaluate("navigator.clipboard.writeText('')")
        if not clipboard:  # hidden by a property of the page's own, taken away after
            self.page.evaluate(
                "Object.defineProperty(navigator, 'clipboard', {value: null, configurable: true})"
            )
        self.page.click("#copy")
        self.page.wait_for_function("document.getElementById('copy-status').textContent")
        assert self.page.inner_text("#copy-status") == "Copied."
        self.page.evaluate("delete navigator.clipboard")
        return str(self.page.evaluate("navigator.clipboard.readText()"))

    def lines_of(self, selector: str) -> list[list[str]]:
        """The words of the first element ``selector`` finds as the reader sees them: one
        list a line on screen, left to right (a separator "·" is a word); hidden text
        is left out."""
        lines = self.page.evaluate(
            """(selector) => {
              const found = [];
              const walk = document.createTreeWalker(document.querySelector(selector),
                NodeFilter.SHOW_TEXT);
              for (let node = walk.nextNode(); node; node = walk.nextNode()) {
                const text = node.textContent;
                for (const m of text.matchAll(/\\S+/g)) {
                  const range = document.createRange();
                  range.setStart(node, m.index);
                  range.setEnd(node, m.index + m[0].length);
                  const box = range.getBoundingClientRect();
                  if (!box.width || !box.height) continue;
                  found.push([box.top + box.height / 2, box.left, m[0]]);
                }
              }
              found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
              const lines = [];
              let y = null;
              for (const [mid, left, word] of found) {
                if (y === null || mid - y > 4) lines.push([]);
                y = mid;
                lines[lines.length - 1].push([word, left]);
              }
              return lines.map((line) => line.sort((a, b) => a[1] - b[1]).map((w) => w[0]));
            }""",
            selector,
        )
        return [list(line) for line in lines]

    # -- the daily puzzles' board contract
    def spaces(self) -> int:
        return int(self.page.get_attribute("#board", "data-spaces"))

    def solved(self) -> str | None:
        return self.page.get_attribute("#board", "data-solved")  # type: ignore[no-any-return]

    def cell(self, rc: list[int]) -> Any:
        return self.page.locator(f'[data-cell="{rc[0]},{rc[1]}"]')

    # -- the whole game's and the prepare puzzle's
    def board(self, name: str) -> str:
        return str(self.page.get_attribute("#board", f"data-{name}"))

    def move(
        self, src: list[int] | tuple[int, int], dst: list[int] | tuple[int, int], real: bool = False
    ) -> None:
        """Click the cell ``src``, then ``dst``: with ``real``, as a mouse does; else the
        same click events from a script (one round trip, so a whole game stays quick)."""
        first, then = f'[data-cell="{src[0]},{src[1]}"]', f'[data-cell="{dst[0]},{dst[1]}"]'
        if real:
            self.page.click(first)
            self.page.click(then)
        else:
            self.page.evaluate(
                "([a, b]) => { document.querySelector(a).click();"
                " document.querySelector(b).click(); }",
                [first, then],
            )

    def record(self, key: str) -> dict[str, Any]:
        """The localStorage record ``puzzlegen:KEY``, or {}."""
        raw = self.page.evaluate("(k) => localStorage.getItem(k)", f"puzzlegen:{key}")
        return json.loads(raw) if raw else {}
