"""RFC 9457 problem details: the one error shape for every ruleset.

``400`` — the body is not JSON or does not match the schema.
``422`` — the body is valid but impossible (discarder is the winner, …).
``404``/``405``/``413`` — as HTTP says. Nothing a client sends gets a 5xx;
an unexpected fault is logged and answered with a bare 500 problem.
Each entry in ``errors`` names the field: ``pointer`` is a JSON Pointer into
the body in URI-fragment form (``#/win/discarder``), ``parameter`` a query
parameter.
"""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi.datastructures import ResponseSpec

from service.api.codec import RequestInvalid, json_response
from service.engine.errors import FieldProblem, RuleViolation

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("service.errors")


class ProblemError(msgspec.Struct, omit_defaults=True):
    detail: str
    pointer: str | None = None
    parameter: str | None = None


class Problem(msgspec.Struct, omit_defaults=True):
    """RFC 9457 problem details."""

    type: str
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
    422: "urn:mahjong-settlement:problem:rule-violation",
    500: "urn:mahjong-settlement:problem:internal-error",
}


def _pointer(problem: FieldProblem, prefix: str = "") -> str:
    return "#" + prefix + problem.pointer


def problem_response(request: Request[Any, Any, Any], status: int, title: str, detail: str, errors: list[ProblemError] | None = None) -> Response[Any]:
    problem = Problem(
        type=TYPES.get(status, "about:blank"),
        title=title,
        status=status,
        detail=detail,
        instance=request.url.path,
        errors=errors or [],
    )
    return json_response(problem, status_code=status, media_type=PROBLEM_JSON)


def invalid_problem(exc: RequestInvalid, instance: str, prefix: str = "") -> Problem:
    """400: the body (or one batch item, under ``prefix``) does not match the schema."""
    where = _pointer(exc.problem, prefix)
    return Problem(
        type=TYPES[400],
        title="The request body is invalid",
        status=400,
        detail=f"{exc.problem.detail} (at {where})." if exc.problem.pointer or prefix else exc.problem.detail,
        instance=instance,
        errors=[ProblemError(detail=exc.problem.detail, pointer=where)],
    )


def violation_problem(exc: RuleViolation, instance: str, prefix: str = "") -> Problem:
    """422: valid but impossible; every bad field listed."""
    return Problem(
        type=TYPES[422],
        title=exc.title,
        status=422,
        detail=" ".join(p.detail for p in exc.problems),
        instance=instance,
        errors=[ProblemError(detail=p.detail, pointer=_pointer(p, prefix)) for p in exc.problems],
    )


def on_request_invalid(request: Request[Any, Any, Any], exc: RequestInvalid) -> Response[Any]:
    return json_response(invalid_problem(exc, request.url.path), status_code=400, media_type=PROBLEM_JSON)


def on_rule_violation(request: Request[Any, Any, Any], exc: RuleViolation) -> Response[Any]:
    return json_response(violation_problem(exc, request.url.path), status_code=422, media_type=PROBLEM_JSON)


def on_validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    errors = []
    for item in exc.extra if isinstance(exc.extra, list) else []:
        if isinstance(item, dict):
            key = str(item.get("key", ""))
            message = str(item.get("message", exc.detail))
            if key == "data":  # the body was empty, so litestar had no `data` to pass
                errors.append(ProblemError(detail="The body is empty; send a JSON object.", pointer="#"))
            elif item.get("source") == "body":
                errors.append(ProblemError(detail=message, pointer="#/" + key.replace(".", "/")))
            else:
                errors.append(ProblemError(detail=message, parameter=key))
    detail = "; ".join(e.detail if not e.parameter else f"{e.parameter}: {e.detail}" for e in errors) or str(exc.detail)
    return problem_response(request, 400, "The request is invalid", detail, errors)


def on_http(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    status = exc.status_code
    if status >= 500:
        log.error("HTTP %s on %s: %s", status, request.url.path, exc.detail)
        return problem_response(request, status, "Server error", "The service could not answer this request.")
    title = {404: "Not found", 405: "Method not allowed", 413: "Request body too large"}.get(status, "Bad request")
    detail = str(exc.detail) if exc.detail else title
    if status == 404:
        detail = f"No endpoint at {request.url.path}."
    headers = {k: v for k, v in (exc.headers or {}).items()}
    if status == 413:
        # The rest of the body was never read: close the connection rather than
        # leave a client blocked writing it while it waits for this answer.
        headers["connection"] = "close"
    response = problem_response(request, status, title, detail)
    response.headers.update(headers)
    return response


def on_unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    log.exception("Unexpected error on %s", request.url.path)
    return problem_response(request, 500, "Server error", "The service could not answer this request.")


EXCEPTION_HANDLERS: dict[Any, Any] = {
    RequestInvalid: on_request_invalid,
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
    return responses
