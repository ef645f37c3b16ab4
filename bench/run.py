"""Benchmark: the service as in production, driven by wrk over loopback.

    .venv/bin/python bench/run.py [--seconds 10] [--connections 32]

Needs `wrk` (Debian: apt-get install wrk) and `taskset` (util-linux). Prints,
in one run: the engine's in-process cost per settlement per ruleset; then for
1 worker pinned to core 0 (wrk on core 1) and for 2 workers: each ruleset's
settlement req/s as a ratio to a raw ASGI + msgspec echo app (bench/echo.py)
given the same body on the same uvicorn, its p99/p50 as a ratio to a bare
ASGI app's (bench/floor.py), errors, and the batch endpoint's settlements per
second. Targets: × echo ≥ 0.7 and ÷ floor's p99/p50 ≤ 1.25 with one
pinned worker. Targets are ratios measured in the same run; absolute figures
drift with the machine (bench/per_request.py counts instructions, which do
not).
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
RIICHI_YAKU_HAND = {
    "winner": "south",
    "win": {"type": "discard", "discarder": "east"},
    "yaku": ["riichi", "ippatsu", "tanyao"],
    "dora": 1,
    "aka_dora": 1,
    "ura_dora": 1,
    "hand": {"melds": [{"kind": "kan"}, {"kind": "sequence"}, {"kind": "sequence"}, {"kind": "triplet"}], "wait": "two_sided"},
    "honba": 1,
    "riichi_sticks": 2,
}
"""Riichi from declared yaku and the hand's shape (han and fu both worked
out): the heaviest settlement body, the one that sets the tail."""
WRK_CASES: dict[str, tuple[str, dict]] = {
    **{name: (name, sample) for name, sample in SAMPLES.items()},
    "riichi yaku + hand": ("riichi", RIICHI_YAKU_HAND),
}
"""What bench/run.py sends to each settlement endpoint: label → (ruleset, body)."""
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


def start(workers: int, cpus: str | None, bare: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """The service as in production, or with ``bare`` ("floor" or "echo")
    that bare ASGI app of bench/ on the same uvicorn, with as many workers."""
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
    if bare:
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            f"bench.{bare}:app",
            "--port",
            str(port),
            "--workers",
            str(workers),
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
            probe = urllib.request.Request(f"{base}/{'' if bare else 'readyz'}", data=b"{}" if bare == "echo" else None)
            with urllib.request.urlopen(probe, timeout=1) as response:
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


def stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)


def run_config(label: str, workers: int, server_cpus: str | None, client_cpus: str | None, seconds: int, connections: int) -> list[str]:
    """Three servers on the same cores and the same uvicorn: the service as
    in production, bench/echo.py (a raw ASGI app that decodes the JSON body
    with msgspec and sends it back) and bench/floor.py (a raw ASGI app that
    answers a constant). For each ruleset, three windows run back to back:
    the floor, the echo given that ruleset's body, then the settlement. The
    settlement's req/s is a ratio to the echo window just before it, and its
    p99/p50 a ratio to the floor window's (this VM's speed drifts over a
    run, so a ratio to a window minutes away would measure the drift)."""
    lines = [
        f"\n## {label}",
        "",
        "| endpoint | req/s | × echo | p50 ms | p99 ms | p99/p50 | ÷ floor's p99/p50 | errors |",
        "|---|---|---|---|---|---|---|---|",
    ]
    floor, floor_base = start(workers, server_cpus, bare="floor")
    echo, echo_base = start(workers, server_cpus, bare="echo")
    process, base = start(workers, server_cpus)
    try:
        wrk(f"{floor_base}/", 2, connections, client_cpus)  # warm-up
        anchors: list[str] = []
        rows: list[str] = []
        for label, (name, sample) in WRK_CASES.items():
            body = json.dumps(sample).encode()
            wrk(f"{base}/v1/{name}/settlements", 1, connections, client_cpus, body)  # warm-up
            f = wrk(f"{floor_base}/", seconds, connections, client_cpus)
            e = wrk(f"{echo_base}/", seconds, connections, client_cpus, body)
            r = wrk(f"{base}/v1/{name}/settlements", seconds, connections, client_cpus, body)
            tail, floor_tail = r["p99"] / r["p50"], f["p99"] / f["p50"]
            anchors.append(
                f"| floor / echo before {label} | {f['rps']:,.0f} / {e['rps']:,.0f} | — | {f['p50']:.2f} / {e['p50']:.2f} | {f['p99']:.2f} / {e['p99']:.2f} | {floor_tail:.1f} / {e['p99'] / e['p50']:.1f} | — | {f['errors'] + e['errors']:.0f} |"
            )
            rows.append(
                f"| POST /v1/{name}/settlements{'' if label == name else f' ({label})'} | {r['rps']:,.0f} | {r['rps'] / e['rps']:.2f} | {r['p50']:.2f} | {r['p99']:.2f} | {tail:.1f} | {tail / floor_tail:.2f} | {r['errors']:.0f} |"
            )
        lines += anchors + rows
        body = json.dumps({"items": batch_items()}).encode()
        r = wrk(f"{base}/v1/settlements/batch", seconds, max(2, workers * 2), client_cpus, body)
        lines.append(
            f"| POST /v1/settlements/batch ({BATCH_ITEMS} mixed items) | {r['rps']:,.1f} | — | {r['p50']:.1f} | {r['p99']:.1f} | {r['p99'] / r['p50']:.1f} | — | {r['errors']:.0f} |"
        )
        lines.append(f"\nbatch: {r['rps'] * BATCH_ITEMS:,.0f} settlements/s with {workers} worker(s)")
    finally:
        for server in (process, echo, floor):
            stop(server)
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
