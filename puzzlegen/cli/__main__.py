"""``python -m puzzlegen.cli``: the same as the ``puzzlegen`` command."""

import sys

from puzzlegen.cli import main

sys.exit(main())
