"""Structured logs: one JSON object per line, each naming the request it is
about.

The ASGI entry (service.api.asgi) keeps the request being answered in
:data:`REQUEST`; every log record emitted while it is answered — the
service's own (``service.*``) and uvicorn's access log, which uvicorn writes
from inside the request's task when the response starts — carries its
``request_id``, ``method``, ``path``, ``status`` (once known) and
``duration`` (seconds since the request arrived). A line looks like::

    {"time": "2026-11-30T16:06:32.875Z", "level": "info", "logger": "uvicorn.access",
     "message": "127.0.0.1:50000 - \\"POST /v1/settlements HTTP/1.1\\" 200",
     "request_id": "3f2a9c41d0be-17", "method": "POST", "path": "/v1/settlements",
     "status": 200, "duration": 0.000412}

``MAHJONG_LOG_FORMAT=text`` keeps uvicorn's plain lines instead.
"""

from __future__ import annotations

import logging
import sys
import time
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

import msgspec

LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "service")
"""The loggers whose lines are written as JSON."""


class RequestContext:
    """The request being answered, as log lines name it."""

    __slots__ = ("method", "path", "request_id", "started", "started_response", "status")

    def __init__(self, request_id: str, method: str, path: str, started: float) -> None:
        self.request_id = request_id
        self.method = method
        self.path = path
        self.started = started
        self.status: int | None = None
        self.started_response = False


REQUEST: ContextVar[RequestContext | None] = ContextVar("request", default=None)
"""The request being answered by this task (None outside a request)."""

_ENCODER = msgspec.json.Encoder()


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON, with the request it is about."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        context = REQUEST.get()
        if context is not None:
            line["request_id"] = context.request_id
            line["method"] = context.method
            line["path"] = context.path
            line["status"] = context.status
            line["duration"] = round(time.perf_counter() - context.started, 6)
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(record.args) == 5:
            # uvicorn's access line: (client, method, full path, HTTP version, status)
            client, method, full_path, _, status = record.args
            line.update(client=client, method=method, path=full_path, status=status)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return _ENCODER.encode(line).decode()


class _ServiceHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler this module puts on the ``service`` logger (told apart so
    that building the app again does not add a second one)."""


def configure_logging(log_format: str, level: str) -> None:
    """JSON lines (``json``) or uvicorn's defaults (``text``) for uvicorn's
    loggers and the service's own. Called by the app factory, after uvicorn
    configured its logging in this worker."""
    service = logging.getLogger("service")
    service.setLevel(level.upper())
    ours = [handler for handler in service.handlers if isinstance(handler, _ServiceHandler)]
    if log_format != "json":
        for own in ours:
            service.removeHandler(own)
        return
    if not ours:
        service.addHandler(_ServiceHandler(sys.stderr))
    for name in LOGGERS:
        for handler in logging.getLogger(name).handlers:
            handler.setFormatter(JsonFormatter())
