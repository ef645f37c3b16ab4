"""Running the HTTP server: the port, the metrics directory, slow clients and
the shutdown sequence, on top of uvicorn.

- The listening socket is bound before anything else, so a second start on a
  taken port fails without touching the running instance's files.
- Every start gets a fresh metrics directory (its workers' counts) inside
  MAHJONG_METRICS_DIR and removes only that one when it exits.
- A client has MAHJONG_REQUEST_READ_TIMEOUT seconds to send a whole request
  (line, headers, body), counted from connecting or from the first byte of its
  next request; an idle kept-alive connection is closed after
  MAHJONG_KEEPALIVE_TIMEOUT seconds. uvicorn has the second but not the
  first: without it, a connection that sends nothing, or half its headers,
  stays open for good.
- On SIGTERM each worker first fails readiness (/readyz answers 503) and
  keeps serving for MAHJONG_DRAIN_SECONDS, so that load balancers stop sending
  new requests; then it closes the listener, lets in-flight requests finish
  (at most MAHJONG_GRACEFUL_TIMEOUT seconds) and exits 0. A second SIGTERM,
  or SIGINT, skips the drain.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import tempfile
import time
from types import FrameType
from typing import Any

import uvicorn
from litestar import Litestar
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.supervisors import multiprocess

from service.settings import METRICS_RUN_DIR_VARIABLE, Settings

logger = logging.getLogger("uvicorn.error")

_APP: Litestar | None = None


def create_app() -> Litestar:
    """The app factory uvicorn calls in each worker; keeps the app so that a
    signal can flip its readiness."""
    global _APP
    from service.api.app import create_app as build

    _APP = build()
    return _APP


def mark_stopping() -> None:
    """/readyz answers 503 ("stopping") from now on."""
    if _APP is not None:
        _APP.state.ready = False
        _APP.state.stopping = True


def bind_listener(host: str, port: int) -> socket.socket:
    """Bind and listen, as uvicorn would; raises OSError when the port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def claim_metrics_dir(parent: str) -> str:
    """A fresh directory for this start's metrics files, named in
    MAHJONG_METRICS_RUN_DIR for the workers (service.api.metrics). Other
    starts' directories (a running instance's, or a crashed one's) are never
    read or removed."""
    os.makedirs(parent, exist_ok=True)
    path = tempfile.mkdtemp(prefix=f"run-{os.getpid()}-", dir=parent)
    os.environ[METRICS_RUN_DIR_VARIABLE] = path
    return path


class ServiceConfig(uvicorn.Config):
    """uvicorn's Config plus what the protocol and server below read."""

    def __init__(self, *args: Any, request_read_timeout: float, drain_seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request_read_timeout = request_read_timeout
        self.drain_seconds = drain_seconds


class TimedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline for reading a request."""

    def __init__(self, config: ServiceConfig, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.request_read_timeout = config.request_read_timeout
        self.read_deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self.read_deadline is None:
            self.read_deadline = self.loop.call_later(self.request_read_timeout, self._read_timed_out)

    def _disarm(self) -> None:
        if self.read_deadline is not None:
            self.read_deadline.cancel()
            self.read_deadline = None

    def _read_timed_out(self) -> None:
        self.read_deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class DrainingServer(uvicorn.Server):
    """uvicorn's Server with the drain before the listener closes."""

    config: ServiceConfig
    drain_started: float | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        mark_stopping()
        if sig == signal.SIGTERM and self.drain_started is None and self.config.drain_seconds > 0:
            logger.info("SIGTERM: /readyz now answers 503; closing in %s s", self.config.drain_seconds)
            self.drain_started = time.monotonic()
            return
        if self.should_exit and sig == signal.SIGINT:
            self.force_exit = True
        self.should_exit = True
        # unlike uvicorn, the signal is not raised again after shutdown: a
        # graceful stop exits 0

    async def on_tick(self, counter: int) -> bool:
        if self.drain_started is not None and time.monotonic() - self.drain_started >= self.config.drain_seconds:
            self.should_exit = True
        return await super().on_tick(counter)


class DrainingProcess(multiprocess.Process):
    """A worker process that runs the DrainingServer."""

    @property
    def server(self) -> uvicorn.Server:
        if self._server is None:
            self._server = DrainingServer(config=self.config)
        return self._server


def config_for(settings: Settings) -> ServiceConfig:
    return ServiceConfig(
        "service.serving:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        log_level=settings.log_level,
        access_log=settings.access_log,
        server_header=False,
        http="service.serving:TimedHttpToolsProtocol",
        timeout_keep_alive=settings.keepalive_timeout,
        timeout_graceful_shutdown=settings.graceful_timeout,
        request_read_timeout=settings.request_read_timeout,
        drain_seconds=settings.drain_seconds,
    )


def serve(settings: Settings, sock: socket.socket) -> None:
    """Serve on an already bound socket until stopped."""
    config = config_for(settings)
    # uvicorn set up its loggers in this (supervisor) process too: its own lines
    # ("Listening on …", worker starts and stops) follow MAHJONG_LOG_FORMAT as well
    from service.api.logs import configure_logging

    configure_logging(settings.log_format, settings.log_level)
    logger.info("Listening on http://%s:%d", settings.host, settings.port)
    if settings.workers > 1:
        # uvicorn's supervisor builds its workers from this module-level name
        multiprocess.Process = DrainingProcess  # type: ignore[misc]
        multiprocess.Multiprocess(config, sockets=[sock]).run()
    else:
        DrainingServer(config).run(sockets=[sock])
