"""The ASGI entry point: request metrics for every route, and a direct path
for single settlements.

Profiling showed a settlement spending most of its time in the framework's
per-request machinery (kwargs extraction, DTO, response objects, the
Prometheus middleware's label lookups), not in the rules. So:

- Request metrics are observed here, once per request, with the labelled
  children cached (route *template* as the `path` label, so fuzzed URLs
  cannot explode cardinality).
- ``POST /v1/<ruleset>/settlements`` is answered here directly: read the body
  (bounded), decode strictly into the engine's Struct, settle, encode. It
  produces exactly the responses the litestar handlers document (they remain
  the source of the OpenAPI document): 200 settlement, 400/422/413
  problem+json from the same builders.

Everything else goes to litestar unchanged.

Both paths answer in the request's language (service.api.language): it is
negotiated here once, kept in a context variable for the problem builders
and the encoder, and named in ``Content-Language`` on every response.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from litestar import Litestar
from prometheus_client import Counter, Histogram

from service.api.codec import RequestInvalid, decode_strict
from service.api.language import LANGUAGE_HEADERS, localize, request_language
from service.api.metrics import PREFIX, record_settlement
from service.api.problems import (
    PROBLEM_JSON,
    internal_problem,
    invalid_problem,
    too_large_problem,
    violation_problem,
)
from service.core.codec import ENCODER
from service.core.errors import RuleViolation
from service.core.money import use_exact_context
from service.i18n import LANGUAGE
from service.rulesets.registry import RULESETS, Ruleset

log = logging.getLogger("service.errors")

REQUESTS = Counter(f"{PREFIX}_requests", "HTTP requests, by method, route template and status.", ["method", "path", "status_code"])
LATENCY = Histogram(
    f"{PREFIX}_request_duration_seconds",
    "HTTP request duration in seconds, by method, route template and status.",
    ["method", "path", "status_code"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
_CHILDREN: dict[tuple[str, str, int], tuple[Any, Any]] = {}

JSON_HEADERS = (b"content-type", b"application/json")
PROBLEM_HEADERS = (b"content-type", PROBLEM_JSON.encode())


def observe(method: str, template: str, status: int, seconds: float) -> None:
    key = (method, template, status)
    children = _CHILDREN.get(key)
    if children is None:
        labels = (method, template, str(status))
        children = _CHILDREN[key] = (REQUESTS.labels(*labels), LATENCY.labels(*labels))
    children[0].inc()
    children[1].observe(seconds)


class BodyTooLarge(Exception):
    pass


async def read_body(scope: dict[str, Any], receive: Callable[[], Awaitable[dict[str, Any]]], limit: int) -> bytes:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                if int(value) > limit:
                    raise BodyTooLarge
            except ValueError:
                pass
            break
    chunks: list[bytes] = []
    size = 0
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
    send: Callable[[dict[str, Any]], Awaitable[None]],
    status: int,
    body: bytes,
    content_type: tuple[bytes, bytes],
    language_headers: tuple[tuple[bytes, bytes], ...],
    close: bool = False,
) -> None:
    headers = [content_type, (b"content-length", str(len(body)).encode()), *language_headers]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def settle_directly(
    ruleset: Ruleset, scope: dict[str, Any], receive: Any, send: Any, limit: int, language_headers: tuple[tuple[bytes, bytes], ...]
) -> int:
    path = scope["path"]
    try:
        raw = await read_body(scope, receive, limit)
        result = ruleset.settle(decode_strict(raw, ruleset.request))
    except RequestInvalid as exc:
        await respond(send, 400, ENCODER.encode(invalid_problem(exc, path)), PROBLEM_HEADERS, language_headers)
        return 400
    except RuleViolation as exc:
        await respond(send, 422, ENCODER.encode(violation_problem(exc, path)), PROBLEM_HEADERS, language_headers)
        return 422
    except BodyTooLarge:
        # the rest of the body is never read: close rather than leave the client blocked writing it
        await respond(send, 413, ENCODER.encode(too_large_problem(path)), PROBLEM_HEADERS, language_headers, close=True)
        return 413
    except ConnectionAbortedError:
        return 499
    except Exception:
        log.exception("Unexpected error on %s", path)
        await respond(send, 500, ENCODER.encode(internal_problem(path)), PROBLEM_HEADERS, language_headers)
        return 500
    record_settlement(result)
    await respond(send, 200, ENCODER.encode(localize(result)), JSON_HEADERS, language_headers)
    return 200


class SettlementService(Litestar):
    """The litestar app, entered through request metrics and the direct
    settlement path."""

    direct: dict[str, Ruleset]
    body_limit: int

    def configure_direct_path(self, body_limit: int) -> None:
        self.body_limit = body_limit
        self.direct = {f"/v1/{ruleset.name}/settlements": ruleset for ruleset in RULESETS}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        started = time.perf_counter()
        # the engine's exact decimal context, for this request's task only
        # (so a batch does not swap it in and out around every item)
        use_exact_context()
        language = request_language(scope)
        # each request runs in its own task, whose context starts at English:
        # the variable is only set for another language
        token = LANGUAGE.set(language) if LANGUAGE.get() is not language else None
        language_headers = LANGUAGE_HEADERS[language]
        method = scope["method"]
        try:
            ruleset = self.direct.get(scope["path"]) if method == "POST" else None
            if ruleset is not None:
                status = await settle_directly(ruleset, scope, receive, send, self.body_limit, language_headers)
                observe(method, scope["path"], status, time.perf_counter() - started)
                return
            status = 500

            async def send_and_note(message: dict[str, Any]) -> None:
                nonlocal status
                if message["type"] == "http.response.start":
                    status = message["status"]
                    headers = message.get("headers")
                    if type(headers) is list:
                        headers.extend(language_headers)
                    else:
                        message["headers"] = [*(headers or ()), *language_headers]
                await send(message)

            try:
                await super().__call__(scope, receive, send_and_note)
            finally:
                observe(method, scope.get("path_template", "unmatched"), status, time.perf_counter() - started)
        finally:
            if token is not None:
                LANGUAGE.reset(token)
