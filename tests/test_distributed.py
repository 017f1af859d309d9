"""study and generate on a Dask cluster (a LocalCluster on loopback) give the local bytes."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import puzzlegen
from puzzlegen.cli import main
from puzzlegen.distributed import (
    OtherCode,
    SchedulerError,
    _ask_who_answers,
    _why_unreachable,
    _worker_errors,
    checked,
    dask_client,
    gather_on_dask,
    installation,
    mismatch,
)

distributed = pytest.importorskip("distributed", reason='needs pip install ".[dask]"')


def local_cluster(n_workers: int) -> Any:
    return distributed.LocalCluster(
        n_workers=n_workers,
        threads_per_worker=2,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
        # No dashboard, but the scheduler's HTTP routes start anyway, by default on
        # every interface at :8787 (a second cluster, on another test worker, warned
        # that the port was taken): loopback and a free port, like the rest.
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
    )


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = local_cluster(1)
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def test_a_stopped_study_cancels_its_work_while_the_client_is_open(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Left to the garbage collector, the cancel came after the client had closed:
    # "Exception ignored in: <generator object run_on_dask> ... IOLoop is closed"
    # followed "interrupted" on the terminal.
    import gc

    from puzzlegen.catscradle.study import StudyStore, run_study

    ignored: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)

    def stop_after_one(done: int, _total: int) -> None:
        if done:
            raise KeyboardInterrupt

    store = StudyStore(tmp_path / "s.sqlite")
    with pytest.raises(KeyboardInterrupt), dask_client(scheduler) as client:
        run_study(store, range(30, 40), client=client, on_done=stop_after_one)
    gc.collect()
    assert [str(u.exc_value) for u in ignored] == []


def test_a_study_on_dask_equals_the_local_one(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["study", "--deals", "8", "--first-seed", "20"]
    assert main([*common, "--store", str(tmp_path / "a.sqlite"), "-o", f"{tmp_path}/a/"]) == 0
    assert (
        main(
            [*common, "--store", str(tmp_path / "b.sqlite"), "-o", f"{tmp_path}/b/",
             "--scheduler", scheduler]
        )
        == 0
    )
    capsys.readouterr()
    for name in ("study.json", "study.html"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_generate_on_dask_equals_the_local_one(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exports = []
    for name, extra in (("local", []), ("dask", ["--scheduler", scheduler])):
        db = str(tmp_path / f"{name}.sqlite")
        assert main(["generate", "--count", "3", "--seed", "5", "--db", db, *extra]) == 0
        capsys.readouterr()
        assert main(["catalog", "--json", "--db", db]) == 0
        exports.append(capsys.readouterr().out)
    assert exports[0] == exports[1] and exports[0].count("\n") == 3


def test_generate_refuses_an_unreachable_scheduler_before_making_a_catalog(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nothing listens at port 9: Dask retries until this deadline.
    monkeypatch.setenv("PUZZLEGEN_SCHEDULER_TIMEOUT", "0.2")
    db = tmp_path / "c.sqlite"
    status = main(["generate", "--count", "1", "--db", str(db), "--scheduler", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert status == 1 and "cannot reach the Dask scheduler" in err
    assert len(err.strip().splitlines()) == 1 and not db.exists()


def test_mismatch_names_the_first_machine_whose_puzzlegen_differs() -> None:
    mine = installation()
    assert mine.startswith(f"{puzzlegen.__version__}+")
    assert mismatch(mine, {"scheduler": mine}) is None
    said = mismatch(mine, {"worker b": "0.1.11", "worker a": "0.1.0+0", "scheduler": mine})
    assert said is not None
    assert said.startswith(f"the Dask worker a runs 0.1.0+0, not this puzzlegen {mine}")


def test_a_scheduler_with_no_workers_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Long enough for the question and the client on a loaded machine; the wait
    # for workers is what runs it out.
    monkeypatch.setenv("PUZZLEGEN_SCHEDULER_TIMEOUT", "2")
    cluster = local_cluster(0)
    try:
        address = str(cluster.scheduler_address)
        store = tmp_path / "s.sqlite"
        args = ["study", "--deals", "2", "--store", str(store), "-o", f"{tmp_path}/out/"]
        status = main([*args, "--scheduler", address])
    finally:
        cluster.close()
    err = capsys.readouterr().err
    assert status == 1 and f"the Dask scheduler at '{address}' has no workers" in err
    assert len(err.strip().splitlines()) == 1
    assert not store.exists() and not (tmp_path / "out").exists()


@pytest.mark.parametrize("other", ["changed", "unrelated"])
def test_a_worker_with_other_code_is_refused_by_name(
    other: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker whose puzzlegen is this one edited, or PyPI's unrelated project of that name."""
    shadow = tmp_path / "shadow" / "puzzlegen"
    if other == "changed":
        shutil.copytree(
            Path(puzzlegen.__file__).parent, shadow,
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        with (shadow / "catscradle" / "study.py").open("a") as file:
            file.write("# edited on this worker only\n")
    else:
        shadow.mkdir(parents=True)
        (shadow / "__init__.py").write_text('__version__ = "0.1.11"\n')
    monkeypatch.setenv("PUZZLEGEN_SCHEDULER_TIMEOUT", "60")  # the worker takes seconds to start
    cluster = local_cluster(0)
    address = str(cluster.scheduler_address)
    worker = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_worker", address, "--no-nanny",
         "--nthreads", "1", "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(shadow.parent)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        store = tmp_path / "s.sqlite"
        status = main(["study", "--deals", "2", "--store", str(store), "--scheduler", address,
                       "-o", f"{tmp_path}/out/"])
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        cluster.close()
    err = capsys.readouterr().err
    assert status == 1 and len(err.strip().splitlines()) == 1, err
    assert "puzzlegen: error: the Dask worker tcp://127.0.0.1:" in err
    # The unrelated package shadows puzzlegen/__init__.py; whether the rest of this
    # one still imports beside it depends on how it was installed (editable or not).
    expected = ["runs 0.1.0+"] if other == "changed" else ["runs 0.1.11", "runs no puzzlegen"]
    assert any(e in err for e in expected) and f"not this puzzlegen {installation()}" in err
    assert not store.exists() and not (tmp_path / "out").exists()


@pytest.fixture
def stranger() -> Iterator[tuple[socket.socket, list[bytes], threading.Event]]:
    """A loopback port where something that is not Dask listens and says ``said[0]``;
    the event is set once something has connected."""
    server = socket.create_server(("127.0.0.1", 0))
    said = [b""]
    called = threading.Event()

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return  # shut down
            called.set()
            with conn:
                conn.sendall(said[0])
                while conn.recv(1024):  # listens until the caller hangs up
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield server, said, called
    finally:
        with contextlib.suppress(OSError):  # wakes the accept() that close() would not
            server.shutdown(socket.SHUT_RDWR)
        server.close()
        thread.join(timeout=10)


@pytest.mark.parametrize(
    ("talk", "expected"),
    [(b"", "cannot reach the Dask scheduler at '{}' (no answer in 0.5 s)"),
     (b"\xff" * 64 + b"HTTP/1.0 400 Bad request\r\n" * 20,
      "no Dask scheduler answers at '{}': something answers, not in Dask's protocol")],
)
def test_something_else_at_the_address_is_one_line_not_a_wait_or_a_traceback(
    talk: bytes, expected: str, stranger: tuple[socket.socket, list[bytes], threading.Event],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PUZZLEGEN_SCHEDULER_TIMEOUT", "0.5")
    server, said, _ = stranger
    said[0] = talk
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    store = tmp_path / "s.sqlite"
    status = main(["study", "--deals", "2", "--store", str(store), "--scheduler", address,
                   "-o", f"{tmp_path}/out/"])
    err = capsys.readouterr().err
    assert status == 1 and err.startswith(f"puzzlegen: error: {expected.format(address)}"), err
    assert len(err.strip().splitlines()) == 1
    assert not store.exists() and not (tmp_path / "out").exists()


def test_a_workers_address_is_not_taken_for_the_schedulers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cluster = local_cluster(1)
    try:
        address = str(next(iter(cluster.workers.values())).address)
        db = tmp_path / "c.sqlite"
        status = main(["generate", "--count", "1", "--db", str(db), "--scheduler", address])
    finally:
        cluster.close()
    err = capsys.readouterr().err
    assert status == 1 and not db.exists()
    said = f"{address!r} answers, but is not a Dask scheduler (it says it is Worker)"
    assert err == f"puzzlegen: error: {said}\n"


def test_the_scheduler_is_asked_for_even_where_an_event_loop_runs(scheduler: str) -> None:
    """A library may leave an event loop running in the caller's thread (the browser
    tests' Playwright does: every Dask test after them failed with asyncio.run's
    RuntimeError, said as 'no Dask scheduler answers')."""
    failures: list[BaseException] = []

    async def beside_a_running_loop() -> None:
        _ask_who_answers(scheduler)  # refuses with SchedulerError if it cannot ask

    def run() -> None:  # a thread of its own, whatever this one runs
        try:
            asyncio.run(beside_a_running_loop())
        except BaseException as exc:
            failures.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and failures == []


@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_the_scheduler_is_asked_stops_the_command_at_once(
    sent: signal.Signals, stranger: tuple[socket.socket, list[bytes], threading.Event],
    tmp_path: Path,
) -> None:
    """A silent port is asked for up to its deadline (here 60 s); a signal ends it now."""
    server, _, called = stranger
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlegen.cli", "study", "--deals", "2",
         "--scheduler", f"tcp://127.0.0.1:{server.getsockname()[1]}",
         "--store", str(tmp_path / "s.sqlite"), "-o", f"{tmp_path}/o/"],
        env={**os.environ, "PUZZLEGEN_SCHEDULER_TIMEOUT": "60"},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert called.wait(30) and child.poll() is None  # started, and asking
    child.send_signal(sent)
    _, err = child.communicate(timeout=10)  # the probe's thread does not hold it up
    assert child.returncode == 128 + sent and b"Traceback" not in err
    assert not (tmp_path / "s.sqlite").exists() and not (tmp_path / "o").exists()


def _caused(top: BaseException, *under: BaseException) -> BaseException:
    """``top`` raised from each of ``under`` in turn, as Dask chains its errors."""
    below = top
    for exc in under:
        below.__cause__ = exc
        below = exc
    return top


def test_why_a_scheduler_cannot_be_reached_is_found_under_dasks_errors() -> None:
    timed_out = "Timed out trying to connect to tcp://127.0.0.1:9 after 2 s"
    refused = _caused(OSError(timed_out), OSError("in TCPConnector"), ConnectionRefusedError())
    assert _why_unreachable(refused, 2.0) == "connection refused"
    no_host = _caused(OSError(timed_out), socket.gaierror(-2, "Name or service not known"))
    assert _why_unreachable(no_host, 2.0) == "no such host"
    assert _why_unreachable(OSError(timed_out), 2.0) == "no answer in 2 s"
    assert _why_unreachable(TimeoutError(), 0.5) == "no answer in 0.5 s"
    assert _why_unreachable(PermissionError(), 2.0) == "PermissionError"


def test_tls_without_dasks_tls_settings_is_one_line_naming_them() -> None:
    with pytest.raises(SchedulerError, match="needs Dask's TLS settings"):
        _ask_who_answers("tls://127.0.0.1:8786")


def test_every_task_checks_the_worker_runs_the_senders_code() -> None:
    """A worker that joins after the cluster was checked still cannot play with other code."""
    assert checked(installation(), divmod, 17, 5) == (3, 2)
    said = re.escape(f"runs {installation()}, not this puzzlegen 0.0.0")
    with pytest.raises(OtherCode, match=said):
        checked("0.0.0+000000000000", divmod, 17, 5)


def test_work_gathered_in_order_and_other_code_said_in_one_line(scheduler: str) -> None:
    with dask_client(scheduler) as client:
        assert gather_on_dask(client, abs, [-3, 1, -2]) == [3, 1, 2]
    with pytest.raises(OtherCode) as raised:
        checked("9.9", abs, -3)
    said = re.escape(f"worker that joined later runs {installation()}, not this puzzlegen 9.9")
    whole = f"^a Dask {said}: install this same checkout there"
    with pytest.raises(SchedulerError, match=whole), _worker_errors():
        raise raised.value


def test_a_worker_with_other_code_that_joined_later_is_named_by_its_address(
    scheduler: str,
) -> None:
    # The check before the work named the machine; the one in every task did not.
    with dask_client(scheduler) as client:
        future = client.submit(checked, "9.9", abs, -3, pure=False)
        said = r"^a Dask worker that joined later \(tcp://127\.0\.0\.1:\d+\) runs "
        with pytest.raises(SchedulerError, match=said), _worker_errors():
            future.result()


def test_a_lost_scheduler_is_one_line_saying_the_finished_work_is_kept() -> None:
    # A scheduler killed mid-study gave a 48-line traceback.
    from distributed.client import FutureCancelledError

    lost = FutureCancelledError("checked-1", reason="scheduler-connection-lost")
    said = "^lost the Dask scheduler .*the finished work is kept; start the scheduler again"
    with pytest.raises(SchedulerError, match=said), _worker_errors():
        raise lost
