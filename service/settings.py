"""Settings from environment variables, with defaults safe for a laptop.

| variable | default | meaning |
|---|---|---|
| MAHJONG_HOST | 127.0.0.1 | interface to bind (the container sets 0.0.0.0) |
| MAHJONG_PORT | 8000 | TCP port |
| MAHJONG_WORKERS | 1 | uvicorn worker processes |
| MAHJONG_LOG_LEVEL | info | critical, error, warning, info, debug |
| MAHJONG_MAX_BODY_BYTES | 65536 | larger request bodies get 413 |
| MAHJONG_METRICS_DIR | <tmp>/mahjong-settlement-metrics-<port> | parent of the metrics directories: each start makes a fresh subdirectory in it for its workers' counts and removes only that one at exit |
| MAHJONG_GRACEFUL_TIMEOUT | 10 | seconds in-flight requests get after SIGTERM |
| MAHJONG_ACCESS_LOG | false | log every request (the gateway usually does) |
| MAHJONG_BATCH_MAX_ITEMS | 1000 | most items one batch may carry (1–1000); more get 413 |
| MAHJONG_BATCH_MAX_BODY_BYTES | 1048576 | larger batch bodies get 413 |
| MAHJONG_LOG_FORMAT | json | `json` (one JSON object per line, with the request id) or `text` (uvicorn's plain lines) |
| MAHJONG_CORS_ORIGINS | (empty: CORS off) | comma-separated origins browsers may call from (`https://app.example`), or `*` |
| MAHJONG_BUILD | (empty) | build identifier shown by `GET /version` |
| MAHJONG_DRAIN_SECONDS | 3 | after SIGTERM, seconds /readyz answers 503 while requests are still served, before the listener closes (0–120) |
| MAHJONG_REQUEST_READ_TIMEOUT | 10 | seconds a client has to send a whole request (line, headers, body), from connecting or from the first byte of its next request; then the connection is closed (1–300) |
| MAHJONG_KEEPALIVE_TIMEOUT | 65 | seconds an idle kept-alive connection stays open; keep it longer than the gateway's upstream idle timeout (1–3600) |
| MAHJONG_BUILD_COMMIT | (empty) | source commit of this build, shown by `GET /version` and mahjong_build_info (at most 64 of 0-9 A-Z a-z . _ -) |
| MAHJONG_METRICS_PORT | (empty: /metrics on MAHJONG_PORT) | a second TCP port on MAHJONG_HOST that serves `/metrics` only; the main port then answers 404 for it |
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field

LOG_LEVELS = ("critical", "error", "warning", "info", "debug")
LOG_FORMATS = ("json", "text")
MAX_CORS_ORIGINS = 64

METRICS_RUN_DIR_VARIABLE = "MAHJONG_METRICS_RUN_DIR"
"""Set by ``python -m service`` (service.serving) for its workers, never by
an operator: this start's own directory inside MAHJONG_METRICS_DIR, where
each worker keeps its counts (service.api.metrics). Unset, as in tests or a
program embedding the app, the counts stay in the process."""
_ORIGIN = re.compile(r"\*|https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")
_LABEL = re.compile(r"[A-Za-z0-9._+-]{0,64}")
COMMIT = re.compile(r"[0-9A-Za-z._-]{0,64}")


class SettingsError(ValueError):
    """An environment variable has a value the service cannot run with."""


def _int(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError as exc:
        raise SettingsError(f"{name}={raw!r} is not an integer") from exc
    if not low <= value <= high:
        raise SettingsError(f"{name}={value} must be between {low} and {high}")
    return value


def _bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if raw == "":
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name}={raw!r} must be true or false")


def _choice(env: Mapping[str, str], name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = env.get(name, "").strip().lower() or default
    if raw not in choices:
        raise SettingsError(f"{name}={raw!r} must be one of {', '.join(choices)}")
    return raw


def _origins(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    """Comma-separated origins as a browser sends them (scheme://host[:port],
    no path, no trailing slash), or ``*``."""
    origins = tuple(part.strip() for part in env.get(name, "").split(",") if part.strip())
    if len(origins) > MAX_CORS_ORIGINS:
        raise SettingsError(f"{name} lists {len(origins)} origins; at most {MAX_CORS_ORIGINS}")
    for origin in origins:
        if not _ORIGIN.fullmatch(origin):
            raise SettingsError(f"{name}: {origin!r} is not an origin like https://app.example or *")
    return origins


def _label(env: Mapping[str, str], name: str) -> str:
    raw = env.get(name, "").strip()
    if not _LABEL.fullmatch(raw):
        raise SettingsError(f"{name}={raw!r} must be at most 64 letters, digits or . _ + -")
    return raw


def _commit(env: Mapping[str, str]) -> str:
    raw = env.get("MAHJONG_BUILD_COMMIT", "").strip()
    if not COMMIT.fullmatch(raw):
        raise SettingsError("MAHJONG_BUILD_COMMIT must be at most 64 of 0-9 A-Z a-z . _ -")
    return raw


def _metrics_port(env: Mapping[str, str], port: int) -> int | None:
    if not env.get("MAHJONG_METRICS_PORT", "").strip():
        return None
    metrics_port = _int(env, "MAHJONG_METRICS_PORT", 0, 1, 65535)
    if metrics_port == port:
        raise SettingsError(f"MAHJONG_METRICS_PORT={metrics_port} must differ from MAHJONG_PORT")
    return metrics_port


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    log_level: str = "info"
    max_body_bytes: int = 64 * 1024
    metrics_dir: str = field(default_factory=lambda: os.path.join(tempfile.gettempdir(), "mahjong-settlement-metrics-8000"))
    graceful_timeout: int = 10
    access_log: bool = False
    batch_max_items: int = 1000
    batch_max_body_bytes: int = 1024 * 1024
    log_format: str = "json"
    cors_origins: tuple[str, ...] = ()
    build: str = ""
    # running and stopping (service.serving)
    drain_seconds: int = 3
    request_read_timeout: int = 10
    keepalive_timeout: int = 65
    build_commit: str = ""
    metrics_port: int | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        port = _int(env, "MAHJONG_PORT", 8000, 1, 65535)
        log_level = env.get("MAHJONG_LOG_LEVEL", "info").lower() or "info"
        if log_level not in LOG_LEVELS:
            raise SettingsError(f"MAHJONG_LOG_LEVEL={log_level!r} must be one of {', '.join(LOG_LEVELS)}")
        return cls(
            host=env.get("MAHJONG_HOST", "127.0.0.1") or "127.0.0.1",
            port=port,
            workers=_int(env, "MAHJONG_WORKERS", 1, 1, 64),
            log_level=log_level,
            max_body_bytes=_int(env, "MAHJONG_MAX_BODY_BYTES", 64 * 1024, 1024, 16 * 1024 * 1024),
            metrics_dir=env.get("MAHJONG_METRICS_DIR") or os.path.join(tempfile.gettempdir(), f"mahjong-settlement-metrics-{port}"),
            graceful_timeout=_int(env, "MAHJONG_GRACEFUL_TIMEOUT", 10, 0, 600),
            access_log=_bool(env, "MAHJONG_ACCESS_LOG", False),
            batch_max_items=_int(env, "MAHJONG_BATCH_MAX_ITEMS", 1000, 1, 1000),
            batch_max_body_bytes=_int(env, "MAHJONG_BATCH_MAX_BODY_BYTES", 1024 * 1024, 1024, 64 * 1024 * 1024),
            log_format=_choice(env, "MAHJONG_LOG_FORMAT", "json", LOG_FORMATS),
            cors_origins=_origins(env, "MAHJONG_CORS_ORIGINS"),
            build=_label(env, "MAHJONG_BUILD"),
            # running and stopping (service.serving)
            drain_seconds=_int(env, "MAHJONG_DRAIN_SECONDS", 3, 0, 120),
            request_read_timeout=_int(env, "MAHJONG_REQUEST_READ_TIMEOUT", 10, 1, 300),
            keepalive_timeout=_int(env, "MAHJONG_KEEPALIVE_TIMEOUT", 65, 1, 3600),
            build_commit=_commit(env),
            metrics_port=_metrics_port(env, port),
        )
