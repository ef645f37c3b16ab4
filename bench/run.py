"""Benchmark: the service as in production, driven by wrk over loopback.

    .venv/bin/python bench/run.py [--seconds 10] [--connections 32]

Needs `wrk` (Debian: apt-get install wrk) and `taskset` (util-linux). Prints,
in one run: the engine's in-process cost per settlement per ruleset; then for
1 worker pinned to core 0 (wrk on core 1) and for 2 workers: a trivial GET's
req/s, each ruleset's settlement req/s as a ratio to a GET window run just
before it, with p50/p99 and errors, and the batch endpoint's settlements per
second. Targets are ratios measured in the same run; absolute figures drift
with the machine (bench/instructions.py counts instructions, which do not).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import timeit
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.core.codec import decode  # noqa: E402
from service.core.money import use_exact_context  # noqa: E402
from service.rulesets.registry import RULESETS  # noqa: E402

SAMPLES: dict[str, dict] = {
    "hongkong": {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 5, "rules": {"discard_payment": "half_gun"}},
    "riichi": {"winner": "south", "win": {"type": "self_draw"}, "han": 3, "fu": 30, "honba": 1, "riichi_sticks": 1},
    "mcr": {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 24, "flowers": 2},
    "nmjl": {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "value": 25, "jokerless": True},
    "taiwan": {"winner": "south", "win": {"type": "self_draw"}, "tai": 5, "dealer": "east", "dealer_streak": 2},
}
BATCH_ITEMS = 1000


def batch_items() -> list[dict]:
    """The bench's mixed batch: the sample hands, each ruleset in turn."""
    names = [ruleset.name for ruleset in RULESETS]
    return [dict(SAMPLES[names[i % len(names)]], ruleset=names[i % len(names)]) for i in range(BATCH_ITEMS)]


def engine_costs() -> dict[str, float]:
    """Best-of-5 µs per settlement, called as the service calls the engine:
    inside a request, whose task already has the exact decimal context."""
    use_exact_context()
    costs = {}
    for ruleset in RULESETS:
        request = decode(json.dumps(SAMPLES[ruleset.name]).encode(), ruleset.request)
        settle = ruleset.settle
        number = 20_000
        best = min(timeit.repeat(lambda settle=settle, request=request: settle(request), number=number, repeat=5))
        costs[ruleset.name] = best / number * 1e6
    return costs


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(workers: int, cpus: str | None, floor: bool = False) -> tuple[subprocess.Popen[bytes], str]:
    """The service as in production, or with ``floor`` the bare ASGI app of
    bench/floor.py on the same uvicorn (one worker)."""
    port = free_port()
    env = {
        **os.environ,
        "MAHJONG_PORT": str(port),
        "MAHJONG_WORKERS": str(workers),
        "MAHJONG_LOG_LEVEL": "warning",
        "MAHJONG_METRICS_DIR": tempfile.mkdtemp(prefix="mahjong-bench-"),
        "MAHJONG_BATCH_MAX_BODY_BYTES": str(8 << 20),
    }
    command = [sys.executable, "-m", "service"]
    if floor:
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "bench.floor:app",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
            "--no-server-header",
        ]
    if cpus:
        command = ["taskset", "-c", cpus, *command]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            with urllib.request.urlopen(f"{base}/{'' if floor else 'readyz'}", timeout=1) as response:
                if response.status == 200:
                    return process, base
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the service did not start")


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def wrk(url: str, seconds: int, connections: int, cpus: str | None, body: bytes | None = None) -> dict[str, float]:
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "30s", "--latency", url]
    script = None
    if body is not None:
        script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)  # noqa: SIM115 - wrk reads it after this function returns
        script.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n')
        script.write(f"wrk.body = {json.dumps(body.decode())}\n")
        script.close()
        command[1:1] = ["-s", script.name]
    if cpus:
        command = ["taskset", "-c", cpus, *command]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    if script:
        os.unlink(script.name)
    result = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))}
    for pct in ("50", "99"):
        match = re.search(rf"^\s+{pct}%\s+([\d.]+)(us|ms|s)$", out, re.MULTILINE)
        result[f"p{pct}"] = float(match.group(1)) * UNITS[match.group(2)] if match else float("nan")
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    result["errors"] = (int(non2xx.group(1)) if non2xx else 0) + (sum(map(int, sockets.groups())) if sockets else 0)
    return result


def floor_row(server_cpus: str | None, client_cpus: str | None, seconds: int, connections: int) -> str:
    """The same load against bench/floor.py: the latency spread of uvicorn on
    this machine with no service code at all."""
    process, base = start(1, server_cpus, floor=True)
    try:
        wrk(f"{base}/", 2, connections, client_cpus)  # warm-up
        r = wrk(f"{base}/", seconds, connections, client_cpus)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    return f"| GET / on a bare ASGI app (floor, no service code) | {r['rps']:,.0f} | — | {r['p50']:.2f} | {r['p99']:.2f} | {r['p99'] / r['p50']:.1f} | {r['errors']:.0f} |"


def run_config(label: str, workers: int, server_cpus: str | None, client_cpus: str | None, seconds: int, connections: int) -> list[str]:
    """Each settlement window is paired with a trivial-GET window run just
    before it, and its ratio is to that GET: this VM's speed drifts over a
    run, so a ratio to one GET measured minutes earlier would measure the
    drift. With one worker, the table starts with the floor: the same load
    on a bare ASGI app, whose p99/p50 no service code can beat."""
    lines = [
        f"\n## {label}",
        "",
        "| endpoint | req/s | × GET (paired) | p50 ms | p99 ms | p99/p50 | errors |",
        "|---|---|---|---|---|---|---|",
    ]
    if workers == 1:
        lines.append(floor_row(server_cpus, client_cpus, seconds, connections))
    process, base = start(workers, server_cpus)
    health = f"{base}/healthz"
    try:
        wrk(health, 2, connections, client_cpus)  # warm-up
        gets: list[dict[str, float]] = []
        rows: list[str] = []
        for name, sample in SAMPLES.items():
            body = json.dumps(sample).encode()
            wrk(f"{base}/v1/{name}/settlements", 1, connections, client_cpus, body)  # warm-up
            get = wrk(health, seconds, connections, client_cpus)
            gets.append(get)
            r = wrk(f"{base}/v1/{name}/settlements", seconds, connections, client_cpus, body)
            rows.append(
                f"| POST /v1/{name}/settlements | {r['rps']:,.0f} | {r['rps'] / get['rps']:.2f} | {r['p50']:.2f} | {r['p99']:.2f} | {r['p99'] / r['p50']:.1f} | {r['errors']:.0f} |"
            )
        get_rps = [g["rps"] for g in gets]
        p50 = sum(g["p50"] for g in gets) / len(gets)
        p99 = sum(g["p99"] for g in gets) / len(gets)
        lines.append(
            f"| GET /healthz (mean of {len(gets)} windows, {min(get_rps):,.0f}–{max(get_rps):,.0f}) | {sum(get_rps) / len(gets):,.0f} | 1.00 | {p50:.2f} | {p99:.2f} | {p99 / p50:.1f} | {sum(g['errors'] for g in gets):.0f} |"
        )
        lines += rows
        body = json.dumps({"items": batch_items()}).encode()
        r = wrk(f"{base}/v1/settlements/batch", seconds, max(2, workers * 2), client_cpus, body)
        lines.append(
            f"| POST /v1/settlements/batch ({BATCH_ITEMS} mixed items) | {r['rps']:,.1f} | — | {r['p50']:.1f} | {r['p99']:.1f} | {r['p99'] / r['p50']:.1f} | {r['errors']:.0f} |"
        )
        lines.append(f"\nbatch: {r['rps'] * BATCH_ITEMS:,.0f} settlements/s with {workers} worker(s)")
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed: apt-get install wrk")
    pin = shutil.which("taskset") and (os.cpu_count() or 1) >= 2

    print("# Benchmark\n")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.seconds} s per run, {args.connections} connections\n")
    print("## Engine, in process (µs per settlement, best of 5 × 20,000)\n")
    print("| ruleset | µs |\n|---|---|")
    for name, cost in engine_costs().items():
        print(f"| {name} | {cost:.1f} |")
    for line in run_config(
        "1 worker on core 0, wrk on core 1", 1, "0" if pin else None, "1" if pin else None, args.seconds, args.connections
    ):
        print(line)
    for line in run_config("2 workers, wrk unpinned", 2, None, None, args.seconds, args.connections):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
