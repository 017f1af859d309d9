"""The pages' shared script (templates/web/site.js) under Node: this browser's
records, old and new, and the dates every page counts by.

The pages themselves are played in chromium (test_*_browser.py); here the
store is read over a stand-in localStorage holding what older pages wrote.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from node import run_node

from puzzlegen.daily import long_date
from puzzlegen.render.templating import template_dir

SITE_JS = template_dir() / "web" / "site.js"

# A stand-in window (localStorage, ?today=) before site.js runs; then the answers.
HARNESS = """
const saved = JSON.parse(require("fs").readFileSync(0, "utf8"));
const keys = Object.keys(saved);
global.window = {
  location: {search: "?today=2026-11-26"},
  localStorage: {
    get length() { return keys.length; },
    key: (i) => keys[i],
    getItem: (k) => (k in saved ? saved[k] : null),
    setItem: (k, v) => { if (!(k in saved)) keys.push(k); saved[k] = String(v); },
  },
};
require(process.argv[1]);
const S = window.PuzzleSite;
const records = S.store.records("cats-cradle");
const dates = Object.keys(records).sort();
S.store.set("cats-cradle-prepare:2026-11-29", {result: "right"});
window.PuzzleDaily.registerGame({name: "cats-cradle"});
const registered = S.game("cats-cradle");
process.stdout.write(JSON.stringify({
  dates: dates,
  records: dates.map((d) => S.dayRecord(records[d])),
  damaged: S.store.get("pendulum:2026-11-20"),
  number: S.store.get("pendulum:2026-11-21"),
  missing: S.store.get("cats-cradle:2026-01-01"),
  game: S.store.get("cats-cradle-game:2026-11-24"),
  prepare: saved["puzzlegen:cats-cradle-prepare:2026-11-29"],
  today: S.today(), later: S.addDays("2026-12-31", 1), earlier: S.addDays("2026-03-01", -1),
  streaks: S.streaks(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24", "2026-11-25"]),
  minutes: S.minutes(125400),
  plural: [S.plural(1, "space", "spaces"), S.plural(2, "space", "spaces")],
  listed: S.listedDays({days: [{date: "2026-11-25"}, {date: "2026-11-23"}]}),
  registered: registered !== null, unknown: S.game("nothing"),
  kept: ["archive.html", "../2026-11-24/index.html#play", "a.html?x=1"].map(S.keepToday),
}));
"""


def test_old_and_new_records_are_read_and_dates_count_alike() -> None:
    stored: dict[str, Any] = {
        # Written before records had `on` (the day it was solved) or `found`.
        "puzzlegen:cats-cradle:2026-11-23": {"solved": True, "moves": 4, "ms": 61000},
        "puzzlegen:cats-cradle:2026-11-24": {
            "solved": True, "moves": 5, "ms": 1000, "marks": "ab", "hints": 1,
            "shown": False, "on": "2026-11-24", "found": ["x", 3],
        },
        "puzzlegen:cats-cradle:2026-11-25": {"solved": False, "progress": [["0,0", "0,1"]]},
        "puzzlegen:cats-cradle-game:2026-11-24": {"result": "won"},
        "other:cats-cradle:2026-11-22": {"solved": True},
    }
    raw = {k: json.dumps(v) for k, v in stored.items()}
    raw["puzzlegen:pendulum:2026-11-20"] = "{damaged"
    raw["puzzlegen:pendulum:2026-11-21"] = "5"
    got = json.loads(run_node(HARNESS, SITE_JS, json.dumps(raw)))
    # Only this game's records, each read whatever page wrote it.
    assert got["dates"] == ["2026-11-23", "2026-11-24", "2026-11-25"]
    old, new, started = got["records"]
    assert old == {"solved": True, "moves": 4, "ms": 61000, "marks": "", "hints": 0,
                   "shown": False, "on": None, "found": []}
    assert new == {"solved": True, "moves": 5, "ms": 1000, "marks": "ab", "hints": 1,
                   "shown": False, "on": "2026-11-24", "found": ["x"]}
    assert started["solved"] is False and started["on"] is None
    # A damaged entry or one that is no record reads as none; the whole game's and
    # the prepare puzzle's records keep their own keys.
    assert got["damaged"] is None and got["number"] is None and got["missing"] is None
    assert got["game"] == {"result": "won"}
    assert json.loads(got["prepare"]) == {"result": "right"}
    assert got["today"] == "2026-11-26"
    assert got["later"] == "2027-01-01" and got["earlier"] == "2026-02-28"
    # Runs: the 24th and 25th end yesterday, so the current streak lives on.
    assert got["streaks"] == {"current": 2, "longest": 3}
    assert got["minutes"] == "2:05" and got["plural"] == ["1 space", "2 spaces"]
    assert got["listed"] == ["2026-11-23", "2026-11-25"]
    assert got["registered"] is True and got["unknown"] is None
    # A preview's ?today= goes on with every address the pages make.
    assert got["kept"] == [
        "archive.html?today=2026-11-26",
        "../2026-11-24/index.html?today=2026-11-26#play",
        "a.html?x=1&today=2026-11-26",
    ]


LONG_DATES = """
global.window = {location: {search: ""}};
require(process.argv[1]);
const dates = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(dates.map(window.PuzzleSite.longDate)));
"""


def test_a_long_date_reads_as_the_pages_headings_say_it() -> None:
    # The archives' "the first ... is for DATE" said 2026-11-29 where every heading
    # says "Sunday 29 November 2026" (puzzlegen.daily.long_date).
    days = [dt.date(2026, 11, 29), dt.date(2026, 12, 1), dt.date(2027, 1, 4), dt.date(2028, 2, 29)]
    got = json.loads(run_node(LONG_DATES, SITE_JS, json.dumps([d.isoformat() for d in days])))
    assert got == [long_date(d) for d in days]
