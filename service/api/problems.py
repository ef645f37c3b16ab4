"""RFC 9457 problem details: the one error shape for every ruleset.

``400`` — the body is not JSON or does not match the schema.
``422`` — the body is valid but impossible (discarder is the winner, …).
``404``/``405``/``413`` — as HTTP says. Nothing a client sends gets a 5xx;
an unexpected fault is logged and answered with a bare 500 problem.
Each entry in ``errors`` names the field: ``pointer`` is a JSON Pointer into
the body in URI-fragment form (``#/win/discarder``), ``parameter`` a query
parameter.

Titles and details are worded in the request's language (``Accept-Language``,
service.i18n) where the catalogue has them: engine details are templates,
msgspec's schema messages are matched to templates (service.api.codec); a
message no template reproduces stays English. Types, statuses and pointers
never change.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi.datastructures import ResponseSpec

from service.api.codec import (
    EMPTY_JSON_BODY,
    SCHEMA_CODE_DEFAULT,
    SCHEMA_CODES,
    RequestInvalid,
    json_response,
    rule_code,
    schema_code,
    schema_problem,
)
from service.core.error_codes import GENERIC_CODE
from service.core.errors import FieldProblem, RuleViolation, UnreadablePart
from service.i18n import DEFAULT, LANGUAGE, N_, gettext, render
from service.rulesets.registry import ERROR_CODES as RULE_CODES

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("service.errors")


class ProblemError(msgspec.Struct, omit_defaults=True):
    """One bad field. ``code`` is stable snake_case (docs/api.md, "Error
    codes"): a program acts on it, a person reads ``detail``."""

    detail: str
    code: Annotated[
        str,
        msgspec.Meta(
            description="What is wrong, as a stable snake_case code (`unknown_field`, `discarder_is_winner`): one of the "
            "`ErrorCode` component's values. `/v1` may add codes: treat an unknown one as the generic case and show `detail`."
        ),
    ]
    pointer: str | None = None
    parameter: str | None = None


class Problem(msgspec.Struct, omit_defaults=True):
    """RFC 9457 problem details."""

    type: Annotated[
        str,
        msgspec.Meta(description="The kind of problem, a URN: one of the `ProblemType` component's values (`/v1` may add more)."),
    ]
    title: str
    status: int
    detail: str
    instance: str | None = None
    errors: list[ProblemError] = []


TYPES = {
    400: "urn:mahjong-settlement:problem:invalid-request",
    404: "urn:mahjong-settlement:problem:not-found",
    405: "urn:mahjong-settlement:problem:method-not-allowed",
    413: "urn:mahjong-settlement:problem:body-too-large",
    415: "urn:mahjong-settlement:problem:unsupported-media-type",
    422: "urn:mahjong-settlement:problem:rule-violation",
    500: "urn:mahjong-settlement:problem:internal-error",
}
WORK_BOUND_TYPE = "urn:mahjong-settlement:problem:work-bound"
"""A 413 for a request that asks for more work than one request may
(service.api.work), told apart from a body over its byte limit."""
BATCH_ITEM_BOUND_TYPE = "urn:mahjong-settlement:problem:batch-item-bound"
"""A 413 for a batch with more items than a batch may carry."""
GAME_HAND_BOUND_TYPE = "urn:mahjong-settlement:problem:game-hand-bound"
"""A 413 for a game with more hands than a game request may carry."""
PROBLEM_TYPES: tuple[str, ...] = (*TYPES.values(), WORK_BOUND_TYPE, BATCH_ITEM_BOUND_TYPE, GAME_HAND_BOUND_TYPE)

ERROR_CODES: tuple[str, ...] = tuple(sorted({*SCHEMA_CODES.values(), SCHEMA_CODE_DEFAULT, *RULE_CODES.values(), GENERIC_CODE}))
"""Every ``errors[].code`` the service answers: the schema's (400) and the
engine's (service.core.error_codes)."""

INVALID = N_("The request is invalid")
TITLES = {
    404: N_("Not found"),
    405: N_("Method not allowed"),
    413: N_("Request body too large"),
    415: N_("Unsupported media type"),
}
BAD_REQUEST = N_("Bad request")
INVALID_BODY = N_("The request body is invalid")
SERVER_ERROR = N_("Server error")
SERVER_ERROR_DETAIL = N_("The service could not answer this request.")
NO_ENDPOINT = N_("No endpoint at {path}: `GET /v1/rulesets` lists every ruleset and its endpoints.")
WRONG_METHOD = N_("{path} does not answer {method}: it takes {allowed}.")
NOT_JSON = N_("Send the body as application/json (or a +json type); this request's Content-Type is {content_type}.")
NO_CONTENT_TYPE = N_("Send the body as application/json (or a +json type); this request has no Content-Type.")
AT_POINTER = N_("{detail} (at {pointer}).")
LITESTAR_DETAILS = (N_("Method Not Allowed"), N_("Request Entity Too Large"))
"""Details litestar itself raises, translated like ours."""


class LocalizedHTTPException(HTTPException):
    """An HTTP error whose detail is a catalogue template with values."""

    title: str | None = None
    """The problem's title, when not the status's (:data:`TITLES`)."""
    type: str | None = None
    """The problem's type, when not the status's (:data:`TYPES`)."""

    def __init__(self, status_code: int, template: str, **params: object) -> None:
        super().__init__(status_code=status_code, detail=template.format(**params))
        self.template = template
        self.params = params


WORK_BOUND_TITLE = N_("The request asks for more work than one request may")


class WorkBoundExceeded(LocalizedHTTPException):
    """413: the request's work is over the bound (service.api.work)."""

    title = WORK_BOUND_TITLE
    type = WORK_BOUND_TYPE

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(413, template, **params)


BATCH_ITEM_BOUND_TITLE = N_("The batch carries more items than one batch may")
BATCH_ITEM_BOUND = N_(
    "A batch may carry at most {limit} items; this one has {count}. Split it into {parts} batches of at most {limit} items each."
)


class BatchItemBoundExceeded(LocalizedHTTPException):
    """413: a batch over its item count, named as such, with how to split it."""

    title = BATCH_ITEM_BOUND_TITLE
    type = BATCH_ITEM_BOUND_TYPE

    def __init__(self, limit: int, count: int) -> None:
        super().__init__(413, BATCH_ITEM_BOUND, limit=limit, count=count, parts=-(-count // limit))


GAME_HAND_BOUND_TITLE = N_("The game carries more hands than one request may")
GAME_HAND_BOUND = N_(
    "A game may carry at most {limit} hands; this one has {count}. Send the first {limit} as one game and the rest as "
    "another that starts where the first one's `next` says (`game.start_dealer`, `game.start_round`), then add up "
    "their totals."
)


class GameHandBoundExceeded(LocalizedHTTPException):
    """413: a game over its hand count, named as such, with how to split it."""

    title = GAME_HAND_BOUND_TITLE
    type = GAME_HAND_BOUND_TYPE

    def __init__(self, limit: int, count: int) -> None:
        super().__init__(413, GAME_HAND_BOUND, limit=limit, count=count)


def _pointer(problem: FieldProblem, prefix: str = "") -> str:
    return "#" + prefix + problem.pointer


def field_detail(problem: FieldProblem, language: str) -> str:
    """A problem's detail in ``language``: its template translated and filled
    in, or the English detail when the catalogue does not hold it."""
    if language == DEFAULT:
        return problem.detail
    if problem.template:
        return render(problem.template, dict(problem.params), language)
    return gettext(problem.detail, language)


def problem_response(
    request: Request[Any, Any, Any],
    status: int,
    title: str,
    detail: str,
    errors: list[ProblemError] | None = None,
    type_: str | None = None,
) -> Response[Any]:
    problem = Problem(
        type=type_ or TYPES.get(status, "about:blank"),
        title=gettext(title, LANGUAGE.get()),
        status=status,
        detail=detail,
        instance=request.url.path,
        errors=errors or [],
    )
    return json_response(problem, status_code=status, media_type=PROBLEM_JSON)


def invalid_problem(exc: RequestInvalid, instance: str, prefix: str = "") -> Problem:
    """400: the body (or one batch item, under ``prefix``) does not match the schema."""
    language = LANGUAGE.get()
    where = _pointer(exc.problem, prefix)
    detail = field_detail(exc.problem, language)
    whole = render(AT_POINTER, {"detail": detail, "pointer": where}, language) if exc.problem.pointer or prefix else detail
    if exc.hint is not None:  # what to send instead: the values the field takes
        whole = f"{whole} {field_detail(exc.hint, language)}"
    return Problem(
        type=TYPES[400],
        title=gettext(INVALID_BODY, language),
        status=400,
        detail=whole,
        instance=instance,
        errors=[ProblemError(detail=detail, code=schema_code(exc.problem), pointer=where)],
    )


def violation_problem(exc: RuleViolation, instance: str, prefix: str = "") -> Problem:
    """422: valid but impossible; every bad field listed."""
    language = LANGUAGE.get()
    details = [field_detail(p, language) for p in exc.problems]
    return Problem(
        type=TYPES[422],
        title=gettext(exc.title, language),
        status=422,
        detail=" ".join(details),
        instance=instance,
        errors=[
            ProblemError(detail=detail, code=rule_code(p), pointer=_pointer(p, prefix))
            for p, detail in zip(exc.problems, details, strict=True)
        ],
    )


def too_large_problem(instance: str) -> Problem:
    language = LANGUAGE.get()
    title, detail = gettext(TITLES[413], language), gettext(LITESTAR_DETAILS[1], language)
    return Problem(type=TYPES[413], title=title, status=413, detail=detail, instance=instance)


def not_found_problem(instance: str) -> Problem:
    """404: no route at this path (answered by the ASGI entry, or litestar)."""
    language = LANGUAGE.get()
    title, detail = gettext(TITLES[404], language), render(NO_ENDPOINT, {"path": instance}, language)
    return Problem(type=TYPES[404], title=title, status=404, detail=detail, instance=instance)


def unsupported_media_type_problem(instance: str, content_type: bytes | None) -> Problem:
    """415: a POST body that is not declared as JSON."""
    language = LANGUAGE.get()
    if content_type is None:
        detail = gettext(NO_CONTENT_TYPE, language)
    else:
        shown = content_type.decode("latin-1")
        detail = render(NOT_JSON, {"content_type": shown if len(shown) <= 100 else shown[:100] + "…"}, language)
    return Problem(type=TYPES[415], title=gettext(TITLES[415], language), status=415, detail=detail, instance=instance)


def internal_problem(instance: str) -> Problem:
    language = LANGUAGE.get()
    title, detail = gettext(SERVER_ERROR, language), gettext(SERVER_ERROR_DETAIL, language)
    return Problem(type=TYPES[500], title=title, status=500, detail=detail, instance=instance)


def on_request_invalid(request: Request[Any, Any, Any], exc: RequestInvalid) -> Response[Any]:
    return json_response(invalid_problem(exc, request.url.path), status_code=400, media_type=PROBLEM_JSON)


def on_unreadable_part(request: Request[Any, Any, Any], exc: UnreadablePart) -> Response[Any]:
    """A part the rules read themselves (a recorded log) that does not read
    as its format: the same 400 as a body the schema refuses."""
    return json_response(invalid_problem(RequestInvalid(exc.problem), request.url.path), status_code=400, media_type=PROBLEM_JSON)


def on_rule_violation(request: Request[Any, Any, Any], exc: RuleViolation) -> Response[Any]:
    return json_response(violation_problem(exc, request.url.path), status_code=422, media_type=PROBLEM_JSON)


def on_validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    """Litestar's own 400s (query parameters): msgspec's sentences, worded
    from the same catalogue templates as a body's."""
    language = LANGUAGE.get()
    errors = []
    for item in exc.extra if isinstance(exc.extra, list) else []:
        if isinstance(item, dict):
            key = str(item.get("key", ""))
            message = str(item.get("message", exc.detail))
            problem = schema_problem("", message)
            if key == "data":  # the body was empty, so litestar had no `data` to pass
                errors.append(ProblemError(detail=gettext(EMPTY_JSON_BODY, LANGUAGE.get()), code="empty_body", pointer="#"))
            elif item.get("source") == "body":
                errors.append(
                    ProblemError(detail=field_detail(problem, language), code=schema_code(problem), pointer="#/" + key.replace(".", "/"))
                )
            else:
                errors.append(ProblemError(detail=field_detail(problem, language), code=schema_code(problem), parameter=key))
    detail = "; ".join(e.detail if not e.parameter else f"{e.parameter}: {e.detail}" for e in errors) or str(exc.detail)
    # a body's problems are titled as the strict decoder titles them (invalid_problem)
    title = INVALID_BODY if errors and all(error.pointer for error in errors) else INVALID
    return problem_response(request, 400, title, detail, errors)


def on_http(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    status = exc.status_code
    language = LANGUAGE.get()
    if status >= 500:
        log.error("HTTP %s on %s: %s", status, request.url.path, exc.detail)
        return problem_response(request, status, SERVER_ERROR, gettext(SERVER_ERROR_DETAIL, language))
    if status == 404:
        return json_response(not_found_problem(request.url.path), status_code=404, media_type=PROBLEM_JSON)
    title = TITLES.get(status, BAD_REQUEST)
    allowed = (exc.headers or {}).get("allow", "")
    type_ = None
    if isinstance(exc, LocalizedHTTPException):
        detail = render(exc.template, exc.params, language)
        title, type_ = exc.title or title, exc.type
    elif status == 405 and allowed:
        methods = ", ".join(sorted(method.strip() for method in allowed.split(",")))  # litestar's order is a set's
        detail = render(WRONG_METHOD, {"path": request.url.path, "method": request.method, "allowed": methods}, language)
    else:
        detail = gettext(str(exc.detail) if exc.detail else title, language)
    headers = {k: v for k, v in (exc.headers or {}).items()}
    if status == 413:
        # The rest of the body was never read: close the connection rather than
        # leave a client blocked writing it while it waits for this answer.
        headers["connection"] = "close"
    response = problem_response(request, status, title, detail, type_=type_)
    response.headers.update(headers)
    return response


def on_unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    log.exception("Unexpected error on %s", request.url.path)
    return problem_response(request, 500, SERVER_ERROR, gettext(SERVER_ERROR_DETAIL, LANGUAGE.get()))


EXCEPTION_HANDLERS: dict[Any, Any] = {
    RequestInvalid: on_request_invalid,
    UnreadablePart: on_unreadable_part,
    RuleViolation: on_rule_violation,
    ValidationException: on_validation,
    HTTPException: on_http,
    Exception: on_unexpected,
}


def problem_spec(description: str) -> ResponseSpec:
    return ResponseSpec(data_container=Problem, description=description, media_type=PROBLEM_JSON, generate_examples=False)


def problem_responses(*, body: bool = True, rules: bool = True) -> dict[int, ResponseSpec]:
    """The 4xx answers an operation documents (per handler: litestar 2
    ignores `responses` on controllers)."""
    responses = {400: problem_spec("The request is not valid JSON or does not match the schema; `errors` names each field.")}
    if rules:
        responses[422] = problem_spec("The request is valid but impossible (e.g. the discarder is the winner); `errors` names each field.")
    if body:
        responses[413] = problem_spec("The request body is larger than the configured limit.")
        responses[415] = problem_spec(
            "The body is not declared as JSON: send `Content-Type: application/json` (any charset parameter) or a `+json` type."
        )
    return responses
