"""docs/operations.md lists every setting service/settings.py reads and
every field of a JSON log line."""

from __future__ import annotations

import json
import logging
import re
import time

from service.api.logs import REQUEST, JsonFormatter, RequestContext
from service.settings import METRICS_RUN_DIR_VARIABLE
from tests.server import ROOT

DOC = ROOT / "docs" / "operations.md"


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(title)
    return text[start : text.index("\n## ", start + 1)]


def read_settings() -> set[str]:
    """Every MAHJONG_* variable the settings module reads (the one an
    operator never sets, the run directory, aside)."""
    source = (ROOT / "service" / "settings.py").read_text(encoding="utf-8")
    code = source[source.index('"""', 3) :]  # after the module docstring's table
    return set(re.findall(r'"(MAHJONG_[A-Z_]+)"', code)) - {METRICS_RUN_DIR_VARIABLE}


def test_every_setting_is_in_the_table() -> None:
    rows = set(re.findall(r"^\| (MAHJONG_[A-Z_]+) \|", _section("## Settings"), re.MULTILINE))
    settings = read_settings()
    assert {"MAHJONG_LOG_FORMAT", "MAHJONG_CORS_ORIGINS"} <= settings
    assert settings <= rows, sorted(settings - rows)


def test_every_json_log_field_is_documented() -> None:
    formatter = JsonFormatter()
    token = REQUEST.set(RequestContext("3f2a9c41d0be-17", "POST", "/v1/settlements", time.perf_counter()))
    try:
        access = logging.LogRecord(
            "uvicorn.access",
            logging.INFO,
            __file__,
            1,
            '%s - "%s %s HTTP/%s" %d',
            ("127.0.0.1:5", "POST", "/v1/settlements", "1.1", 200),
            None,
        )
        try:
            raise ValueError("x")
        except ValueError:
            import sys

            failed = logging.LogRecord("service", logging.ERROR, __file__, 1, "failed", None, sys.exc_info())
        fields = set(json.loads(formatter.format(access))) | set(json.loads(formatter.format(failed)))
    finally:
        REQUEST.reset(token)
    documented = set(re.findall(r"`([a-z_]+)`", " ".join(re.findall(r"^\| ([^|]+) \|", _section("### Log lines"), re.MULTILINE))))
    assert fields == documented, (fields, documented)
