"""Print N positions, one a line, for measuring the batch solve's memory on a long stream.

Cycles through the benchmark's 10,000 seeded positions, written as they are
needed, so the stream can be millions of lines without a file:

    python benchmarks/stream_lines.py 2000000 \\
        | /usr/bin/time -f "%M KB max RSS" puzzlegen solve --json - > /dev/null

The batch solve answers each line before reading far ahead, so its maximum
resident size should be the same for 10,000 lines as for 2,000,000.
"""

from __future__ import annotations

import argparse
import os
import sys

from puzzlegen.catscradle.wholegame import seeded_positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    args = parser.parse_args()
    block = "".join(f"{position}\n" for position in seeded_positions(10_000))
    lines = block.splitlines(keepends=True)
    out = sys.stdout
    try:
        for start in range(0, args.count, len(lines)):
            out.write("".join(lines[: args.count - start]))
        out.flush()
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to feed
        # Python's documented recipe: point stdout at devnull, so the flush
        # at exit does not complain a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    main()
