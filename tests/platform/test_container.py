"""The container, tested without a Docker engine (none runs here): the
Dockerfile passes hadolint, and the service started exactly as the image's
CMD and ENV would start it (two workers, multiprocess metrics) answers health,
a settlement, and /metrics summed over both workers."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import httpx
import pytest
import yaml

from service.settings import Settings, SettingsError
from tests.server import DOCKERFILE, ROOT, _final_stage, free_port, image_cmd, image_env, service_command, service_env, start_service


def healthcheck_command() -> list[str]:
    """The final stage's HEALTHCHECK command (exec form), run with this
    interpreter as the image runs it with its virtualenv's."""
    stage = _final_stage().replace("\\\n", " ")
    match = re.search(r"^HEALTHCHECK .*?CMD (\[.*\])$", stage, re.MULTILINE)
    assert match, "the final stage needs an exec-form HEALTHCHECK"
    command = json.loads(match.group(1))
    assert command[0] == "python"
    return [sys.executable, *command[1:]]


@pytest.mark.server
def test_the_healthcheck_asks_the_port_in_mahjong_port(served) -> None:
    """It follows MAHJONG_PORT (an operator may run the image on another
    port): healthy against the running service's port, unhealthy against
    a port where nothing listens."""
    env = {**os.environ, "MAHJONG_PORT": served.base.rsplit(":", 1)[1]}
    assert subprocess.run(healthcheck_command(), env=env, capture_output=True, timeout=10, check=False).returncode == 0
    env["MAHJONG_PORT"] = str(free_port())
    assert subprocess.run(healthcheck_command(), env=env, capture_output=True, timeout=10, check=False).returncode != 0


def test_dockerfile_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    result = subprocess.run([hadolint, str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_image_runs_the_same_command_as_python_m_service() -> None:
    assert image_cmd() == ["python", "-m", "service"]
    stage = _final_stage()
    assert re.search(r"^USER 10001", stage, re.MULTILINE), "runs as non-root"
    assert "HEALTHCHECK" in stage
    assert image_env()["MAHJONG_WORKERS"] == "2"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    metrics_dir = tmp_path_factory.mktemp("metrics")
    # what a crashed earlier start leaves behind: never read, never removed
    (metrics_dir / "run-1-crashed").mkdir()
    (metrics_dir / "run-1-crashed" / "counter_1.db").write_text("left over from an earlier run")
    service = start_service(metrics_dir, MAHJONG_BUILD_COMMIT="0123abc")
    yield service
    service.stop()


@pytest.mark.server
def test_health_settlement_and_metrics_summed_over_two_workers(served) -> None:
    base, metrics_dir = served.base, served.metrics_dir
    assert httpx.get(f"{base}/healthz").json() == {"status": "ok"}
    assert (metrics_dir / "run-1-crashed" / "counter_1.db").exists(), "another start's files are left alone"
    assert len(served.workers()) == 2

    body = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}
    sent = 60
    for _ in range(sent):  # a new connection each time, so both workers get some
        response = httpx.post(f"{base}/v1/hongkong/settlements", json=body, headers={"connection": "close"})
        assert response.status_code == 200
        assert response.json()["winner_receives"] == 8

    counted_in = {p.stem for p in served.run_dir().glob("slot-*.counts") if any(p.read_bytes())}
    assert len(counted_in) == 2, f"expected counts from two workers, got {sorted(counted_in)}"
    text = httpx.get(f"{base}/metrics").text
    match = re.search(r'^mahjong_settlements_total\{ruleset="hongkong"\} (\S+)$', text, re.MULTILINE)
    assert match and float(match.group(1)) == sent, text[:2000]
    assert "mahjong_request_duration_seconds_bucket" in text
    assert 'path="/v1/hongkong/settlements"' in text


@pytest.mark.server
def test_build_info_names_version_commit_and_python_once_over_two_workers(served) -> None:
    text = httpx.get(f"{served.base}/metrics").text
    lines = [line for line in text.splitlines() if line.startswith("mahjong_build_info{")]
    python = ".".join(map(str, sys.version_info[:3]))
    # version from pyproject.toml, commit as set in the environment, no pid label
    assert lines == [f'mahjong_build_info{{commit="0123abc",python="{python}",version="0.1.0"}} 1.0'], lines


@pytest.mark.server
def test_sigterm_stops_cleanly(served) -> None:
    assert httpx.get(f"{served.base}/healthz").status_code == 200
    run_dir = served.run_dir()
    assert served.stop(timeout=20) == 0
    assert not run_dir.exists(), "a start removes its own metrics directory at exit"
    assert (served.metrics_dir / "run-1-crashed" / "counter_1.db").exists()


def test_running_settings_defaults_and_bounds() -> None:
    defaults = Settings.from_env({})
    assert (defaults.drain_seconds, defaults.request_read_timeout, defaults.keepalive_timeout, defaults.build_commit) == (3, 10, 65, "")
    assert Settings.from_env({"MAHJONG_BUILD_COMMIT": "0123abc"}).build_commit == "0123abc"
    for name, value in [
        ("MAHJONG_DRAIN_SECONDS", "121"),
        ("MAHJONG_DRAIN_SECONDS", "-1"),
        ("MAHJONG_REQUEST_READ_TIMEOUT", "0"),
        ("MAHJONG_KEEPALIVE_TIMEOUT", "3601"),
        ("MAHJONG_BUILD_COMMIT", "a b"),
        ("MAHJONG_BUILD_COMMIT", "a" * 65),
    ]:
        with pytest.raises(SettingsError):
            Settings.from_env({name: value})


def test_bad_setting_exits_2_before_binding(tmp_path) -> None:
    port = free_port()
    result = subprocess.run(
        service_command(), env=service_env(tmp_path, port, MAHJONG_DRAIN_SECONDS="x"), capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 2 and "MAHJONG_DRAIN_SECONDS" in result.stderr
    assert list(tmp_path.iterdir()) == []


def locked(path: Path) -> dict[str, tuple[str, frozenset[str]]]:
    """name -> (version, sha256 hashes) for every pin in a pip-compile lock file."""
    pins: dict[str, tuple[str, frozenset[str]]] = {}
    for entry in re.split(r"\n(?=[A-Za-z0-9])", path.read_text()):
        match = re.match(r"([A-Za-z0-9_.-]+)==(\S+)", entry)
        if match:
            name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
            pins[name] = (match.group(2), frozenset(re.findall(r"--hash=sha256:([0-9a-f]{64})", entry)))
    return pins


def pyproject_pins(*, extra: str | None = None) -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["optional-dependencies"][extra] if extra else project["dependencies"]
    pins = {}
    for requirement in requirements:
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==(\S+)", requirement)
        assert match, f"{requirement}: pyproject.toml pins every dependency exactly"
        pins[re.sub(r"[-_.]+", "-", match.group(1)).lower()] = match.group(2)
    return pins


def test_lock_files_pin_every_dependency_with_hashes_and_agree() -> None:
    runtime, test = locked(ROOT / "requirements.lock"), locked(ROOT / "requirements-test.lock")
    for pins in (runtime, test):
        assert all(hashes for _, hashes in pins.values()), "every pin carries sha256 hashes"
    # the image's versions are exactly CI's
    assert {name: test[name] for name in runtime} == runtime
    assert {name: runtime[name][0] for name in pyproject_pins()} == pyproject_pins()
    assert {name: test[name][0] for name in pyproject_pins(extra="test")} == pyproject_pins(extra="test")
    assert "uvicorn" in runtime and "pytest" not in runtime and "pytest" in test
    for path in ("requirements.lock", "requirements-test.lock"):
        assert "#    bash tools/lock.sh\n" in (ROOT / path).read_text()[:300], "the header names the refresh command"
    assert (ROOT / "tools" / "lock.sh").exists()


def test_image_and_ci_install_from_the_lock_files() -> None:
    build = DOCKERFILE.read_text()[: DOCKERFILE.read_text().rindex("\nFROM ")]
    assert "pip install --no-cache-dir -r requirements.lock" in build
    assert "pip install --no-cache-dir --no-deps ." in build
    ci = (ROOT / ".ci" / "run").read_text()
    assert ".venv/bin/pip install -q -r requirements-test.lock\n" in ci
    assert ".venv/bin/pip install -q --no-deps -e .\n" in ci


def test_build_command_tags_the_image_the_manifests_run() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    match = re.search(r"^#   (docker build .* -t (\S+) \.)$", DOCKERFILE.read_text(), re.MULTILINE)
    assert match, "the Dockerfile's header gives the build command"
    deployment = yaml.safe_load((ROOT / "docker" / "k8s" / "deployment.yaml").read_text())
    assert match.group(2) == deployment["spec"]["template"]["spec"]["containers"][0]["image"] == f"mahjong-settlement:{version}"
    assert match.group(1) in (ROOT / "docs" / "operations.md").read_text(), "docs/operations.md gives the same command"
    assert f'org.opencontainers.image.version="{version}"' in DOCKERFILE.read_text()


def test_compose_waits_for_the_shutdown_sequence() -> None:
    service = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())["services"]["settlement"]
    env = image_env()
    grace = re.fullmatch(r"(\d+)s", service["stop_grace_period"])
    assert grace and int(grace.group(1)) > int(env["MAHJONG_DRAIN_SECONDS"]) + int(env["MAHJONG_GRACEFUL_TIMEOUT"])


def test_compose_publishes_on_loopback_and_names_a_commit_when_none_is_exported() -> None:
    """A local run: its ports on 127.0.0.1 only (a bare "8000:8000" publishes
    on every interface), and a build without MAHJONG_BUILD_COMMIT exported
    still names one that the service accepts (it was empty)."""
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())["services"]
    for service in compose.values():
        for mapping in service.get("ports", []):
            assert mapping.startswith("127.0.0.1:"), mapping
    commit = compose["settlement"]["build"]["args"]["MAHJONG_BUILD_COMMIT"]
    match = re.fullmatch(r"\$\{MAHJONG_BUILD_COMMIT:-(.+)\}", commit)
    assert match, commit
    assert Settings.from_env({"MAHJONG_BUILD_COMMIT": match.group(1)}).build_commit == match.group(1)


def test_the_base_image_is_a_build_argument_of_both_stages() -> None:
    """A mirror's copy of the base, or a locally made one, stands in with
    --build-arg BASE_IMAGE=… (tools/image_check.sh passes it)."""
    text = DOCKERFILE.read_text()
    assert re.search(r"^ARG BASE_IMAGE=python:3\.11-slim-bookworm$", text, re.MULTILINE)
    assert re.findall(r"^FROM (\S+)", text, re.MULTILINE) == ["${BASE_IMAGE}", "${BASE_IMAGE}"]


def test_the_image_exposes_the_ports_the_manifests_use() -> None:
    deployment = yaml.safe_load((ROOT / "docker" / "k8s" / "deployment.yaml").read_text())
    ports = {port["containerPort"] for port in deployment["spec"]["template"]["spec"]["containers"][0]["ports"]}
    match = re.search(r"^EXPOSE (.+)$", _final_stage(), re.MULTILINE)
    assert match and {int(port) for port in match.group(1).split()} == ports == {8000, 9000}


def test_the_build_context_leaves_out_the_repository_and_the_environments() -> None:
    """.dockerignore: a build sends neither .git nor a virtualenv nor
    node_modules (hundreds of MB here), nor the tests' caches."""
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines() if line.strip() and not line.startswith("#")}
    assert {".git", "**/.venv", "**/node_modules", "**/__pycache__", "**/.pytest_cache", "**/.mypy_cache", "**/.hypothesis"} <= ignored
    # and nothing the Dockerfile copies
    copied = {
        word
        for line in DOCKERFILE.read_text().splitlines()
        if line.startswith("COPY ") and "--from" not in line
        for word in line.split()[1:-1]
    }
    assert copied == {"requirements.lock", "pyproject.toml", "README.md", "LICENSE", "NOTICE", "service"}
    assert not copied & ignored
