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
  stays open for good. Each worker looks at its connections ten times a
  second (no timer per request), so the deadline holds to a tenth of a second.
- On SIGTERM each worker first fails readiness (/readyz answers 503) and
  keeps serving for MAHJONG_DRAIN_SECONDS, so that load balancers stop sending
  new requests; then it closes the listener, lets in-flight requests finish
  (at most MAHJONG_GRACEFUL_TIMEOUT seconds) and exits 0. A second SIGTERM,
  or SIGINT, skips the drain (in-flight requests still finish, within
  MAHJONG_GRACEFUL_TIMEOUT). With several workers the main process only
  supervises them, and the signals that reach it alone (``docker stop``,
  ``docker kill``, Kubernetes) are passed on: SIGTERM as SIGTERM, a second
  SIGTERM or a SIGINT as SIGINT, which ends a worker's drain.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import socket
import tempfile
import time
from types import FrameType
from typing import TYPE_CHECKING, Any

import uvicorn
from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors import multiprocess

from service.core.money import use_exact_context
from service.metrics_files import FILE_BYTES, make_slot_files
from service.protocol import BoundedHttpToolsProtocol, Draining
from service.settings import METRICS_RUN_DIR_VARIABLE, Settings

if TYPE_CHECKING:
    from service.api.asgi import Entry

logger = logging.getLogger("uvicorn.error")

_APP: Entry | None = None


def worker_app() -> Entry:
    """The app factory uvicorn calls in each worker (service.api.create_app
    under the environment's settings); keeps the app so that a signal can
    flip its readiness."""
    global _APP
    try:
        from service.api import create_app

        app = _APP = create_app(Settings.from_env())
    except Exception as exc:
        # the app does not load (a broken install) or cannot open its
        # metrics slots: this worker cannot start, nor would a replacement
        logger.error("worker %d cannot start: %s: %s", os.getpid(), type(exc).__name__, exc, exc_info=exc)
        raise SystemExit(STARTUP_FAILURE) from None
    # the engines' exact decimal context, for the whole worker: uvicorn calls
    # this factory in the task that then starts the server, whose connections
    # and request tasks inherit the context. Without it the entry would set
    # it again in every request task
    use_exact_context()
    return app


def mark_stopping() -> None:
    """/readyz answers 503 ("stopping") from now on."""
    if _APP is not None:
        _APP.litestar.state.ready = False
        _APP.litestar.state.stopping = True


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


class MetricsDirError(Exception):
    """MAHJONG_METRICS_DIR cannot hold this start's metrics files."""


def claim_metrics_dir(parent: str, workers: int) -> str:
    """A fresh directory for this start's metrics files, named in
    MAHJONG_METRICS_RUN_DIR for the workers (service.api.metrics), with
    every worker's slot file made and its blocks allocated now: a full,
    read-only or non-directory MAHJONG_METRICS_DIR is found here, before
    any worker starts, never by a request. Other starts' directories (a
    running instance's, or a crashed one's) are never read or removed."""
    path = None
    try:
        os.makedirs(parent, exist_ok=True)
        path = tempfile.mkdtemp(prefix=f"run-{os.getpid()}-", dir=parent)
        make_slot_files(path, workers)
    except OSError as exc:
        if path is not None:
            shutil.rmtree(path, ignore_errors=True)
        need = workers * FILE_BYTES // 1024
        raise MetricsDirError(
            f"MAHJONG_METRICS_DIR={parent}: cannot hold the metrics files ({need} KiB for {workers} workers): {exc.strerror or exc}"
        ) from None
    os.environ[METRICS_RUN_DIR_VARIABLE] = path
    return path


class ServiceConfig(uvicorn.Config):
    """uvicorn's Config plus what the protocol and server below read."""

    def __init__(self, *args: Any, request_read_timeout: float, drain_seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request_read_timeout = request_read_timeout
        self.drain_seconds = drain_seconds


HEAD, BODY = 0, 1
"""The phases of reading a request: its line and headers, its body."""


def reading(protocol: Any) -> tuple[int, Any] | None:
    """What a connection is reading now, as (phase, request) that stays the
    same for as long as one request is being read, or ``None`` when it is
    reading nothing (its request is being answered, or it idles kept alive,
    which uvicorn's own keep-alive timeout bounds).

    Read from uvicorn's httptools protocol (pinned uvicorn) rather than
    hooked into it: a hook on every request costs more than the server
    spends on some requests (bench/per_request.py), a look ten times a
    second costs nothing per request."""
    cycle = getattr(protocol, "cycle", None)
    if cycle is None or cycle.response_complete:
        # between requests: the keep-alive timer runs until a first byte
        # arrives, from then on the next request's line and headers are read
        if getattr(protocol, "timeout_keep_alive_task", None) is not None:
            return None
        return (HEAD, cycle)
    if cycle.more_body:
        return (BODY, cycle)
    return None


def close_slow_readers(connections: Any, now: float, timeout: float) -> int:
    """Close each connection that has been reading one request for
    ``timeout`` seconds or more; returns how many. Called every tick (0.1 s):
    a slow client is closed within a tick of its deadline."""
    closed = 0
    for protocol in list(connections):
        phase = reading(protocol)
        if phase is None:
            protocol.read_mark = None
            continue
        mark = getattr(protocol, "read_mark", None)
        if mark is None or mark[0] != phase[0] or mark[1] is not phase[1]:
            protocol.read_mark = (phase[0], phase[1], now)
        elif now - mark[2] >= timeout:
            protocol.read_mark = None
            transport = getattr(protocol, "transport", None)
            if transport is not None and not transport.is_closing():
                transport.close()
                closed += 1
    return closed


FIRST_REQUEST_GRACE = 0.25
"""At the end of the drain, seconds a connection accepted just before the
listener closed has to send its request (a client sends it right after
connecting)."""


def take_queued(listeners: list[socket.socket]) -> list[socket.socket]:
    """Every connection queued on the listening sockets now (non-blocking)."""
    taken = []
    for listener in listeners:
        blocking = listener.getblocking()
        listener.setblocking(False)
        try:
            while True:
                connection, _ = listener.accept()
                taken.append(connection)
        except (BlockingIOError, OSError):
            pass
        finally:
            if listener.fileno() >= 0:
                listener.setblocking(blocking)
    return taken


async def let_the_loop_read(rounds: int = 5) -> None:
    """A few turns of the event loop: queued connections accepted, arrived
    bytes read and parsed (each is one callback per turn)."""
    for _ in range(rounds):
        await asyncio.sleep(0)


class DrainingServer(uvicorn.Server):
    """uvicorn's Server with the drain before the listener closes."""

    config: ServiceConfig
    drain_started: float | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        mark_stopping()
        Draining.now = True
        if sig == signal.SIGTERM and self.drain_started is None and self.config.drain_seconds > 0:
            logger.info("SIGTERM: /readyz now answers 503; closing in %s s", self.config.drain_seconds)
            self.drain_started = time.monotonic()
            return
        self.should_exit = True
        # unlike uvicorn, a SIGINT after the first does not abandon in-flight
        # requests (Ctrl-C reaches a worker both from the terminal and from
        # the supervisor; MAHJONG_GRACEFUL_TIMEOUT bounds them anyway), and
        # the signal is not raised again after shutdown: a graceful stop
        # exits 0

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """uvicorn's shutdown (pinned uvicorn 0.54), except that nothing that
        reached the worker is dropped:

        - the connections the kernel has queued on the listener are taken in
          one tight loop right before it is closed (a worker busy until the
          drain ended has not taken them; the last process to close a
          listening socket resets whatever is still queued on it), and
          served like the others;
        - the loop reads what has arrived on every connection before the
          idle ones are closed; one whose request is arriving, or that has
          not sent its first yet, is left a moment to send it, and answered.
        """
        logger.info("Shutting down")
        await let_the_loop_read()
        queued = take_queued(sockets or [])
        for server in self.servers:
            server.close()
        loop = asyncio.get_running_loop()
        for accepted in queued:
            await loop.connect_accepted_socket(self.new_protocol, accepted)
        await let_the_loop_read()
        for connection in list(self.server_state.connections):
            connection.shutdown()
        await asyncio.sleep(FIRST_REQUEST_GRACE)
        for protocol in list(self.server_state.connections):
            # accepted before the listener closed, and silent since
            waiting = getattr(protocol, "waiting_for_a_first_request", None)
            transport: Any = getattr(protocol, "transport", None)
            if waiting is not None and waiting() and transport is not None and not transport.is_closing():
                transport.close()
        try:
            await asyncio.wait_for(self._wait_tasks_to_complete(), timeout=self.config.timeout_graceful_shutdown)
        except TimeoutError:
            logger.error("Cancel %s running task(s), timeout graceful shutdown exceeded", len(self.server_state.tasks))
            for task in self.server_state.tasks:
                task.cancel(msg="Task cancelled, timeout graceful shutdown exceeded")
        for sock in sockets or []:
            sock.close()
        if not self.force_exit:
            await self.lifespan.shutdown()

    def new_protocol(self) -> Any:
        """A connection's protocol, as uvicorn's server makes one."""
        make: Any = self.config.http_protocol_class
        return make(config=self.config, server_state=self.server_state, app_state=self.lifespan.state)

    async def on_tick(self, counter: int) -> bool:
        close_slow_readers(self.server_state.connections, time.monotonic(), self.config.request_read_timeout)
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


class Supervisor(multiprocess.Multiprocess):
    """uvicorn's supervisor, which stops every worker when one cannot start
    (an app that fails to load or start would fail the same way in every
    replacement) but then returns as from a clean stop: here the service
    then exits with STARTUP_FAILURE (3)."""

    failed_to_start = False
    skip_drain = False
    """A second SIGTERM or a SIGINT reached this process: the workers skip
    their drain."""

    def handle_term(self) -> None:
        if self.should_exit.is_set():
            self.skip_drain = True
        self.close_listeners()
        super().handle_term()

    def handle_int(self) -> None:
        self.skip_drain = True
        self.close_listeners()
        super().handle_int()

    def close_listeners(self) -> None:
        # this process's copy of the listening sockets: once every worker
        # has closed its own at the end of its drain, the port refuses new
        # connections at once instead of queueing them for nobody
        for sock in self.sockets:
            sock.close()

    def terminate_all(self) -> None:
        """SIGTERM to every worker (each drains), or SIGINT when the drain is
        to be skipped already."""
        if not self.skip_drain:
            super().terminate_all()
            return
        self.signal_workers(signal.SIGINT)

    def signal_workers(self, sig: int) -> None:
        for process in self.processes:
            if process.exitcode is None and process.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, sig)

    def join_all(self) -> None:
        """Wait for every worker to exit, still listening for signals (uvicorn
        waits deaf to them): a second SIGTERM, or a SIGINT, during the
        workers' drain is passed on to them as SIGINT, which ends it."""
        while any(process.process.is_alive() for process in self.processes):
            for sig in tuple(self.signal_queue):
                self.signal_queue.remove(sig)
                if sig in (signal.SIGTERM, signal.SIGINT) and not self.skip_drain:
                    logger.info("Received %s again: the workers skip their drain", signal.Signals(sig).name)
                    self.skip_drain = True
                    self.signal_workers(signal.SIGINT)
            for process in self.processes:
                process.process.join(timeout=0.1)
        super().join_all()

    def keep_subprocess_alive(self) -> None:
        super().keep_subprocess_alive()
        if self.should_exit.is_set() and any(process.exitcode == STARTUP_FAILURE for process in self.processes):
            self.failed_to_start = True


def config_for(settings: Settings) -> ServiceConfig:
    return ServiceConfig(
        "service.serving:worker_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        log_level=settings.log_level,
        access_log=settings.access_log,
        server_header=False,
        http=BoundedHttpToolsProtocol,
        timeout_keep_alive=settings.keepalive_timeout,
        timeout_graceful_shutdown=settings.graceful_timeout,
        request_read_timeout=settings.request_read_timeout,
        drain_seconds=settings.drain_seconds,
    )


def url_for(host: str, port: int) -> str:
    """The address a client would type: an IPv6 host in brackets (RFC 3986),
    ``http://[::]:8000`` rather than ``http://:::8000``."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def serve(settings: Settings, sockets: list[socket.socket]) -> None:
    """Serve on already bound sockets (the main port, and the metrics port
    when set) until stopped."""
    config = config_for(settings)
    # uvicorn set up its loggers in this (supervisor) process too: its own lines
    # ("Listening on …", worker starts and stops) follow MAHJONG_LOG_FORMAT as well
    from service.api.logs import configure_logging

    configure_logging(settings.log_format, settings.log_level)
    logger.info("Listening on %s", url_for(settings.host, settings.port))
    if settings.metrics_port:
        logger.info("Serving /metrics on %s", url_for(settings.host, settings.metrics_port))
    if settings.workers > 1:
        # uvicorn's supervisor builds its workers from this module-level name
        multiprocess.Process = DrainingProcess  # type: ignore[misc]
        supervisor = Supervisor(config, sockets=sockets)
        supervisor.run()
        if supervisor.failed_to_start:
            logger.error("a worker could not start: stopping with exit status %d", STARTUP_FAILURE)
            raise SystemExit(STARTUP_FAILURE)
    else:
        # a worker that cannot start exits STARTUP_FAILURE itself (uvicorn)
        DrainingServer(config).run(sockets=sockets)
