"""Fuzz every operation of the published OpenAPI document with all checks.

Settings (deterministic, bounded) come from schemathesis.toml; the app is a
fresh create_app() so its lifespan does not clash with other clients."""

from __future__ import annotations

import schemathesis

from service.api import create_app

schema = schemathesis.openapi.from_asgi("/schema/openapi.json", create_app())


@schema.parametrize()
def test_operation(case: schemathesis.Case) -> None:
    case.call_and_validate()
