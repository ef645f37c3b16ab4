"""Helpers the tests share: wins written as a request's `win`, exact
amounts, and a runner that answers through the engine or over HTTP.

Fixtures are in the ``conftest.py`` files; what a test imports is here
(``from tests.helpers import D, paid``)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

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
