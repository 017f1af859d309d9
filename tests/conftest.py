"""Shared fixtures and hypothesis strategies."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from puzzlegen.catscradle import puzzle as cc
from puzzlegen.catscradle.canonical import Disguise
from puzzlegen.catscradle.cards import FULL_PACK
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.wholegame import seeded_positions
from puzzlegen.games import Puzzle

sys.path.insert(0, str(Path(__file__).parent))
from browsing import Page, axe_script, chromium, serving  # tests/ is on the path above

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True, scope="session")
def _no_source_date_epoch() -> Iterator[None]:
    """Books take their dates and default year from SOURCE_DATE_EPOCH when it is set
    (a packager's build may set it): the tests that pin the defaults run without it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("SOURCE_DATE_EPOCH", raising=False)
        yield


@pytest.fixture(autouse=True)
def _signal_handlers_put_back() -> Iterator[None]:
    """After a stop, puzzlegen leaves the stop signals ignored (the command is
    ending); in this process the next test (and the processes it starts) must
    find them as they were."""
    signums = [getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]
    before = {signum: signal.getsignal(signum) for signum in signums}
    yield
    for signum, handler in before.items():
        if handler is not None:
            signal.signal(signum, handler)


@pytest.fixture(autouse=True)
def _a_folder_of_its_own(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test runs in an empty folder of its own, not where pytest was started.

    The README has a new user make output/book.pdf and then run the tests from
    the same folder: a command's default output (output/book.pdf, which book
    will not replace without --force; output/catalog.sqlite) must not meet the
    user's files, nor one test's another's.
    """
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))


#: Modules whose module fixtures take tens of seconds (books, sites) and whose
#: tests are few: under ``pytest -n`` each goes whole to one worker.
ONE_WORKER = frozenset({
    "tests/test_book.py",
    "tests/test_book_pendulum.py",
    "tests/test_book_print.py",
    "tests/escape/test_escape_book.py",
    "tests/test_game_browser.py",
    "tests/test_prepare_browser.py",
})


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``pytest -n`` (pytest-xdist's "load"), hand out tests one by one, but
    each module of ONE_WORKER whole to one worker.

    With plain "load" a module's tests land on both workers and each worker makes
    the module's fixtures again: the books of test_book*.py, the whole games'
    site of test_game_browser.py, tens of seconds each.  (xdist_group marks
    would say the same, but pytest-xdist 3.8 cannot apply them under pytest 9.)
    """
    if config.getvalue("dist") != "load":
        return None
    try:
        from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]
    except ImportError:  # a later pytest-xdist moved it: plain "load" is still right
        return None

    class OneWorkerModules(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if module in ONE_WORKER else nodeid

    return OneWorkerModules(config, log)


settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

#: A fixed corpus of openings and mid-game positions from seeded play.
CORPUS: list[Position] = list(seeded_positions(400))

seeds = st.one_of(st.integers(min_value=0, max_value=10**9), st.text(min_size=1, max_size=12))
deals = seeds.map(Deal.from_seed)
openings = deals.map(lambda d: d.layout)
corpus_positions = st.sampled_from(CORPUS)
positions = st.one_of(openings, corpus_positions)
cards = st.sampled_from(FULL_PACK)
disguises = st.builds(
    Disguise,
    symmetry=st.integers(0, 7),
    swap_reds=st.booleans(),
    swap_blacks=st.booleans(),
    swap_colours=st.booleans(),
    shift=st.integers(0, 12),
)


def own(puzzle: Puzzle | None) -> cc.Puzzle:
    """A pipeline puzzle, known to be Cat's Cradle's."""
    assert isinstance(puzzle, cc.Puzzle)
    return puzzle


# -- the browser tests' fixtures (tests/browsing.py has the rest) -------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One chromium for the session (each xdist worker has its own); the tests'
    ``page`` and ``Page(browser, ...)`` each open a fresh context in it."""
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script (``npm ci`` installs it on first need)."""
    return axe_script()


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    """A fresh page in a context of its own (empty localStorage, 1280 x 900); the
    test fails if a script on it failed."""
    with Page(browser).closing() as fresh:
        yield fresh


@pytest.fixture
def serve() -> Iterator[Callable[[Path], str]]:
    """Serve a folder with a plain web server for this test: ``serve(folder)`` is
    its root URL (no slash at the end)."""
    with ExitStack() as servers:
        yield lambda folder: servers.enter_context(serving(folder))
