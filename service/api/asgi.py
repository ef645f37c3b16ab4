"""The ASGI entry point: the one place every HTTP request passes through, and
the only code that settles a single hand.

Cross-cutting concerns happen here, once, for every route (the direct
settlement path, litestar's routes, 404s and 405s alike), so nothing added
later can miss the hot path:

- the request id (``X-Request-ID``: the client's when it is short and safe,
  else one made here), echoed on every response and on every log line about
  the request (service.api.logs);
- the response language (service.api.language), named in
  ``Content-Language``;
- CORS, when the operator allowed origins (``MAHJONG_CORS_ORIGINS``);
- for a POST to a route that exists: the content type (JSON or ``+json``,
  else 415) and the body limit (413), the body being read here and handed on;
- ``HEAD`` on any ``GET`` route (the ``GET`` answer without its body);
- request metrics, labelled by route *template* (unknown paths under
  ``unmatched``, so fuzzed URLs cannot explode label cardinality).

``POST /v1/<ruleset>/settlements`` and ``POST /v1/<ruleset>/hands`` are
answered here directly, in every spelling litestar would route to them
(trailing slash, doubled slashes): read the body, decode strictly into the
engine's Struct, settle or value the hand, encode. Profiling showed a
settlement spending most of its time in the framework's per-request
machinery, not in the rules. Measured with callgrind (bench/per_request.py),
one Hong Kong hand through this app: 78,200 instructions on this path, about
370,000 through the litestar handler of ``POST /v1/settlements`` (the same
hand routed by body); an MCR hand from its tiles, 481,000 through its
litestar handler. The rulesets' litestar ``settle`` and ``hands`` handlers
are documentation stubs (the OpenAPI document is generated from them) that
no request reaches.

Everything else goes to litestar, with the body already read.
"""

from __future__ import annotations

import itertools
import logging
import os
import re
import time
from collections.abc import Awaitable, Callable
from decimal import getcontext, setcontext
from typing import Any, NoReturn

import msgspec
from litestar import Litestar
from litestar._openapi.plugin import handle_schema_path_not_found  # pinned litestar: private module
from litestar.exceptions import MethodNotAllowedException, NotFoundException
from litestar.utils import normalize_path

from service.api import headers as policy
from service.api import metrics
from service.api.codec import RequestInvalid, StrictDecoder
from service.api.headers import NO_STORE, NOSNIFF, Kind
from service.api.language import LANGUAGE_HEADERS, localize
from service.api.logs import REQUEST, RequestContext
from service.api.metrics import UNMATCHED, count_warnings, observe
from service.api.problems import (
    PROBLEM_JSON,
    internal_problem,
    invalid_problem,
    not_found_problem,
    too_large_problem,
    unsupported_media_type_problem,
    violation_problem,
)
from service.core.codec import ENCODER, json_decoder
from service.core.errors import RuleViolation
from service.core.money import CONTEXT
from service.i18n import DEFAULT, LANGUAGE, Language, negotiate_header
from service.rulesets.registry import RULESETS, Ruleset
from service.settings import Settings

log = logging.getLogger("service.errors")

JSON_HEADERS = (b"content-type", b"application/json")
PROBLEM_HEADERS = (b"content-type", PROBLEM_JSON.encode())

CONTENT_LENGTHS: tuple[tuple[bytes, bytes], ...] = tuple((b"content-length", b"%d" % size) for size in range(4096))
"""The ``Content-Length`` header of every body shorter than 4 KiB (every
settlement's answer), made once: formatting the number into bytes costs
about 1,000 instructions a response, :func:`content_length_header` about
450."""


def content_length_header(size: int) -> tuple[bytes, bytes]:
    """The ``Content-Length`` header of a body of ``size`` bytes."""
    return CONTENT_LENGTHS[size] if size < 4096 else (b"content-length", b"%d" % size)


REQUEST_ID_HEADER = b"x-request-id"
REQUEST_ID = re.compile(rb"[A-Za-z0-9._~:/+=-]{1,128}")
"""A client's X-Request-ID is kept when it matches this (the length bound and
characters safe in a header, a log line and a URL); otherwise one is made."""

CORS_ALLOW_METHODS = b"GET, HEAD, POST, OPTIONS"
CORS_ALLOW_HEADERS = b"accept, accept-language, content-type, x-request-id"
CORS_EXPOSE_HEADERS = b"content-language, x-request-id"
CORS_MAX_AGE = b"600"

_MEDIA_TYPE = re.compile(rb"\s*(application/json|[a-z0-9!#$&^_.-]+/[a-z0-9!#$&^_.+-]+\+json)\s*(;.*)?", re.IGNORECASE | re.DOTALL)
"""Content types a POST body may have: ``application/json`` or any ``+json``
type, with any parameters (``; charset=utf-8``)."""


def documentation_stub() -> NoReturn:
    """The body of a ruleset's litestar ``settle`` and ``hands`` handlers:
    they exist so the OpenAPI document describes ``POST
    /v1/<ruleset>/settlements`` and ``/hands``; the entry answers every
    request to those paths before litestar could route it."""
    raise RuntimeError("POST /v1/<ruleset>/settlements and /hands are answered by service.api.asgi, never by this handler")


_READ_HEADERS = frozenset(
    (b"content-type", b"content-length", b"accept-language", REQUEST_ID_HEADER, b"origin", b"access-control-request-method")
)
"""The request headers the entry reads."""

_USUAL_JSON = frozenset(
    {b"application/json", b"application/json; charset=utf-8", b"application/json;charset=utf-8", b"application/json; charset=UTF-8"}
)


def json_content_type(value: bytes | None) -> bool:
    return value is not None and (value in _USUAL_JSON or _MEDIA_TYPE.fullmatch(value) is not None)


class BodyTooLarge(Exception):
    pass


async def read_body(
    receive: Callable[[], Awaitable[dict[str, Any]]], content_length: bytes | None, limit: int, first: bytes = b""
) -> bytes:
    """The whole body, at most ``limit`` bytes (else BodyTooLarge);
    ``first``: a part already received."""
    if content_length is not None:
        try:
            if int(content_length) > limit:
                raise BodyTooLarge
        except ValueError:
            pass
    chunks: list[bytes] = [first] if first else []
    size = len(first)
    if size > limit:
        raise BodyTooLarge
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ConnectionAbortedError
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def replay(body: bytes, receive: Callable[[], Awaitable[dict[str, Any]]]) -> Callable[[], Awaitable[dict[str, Any]]]:
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


async def respond(
    send: Callable[[dict[str, Any]], Awaitable[None]],
    status: int,
    body: bytes,
    content_type: tuple[bytes, bytes],
    extra_headers: list[tuple[bytes, bytes]],
    close: bool = False,
) -> None:
    headers = [content_type, content_length_header(len(body)), *extra_headers]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def problem(send: Any, status: int, content: Any, extra_headers: list[tuple[bytes, bytes]], close: bool = False) -> int:
    await respond(send, status, ENCODER.encode(content), PROBLEM_HEADERS, extra_headers, close)
    return status


async def answer_directly(
    direct: Direct,
    receive: Any,
    send: Any,
    content_type: bytes | None,
    content_length: bytes | None,
    body_limit: int,
    language: Language,
    headers: list[tuple[bytes, bytes]],
) -> int:
    """Answer ``POST /v1/<ruleset>/settlements`` or ``/hands``; returns the
    status. The body is read here (one message in the usual case), decoded
    strictly into the ruleset's Struct, settled (or the hand valued) under
    the exact decimal context the entry installed, and the answer encoded
    straight into the response. A settlement is counted by its 200 request
    (service.api.metrics), its warnings here; hands are not settlements."""
    template = direct.template
    if content_type not in _USUAL_JSON and not json_content_type(content_type):
        return await problem(send, 415, unsupported_media_type_problem(template, content_type), headers)
    message = await receive()
    if message["type"] != "http.request":
        raise ConnectionAbortedError
    body = message.get("body", b"")
    try:
        if message.get("more_body", False):
            body = await read_body(receive, content_length, body_limit, first=body)
        elif len(body) > body_limit:
            raise BodyTooLarge
    except BodyTooLarge:
        # the rest of the body is never read: close rather than leave the client blocked writing it
        return await problem(send, 413, too_large_problem(template), headers, close=True)
    try:
        try:
            request = direct.decode(body)
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            # the strict decoder reads it again: it accepts 5.0 for an
            # integer, and words the problem of a body it cannot read
            request = direct.strict.decode(body)
        result = direct.handle(request)
    except RequestInvalid as exc:
        return await problem(send, 400, invalid_problem(exc, template), headers)
    except RuleViolation as exc:
        return await problem(send, 422, violation_problem(exc, template), headers)
    if direct.settles and result.warnings:
        count_warnings(result, direct.ruleset)
    answer = ENCODER.encode(result if language == DEFAULT else localize(result, language))
    headers[:0] = (JSON_HEADERS, content_length_header(len(answer)))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": answer})
    return 200


class Direct:
    """A route the entry answers itself: a ruleset's settlements
    (:meth:`settlements`) or its hands from tiles (:meth:`hands`)."""

    __slots__ = ("decode", "handle", "ruleset", "settles", "strict", "template")

    def __init__(self, ruleset: str, operation: str, request: type, function: Callable[[Any], Any], settles: bool) -> None:
        self.ruleset = ruleset
        self.template = f"/v1/{ruleset}/{operation}"
        self.settles = settles
        self.strict = StrictDecoder(request)
        # a valid body, the usual case, is decoded by msgspec alone
        self.decode = json_decoder(request).decode
        # the entry installs the exact decimal context for the whole request,
        # so the engine's @exact wrapper (which would check it again) is skipped
        self.handle = getattr(function, "__wrapped__", function)

    @classmethod
    def settlements(cls, ruleset: Ruleset) -> Direct:
        """``POST /v1/<ruleset>/settlements``."""
        return cls(ruleset.name, "settlements", ruleset.request, ruleset.settle, settles=True)

    @classmethod
    def hands(cls, ruleset: Ruleset) -> Direct | None:
        """``POST /v1/<ruleset>/hands``; ``None`` for a ruleset without it."""
        if ruleset.hand_request is None or ruleset.evaluate_hand is None:
            return None
        return cls(ruleset.name, "hands", ruleset.hand_request, ruleset.evaluate_hand, settles=False)


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

    __slots__ = ("body_limit", "get", "kind", "methods", "schema_not_found", "template")

    def __init__(self, template: str, methods: frozenset[str], body_limit: int, schema_not_found: bool = False) -> None:
        self.template = template
        self.methods = methods
        self.body_limit = body_limit
        self.schema_not_found = schema_not_found
        self.kind = policy.kind_of(template, methods)


class SettlementService(Litestar):
    """The litestar app, entered through :meth:`__call__`."""

    direct: dict[str, Direct]
    body_limit: int
    metrics_port: int | None
    access_log: bool
    cors_origins: frozenset[bytes]
    request_id_prefix: bytes
    _routes: dict[tuple[str, str], Route | None]

    def configure_entry(self, settings: Settings) -> None:
        self.body_limit = settings.max_body_bytes
        # MAHJONG_METRICS_PORT: /metrics there only, and nothing else there
        self.metrics_port = settings.metrics_port
        self.access_log = settings.access_log
        self.direct = {}
        for ruleset in RULESETS:
            for direct in (Direct.settlements(ruleset), Direct.hands(ruleset)):
                if direct is not None:
                    self.direct[direct.template] = self.direct[direct.template + "/"] = direct
        self.cors_origins = frozenset(origin.encode("latin-1") for origin in settings.cors_origins)
        # unique per worker process (each builds its own app) and per request
        self.request_id_prefix = os.urandom(6).hex().encode() + b"-"
        self._request_numbers = itertools.count(1)
        self._routes = {}
        # every metrics series, laid out for this app's routes, its slots opened now
        metrics.configure(route.path_format for route in self.routes)

    # --- routing -------------------------------------------------------------------

    def route_path(self, scope: dict[str, Any]) -> str:
        """The path as litestar routes it: without the root path, normalized
        (no trailing or doubled slashes)."""
        path: str = scope["path"]
        if root_path := scope.get("root_path", ""):
            path = path.split(root_path, maxsplit=1)[-1]
        return normalize_path(path)

    def route(self, path: str, method: str) -> Route | None:
        """The route litestar would answer ``method path`` with (``None``:
        no route at this path). Remembered per path and method for paths
        that exist; unknown paths (fuzzing) are looked up every time."""
        key = (path, method)
        found = self._routes.get(key)
        if found is not None:
            return found
        router = self.asgi_router
        try:
            _, handler, _, _, template = router.handle_routing(path=path, method=method)
            methods = self.methods_at(path) | {method}
        except MethodNotAllowedException as exc:
            methods = frozenset(m.strip() for m in (exc.headers or {}).get("allow", "").split(",") if m.strip())
            _, handler, _, _, template = router.handle_routing(path=path, method=min(methods))
        except NotFoundException:
            return None
        found = Route(
            template,
            frozenset(methods),
            getattr(handler, "resolve_request_max_body_size", lambda: None)() or self.body_limit,
            schema_not_found=getattr(handler, "fn", None) is handle_schema_path_not_found,
        )
        if len(self._routes) < 4096:
            self._routes[key] = found
        return found

    def methods_at(self, path: str) -> frozenset[str]:
        """The methods a path answers (litestar's ``Allow``)."""
        try:
            self.asgi_router.handle_routing(path=path, method="\x00")  # no handler has this method
        except MethodNotAllowedException as exc:
            return frozenset(m.strip() for m in (exc.headers or {}).get("allow", "").split(",") if m.strip())
        except NotFoundException:
            pass
        return frozenset()

    def on_metrics_port(self, scope: Any) -> bool:
        """Whether a request came in on MAHJONG_METRICS_PORT."""
        server = scope.get("server")
        return bool(self.metrics_port) and server is not None and server[1] == self.metrics_port

    # --- the entry -----------------------------------------------------------------

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        started = time.perf_counter()
        # the engine's exact decimal context for this request's task (so a
        # batch does not swap it in and out around every item). Under
        # `python -m service` each task inherits it from the worker
        # (service.serving); elsewhere it is set here for the request
        if getcontext() is not CONTEXT:
            setcontext(CONTEXT)
        method: str = scope["method"]
        language = DEFAULT
        request_id = content_type = content_length = origin = preflight = None
        for name, value in scope["headers"]:
            if name not in _READ_HEADERS:  # most are none of these: one lookup skips them
                continue
            if name == b"content-type":
                content_type = value
            elif name == b"content-length":
                content_length = value
            elif name == b"accept-language":
                language = negotiate_header(value)
            elif name == REQUEST_ID_HEADER:
                request_id = value
            elif name == b"origin":
                origin = value
            elif name == b"access-control-request-method":
                preflight = value
        if request_id is None or REQUEST_ID.fullmatch(request_id) is None:
            request_id = b"%b%d" % (self.request_id_prefix, next(self._request_numbers))
        headers = [*LANGUAGE_HEADERS[language], (REQUEST_ID_HEADER, request_id), NOSNIFF]
        if method == "POST":  # an answer computed from the body: never stored
            headers.append(NO_STORE)
        if origin is not None and self.cors_origins and (origin in self.cors_origins or b"*" in self.cors_origins):
            headers.append((b"access-control-allow-origin", b"*" if b"*" in self.cors_origins else origin))
            headers.append((b"vary", b"origin"))
            if method == "OPTIONS" and preflight is not None:
                headers += [
                    (b"access-control-allow-methods", CORS_ALLOW_METHODS),
                    (b"access-control-allow-headers", CORS_ALLOW_HEADERS),
                    (b"access-control-max-age", CORS_MAX_AGE),
                ]
            else:
                headers.append((b"access-control-expose-headers", CORS_EXPOSE_HEADERS))
        else:
            preflight = None
        # each request runs in its own task, whose context starts at English:
        # the variable is only set for another language
        language_token = LANGUAGE.set(language) if language is not DEFAULT else None
        direct = self.direct.get(scope["path"]) if method == "POST" and not self.metrics_port else None
        path = None
        if direct is None:
            path = self.route_path(scope)
            if method == "POST" and not self.on_metrics_port(scope):
                direct = self.direct.get(path)
        template = UNMATCHED
        status = 500
        # the request as log lines name it (service.api.logs): set for
        # litestar's routes and for the access log; a settlement answered
        # directly logs nothing else unless it fails (below)
        context = request_token = None
        if direct is None or self.access_log:
            context = RequestContext(request_id.decode("ascii"), method, scope["path"], started)
            request_token = REQUEST.set(context)
        try:
            if direct is not None:
                template = direct.template
                status = await answer_directly(direct, receive, send, content_type, content_length, self.body_limit, language, headers)
            else:
                assert path is not None
                template, status = await self.answer(scope, receive, send, path, method, headers, content_type, content_length, preflight)
        except ConnectionAbortedError:
            status = 499
        except Exception:
            if context is None:
                context = RequestContext(request_id.decode("ascii"), method, scope["path"], started)
                request_token = REQUEST.set(context)
            log.exception("Unexpected error on %s", scope["path"])
            if not context.started_response:
                status = await problem(send, 500, internal_problem(scope["path"]), headers)
        finally:
            observe(method, template, status, time.perf_counter() - started)
            if context is not None:
                context.status = status
            if request_token is not None:
                REQUEST.reset(request_token)
            if language_token is not None:
                LANGUAGE.reset(language_token)

    async def answer(
        self,
        scope: Any,
        receive: Any,
        send: Any,
        path: str,
        method: str,
        headers: list[tuple[bytes, bytes]],
        content_type: bytes | None,
        content_length: bytes | None,
        preflight: bytes | None,
    ) -> tuple[str, int]:
        """Answer a request for one of litestar's routes (or none); returns
        the route template and the status."""
        # no file or route has a NUL byte in its name (a static file lookup
        # would raise on it): not found, whatever the route
        route = None if "\x00" in path else self.route(path, "GET" if method == "HEAD" else method)
        if route is not None and self.metrics_port and (route.template == "/metrics") != self.on_metrics_port(scope):
            route = None  # /metrics on its own port only, and nothing else there
        if route is None or route.schema_not_found:
            return (route.template if route else UNMATCHED), await problem(send, 404, not_found_problem(path), headers)
        if route.kind is Kind.PLAIN and method != "POST":
            headers.append(NO_STORE)
        elif route.kind is Kind.PAGE:
            headers += (policy.PAGE_POLICY, policy.NO_REFERRER, policy.FRAME_DENY)
        if preflight is not None:
            allow = (b"allow", b", ".join(m.encode() for m in sorted(route.methods)))
            await send({"type": "http.response.start", "status": 204, "headers": [allow, *headers]})
            await send({"type": "http.response.body", "body": b""})
            return route.template, 204
        status = 500
        context = REQUEST.get()
        assert context is not None
        respond_to = send

        async def send_and_note(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                context.started_response = True
            await respond_to(message)

        send = send_and_note
        if method == "HEAD" and "GET" in route.methods:
            scope = {**scope, "method": "GET"}
            send = without_body(send)
        if route.kind in (Kind.CATALOGUE, Kind.DOCS) and method in ("GET", "HEAD"):
            send = whole_answer(send, route.kind, scope)
        elif method == "POST" and "POST" in route.methods:
            if not json_content_type(content_type):
                return route.template, await problem(send, 415, unsupported_media_type_problem(path, content_type), headers)
            try:
                body = await read_body(receive, content_length, route.body_limit)
            except BodyTooLarge:
                return route.template, await problem(send, 413, too_large_problem(path), headers, close=True)
            receive = replay(body, receive)

        lower = send

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                sent = message.get("headers")
                if type(sent) is list:
                    sent.extend(headers)
                else:
                    message["headers"] = [*(sent or ()), *headers]
            await lower(message)

        await super().__call__(scope, receive, send_with_headers)
        return route.template, status
