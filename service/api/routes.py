"""Every ruleset's routes, built from its endpoints (``Ruleset.endpoints``,
:class:`service.core.ruleset.Endpoint`) as the games routes are built from its
game (service.api.games): the rulesets declare data, this module makes the
litestar handlers.

- a POST decodes its body strictly into the endpoint's request Struct, calls
  the library function and encodes the answer. `/settlements` and `/hands`
  are :class:`service.api.fast.Operation`s: their handler calls the
  operation's decode, function and encode, which the entry's fast path calls
  too (service.api.fast);
- a POST with a `wire` type decodes the body as that first and lets the
  endpoint's `read` build the request, each part decoded on its own; with
  `work` its weight is checked against the bound (413) before anything is
  computed; with `steps` the function's steps are driven giving the event
  loop back (service.api.work);
- a GET takes one query parameter per field of its `query` sources
  (service.api.query) and calls the function with each source built.
"""

# no `from __future__ import annotations`: litestar reads the handlers'
# annotations, which name each endpoint's types at run time

import inspect
from collections.abc import Callable
from typing import Annotated, Any

from litestar import Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.spec import Example
from litestar.params import Body

from service.api.codec import JSON, StrictBody, decode_part, decode_strict, json_response
from service.api.fast import FAST_PATHS, Operation
from service.api.problems import problem_responses
from service.api.query import Rules, Value, rules_query
from service.api.work import WEIGHTS, check_budget, drive
from service.core.ruleset import Endpoint, QueryRules, QueryValue, Ruleset
from service.i18n import LANGUAGE


def _examples(endpoint: Endpoint) -> list[Example]:
    return [Example(summary=example.summary, value=example.value) for example in endpoint.examples]


def _documented(template: str, endpoint: Endpoint, handler: Callable[..., Any]) -> dict[str, Any]:
    """What the OpenAPI document says of the endpoint's operation."""
    handler.__name__ = handler.__qualname__ = endpoint.path.strip("/").replace("-", "_")
    return {
        "path": template,
        "summary": endpoint.summary,
        "description": inspect.cleandoc(endpoint.description),
        "tags": [endpoint.tag],
        "responses": problem_responses() if endpoint.request is not None else problem_responses(body=False, rules=False),
    }


def operation_route(template: str, endpoint: Endpoint, operation: Operation) -> HTTPRouteHandler:
    """`/settlements` or `/hands`: the operation's decode, function and
    encode, as the fast path calls them."""

    class OperationBody(StrictBody):
        def decode_bytes(self, value: bytes) -> Any:
            return operation.read(value)

    def answer(data: Annotated[endpoint.request, Body(examples=_examples(endpoint))]) -> Response[endpoint.response]:  # type: ignore[name-defined]
        return Response(operation.answer(operation.compute(data), LANGUAGE.get()), media_type=JSON)

    return post(dto=OperationBody, return_dto=None, status_code=200, sync_to_thread=False, **_documented(template, endpoint, answer))(
        answer
    )


def body_route(template: str, endpoint: Endpoint) -> HTTPRouteHandler:
    """A POST answered by ``function(request)``."""
    function = endpoint.function

    def answer(data: Annotated[endpoint.request, Body(examples=_examples(endpoint))]) -> Response[endpoint.response]:  # type: ignore[name-defined]
        return json_response(function(data))

    return post(dto=StrictBody, return_dto=None, status_code=200, sync_to_thread=False, **_documented(template, endpoint, answer))(answer)


def read_route(template: str, endpoint: Endpoint) -> HTTPRouteHandler:
    """A POST whose body is read as its `wire` type first, weighed, and
    answered by the function's steps (or the function)."""
    wire, read, work, function = endpoint.wire, endpoint.read, endpoint.work, endpoint.function
    assert wire is not None and read is not None
    weight = 0 if work is None else round(WEIGHTS[work.kind] * 100)

    class WireBody(StrictBody):
        def decode_bytes(self, value: bytes) -> Any:
            return decode_strict(value, wire)

    async def answer(data: Annotated[endpoint.request, Body(examples=_examples(endpoint))]) -> Response[endpoint.response]:  # type: ignore[name-defined]
        request = read(data, decode_part)
        if work is not None:
            check_budget(work.count(request) * weight)
        # the event loop is given back between steps (service.api.work); an
        # UnreadablePart the function raises is a 400 (service.api.problems)
        return json_response(await drive(function(request)) if endpoint.steps else function(request))

    bound: dict[str, Any] = {} if endpoint.body_bytes is None else {"request_max_body_size": endpoint.body_bytes}
    return post(dto=WireBody, return_dto=None, status_code=200, **bound, **_documented(template, endpoint, answer))(answer)


def _source(source: QueryRules | QueryValue) -> Rules | Value:
    if isinstance(source, QueryValue):
        return Value(source.struct, source.field)
    return Rules(source.struct, *(source.fields or ()))


def query_route(template: str, endpoint: Endpoint) -> HTTPRouteHandler:
    """A GET answered by ``function(**sources)``, each query source built
    from its parameters."""
    function = endpoint.function

    if not endpoint.query:

        def table() -> Response[endpoint.response]:  # type: ignore[name-defined]
            return json_response(function())

        return get(sync_to_thread=False, **_documented(template, endpoint, table))(table)

    def answer(**sources: Any) -> Response[endpoint.response]:  # type: ignore[name-defined]
        return json_response(function(**sources))

    documented = _documented(template, endpoint, answer)
    return get(sync_to_thread=False, **documented)(rules_query(**{name: _source(source) for name, source in endpoint.query})(answer))


def ruleset_routes(ruleset: Ruleset, operations: dict[str, Operation]) -> list[HTTPRouteHandler]:
    """Every route of ``ruleset``, in the order of its endpoints, under
    ``/v1/<name>``; ``operations``: the fast path's, by route template."""
    routes = []
    for endpoint in ruleset.endpoints:
        template = f"/v1/{ruleset.name}{endpoint.path}"
        if endpoint.method == "GET":
            handler = query_route(template, endpoint)
        elif endpoint.wire is not None:
            handler = read_route(template, endpoint)
        elif template in operations:
            handler = operation_route(template, endpoint, operations[template])
        else:
            handler = body_route(template, endpoint)
        routes.append(handler)
    return routes


def operations_of(rulesets: tuple[Ruleset, ...]) -> dict[str, Operation]:
    """The fast path's operations: every ruleset's `/settlements` and `/hands`."""
    return {
        f"/v1/{ruleset.name}{endpoint.path}": Operation(ruleset.name, endpoint)
        for ruleset in rulesets
        for endpoint in ruleset.endpoints
        if endpoint.path in FAST_PATHS and endpoint.request is not None
    }
