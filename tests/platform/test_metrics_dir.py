"""The metrics directory as the container runs it: its files are made and
their blocks allocated at start and never grow afterwards, whatever clients
send; a directory the service cannot use stops it at start (exit 2, one line
naming MAHJONG_METRICS_DIR); a disk that fills after start never fails a
request or kills a worker; a worker that cannot start stops the service with
a non-zero status.

A full disk is a small tmpfs mounted for the test (root only; skipped
elsewhere)."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.metrics_files import FILE_BYTES
from tests.server import ROOT, free_port, service_command, service_env, start_service

pytestmark = pytest.mark.server

# every method uvicorn's httptools parser accepts (llhttp's list)
METHODS = [
    "DELETE",
    "GET",
    "HEAD",
    "POST",
    "PUT",
    "CONNECT",
    "OPTIONS",
    "TRACE",
    "COPY",
    "LOCK",
    "MKCOL",
    "MOVE",
    "PROPFIND",
    "PROPPATCH",
    "SEARCH",
    "UNLOCK",
    "BIND",
    "REBIND",
    "UNBIND",
    "ACL",
    "REPORT",
    "MKACTIVITY",
    "CHECKOUT",
    "MERGE",
    "M-SEARCH",
    "NOTIFY",
    "SUBSCRIBE",
    "UNSUBSCRIBE",
    "PATCH",
    "PURGE",
    "MKCALENDAR",
    "LINK",
    "UNLINK",
    "SOURCE",
    "QUERY",
]
PATHS = ["/v1/rulesets", "/v1/hongkong/settlements", "/healthz", "/web/static/page.js", "/schema/x", "/nowhere/1", "/nowhere/2/3"]


def run_to_exit(metrics_dir: Path, timeout: float = 30, **overrides: str) -> subprocess.CompletedProcess[str]:
    """Run the container's command until it exits by itself."""
    env = service_env(metrics_dir, free_port(), **overrides)
    return subprocess.run(service_command(), cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False)


@contextlib.contextmanager
def tmpfs(path: Path, size: int, *options: str) -> Iterator[Path]:
    path.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", ",".join((f"size={size}", *options)), "tmpfs", str(path)], capture_output=True, check=False
    )
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def snapshot(run_dir: Path) -> dict[str, tuple[int, int]]:
    """Each file of a start's metrics directory: (size, blocks allocated)."""
    return {p.name: (p.stat().st_size, p.stat().st_blocks) for p in sorted(run_dir.iterdir())}


def every_odd_request(base: str) -> list[int]:
    statuses = []
    with httpx.Client(base_url=base, timeout=10) as client:
        for method in METHODS:
            for path in PATHS:
                statuses.append(client.request(method, path).status_code)
        for index in range(50):
            statuses.append(client.get(f"/fuzzed/{index}").status_code)
            statuses.append(client.post(f"/v1/fuzzed-{index}", content=b"{}", headers={"content-type": "application/json"}).status_code)
    return statuses


def test_the_metrics_files_never_grow_after_ready_and_labels_come_from_fixed_sets(tmp_path) -> None:
    service = start_service(tmp_path, MAHJONG_WORKERS="2")
    try:
        run_dir = service.run_dir()
        before = snapshot(run_dir)
        # made at start, one per worker, every block allocated
        assert sorted(before) == ["slot-0.counts", "slot-1.counts"]
        assert all(size == FILE_BYTES and blocks * 512 >= FILE_BYTES for size, blocks in before.values())
        statuses = every_odd_request(service.base)
        assert max(statuses) < 500
        assert snapshot(run_dir) == before
        text = httpx.get(f"{service.base}/metrics").text
        labels = re.findall(r'^mahjong_requests_total\{method="([^"]*)",path="([^"]*)",status_code="([^"]*)"\}', text, re.MULTILINE)
        assert {method for method, _, _ in labels} <= {"GET", "HEAD", "POST", "OPTIONS", "other"}
        assert "PROPFIND" not in text and "/fuzzed" not in text
        assert ("other", "/v1/rulesets", "405") in labels
        assert ("GET", "unmatched", "404") in labels
        assert len(labels) < 40, labels
    finally:
        service.stop()


@pytest.mark.parametrize("kind", ["a file", "under a file"])
def test_a_metrics_dir_that_is_not_a_directory_is_exit_2_naming_the_setting(tmp_path, kind) -> None:
    (tmp_path / "file").write_text("not a directory")
    where = tmp_path / "file" if kind == "a file" else tmp_path / "file" / "metrics"
    result = run_to_exit(tmp_path, MAHJONG_METRICS_DIR=str(where))
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mahjong-settlement: MAHJONG_METRICS_DIR={where}: "), result.stderr


def test_a_read_only_metrics_dir_is_exit_2_naming_the_setting(tmp_path) -> None:
    with tmpfs(tmp_path / "ro", 1 << 20, "ro") as read_only:
        result = run_to_exit(tmp_path, MAHJONG_METRICS_DIR=str(read_only / "metrics"))
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "MAHJONG_METRICS_DIR=" in lines[0] and "Read-only file system" in lines[0], result.stderr


def test_a_full_metrics_dir_is_exit_2_at_start(tmp_path) -> None:
    # room for one worker's file, not two
    with tmpfs(tmp_path / "small", FILE_BYTES + 4096) as small:
        result = run_to_exit(tmp_path, MAHJONG_METRICS_DIR=str(small), MAHJONG_WORKERS="2")
        assert list(small.iterdir()) == [], "a failed start leaves nothing behind"
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"MAHJONG_METRICS_DIR={small}" in lines[0] and "No space left on device" in lines[0], result.stderr


def test_a_disk_that_fills_after_ready_fails_no_request_and_kills_no_worker(tmp_path) -> None:
    with tmpfs(tmp_path / "disk", 2 * FILE_BYTES + 64 * 4096) as disk:
        service = start_service(disk, MAHJONG_WORKERS="2")
        try:
            workers = sorted(service.workers())
            filler = disk / "filler"
            with contextlib.suppress(OSError), open(filler, "wb", buffering=0) as file:
                while True:  # fill the disk to the last block
                    file.write(b"\0" * 4096)
                    file.flush()
            assert os.statvfs(disk).f_bavail == 0
            statuses = every_odd_request(service.base)
            assert max(statuses) < 500
            settled = httpx.post(f"{service.base}/v1/hongkong/settlements", json={"winner": "east", "win": {"type": "self_draw"}, "fan": 3})
            assert settled.status_code == 200
            time.sleep(1)  # a worker killed by SIGBUS would be gone (and replaced) by now
            assert sorted(service.workers()) == workers
            text = httpx.get(f"{service.base}/metrics").text
            assert re.search(r'^mahjong_requests_total\{method="other",path="/v1/rulesets",status_code="405"\} \d', text, re.MULTILINE)
            assert service.stop() == 0
        finally:
            service.kill_all() if service.process.poll() is None else None


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_worker_that_cannot_start_stops_the_service_with_a_non_zero_status(tmp_path, workers) -> None:
    """A broken install (the MCR calculator's extension fails to load) is
    found by the workers, which import the app: the service stops with exit
    status 3 instead of answering nothing or exiting 0."""
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "MahjongGB.py").write_text('raise ImportError("a broken build of PyMahjongGB")\n')
    env_path = os.pathsep.join(filter(None, [str(broken), os.environ.get("PYTHONPATH", "")]))
    result = run_to_exit(tmp_path / "metrics", MAHJONG_WORKERS=workers, PYTHONPATH=env_path)
    assert result.returncode == 3, (result.returncode, result.stderr[-2000:])
    assert not list((tmp_path / "metrics").glob("run-*")), "its metrics directory is removed"
