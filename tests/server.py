"""Start the service as a real process, exactly as the container's CMD and
ENV would (only bind address, port, metrics directory and overrides differ;
the drain after SIGTERM is 0 s unless a test sets MAHJONG_DRAIN_SECONDS, so
that stopping does not wait in every test)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import httpx

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"


def _final_stage() -> str:
    text = DOCKERFILE.read_text()
    return text[text.rindex("\nFROM ") :]


def image_cmd() -> list[str]:
    match = re.search(r"^CMD (\[.*\])$", _final_stage(), re.MULTILINE)
    assert match, "the final stage needs an exec-form CMD"
    return json.loads(match.group(1))


def image_env() -> dict[str, str]:
    """The final stage's ENV, with `${ARG}` references replaced by the ARG's
    default (what an image built without --build-arg has)."""
    stage = _final_stage().replace("\\\n", " ")
    args: dict[str, str] = {}
    env: dict[str, str] = {}
    for line in stage.splitlines():
        if line.startswith("ARG "):
            name, _, default = line[4:].strip().partition("=")
            args[name] = default.strip('"')
        if line.startswith("ENV "):
            for name, value in re.findall(r"(\w+)=(\S+)", line[4:]):
                env[name] = re.sub(r"\$\{?(\w+)\}?", lambda m: args.get(m.group(1), ""), value).strip('"')
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@dataclass
class Service:
    base: str
    process: subprocess.Popen[bytes]
    metrics_dir: Path
    log: IO[bytes]
    """What the service wrote (stdout and stderr), from its start."""

    def log_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def run_dir(self) -> Path:
        """This start's own metrics directory inside the metrics directory."""
        (path,) = self.metrics_dir.glob(f"run-{self.process.pid}-*")
        return path

    def workers(self) -> list[int]:
        """Worker pids: the children of uvicorn's supervisor that serve
        requests (multiprocessing's resource tracker is not one)."""
        pids = []
        for pid in children(self.process.pid):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"resource_tracker" not in cmdline:
                pids.append(pid)
        return pids

    def rss_kib(self) -> int:
        return rss_kib(self.process.pid) + sum(rss_kib(p) for p in children(self.process.pid))

    def stop(self, timeout: float = 30) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill_all()
        return self.process.returncode

    def kill_all(self) -> None:
        """SIGKILL the supervisor and its workers (its own process group), so
        that no worker outlives a failed test."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


def service_env(metrics_dir: Path, port: int, **overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAHJONG_", "PROMETHEUS_"))}
    env.update({k: v for k, v in image_env().items() if k.startswith(("MAHJONG_", "PYTHON"))})
    env.update({"MAHJONG_HOST": "127.0.0.1", "MAHJONG_PORT": str(port), "MAHJONG_METRICS_DIR": str(metrics_dir)})
    env["MAHJONG_DRAIN_SECONDS"] = "0"
    env.update(overrides)
    return env


def service_command() -> list[str]:
    command = image_cmd()
    command[0] = sys.executable  # the image's `python` is its virtualenv's
    return command


def start_service(metrics_dir: Path, port: int | None = None, **overrides: str) -> Service:
    port = port or free_port()
    env = service_env(metrics_dir, port, **overrides)
    command = service_command()
    log = tempfile.TemporaryFile()  # noqa: SIM115 - outlives this function, with the process
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or process.poll() is not None:
            os.killpg(process.pid, signal.SIGKILL)
            log.seek(0)
            raise AssertionError(log.read().decode(errors="replace")[-4000:])
        time.sleep(0.2)
    return Service(base, process, metrics_dir, log)
