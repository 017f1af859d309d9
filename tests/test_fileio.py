from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from puzzlegen.fileio import check_writable, output_path, write_bytes, write_text


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_0666_minus_the_umask(tmp_path: Path, umask: None) -> None:
    write_text(tmp_path / "a.svg", "x")
    assert mode(tmp_path / "a.svg") == 0o644
    os.umask(0o002)
    write_text(tmp_path / "b.svg", "x")
    assert mode(tmp_path / "b.svg") == 0o664


def test_replacing_a_file_keeps_its_mode(tmp_path: Path, umask: None) -> None:
    path = tmp_path / "book.pdf"
    path.write_bytes(b"old")
    path.chmod(0o640)
    write_bytes(path, b"new")
    assert path.read_bytes() == b"new" and mode(path) == 0o640


def test_a_file_its_user_may_not_write_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # open(path, "w") refuses a 'chmod a-w' file; the rename replaced it all the same.
    kept = tmp_path / "kept.svg"
    kept.write_text("<svg/>")
    real_access = os.access
    monkeypatch.setattr(  # root, who runs CI, may write anything: a user may not write this
        os, "access", lambda p, m, **kw: real_access(p, m, **kw) and Path(p) != kept
    )
    with pytest.raises(PermissionError) as refused:
        write_text(kept, "<svg>new</svg>")
    assert refused.value.filename == str(kept)
    with pytest.raises(PermissionError):
        check_writable(kept)
    assert kept.read_text() == "<svg/>"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.svg"]  # no temporary left
    write_text(tmp_path / "other.svg", "<svg/>")  # others are written as before

    class ReadOnly:
        f_flag = os.ST_RDONLY

    monkeypatch.setattr(os, "statvfs", lambda _path: ReadOnly())  # said as open() says it
    with pytest.raises(OSError, match="Read-only file system"):
        write_text(kept, "<svg>new</svg>")


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real" / "page.html"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new"


def test_a_fifo_is_written_directly(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_bytes(fifo, b"through the pipe")
    reader.join(10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="no /dev/full")
def test_a_full_device_is_named_with_the_reason(tmp_path: Path) -> None:
    # Through a link of our own, so that a broken write cannot replace /dev/full itself.
    full = tmp_path / "full"
    full.symlink_to("/dev/full")
    with pytest.raises(OSError) as caught:
        write_bytes(full, b"x" * 100_000)
    assert caught.value.filename == str(full)
    assert caught.value.strerror == "No space left on device"
    assert full.is_char_device()


def test_errors_name_the_users_path_and_leave_no_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        write_text(tmp_path / "taken", "x")
    assert caught.value.filename == str(tmp_path / "taken")
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError) as failed:
        write_text(tmp_path / "file" / "x.svg", "x")
    assert failed.value.filename == str(tmp_path / "file" / "x.svg")
    assert failed.value.strerror
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "taken"]


def test_a_failed_rename_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(src: str, dst: str) -> None:
        raise PermissionError(13, "Permission denied", src)

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(PermissionError) as caught:
        write_text(tmp_path / "x.svg", "x")
    assert caught.value.filename == str(tmp_path / "x.svg")
    assert list(tmp_path.iterdir()) == []


def test_file_and_folder_are_synced_around_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
        events.append(f"fsync {kind}")
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        events.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_text(tmp_path / "x.svg", "x")
    assert events == ["fsync file", "rename", "fsync folder"]


def test_a_trailing_slash_means_a_folder(tmp_path: Path) -> None:
    assert output_path(f"{tmp_path}/new/", "book.pdf") == tmp_path / "new" / "book.pdf"
    assert output_path(str(tmp_path), "book.pdf") == tmp_path / "book.pdf"
    assert output_path(f"{tmp_path}/new", "book.pdf") == tmp_path / "new"


def test_check_writable_fails_before_any_work(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    with pytest.raises(NotADirectoryError) as under_a_file:
        check_writable(a_file / "book.pdf")
    assert under_a_file.value.filename == str(a_file / "book.pdf")
    with pytest.raises(NotADirectoryError):
        check_writable(a_file / "daily", folder=True)
    with pytest.raises(IsADirectoryError):
        check_writable(tmp_path)
    # Folders that can be made are fine, and checking makes none of them, nor any file.
    check_writable(tmp_path / "new" / "deeper" / "book.pdf")
    check_writable(tmp_path / "pages", folder=True)
    check_writable(a_file)  # an existing file is replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    if Path("/dev/null").is_char_device():
        check_writable(Path("/dev/null"))  # left to the write itself
    if Path("/proc/self").is_dir():  # a folder where no file can be made, even by root
        with pytest.raises(OSError):
            check_writable(Path("/proc/book.pdf"))


class _Stop(Exception):
    pass


@pytest.fixture
def stop_on_sigterm() -> Iterator[None]:
    """SIGTERM raises _Stop here, as puzzlegen's own handler raises Stopped."""
    import signal

    def stop(_signum: int, _frame: object) -> None:
        raise _Stop

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_stop_just_after_the_temporary_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop_on_sigterm: None
) -> None:
    """The stop lands in the instant between the temporary file's creation and
    the writer's knowing its name: without the signals held there, the file stays."""
    import signal

    real_open = os.open

    def open_then_stop(path: object, flags: int, mode: int = 0o777) -> int:
        fd = real_open(path, flags, mode)  # type: ignore[arg-type]
        signal.raise_signal(signal.SIGTERM)
        return fd

    monkeypatch.setattr(os, "open", open_then_stop)
    with pytest.raises(_Stop):
        write_text(tmp_path / "day.txt", "puzzle")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_a_stop_just_after_a_day_folder_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop_on_sigterm: None
) -> None:
    """The same instant for a day's hidden folder (made, its name not yet stored)."""
    import signal

    from puzzlegen.render import pages

    real_mkdir = Path.mkdir

    def mkdir_then_stop(self: Path, mode: int = 0o777, *args: bool, **kwargs: bool) -> None:
        real_mkdir(self, mode, *args, **kwargs)
        if self.name.startswith("."):
            signal.raise_signal(signal.SIGTERM)

    site = tmp_path / "site"
    monkeypatch.setattr(Path, "mkdir", mkdir_then_stop)
    with pytest.raises(_Stop):
        pages._replace_folder(site / "2026-11-23", {"puzzle.json": "{}"})
    monkeypatch.undo()
    assert list(site.iterdir()) == []


def test_a_stop_taken_by_another_thread_waits_for_the_held_block_too() -> None:
    # The mask holds the signal back from this thread only: with another thread running
    # the kernel gave it to that one, and Python raised it here inside the block.
    import signal
    import time

    from puzzlegen.fileio import signals_held

    other = threading.Thread(target=time.sleep, args=(2,), daemon=True)
    other.start()
    said: list[str] = []
    with pytest.raises(KeyboardInterrupt), signals_held():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)  # the handler has run by now, in this thread
        said.append("the block ran to its end")
    assert said == ["the block ran to its end"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
