"""`python -m service` takes --host, --port and --workers, each over its
MAHJONG_* setting, and refuses any other argument with exit 2 and the usage
on stderr (the contract's Operations section)."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import httpx
import pytest

from tests.server import ROOT, free_port, service_command, service_env

pytestmark = pytest.mark.server


def test_the_port_flag_overrides_the_port_setting(tmp_path) -> None:
    setting, flag = free_port(), free_port()
    env = service_env(tmp_path, setting, MAHJONG_WORKERS="1")
    command = [*service_command(), "--port", str(flag), "--host", "127.0.0.1", "--workers", "1"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{flag}/readyz", timeout=1)
                break
            except httpx.HTTPError:
                assert process.poll() is None and time.monotonic() < deadline, "the service never listened on --port"
                time.sleep(0.2)
        assert answer.status_code == 200
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"http://127.0.0.1:{setting}/readyz", timeout=1)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


@pytest.mark.parametrize("arguments", [["--prot", "8013"], ["8013"], ["--port"], ["--po", "8013"]])
def test_an_unknown_argument_exits_2_with_the_usage(tmp_path, arguments) -> None:
    env = service_env(tmp_path, free_port())
    done = subprocess.run([*service_command(), *arguments], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("usage: python -m service [--host HOST] [--port PORT] [--workers N]")


@pytest.mark.parametrize(("arguments", "named"), [(["--port", "70000"], "MAHJONG_PORT=70000"), (["--workers", "0"], "MAHJONG_WORKERS=0")])
def test_a_flag_value_is_checked_like_its_setting(tmp_path, arguments, named) -> None:
    env = service_env(tmp_path, free_port())
    done = subprocess.run([*service_command(), *arguments], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert done.stderr.startswith(f"mahjong-settlement: {named} must be between")


def test_help_names_the_options() -> None:
    done = subprocess.run([*service_command(), "--help"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0
    for option, variable in (("--host", "MAHJONG_HOST"), ("--port", "MAHJONG_PORT"), ("--workers", "MAHJONG_WORKERS")):
        assert f"{option} " in done.stdout and f"overrides {variable}" in done.stdout
