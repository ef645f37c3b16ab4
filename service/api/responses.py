"""Helpers every ruleset controller shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
from litestar import Response
from litestar.exceptions import ValidationException

from service.api.codec import json_response
from service.api.metrics import record_settlement

T = TypeVar("T")


def settlement_response(result: Any) -> Response[Any]:
    """Count the settlement (and its warnings) and encode it."""
    record_settlement(result)
    return json_response(result)


def rules_from_query(factory: Callable[..., T], **params: Any) -> T:
    """Build a rules Struct from query parameters, answering 400 with the
    parameter's name when a check in the Struct fails."""
    try:
        return factory(**params)
    except (ValueError, TypeError, msgspec.ValidationError) as exc:
        message = str(exc)
        key = message.split("`")[1] if message.count("`") >= 2 else ""
        raise ValidationException(detail=message, extra=[{"key": key, "message": message, "source": "query"}]) from None
