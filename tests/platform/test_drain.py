"""A request that reached a worker before the drain ends is answered.

Clients that keep sending through the whole shutdown (as a client that does
not watch readiness does, or a load balancer slow to notice) while the
workers are busy with long batches: every request is either answered or
refused at connect (the listener closed); none is cut off after the
service took it. Before, requests sent in the last moments of the drain were
reset: read by nobody when the connections were closed."""

from __future__ import annotations

import signal
import threading
import time
from collections import Counter

import httpx
import pytest

from service.api.work import BUDGET, WEIGHTS
from tests.server import start_service

pytestmark = pytest.mark.server

RIICHI_TILES = {
    "ruleset": "riichi",
    "winner": "south",
    "win": {"type": "discard", "discarder": "north"},
    "tiles": {"concealed": "22234567888m345p", "win_tile": "8m", "riichi": True, "ippatsu": True, "dora_indicators": "1z2z3z4z5z"},
}
LONG_BATCH = {"items": [RIICHI_TILES] * (BUDGET * 100 // round(WEIGHTS["riichi"] * 100))}
PLAIN = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}


def keep_sending(base: str, path: str, body: dict, refused: threading.Event, outcomes: Counter, fresh: bool) -> None:
    """Send until a connection is refused; count what happened to each request."""
    client = httpx.Client(timeout=30)
    try:
        while not refused.is_set():
            try:
                response = client.post(f"{base}{path}", json=body, headers={"connection": "close"} if fresh else {})
            except httpx.ConnectError:
                outcomes["refused"] += 1
                refused.set()
                return
            except httpx.TransportError as exc:
                outcomes[f"cut off: {type(exc).__name__}"] += 1
                continue
            outcomes[response.status_code] += 1
    finally:
        client.close()


@pytest.mark.parametrize("run", range(2))
def test_requests_sent_until_the_listener_closes_are_answered_or_refused(tmp_path, run) -> None:
    service = start_service(tmp_path / str(run), MAHJONG_WORKERS="2", MAHJONG_DRAIN_SECONDS="1")
    refused = threading.Event()
    outcomes: Counter = Counter()
    senders = [(("/v1/settlements/batch", LONG_BATCH), i % 2 == 0) for i in range(4)]
    senders += [(("/v1/hongkong/settlements", PLAIN), i % 2 == 0) for i in range(8)]
    threads = [
        threading.Thread(target=keep_sending, args=(service.base, path, body, refused, outcomes, fresh), daemon=True)
        for (path, body), fresh in senders
    ]
    try:
        for thread in threads:
            thread.start()
        time.sleep(1)
        service.process.send_signal(signal.SIGTERM)
        code = service.process.wait(timeout=30)
        refused.set()
        for thread in threads:
            thread.join(timeout=30)
    finally:
        if service.process.poll() is None:
            service.kill_all()
    assert code == 0
    assert outcomes[200] > 0
    assert set(outcomes) <= {200, "refused"}, outcomes


def wait_for_stopping(base: str, timeout: float = 10) -> None:
    """Until /readyz answers 503: the workers are draining."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 503:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise AssertionError("/readyz never answered 503 after SIGTERM")


@pytest.mark.parametrize(
    "signals",
    [(signal.SIGTERM, signal.SIGTERM), (signal.SIGTERM, signal.SIGINT), (signal.SIGINT,)],
    ids=["SIGTERM twice", "SIGTERM then SIGINT", "SIGINT"],
)
def test_a_second_signal_to_the_main_process_alone_skips_the_drain_of_every_worker(tmp_path, signals) -> None:
    """docs/operations.md: a second SIGTERM, or SIGINT, skips the drain. Sent
    to the main process only (what `docker stop` and `docker kill` do), with
    two workers: the drain is 10 s, so an exit within 4 s of the last signal
    (a worker's tick is 0.1 s, the supervisor looks at its signals every
    0.5 s at most, each worker then closes in well under a second) means it
    was skipped. Before, the supervisor waited for its workers deaf to
    signals and the stop took the whole drain (about 11 s)."""
    service = start_service(tmp_path, MAHJONG_WORKERS="2", MAHJONG_DRAIN_SECONDS="10")
    try:
        assert len(service.workers()) == 2
        service.process.send_signal(signals[0])
        if len(signals) > 1:
            wait_for_stopping(service.base)
            service.process.send_signal(signals[1])
        started = time.monotonic()
        code = service.process.wait(timeout=15)
        took = time.monotonic() - started
    finally:
        if service.process.poll() is None:
            service.kill_all()
    assert code == 0, service.log_text()[-2000:]
    assert took < 4, f"the stop took {took:.1f} s after the last signal"
