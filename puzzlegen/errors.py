"""The exceptions puzzlegen raises.

Everything derives from :class:`PuzzlegenError`.  Errors about bad input also
derive from :class:`ValueError`, so callers that only know the standard
library can still catch them.  Messages name the offending value with ``!r``
and say where it was found; the CLI prints them as they are, on one line.
"""

from __future__ import annotations


class PuzzlegenError(Exception):
    """Base class of every error puzzlegen raises on purpose."""


def sqlite_failure(what: str, exc: Exception) -> str:
    """SQLite's ``exc`` on ``what`` (e.g. "the catalog 'c.sqlite'"), said in one line."""
    reason = str(exc)
    if "readonly" in reason or "read-only" in reason:
        return (
            f"{what} cannot be written ({reason}): "
            "check the permissions of the file and its folder"
        )
    return f"{what} failed: {reason}"


class InvalidInputError(PuzzlegenError, ValueError):
    """Some text or option given to puzzlegen does not mean anything valid."""


class InvalidArgumentError(InvalidInputError):
    """A command-line argument cannot be read (e.g. it is not UTF-8): a usage error."""


class CardError(InvalidInputError):
    """A card token is not a card (``'1H'``, ``'10X'``)."""


class PositionError(InvalidInputError):
    """A position's text is malformed or breaks the rules."""


class DealError(InvalidInputError):
    """A deal is not exactly the 52 cards of one pack."""


class IllegalMoveError(InvalidInputError):
    """A move is not legal in the position it is applied to."""


class PuzzleIdError(InvalidInputError):
    """A puzzle id or description cannot be decoded."""


class CatalogError(PuzzlegenError):
    """The puzzle catalog cannot do what was asked (e.g. not enough puzzles)."""


class WorkerError(PuzzlegenError):
    """A worker process died or could not be started."""


class PuzzlegenWarning(UserWarning):
    """Something was skipped and the work went on (a damaged catalog row).

    The command line prints each as ``puzzlegen: warning: ...`` on stderr.
    """


def warn(message: str) -> None:
    """Issue a :class:`PuzzlegenWarning` (every time, not once per place in the code)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("always", PuzzlegenWarning)
        warnings.warn(PuzzlegenWarning(message), stacklevel=2)
