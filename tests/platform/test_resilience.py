"""Load, faults and shutdown against the service run as in production.

CI runs a short version (MAHJONG_LOAD_SECONDS, default 6 s). The long run the
issue asks for (60 s at saturation, RSS compared between the first and last
20 s) is:

    MAHJONG_LOAD_SECONDS=60 .venv/bin/python -m pytest -q -m slow tests/platform/test_resilience.py
"""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
import pytest

from tests.server import service_command, service_env, start_service

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


def watch_readiness(base: str, out_of_rotation: threading.Event, stop: threading.Event, seen: Counter) -> None:
    """What a load balancer does: poll /readyz, and take the instance out of
    rotation (no new requests) at the first 503."""
    with httpx.Client(base_url=base, timeout=2) as client:
        while not stop.is_set():
            try:
                status = client.get("/readyz").status_code
            except httpx.HTTPError:
                status = 0
            seen[status] += 1
            if status == 503:
                out_of_rotation.set()
                return
            time.sleep(0.1)


@pytest.mark.server
def test_sigterm_during_load_fails_readiness_drains_and_loses_no_request(tmp_path) -> None:
    """The shutdown sequence: on SIGTERM /readyz answers 503 at once while
    requests are still served for MAHJONG_DRAIN_SECONDS; then the listener
    closes and in-flight requests finish. A client that stops sending when
    readiness fails (as a load balancer does) sees no error at all."""
    grace, drain = 5, 3
    service = start_service(tmp_path, MAHJONG_GRACEFUL_TIMEOUT=str(grace), MAHJONG_DRAIN_SECONDS=str(drain))
    requests = example_requests(service.base)
    stop, out_of_rotation = threading.Event(), threading.Event()
    tally, readiness = StatusCounts(), Counter()
    watcher = threading.Thread(target=watch_readiness, args=(service.base, out_of_rotation, stop, readiness), daemon=True)
    watcher.start()
    threads = [
        threading.Thread(target=drive, args=(service.base, requests, out_of_rotation, tally, i), daemon=True) for i in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    signalled = time.monotonic()
    service.process.send_signal(signal.SIGTERM)
    try:
        assert out_of_rotation.wait(timeout=drain), f"/readyz did not turn 503 within the drain: {dict(readiness)}"
        noticed = time.monotonic() - signalled
        code = service.process.wait(timeout=drain + grace + 10)
    finally:
        took = time.monotonic() - signalled
        stop.set()
        out_of_rotation.set()
        for thread in threads:
            thread.join(timeout=15)
        if service.process.poll() is None:
            service.kill_all()
    print(f"\nstatuses {dict(tally.statuses)}, errors {dict(tally.errors)}, readiness 503 after {noticed:.2f} s, exit after {took:.2f} s")
    assert code == 0
    assert drain <= took <= drain + grace + 2, f"took {took:.1f} s to exit"
    assert readiness[503] == 1 and readiness[0] == 0, readiness
    # every request sent was answered, none cut off, none a 5xx
    assert not tally.errors, tally.errors
    assert tally.server_errors() == 0, tally.statuses
    assert tally.statuses[200] > 0
    # after the exit, new connections are refused, not hung
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{service.base}/healthz", timeout=2)


def metric(base: str, name: str) -> float:
    text = httpx.get(f"{base}/metrics").text
    match = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    return float(match.group(1)) if match else 0.0


def settle(base: str, times: int) -> None:
    body = {"winner": "east", "win": {"type": "self_draw"}, "fan": 3}
    for _ in range(times):
        response = httpx.post(f"{base}/v1/hongkong/settlements", json=body, headers={"connection": "close"})
        assert response.status_code == 200


@pytest.mark.server
def test_second_start_on_a_taken_port_fails_without_touching_the_running_metrics(tmp_path) -> None:
    settled = 'mahjong_settlements_total{ruleset="hongkong"}'
    first = start_service(tmp_path, MAHJONG_WORKERS="2")
    try:
        settle(first.base, 5)
        assert metric(first.base, settled) == 5
        own = first.run_dir()
        files = sorted(p.name for p in own.iterdir())
        port = int(first.base.rsplit(":", 1)[1])

        second = subprocess.run(service_command(), env=service_env(tmp_path, port), capture_output=True, text=True, timeout=30)
        assert second.returncode == 1
        assert "Address already in use" in second.stderr, second.stderr
        assert "(set MAHJONG_PORT to another port)" in second.stderr, second.stderr  # the setting that moves it
        assert [p.name for p in tmp_path.iterdir()] == [own.name], "the failed start made nothing"
        assert sorted(p.name for p in own.iterdir()) == files

        settle(first.base, 3)
        assert metric(first.base, settled) == 8

        # a second instance on another port sharing the metrics directory counts
        # only its own requests, and removes only its own directory when it stops
        other = start_service(tmp_path, MAHJONG_WORKERS="2")
        try:
            settle(other.base, 2)
            assert metric(other.base, settled) == 2
            assert metric(first.base, settled) == 8
        finally:
            assert other.stop() == 0
        assert [p.name for p in tmp_path.iterdir()] == [own.name]
        settle(first.base, 1)
        assert metric(first.base, settled) == 9
    finally:
        assert first.stop() == 0
    assert list(tmp_path.iterdir()) == [], "the first start removed its own directory at exit"


def closed_after(sock: socket.socket, limit: float) -> float | None:
    """Seconds until the server closed the connection (None: still open after
    `limit`); any bytes it answered with are read past."""
    started = time.monotonic()
    sock.settimeout(0.2)
    while time.monotonic() - started < limit:
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - started
        except TimeoutError:
            continue
        except ConnectionResetError:
            return time.monotonic() - started
    return None


@pytest.mark.server
def test_slow_and_idle_clients_are_disconnected(tmp_path) -> None:
    """A client has MAHJONG_REQUEST_READ_TIMEOUT seconds to send a whole
    request; a kept-alive connection idles at most MAHJONG_KEEPALIVE_TIMEOUT."""
    read_timeout, keepalive = 2, 1
    service = start_service(tmp_path, MAHJONG_REQUEST_READ_TIMEOUT=str(read_timeout), MAHJONG_KEEPALIVE_TIMEOUT=str(keepalive))
    port = int(service.base.rsplit(":", 1)[1])
    head = b"POST /v1/hongkong/settlements HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
    body = b'{"winner":"east","win":{"type":"self_draw"},"fan":3}'
    complete = head + b"content-length: %d\r\n\r\n" % len(body) + body

    def nothing(sock: socket.socket) -> None:
        pass

    def half_headers(sock: socket.socket) -> None:
        sock.sendall(head)

    def half_body(sock: socket.socket) -> None:
        sock.sendall(head + b"content-length: %d\r\n\r\n" % len(body) + body[:10])

    def dribble(sock: socket.socket) -> None:
        # a byte every 0.25 s: always something new, never a whole request
        for byte in head[: int(read_timeout * 4) + 8]:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                return
            time.sleep(0.25)

    def answered_then_idle(sock: socket.socket) -> None:
        sock.sendall(complete)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")

    cases = {"nothing": nothing, "half_headers": half_headers, "half_body": half_body, "dribble": dribble, "idle": answered_then_idle}
    results: dict[str, float | None] = {}

    def run(name: str) -> None:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            started = time.monotonic()
            cases[name](sock)
            after = closed_after(sock, read_timeout + 3)
            results[name] = None if after is None else time.monotonic() - started

    try:
        threads = [threading.Thread(target=run, args=(name,)) for name in cases]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=read_timeout + 10)
        print(f"\nclosed after (s): { {k: None if v is None else round(v, 2) for k, v in results.items()} }")
        for name in ("nothing", "half_headers", "half_body", "dribble"):
            assert results[name] is not None and read_timeout - 0.1 <= results[name] <= read_timeout + 2, (name, results)
        assert results["idle"] is not None and keepalive - 0.1 <= results["idle"] <= keepalive + 2, results
        # and a client that sends its request in time is answered as usual
        settle(service.base, 1)
    finally:
        assert service.stop() == 0


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
