"""How long the whole-game page's "Still winnable?" takes on a phone-class CPU.

Chromium (Debian's, through Playwright) opens a real whole-game page and
slows itself down with the DevTools protocol's
``Emulation.setCPUThrottlingRate`` (x4 by default, the usual stand-in for a
mid-range phone).  It then decides the first layouts of ``--deals`` seeded
deals, the hardest case the page meets (the whole stock to come; a lost deal
is searched to the end), three ways:

* ``worker x4``: in a Web Worker built exactly as the page builds it, throttled;
* ``page x4``:   on the page's own thread, throttled (the fallback without workers);
* ``page x1``:   on the page's thread, unthrottled: the baseline of the same run.

Last, it clicks the page's own "Still winnable?" button at the start of the
day's game and reads the time the page recorded.  The figures are wall-clock
milliseconds per deal inside the browser, and the time the page's thread was
busy (the DevTools TaskDuration metric, a CPU-time measure that the load of a
shared machine disturbs less); the load average is printed with them.  CDP's
throttling slows the page's own thread; a Web Worker is not slowed by it, so
the "page x4" row is the one to hold to the 1 s budget.

    python benchmarks/bench_game_winnable.py --deals 200
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from puzzlegen.catscradle.position import Deal
from puzzlegen.cli import main

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

SEARCH = """async ([deals, inWorker]) => {
  const rules = window.CatsCradleGame;
  const ask = (cards) => {
    const l = rules.layoutOf(cards.slice(0, 16).map((c) => [c]));
    return { bottom: l.bottom, height: l.height, stock: cards.slice(16).map(rules.cardClass) };
  };
  const times = [];
  let won = 0;
  if (!inWorker) {
    for (const cards of deals) {
      const q = ask(cards);
      const t0 = performance.now();
      const r = rules.winnable(q.bottom, q.height, 0, q.stock, 0);
      times.push(performance.now() - t0);
      won += r.won ? 1 : 0;
    }
    return { times, won };
  }
  const code = "const rules = " + rules.factorySource + ";\\n" +
    "self.onmessage = (e) => { const q = e.data; const t0 = performance.now();" +
    " const r = rules.winnable(q.bottom, q.height, 0, q.stock, 0);" +
    " self.postMessage({ won: r.won, ms: performance.now() - t0 }); };";
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  for (const cards of deals) {
    const t0 = performance.now();
    const r = await new Promise((done) => { worker.onmessage = (e) => done(e.data);
      worker.postMessage(ask(cards)); });
    times.push(performance.now() - t0);
    won += r.won ? 1 : 0;
  }
  worker.terminate();
  return { times, won };
}"""


def summary(name: str, times: list[float], won: int) -> str:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    return (
        f"{name:<11} deals {len(times):4d}  won {won:4d}  median {statistics.median(times):7.1f} ms"
        f"  p95 {p95:7.1f} ms  max {times[-1]:7.1f} ms"
    )


def main_(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rate", type=float, default=4.0, help="CPU throttling rate")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print("load:", " ".join(f"{x:.2f}" for x in os.getloadavg()), f"cores: {os.cpu_count()}")
    deals = [[str(c) for c in Deal.from_seed(n).cards] for n in range(args.deals)]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        assert main(["daily", "--kind", "game", "--date", "2026-11-23", "-o", str(site)]) == 0
        executable = os.environ.get("PUZZLEGEN_CHROMIUM") or shutil.which("chromium")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=ARGS)
            page = browser.new_page()
            page.goto((site / "game" / "2026-11-23" / "index.html").as_uri())
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")

            def task_seconds() -> float:
                metrics = cdp.send("Performance.getMetrics")["metrics"]
                return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))

            wall = time.perf_counter()
            runs = [("page x1", False, 1.0), (f"worker x{args.rate:g}", True, args.rate)]
            runs.append((f"page x{args.rate:g}", False, args.rate))
            for name, in_worker, rate in runs:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                busy = task_seconds()
                found = page.evaluate(SEARCH, [deals, in_worker])
                print(
                    summary(name, found["times"], found["won"]),
                    f" page thread busy {task_seconds() - busy:5.2f} s",
                )
            page.click("#winnable")
            page.locator("#winnable-answer[data-answer]:not([data-answer=''])").wait_for()
            answer = page.locator("#winnable-answer")
            print(
                f"the page's button x{args.rate:g}: {answer.get_attribute('data-ms')} ms"
                f" ({answer.get_attribute('data-where')})"
            )
            browser.close()
        print(f"wall {time.perf_counter() - wall:.1f} s")
    print("load:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main_()
