"""The ASGI entry: the one place every HTTP request passes through.

:class:`Entry` wraps the litestar app (service.api.app builds both). Every
request takes the same named steps, so nothing added later can miss the fast
path:

1. **one header scan** (:func:`scan_headers`): content type and length, the
   language (``Accept-Language``, negotiated once and kept in
   :data:`service.i18n.LANGUAGE`), the request id, CORS's origin and
   preflight;
2. **the response's own headers**: ``Content-Language``, the request id
   (``X-Request-ID``: the client's when it is short and safe, else one made
   here, echoed on every response and named on every log line about the
   request, service.api.logs), ``nosniff``, ``no-store`` for a POST, and
   **CORS** (:class:`Cors`) when the operator allowed origins
   (``MAHJONG_CORS_ORIGINS``);
3. **the fast path** (service.api.fast) for ``POST /v1/<ruleset>/settlements``
   and ``/hands`` in every spelling litestar would route to them (trailing
   slash, doubled slashes): the same decode, library function and encode as
   their litestar handlers, without the framework's per-request machinery;
4. **everything else to litestar** (:meth:`Entry.to_litestar`): the route
   looked up (404 for none), its headers (service.api.headers), ``HEAD`` on
   every ``GET`` route, for a POST the content type (415) and the body limit
   (413), the body read here and handed on;
5. **metrics** (service.api.metrics): every request observed once, labelled
   by route *template* (unknown paths under ``unmatched``, so fuzzed URLs
   cannot explode label cardinality).
"""

from __future__ import annotations

import itertools
import logging
import os
import re
from collections.abc import Iterable, Iterator
from decimal import getcontext, setcontext
from time import perf_counter
from typing import Any

from litestar import Litestar
from litestar.exceptions import MethodNotAllowedException, NotFoundException
from litestar.utils import normalize_path

from service.api import headers as policy
from service.api import metrics
from service.api.fast import BodyTooLarge, Operation, Receive, Send, answer_directly, json_content_type, problem, read_body
from service.api.headers import NO_STORE, NOSNIFF, Kind
from service.api.language import LANGUAGE_HEADERS
from service.api.logs import REQUEST, RequestContext
from service.api.metrics import UNMATCHED, observe
from service.api.problems import internal_problem, not_found_problem, too_large_problem, unsupported_media_type_problem
from service.core.money import CONTEXT
from service.i18n import DEFAULT, LANGUAGE, Language, negotiate_header
from service.settings import Settings

log = logging.getLogger("service.errors")

Headers = list[tuple[bytes, bytes]]

REQUEST_ID_HEADER = b"x-request-id"
REQUEST_ID = re.compile(rb"[A-Za-z0-9._~:/+=-]{1,128}")
"""A client's X-Request-ID is kept when it matches this (the length bound and
characters safe in a header, a log line and a URL); otherwise one is made."""

_READ_HEADERS: dict[bytes, int] = {
    b"content-type": 0,
    b"content-length": 1,
    b"accept-language": 2,
    REQUEST_ID_HEADER: 3,
    b"origin": 4,
    b"access-control-request-method": 5,
}
"""The request headers the entry reads, each with its place in :func:`scan_headers`'s answer."""


def scan_headers(headers: Iterable[tuple[bytes, bytes]]) -> list[Any]:
    """The one scan of a request's headers: its content type, content
    length, language (negotiated from ``Accept-Language``; English without
    it), request id, ``Origin`` and preflight method
    (``Access-Control-Request-Method``), in that order; of a header sent
    twice, the last. One dict lookup a header places it (most are none of
    these): cheaper than comparing names (docs/performance.md)."""
    found: list[Any] = [None, None, None, None, None, None]
    for name, value in headers:
        place = _READ_HEADERS.get(name)
        if place is not None:
            found[place] = value
    accept_language = found[2]
    found[2] = DEFAULT if accept_language is None else negotiate_header(accept_language)
    return found


ID_SUFFIXES = tuple(b"%03d" % number for number in range(1000))


CORS_ALLOW_METHODS = b"GET, HEAD, POST, OPTIONS"
CORS_ALLOW_HEADERS = b"accept, accept-language, content-type, x-request-id"
CORS_EXPOSE_HEADERS = b"content-language, x-request-id"
CORS_MAX_AGE = b"600"
_PREFLIGHT_HEADERS = (
    (b"access-control-allow-methods", CORS_ALLOW_METHODS),
    (b"access-control-allow-headers", CORS_ALLOW_HEADERS),
    (b"access-control-max-age", CORS_MAX_AGE),
)


class Cors:
    """CORS for the origins the operator allowed (``MAHJONG_CORS_ORIGINS``;
    none: CORS is off)."""

    __slots__ = ("any", "origins")

    def __init__(self, origins: Iterable[str]) -> None:
        self.origins = frozenset(origin.encode("latin-1") for origin in origins)
        self.any = b"*" in self.origins

    def add(self, headers: Headers, origin: bytes, method: str, preflight: bytes | None) -> bytes | None:
        """Add the CORS headers for a request from ``origin``; returns the
        preflight's method when the origin is allowed (the entry answers the
        preflight), else None."""
        if not self.origins or not (self.any or origin in self.origins):
            return None
        headers += ((b"access-control-allow-origin", b"*" if self.any else origin), (b"vary", b"origin"))
        if method == "OPTIONS" and preflight is not None:
            headers += _PREFLIGHT_HEADERS
        else:
            headers.append((b"access-control-expose-headers", CORS_EXPOSE_HEADERS))
        return preflight


def replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands litestar the body read here, then waits on
    the connection as the original would (for a disconnect)."""
    pending = True

    async def receive_again() -> dict[str, Any]:
        nonlocal pending
        if pending:
            pending = False
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return receive_again


def without_body(send: Any) -> Any:
    """A ``send`` for a HEAD request answered by its GET route: the same
    status and headers (``Content-Length`` included), no body."""

    async def send_head(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.body":
            if message.get("more_body", False):
                return
            message = {"type": "http.response.body", "body": b""}
        await send(message)

    return send_head


def whole_answer(send: Any, kind: Kind, scope: Any) -> Any:
    """A ``send`` that holds a catalogue's or the docs UI's answer until its
    body is complete, then sends it with the headers taken from the body:
    a catalogue's ``ETag`` (and 304 without the body when the request's
    ``If-None-Match`` names it), the docs UI's policy with the hashes of
    its inline scripts."""
    start: dict[str, Any] | None = None
    parts: list[bytes] = []

    async def send_whole(message: dict[str, Any]) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            start = message
            return
        if message["type"] != "http.response.body" or start is None:
            await send(message)
            return
        parts.append(message.get("body", b""))
        if message.get("more_body", False):
            return
        body = b"".join(parts)
        headers = list(start.get("headers") or ())
        if start["status"] != 200:
            pass
        elif kind is Kind.DOCS:
            headers += (policy.docs_policy(body), policy.NO_REFERRER, policy.FRAME_DENY, NO_STORE)
        else:
            tag = policy.etag(body)
            headers += ((b"etag", tag), policy.CACHEABLE)
            if policy.matches(request_header(scope, b"if-none-match"), tag):
                kept = [(name, value) for name, value in headers if name.lower() not in (b"content-length", b"content-type")]
                await send({"type": "http.response.start", "status": 304, "headers": kept})
                await send({"type": "http.response.body", "body": b""})
                return
        await send({**start, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return send_whole


def request_header(scope: Any, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


class Route:
    """What the entry needs to know about the route a request reaches."""

    __slots__ = ("body_limit", "kind", "methods", "schema_not_found", "template")

    def __init__(self, template: str, methods: frozenset[str], body_limit: int, schema_not_found: bool = False) -> None:
        self.template = template
        self.methods = methods
        self.body_limit = body_limit
        self.schema_not_found = schema_not_found
        self.kind = policy.kind_of(template, methods)


class Routes:
    """The litestar app's routes as the entry sees them: found through the
    app's router, remembered per path and method for paths that exist."""

    def __init__(self, app: Litestar, body_limit: int) -> None:
        self.router = app.asgi_router
        self.body_limit = body_limit
        # the docs' catch-all route answers any other path under it: a 404
        self.schema_not_found = f"{app.openapi_config.path if app.openapi_config else '/schema'}/{{path}}"
        self._found: dict[tuple[str, str], Route] = {}

    def route(self, path: str, method: str) -> Route | None:
        """The route litestar would answer ``method path`` with (``None``:
        no route at this path). Unknown paths (fuzzing) are looked up every
        time."""
        key = (path, method)
        found = self._found.get(key)
        if found is not None:
            return found
        try:
            _, handler, _, _, template = self.router.handle_routing(path=path, method=method)
            methods = self.methods_at(path) | {method}
        except MethodNotAllowedException as exc:
            methods = _allowed(exc)
            _, handler, _, _, template = self.router.handle_routing(path=path, method=min(methods))
        except NotFoundException:
            return None
        limit = getattr(handler, "resolve_request_max_body_size", lambda: None)() or self.body_limit
        found = Route(template, frozenset(methods), limit, schema_not_found=template == self.schema_not_found)
        if len(self._found) < 4096:
            self._found[key] = found
        return found

    def methods_at(self, path: str) -> frozenset[str]:
        """The methods a path answers (litestar's ``Allow``)."""
        try:
            self.router.handle_routing(path=path, method="\x00")  # no handler has this method
        except MethodNotAllowedException as exc:
            return _allowed(exc)
        except NotFoundException:
            pass
        return frozenset()


def _allowed(exc: MethodNotAllowedException) -> frozenset[str]:
    return frozenset(m.strip() for m in (exc.headers or {}).get("allow", "").split(",") if m.strip())


def route_path(scope: dict[str, Any]) -> str:
    """The path as litestar routes it: without the root path, normalized
    (no trailing or doubled slashes)."""
    path: str = scope["path"]
    if root_path := scope.get("root_path", ""):
        path = path.split(root_path, maxsplit=1)[-1]
    return normalize_path(path)


def route_headers(route: Route, method: str, headers: Headers) -> None:
    """The headers of what a route serves (service.api.headers)."""
    if route.kind is Kind.PLAIN and method != "POST":
        headers.append(NO_STORE)
    elif route.kind is Kind.PAGE:
        headers += (policy.PAGE_POLICY, policy.NO_REFERRER, policy.FRAME_DENY)


class Entry:
    """The service's ASGI application: each request's steps (module
    docstring), then the fast path or the litestar app it wraps
    (:attr:`litestar`)."""

    def __init__(self, app: Litestar, settings: Settings, operations: dict[str, Operation]) -> None:
        self.litestar = app
        self.body_limit = settings.max_body_bytes
        # MAHJONG_METRICS_PORT: /metrics there only, and nothing else there
        self.metrics_port = settings.metrics_port
        self.access_log = settings.access_log
        self.fast: dict[str, Operation] = {}
        for template, operation in operations.items():
            self.fast[template] = self.fast[template + "/"] = operation
        self.cors = Cors(settings.cors_origins)
        # unique per worker process (each builds its own app) and per request
        self.request_id_prefix = os.urandom(6).hex().encode() + b"-"
        self._id_blocks = itertools.count(1)
        self._ids: Iterator[bytes] = iter(())
        self.routes = Routes(app, self.body_limit)
        # every metrics series, laid out for this app's routes, its slots opened now
        metrics.configure(route.path_format for route in app.routes)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.litestar(scope, receive, send)
            return
        started = perf_counter()
        # the engine's exact decimal context for this request's task (so a
        # batch does not swap it in and out around every item). Under
        # `python -m service` each task inherits it from the worker
        # (service.serving); elsewhere it is set here for the request
        if getcontext() is not CONTEXT:
            setcontext(CONTEXT)
        method: str = scope["method"]
        language: Language
        content_type, content_length, language, request_id, origin, preflight = scan_headers(scope["headers"])
        if request_id is None or REQUEST_ID.fullmatch(request_id) is None:
            request_id = next(self._ids, None) or self.more_ids()
        content_language, vary = LANGUAGE_HEADERS[language]
        if method == "POST":  # an answer computed from the body: never stored
            headers = [content_language, vary, (REQUEST_ID_HEADER, request_id), NOSNIFF, NO_STORE]
        else:
            headers = [content_language, vary, (REQUEST_ID_HEADER, request_id), NOSNIFF]
        preflight = None if origin is None else self.cors.add(headers, origin, method, preflight)
        # each request runs in its own task, whose context starts at English:
        # the variable is only set for another language
        language_token = LANGUAGE.set(language) if language is not DEFAULT else None
        # the fast path's operation, found by the path as sent in the usual case
        operation = self.fast.get(scope["path"]) if method == "POST" and not self.metrics_port else None
        path = ""
        if operation is None:
            operation, path = self.fast_operation(scope, method)
        # the request as log lines name it (service.api.logs): set for
        # litestar's routes and for the access log; a request on the fast
        # path logs nothing else unless it fails (below)
        context = request_token = None
        if operation is None or self.access_log:
            context = RequestContext(request_id.decode("ascii"), method, scope["path"], started)
            request_token = REQUEST.set(context)
        template, status = UNMATCHED, 500
        try:
            if operation is not None:
                template = operation.template
                status = await answer_directly(operation, receive, send, content_type, content_length, self.body_limit, language, headers)
            else:
                template, status = await self.to_litestar(scope, receive, send, path, headers, content_type, content_length, preflight)
        except ConnectionAbortedError:
            status = 499
        except Exception:
            if context is None:
                context = RequestContext(request_id.decode("ascii"), method, scope["path"], started)
                request_token = REQUEST.set(context)
            status = await self.failed(scope, send, headers, context)
        finally:
            observe(method, template, status, perf_counter() - started)
            if context is not None or language_token is not None:
                end_request(context, status, request_token, language_token)

    def more_ids(self) -> bytes:
        """The next thousand request ids, the first of them returned: the
        worker's prefix and a sequence number from 1000 up (``…-1000``,
        ``…-1001``), the number's last three digits from a table. Formatting
        a number for each request cost more than all the rest of its id
        (docs/performance.md)."""
        block = b"%b%d" % (self.request_id_prefix, next(self._id_blocks))
        self._ids = iter([block + suffix for suffix in ID_SUFFIXES])
        return next(self._ids)

    def fast_operation(self, scope: Any, method: str) -> tuple[Operation | None, str]:
        """The path as litestar routes it (no trailing or doubled slashes), and
        the fast path's operation for it (None: litestar's)."""
        path = route_path(scope)
        if method == "POST" and not self.on_metrics_port(scope):
            return self.fast.get(path), path
        return None, path

    def on_metrics_port(self, scope: Any) -> bool:
        """Whether a request came in on MAHJONG_METRICS_PORT."""
        server = scope.get("server")
        return bool(self.metrics_port) and server is not None and server[1] == self.metrics_port

    async def failed(self, scope: Any, send: Send, headers: Headers, context: RequestContext) -> int:
        """An unexpected error: logged with the request, answered 500 unless
        the answer had begun."""
        log.exception("Unexpected error on %s", scope["path"])
        if context.started_response:
            return 500
        return await problem(send, 500, internal_problem(scope["path"]), headers)

    def litestar_route(self, scope: Any, path: str, method: str) -> Route | None:
        """The litestar route answering the request, None for a 404."""
        # no file or route has a NUL byte in its name (a static file lookup
        # would raise on it): not found, whatever the route
        route = None if "\x00" in path else self.routes.route(path, "GET" if method == "HEAD" else method)
        if route is not None and self.metrics_port and (route.template == "/metrics") != self.on_metrics_port(scope):
            return None  # /metrics on its own port only, and nothing else there
        return route

    async def to_litestar(
        self,
        scope: Any,
        receive: Any,
        send: Send,
        path: str,
        headers: Headers,
        content_type: bytes | None,
        content_length: bytes | None,
        preflight: bytes | None,
    ) -> tuple[str, int]:
        """Answer a request for one of litestar's routes (or none); returns
        the route template and the status."""
        method = scope["method"]
        route = self.litestar_route(scope, path, method)
        if route is None or route.schema_not_found:
            return (route.template if route else UNMATCHED), await problem(send, 404, not_found_problem(path), headers)
        route_headers(route, method, headers)
        if preflight is not None:
            allow = (b"allow", b", ".join(m.encode() for m in sorted(route.methods)))
            await send({"type": "http.response.start", "status": 204, "headers": [allow, *headers]})
            await send({"type": "http.response.body", "body": b""})
            return route.template, 204
        answer = Answer(send, headers)
        if method == "HEAD" and "GET" in route.methods:
            scope = {**scope, "method": "GET"}
            answer.inner = without_body(answer.inner)
        if route.kind in (Kind.CATALOGUE, Kind.DOCS) and method in ("GET", "HEAD"):
            answer.inner = whole_answer(answer.inner, route.kind, scope)
        elif method == "POST" and "POST" in route.methods:
            if not json_content_type(content_type):
                return route.template, await problem(answer.inner, 415, unsupported_media_type_problem(path, content_type), headers)
            try:
                receive = replay(await read_body(receive, content_length, route.body_limit), receive)
            except BodyTooLarge:
                return route.template, await problem(answer.inner, 413, too_large_problem(path), headers, close=True)
        await self.litestar(scope, receive, answer.send)
        return route.template, answer.status


def end_request(context: RequestContext | None, status: int, request_token: Any, language_token: Any) -> None:
    """The request's context variables reset, its status noted for the log."""
    if context is not None:
        context.status = status
    if request_token is not None:
        REQUEST.reset(request_token)
    if language_token is not None:
        LANGUAGE.reset(language_token)


class Answer:
    """How litestar's answer reaches the client: :meth:`send` adds the
    entry's headers to the response start, then ``inner`` (a HEAD's or a
    catalogue's reshaping, if any) hands it to :meth:`note`, which notes the
    status (and that the answer has begun) and sends it."""

    __slots__ = ("context", "headers", "inner", "lower", "status")

    def __init__(self, lower: Send, headers: Headers) -> None:
        self.lower = lower
        self.headers = headers
        self.status = 500
        self.context = REQUEST.get()
        self.inner: Send = self.note

    async def note(self, message: Any) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            if self.context is not None:
                self.context.started_response = True
        await self.lower(message)

    async def send(self, message: Any) -> None:
        if message["type"] == "http.response.start":
            sent = message.get("headers")
            if type(sent) is list:
                sent.extend(self.headers)
            else:
                message["headers"] = sent = [*(sent or ()), *self.headers]
            if message["status"] >= 400:
                never_stored(sent)
        await self.inner(message)


def never_stored(headers: Headers) -> None:
    """An error answer is never stored, whatever the route: its
    ``Cache-Control`` becomes ``no-store`` (a catalogue's 400 had none)."""
    headers[:] = [(name, value) for name, value in headers if name.lower() != b"cache-control"]
    headers.append(NO_STORE)
