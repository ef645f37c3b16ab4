"""The fast path: ``POST /v1/<ruleset>/settlements`` and ``/hands`` answered
by the entry itself, without litestar's per-request machinery.

Each of these routes is one :class:`Operation`: the decode, the library
function and the encode its litestar handler (service.api.routes) calls. The
fast path runs the same three (inline: the same decoders, function and
encoder), with the body read here; it is only an optimisation of that handler, and tests/platform/test_fast_path.py sends every
ruleset's settlement and hands requests, good and bad, through both and
compares the answers byte for byte. Profiling showed a settlement spending
most of its time in the framework's machinery, not in the rules
(docs/performance.md).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from service.api.codec import RequestInvalid, StrictDecoder
from service.api.headers import NO_STORE
from service.api.language import localize
from service.api.metrics import count_warnings
from service.api.problems import (
    PROBLEM_JSON,
    invalid_problem,
    too_large_problem,
    unsupported_media_type_problem,
    violation_problem,
)
from service.core.codec import ENCODER, json_decoder
from service.core.errors import RuleViolation
from service.core.ruleset import Endpoint
from service.i18n import DEFAULT, Language

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

JSON_HEADERS = (b"content-type", b"application/json")
PROBLEM_HEADERS = (b"content-type", PROBLEM_JSON.encode())

FAST_PATHS = ("/settlements", "/hands")
"""The endpoints of a ruleset the entry answers itself."""

CONTENT_LENGTHS: tuple[tuple[bytes, bytes], ...] = tuple((b"content-length", b"%d" % size) for size in range(4096))
"""The ``Content-Length`` header of every body shorter than 4 KiB (every
settlement's answer), made once (docs/performance.md)."""


def content_length_header(size: int) -> tuple[bytes, bytes]:
    """The ``Content-Length`` header of a body of ``size`` bytes."""
    return CONTENT_LENGTHS[size] if size < 4096 else (b"content-length", b"%d" % size)


_MEDIA_TYPE = re.compile(rb"\s*(application/json|[a-z0-9!#$&^_.-]+/[a-z0-9!#$&^_.+-]+\+json)\s*(;.*)?", re.IGNORECASE | re.DOTALL)
"""Content types a POST body may have: ``application/json`` or any ``+json``
type, with any parameters (``; charset=utf-8``)."""

_USUAL_JSON = frozenset(
    {b"application/json", b"application/json; charset=utf-8", b"application/json;charset=utf-8", b"application/json; charset=UTF-8"}
)


def json_content_type(value: bytes | None) -> bool:
    return value is not None and (value in _USUAL_JSON or _MEDIA_TYPE.fullmatch(value) is not None)


class Operation:
    """One body-in, JSON-out route of a ruleset: its one decode
    (:meth:`read`), its library function (:attr:`compute`) and its one encode
    (:meth:`answer`), shared by its litestar handler and the fast path."""

    __slots__ = ("compute", "decode", "ruleset", "settles", "strict", "template")

    def __init__(self, ruleset: str, endpoint: Endpoint) -> None:
        assert endpoint.request is not None
        self.ruleset = ruleset
        self.template = f"/v1/{ruleset}{endpoint.path}"
        self.settles = endpoint.path == "/settlements"
        self.strict = StrictDecoder(endpoint.request)
        # a valid body, the usual case, is decoded by msgspec alone
        self.decode = json_decoder(endpoint.request).decode
        # the entry installs the exact decimal context for the whole request,
        # so the engine's @exact wrapper (which would check it again) is skipped
        self.compute: Callable[[Any], Any] = getattr(endpoint.function, "__wrapped__", endpoint.function)

    def read(self, body: bytes) -> Any:
        """The request Struct (RequestInvalid: a 400)."""
        try:
            return self.decode(body)
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            # the strict decoder reads it again: it accepts 5.0 for an
            # integer, and words the problem of a body it cannot read
            return self.strict.decode(body)

    def answer(self, result: Any, language: Language) -> bytes:
        """The answer's body; a settlement's warnings counted (its count is
        its 200 request's, service.api.metrics)."""
        if self.settles and result.warnings:
            count_warnings(result, self.ruleset)
        return ENCODER.encode(result if language == DEFAULT else localize(result, language))


class BodyTooLarge(Exception):
    pass


async def read_body(receive: Receive, content_length: bytes | None, limit: int, first: bytes = b"") -> bytes:
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


async def respond(
    send: Send, status: int, body: bytes, content_type: tuple[bytes, bytes], extra_headers: list[tuple[bytes, bytes]], close: bool = False
) -> None:
    headers = [content_type, content_length_header(len(body)), *extra_headers]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def problem(send: Send, status: int, content: Any, extra_headers: list[tuple[bytes, bytes]], close: bool = False) -> int:
    """An error answer (problem+json); like every error, never stored
    (a POST's headers say so already, a GET's do not)."""
    if NO_STORE not in extra_headers:
        extra_headers = [*extra_headers, NO_STORE]
    await respond(send, status, ENCODER.encode(content), PROBLEM_HEADERS, extra_headers, close)
    return status


async def answer_directly(
    operation: Operation,
    receive: Receive,
    send: Send,
    content_type: bytes | None,
    content_length: bytes | None,
    body_limit: int,
    language: Language,
    headers: list[tuple[bytes, bytes]],
) -> int:
    """Answer one of the fast path's requests; returns the status. The body
    is read here (one message in the usual case), decoded, computed under the
    exact decimal context the entry installed, and encoded straight into the
    response."""
    template = operation.template
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
    # Operation.read, compute and Operation.answer, inline: a call costs
    # instructions on every request (bench/per_request.py)
    try:
        try:
            request = operation.decode(body)
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            request = operation.strict.decode(body)
        result = operation.compute(request)
    except RequestInvalid as exc:
        return await problem(send, 400, invalid_problem(exc, template), headers)
    except RuleViolation as exc:
        return await problem(send, 422, violation_problem(exc, template), headers)
    if operation.settles and result.warnings:
        count_warnings(result, operation.ruleset)
    answer = ENCODER.encode(result if language == DEFAULT else localize(result, language))
    size = len(answer)
    length = CONTENT_LENGTHS[size] if size < 4096 else (b"content-length", b"%d" % size)
    await send({"type": "http.response.start", "status": 200, "headers": [JSON_HEADERS, length, *headers]})
    await send({"type": "http.response.body", "body": answer})
    return 200
