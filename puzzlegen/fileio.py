"""Writing output files so that a crash or an error never leaves half a file.

A regular file is written to a temporary file in the target's own folder,
flushed to disk (file, then folder) and renamed over the target; the rename
is atomic on POSIX and Windows, so readers see the old file or the new one,
never a mixture, and a power cut cannot leave an empty file behind a
completed rename.

The result behaves like ``open(path, "w")`` in everything else a user sees:

* a new file gets mode ``0666`` minus the umask (the kernel applies the umask
  to the temporary file as it would to ``open``); a replaced file keeps its
  mode;
* a symbolic link is written through: its target is replaced, the link stays;
* an existing file its user may not write (``chmod a-w``) is refused;
* a path that is not a regular file (``/dev/stdout``, a FIFO, a terminal) is
  written directly, since it cannot be renamed over;
* an error names the path the user gave and the reason, never the
  temporary file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from puzzlegen.errors import InvalidInputError

#: What a new file would get from ``open(path, "w")`` before the umask.
_NEW_FILE_MODE = 0o666

#: The signals that stop puzzlegen (see :func:`puzzlegen.textio.stop_on_signals`).
_STOP_SIGNALS = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP back for the (short) block.

    A temporary file or folder is made by one call and owned by the caller
    only once the name is stored; a stop between the two would leave it
    behind.  Made inside this block, the stop is delivered as the block ends,
    when the caller's clean-up already knows the name.  (POSIX only; elsewhere
    the block runs as it is.)

    The mask holds a signal back from this thread only: with other threads
    running (a progress bar's, a pool's) the kernel hands it to one of them,
    and Python still runs its handler here.  So in the main thread the
    handlers wait too: a signal caught in the block is raised again as it ends.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    caught: list[int] = []
    handlers: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in sorted(_STOP_SIGNALS):
            if signal.getsignal(signum) is not None:  # None: set outside Python, left alone
                handlers[signum] = signal.signal(signum, lambda n, _f: caught.append(n))
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        if caught:
            signal.raise_signal(caught[0])  # to the handler the block held back


def names_folder(text: str) -> bool:
    """Whether an ``-o`` value names a folder: a trailing slash, or an existing folder."""
    return text.endswith(("/", os.sep)) or Path(text).is_dir()


def output_path(text: str, default_name: str) -> Path:
    """The file an ``-o`` value names: a trailing slash or an existing folder means a folder.

    >>> output_path("books/", "book.pdf")
    PosixPath('books/book.pdf')
    >>> output_path("books/a.pdf", "book.pdf")
    PosixPath('books/a.pdf')
    """
    if names_folder(text):
        return Path(text) / default_name
    path, wanted = Path(text), Path(default_name).suffix
    given = path.suffix.lower()
    if given in _OTHER_FORMATS and given != wanted:
        # 'book -o book.svg' wrote a PDF that no program would open as an SVG.
        raise InvalidInputError(
            f"{text!r} names a {given} file, and this writes {wanted}: "
            f"name it {str(path.with_suffix(wanted))!r}"
        )
    return path


#: Endings that name a file format this command may not write: a file so named is refused.
_OTHER_FORMATS = frozenset(
    {".pdf", ".svg", ".png", ".jpg", ".jpeg", ".gif", ".html", ".htm", ".json", ".jsonl",
     ".txt", ".csv", ".sqlite", ".db"}
)


def check_writable(path: Path, *, folder: bool = False) -> None:
    """Fail now, before any work, if ``path`` cannot be written later.

    ``path`` is a file to write (its folder is checked) or, with ``folder``,
    a folder to write files under.  The nearest folder that exists must be a
    folder, and a file must be creatable in it (tried with a temporary file,
    removed at once), so that the missing folders can be made there.  A path
    that is not a regular file (a device, a pipe, ``/dev/stdout``) is left to
    the write itself, which stays the final guard (a full disk shows only
    then).  Raises :class:`OSError` whose ``filename`` is ``path`` as given.
    """
    target = Path(path)
    try:
        if not folder:
            with contextlib.suppress(FileNotFoundError):
                mode = target.stat().st_mode  # through any symbolic links
                if stat.S_ISDIR(mode):
                    raise IsADirectoryError(21, "Is a directory", str(path))
                if not stat.S_ISREG(mode):
                    return
                _check_not_write_protected(target, mode)
            if target.is_symlink():
                target = Path(os.path.realpath(target))
            target = target.parent
        base = target
        while not base.exists() and base != base.parent:
            if base.is_symlink():  # a dangling link cannot be made a folder
                raise FileNotFoundError(2, "No such file or directory", str(path))
            base = base.parent
        if not base.is_dir():
            raise NotADirectoryError(20, "Not a directory", str(path))
        if not folder and len(os.fsencode(Path(path).name)) > _name_max(base):
            raise OSError(errno.ENAMETOOLONG, "File name too long", str(path))
        with signals_held():  # a stop waits the moment it takes: no probe is left behind
            probe, fd = _create_temporary(base / "probe")
            os.close(fd)
            probe.unlink()
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, creating missing folders.

    Raises :class:`OSError` whose ``filename`` is ``path`` as given.
    """
    try:
        _write(Path(path), data)
    except OSError as exc:
        # OSError(errno, ...) builds the matching subclass (PermissionError...).
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, atomically (see :func:`write_bytes`)."""
    write_bytes(path, text.encode("utf-8"))


def _write(path: Path, data: bytes) -> None:
    try:
        existing: os.stat_result | None = path.stat()  # through any symbolic links
    except FileNotFoundError:
        existing = None
    if existing is not None:
        _check_not_write_protected(path, existing.st_mode)
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        if stat.S_ISDIR(existing.st_mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        # A device, FIFO or socket (or /dev/stdout, a link to one): it cannot
        # be replaced, only written to.
        with open(path, "wb") as handle:
            handle.write(data)
        return
    # Write through a symbolic link (and a chain of them) to its final target.
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp: Path | None = None
    try:
        with signals_held():
            tmp, fd = _create_temporary(target)
        with os.fdopen(fd, "wb") as handle:
            if existing is not None:
                os.fchmod(handle.fileno(), stat.S_IMODE(existing.st_mode))
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        raise
    _fsync_folder(target.parent)


def _check_not_write_protected(path: Path, mode: int) -> None:
    """Refuse a regular file its user may not write, as ``open(path, "w")`` would.

    The rename would replace it all the same (only its folder's permission
    counts), silently undoing a ``chmod a-w`` made to keep it.
    """
    if stat.S_ISREG(mode) and not os.access(path, os.W_OK):
        read_only = False  # said as open() would say it
        with contextlib.suppress(OSError, AttributeError):
            read_only = bool(os.statvfs(path).f_flag & os.ST_RDONLY)
        if read_only:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        raise PermissionError(errno.EACCES, "Permission denied", str(path))


def _name_max(folder: Path) -> int:
    """The longest file name, in bytes, that ``folder``'s file system takes."""
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return 255


def _temporary_name(name: str, token: str, most: int) -> str:
    """``.NAME.TOKEN.tmp``, NAME cut (at a character) so the whole fits ``most`` bytes.

    >>> _temporary_name("book.pdf", "0123abcd", 255)
    '.book.pdf.0123abcd.tmp'
    >>> len(_temporary_name("é" * 127, "0123abcd", 255).encode())
    254
    """
    extra = len(f"..{token}.tmp".encode())
    data = name.encode("utf-8", "surrogateescape")
    if len(data) + extra > most:
        data = data[: max(1, most - extra)]
        name = data.decode("utf-8", "ignore") or "f"
    return f".{name}.{token}.tmp"


def _create_temporary(target: Path) -> tuple[Path, int]:
    """A new, empty file beside ``target``, created with the mode ``open`` would give it.

    Its name is the target's, cut short where needed, so that a target whose
    name is as long as the file system allows can still be written.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    most = _name_max(target.parent) if target.parent.is_dir() else 255
    while True:
        tmp = target.with_name(_temporary_name(target.name, secrets.token_hex(4), most))
        try:
            return tmp, os.open(tmp, flags, _NEW_FILE_MODE)
        except FileExistsError:
            continue


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX only; Windows cannot open folders)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        # Some file systems refuse fsync on a folder (EINVAL): nothing more to do there.
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
