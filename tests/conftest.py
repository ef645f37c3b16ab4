"""Shared fixtures: an in-process client over the real app."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from litestar.testing import TestClient

from service.api import create_app

logging.getLogger("httpx").setLevel(logging.WARNING)


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient[Any]]:
    with TestClient(create_app()) as test_client:
        yield test_client


def D(value: str | int) -> Decimal:
    """Expected amounts are written as decimal strings: exact, never floats."""
    return Decimal(str(value))


def paid(body: dict[str, Any]) -> dict[str, Decimal]:
    """payer → amount from a settlement response, parsed exactly."""
    return {p["payer"]: Decimal(str(p["amount"])) for p in body["payments"]}
