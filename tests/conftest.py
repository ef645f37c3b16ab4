"""Shared fixtures: an in-process client over the real app."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import msgspec
import pytest
from hypothesis import settings
from litestar.testing import TestClient

from service.api import create_app

logging.getLogger("httpx").setLevel(logging.WARNING)

# Property tests: on a developer's machine ("explore", the default) they draw
# new examples on every run and a failure prints the @reproduce_failure line
# that replays it anywhere. Under CI (CI set, as `.ci/run` is run) they draw
# the same examples every time ("ci"): a landing is never failed by an
# example that no change brought in. HYPOTHESIS_PROFILE picks either.
# Neither has a deadline: speed is measured by bench/, and a per-example
# time limit fails a correct example on a loaded machine.
settings.register_profile("explore", print_blob=True, deadline=None)
settings.register_profile("ci", print_blob=True, derandomize=True, database=None, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "explore"))


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient[Any]]:
    with TestClient(create_app()) as test_client:
        yield test_client


TSUMO = {"type": "self_draw"}
"""A self-drawn win, as a request's `win`."""


def ron(seat: str) -> dict[str, str]:
    """A win on ``seat``'s discard, as a request's `win`."""
    return {"type": "discard", "discarder": seat}


def D(value: str | int) -> Decimal:
    """Expected amounts are written as decimal strings: exact, never floats."""
    return Decimal(str(value))


def paid(body: dict[str, Any]) -> dict[str, Decimal]:
    """payer → amount from a settlement response, parsed exactly."""
    return {p["payer"]: Decimal(str(p["amount"])) for p in body["payments"]}


def engine_or_http(
    request: pytest.FixtureRequest, client: TestClient[Any], function: Callable[[Any], Any], type_: type, path: str
) -> Callable[..., dict[str, Any]]:
    """For a fixture parametrized ``["engine", "http"]``: a runner that
    answers a body straight through the engine function or over HTTP at
    ``path``, as plain JSON-shaped data either way."""

    def run(**body: Any) -> dict[str, Any]:
        if request.param == "engine":
            return msgspec.to_builtins(function(msgspec.convert(body, type_)))
        response = client.post(path, json=body)
        assert response.status_code == 200, response.text
        return response.json()

    return run


def lines(result: dict[str, Any]) -> dict[tuple[str, str], tuple[Decimal, str]]:
    """(payer, payee) → (amount, role) from a settlement, parsed exactly."""
    return {(p["payer"], p["payee"]): (D(p["amount"]), p["role"]) for p in result["payments"]}


def deltas(result: dict[str, Any]) -> dict[str, Decimal]:
    """seat → delta from a settlement, parsed exactly."""
    return {seat: D(v) for seat, v in result["deltas"].items()}
