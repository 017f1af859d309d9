"""study and generate on a Dask cluster (a LocalCluster on loopback) give the local bytes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlegen.cli import main

distributed = pytest.importorskip("distributed", reason='needs pip install "puzzlegen[dask]"')


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster: Any = distributed.LocalCluster(
        n_workers=1,
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
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


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
    monkeypatch.setenv("PUZZLEGEN_SCHEDULER_TIMEOUT", "0.2")  # port 9 refuses at once
    db = tmp_path / "c.sqlite"
    status = main(["generate", "--count", "1", "--db", str(db), "--scheduler", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert status == 1 and "cannot reach the Dask scheduler" in err
    assert len(err.strip().splitlines()) == 1 and not db.exists()
