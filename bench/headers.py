"""What a request with too large a head costs, against an ordinary request.

    .venv/bin/python bench/headers.py

Starts the service as in production (``python -m service``, one worker) and,
for comparison, the same app on uvicorn's h11 protocol with
``h11_max_incomplete_event_size`` at the same 64 KiB. Over loopback, one
connection per request, it times (median of ``ROUNDS``, client's view from
connecting to the whole answer): an ordinary ``GET /healthz``; a head just
over 64 KiB; a 16 MB header; and reports the status each answered. Loopback
only, bounded: a few hundred requests in all.
"""

from __future__ import annotations

import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 40
BIG_ROUNDS = 5


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_ready(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode}")
        try:
            status, _ = exchange(port, b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not start")


def exchange(port: int, request: bytes) -> tuple[int, float]:
    """Send ``request`` on a new connection; (status, seconds until the
    answer is read or the server closes)."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        # refused before the rest was read: the answer is waiting
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(request)
        answer = b""
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
                if b"\r\n\r\n" in answer and b"connection: close" not in answer.lower() and answer.startswith(b"HTTP/1.1 200"):
                    break
        except ConnectionResetError:
            pass
    elapsed = time.perf_counter() - started
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0
    return status, elapsed


def head_of(size: int) -> bytes:
    return b"GET /healthz HTTP/1.1\r\nhost: x\r\nx-filler: " + b"a" * size + b"\r\n\r\n"


CASES = [
    ("ordinary GET /healthz", b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n", ROUNDS),
    ("head of 60 KiB (accepted)", head_of(60 * 1024), ROUNDS),
    ("head just over 64 KiB", head_of(64 * 1024), ROUNDS),
    ("one 16 MB header", head_of(16 * 1024 * 1024), BIG_ROUNDS),
]


def measure(name: str, command: list[str], env: dict[str, str], port: int) -> None:
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(port, process)
        print(f"{name}:")
        for label, request, rounds in CASES:
            results = [exchange(port, request) for _ in range(rounds)]
            statuses = sorted({status for status, _ in results})
            median = statistics.median(seconds for _, seconds in results)
            print(f"  {label:28} status {statuses}  median {median * 1000:7.2f} ms")
    finally:
        process.terminate()
        process.wait(10)


def main() -> None:
    with tempfile.TemporaryDirectory() as metrics:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MAHJONG_")}
        env.update({"MAHJONG_METRICS_DIR": metrics, "MAHJONG_LOG_LEVEL": "warning", "MAHJONG_DRAIN_SECONDS": "0"})
        port = free_port()
        measure("httptools, bounded (the service)", [sys.executable, "-m", "service"], {**env, "MAHJONG_PORT": str(port)}, port)
        port = free_port()
        h11 = [
            sys.executable,
            "-m",
            "uvicorn",
            "service.serving:worker_app",
            "--factory",
            "--http",
            "h11",
            "--h11-max-incomplete-event-size",
            str(64 * 1024),
            "--port",
            str(port),
            "--log-level",
            "warning",
        ]
        measure("h11 with h11_max_incomplete_event_size=65536", h11, env, port)


if __name__ == "__main__":
    main()
