"""Load, faults and shutdown against the service run as in production.

CI runs a short version (MAHJONG_LOAD_SECONDS, default 6 s). The long run the
issue asks for (60 s at saturation, RSS compared between the first and last
20 s) is:

    MAHJONG_LOAD_SECONDS=60 .venv/bin/python -m pytest -q -m slow tests/test_resilience.py
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
import pytest

from tests.server import start_service

LOAD_SECONDS = float(os.environ.get("MAHJONG_LOAD_SECONDS", "6"))
THREADS = 12

MALFORMED: list[tuple[str, str, bytes]] = [
    ("POST", "/v1/hongkong/settlements", b"{"),
    ("POST", "/v1/hongkong/settlements", b'{"winner": "east"}'),
    ("POST", "/v1/hongkong/settlements", b'{"winner":"east","win":{"type":"self_draw"},"fan":"3"}'),
    ("POST", "/v1/hongkong/settlements", b'{"winner":"east","win":{"type":"discard","discarder":"east"},"fan":3}'),
    ("POST", "/v1/hongkong/settlements", b'{"winner":"east","win":{"type":"self_draw"},"fan":1' + b"0" * 400 + b"}"),
    ("POST", "/v1/hongkong/settlements", b'{"pad":"' + b"x" * 70_000 + b'"}'),
    ("POST", "/v1/hongkong/settlements", b"[" * 2000 + b"]" * 2000),
    ("GET", "/v1/hongkong/points-table?fan_cap=abc", b""),
    ("GET", "/v1/does-not-exist", b""),
]


def example_requests(base: str) -> list[tuple[str, str, bytes]]:
    """Every request-body example the service publishes, for every ruleset."""
    document = httpx.get(f"{base}/schema/openapi.json").json()
    requests = []
    for path, item in document["paths"].items():
        body = item.get("post", {}).get("requestBody")
        if body:
            for example in body["content"]["application/json"]["schema"].get("examples", []):
                requests.append(("POST", path, httpx.Request("POST", "/", json=example).content))
    assert requests
    return requests


@dataclass
class StatusCounts:
    statuses: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int | None, error: str | None = None) -> None:
        with self.lock:
            if status is not None:
                self.statuses[status] += 1
            if error:
                self.errors[error] += 1

    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status >= 500)


def drive(base: str, requests, stop: threading.Event, tally: StatusCounts, seed: int) -> None:
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=10) as client:
        while not stop.is_set():
            method, path, content = rng.choice(requests)
            try:
                response = client.request(method, path, content=content or None, headers={"content-type": "application/json"})
                tally.add(response.status_code)
            except httpx.HTTPError as exc:
                tally.add(None, type(exc).__name__)


def warm_up(base: str, requests) -> None:
    """Every kind of request a few times first, so that one-off growth (label
    caches, first-use imports) is not counted as a trend."""
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(5):
            for method, path, content in requests:
                client.request(method, path, content=content or None, headers={"content-type": "application/json"})


def run_load(base: str, seconds: float, on_sample=None) -> StatusCounts:
    requests = example_requests(base) * 4 + MALFORMED
    warm_up(base, requests)
    stop = threading.Event()
    tally = StatusCounts()
    threads = [threading.Thread(target=drive, args=(base, requests, stop, tally, i), daemon=True) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        time.sleep(0.5)
        if on_sample:
            on_sample(time.monotonic() - started)
    stop.set()
    for thread in threads:
        thread.join(timeout=15)
    return tally


@pytest.mark.server
@pytest.mark.slow
def test_saturation_mixed_and_malformed_no_5xx_and_flat_memory(tmp_path) -> None:
    service = start_service(tmp_path)
    try:
        samples: list[tuple[float, int]] = []
        tally = run_load(service.base, LOAD_SECONDS, lambda t: samples.append((t, service.rss_kib())))
        assert tally.server_errors() == 0, tally.statuses
        assert not tally.errors, tally.errors
        assert sum(tally.statuses.values()) > 100 * LOAD_SECONDS / 6
        assert tally.statuses[200] and tally.statuses[400] and tally.statuses[404] and tally.statuses[413] and tally.statuses[422]
        third = LOAD_SECONDS / 3
        first = [rss for t, rss in samples if t <= third]
        last = [rss for t, rss in samples if t >= LOAD_SECONDS - third]
        growth = (sum(last) / len(last)) / (sum(first) / len(first)) - 1
        print(
            f"\n{sum(tally.statuses.values())} requests in {LOAD_SECONDS:.0f} s, statuses {dict(tally.statuses)}, RSS growth {growth:.1%}"
        )
        assert growth < 0.10, f"RSS grew {growth:.1%} between the first and last third"
    finally:
        assert service.stop() == 0


@pytest.mark.server
def test_sigterm_during_load_completes_in_flight_and_exits_zero(tmp_path) -> None:
    grace = 5
    service = start_service(tmp_path, MAHJONG_GRACEFUL_TIMEOUT=str(grace))
    requests = example_requests(service.base)
    stop = threading.Event()
    tally = StatusCounts()
    threads = [threading.Thread(target=drive, args=(service.base, requests, stop, tally, i), daemon=True) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    signalled = time.monotonic()
    service.process.send_signal(signal.SIGTERM)
    try:
        code = service.process.wait(timeout=grace + 10)
    finally:
        took = time.monotonic() - signalled
        stop.set()
        for thread in threads:
            thread.join(timeout=15)
        if service.process.poll() is None:
            service.kill_all()
    assert code == 0
    assert took <= grace + 2, f"took {took:.1f} s to exit"
    # every response that came back was a success: nothing cut off into a 5xx
    assert tally.server_errors() == 0, tally.statuses
    assert tally.statuses[200] > 0
    # after the socket closed, new connections are refused, not hung
    assert set(tally.errors) <= {"ConnectError", "RemoteProtocolError", "ReadError"}, tally.errors
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{service.base}/healthz", timeout=2)


@pytest.mark.server
def test_sigkilled_worker_is_replaced_and_service_keeps_answering(tmp_path) -> None:
    service = start_service(tmp_path, MAHJONG_WORKERS="2")
    try:
        before = service.workers()
        assert len(before) == 2
        os.kill(before[0], signal.SIGKILL)
        body = {"winner": "east", "win": {"type": "self_draw"}, "fan": 3}
        deadline = time.monotonic() + 20
        answered = 0
        while time.monotonic() < deadline:
            try:
                response = httpx.post(f"{service.base}/v1/hongkong/settlements", json=body, headers={"connection": "close"}, timeout=2)
                assert response.status_code == 200
                answered += 1
            except httpx.HTTPError:
                pass
            now = service.workers()
            if len(now) == 2 and before[0] not in now and answered >= 20:
                break
            time.sleep(0.05)
        now = service.workers()
        assert before[0] not in now and len(now) == 2, (before, now)
        assert answered >= 20
        assert httpx.get(f"{service.base}/readyz").status_code == 200
    finally:
        assert service.stop() == 0
