"""Fuzz every operation of the published OpenAPI document with all checks.

Settings (bounded) come from schemathesis.toml; the app is a fresh
create_app() per schema so its lifespan does not clash with other clients.

Two runs: the deterministic one (the same cases every time, so a landing is
never failed by a case no change brought in), and a short one with a new
random seed on every run, so that CI keeps exploring beyond those cases.
A failure of the random run names its seed; ``MAHJONG_FUZZ_SEED=<seed>``
replays it."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import schemathesis
from schemathesis.config import SchemathesisConfig

from service.api import create_app
from service.core.money import MAX_DECIMAL_PLACES

CONFIG = Path(__file__).resolve().parents[2] / "schemathesis.toml"
RANDOM_EXAMPLES = 15
"""Cases per operation of the random run (the deterministic one has
schemathesis.toml's max-examples)."""

SEED = int(os.environ.get("MAHJONG_FUZZ_SEED") or random.SystemRandom().getrandbits(32))


def _six_places(value: Any) -> Any:
    """Every float of a body rounded to MAX_DECIMAL_PLACES decimal places."""
    if isinstance(value, float):
        return round(value, MAX_DECIMAL_PLACES)
    if isinstance(value, dict):
        return {key: _six_places(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_six_places(item) for item in value]
    return value


@schemathesis.hook
def map_case(context: Any, case: schemathesis.Case) -> schemathesis.Case:
    """A schema-valid amount has at most 6 decimal places (docs/api.md), a
    rule the document states in words only: `multipleOf: 0.000001` would say
    it, but float-based validators (Python's jsonschema among them) then
    refuse 0.1, as 0.1 / 0.000001 is not a whole float. So a positive case's
    amounts (in the body or the query) are rounded to 6 places, as a client
    rounds a computed stake;
    negative cases are sent as generated."""
    meta = case.meta
    if meta is None or meta.generation.mode.is_negative:
        return case
    if isinstance(case.body, (dict, list)):
        case.body = _six_places(case.body)
    if isinstance(case.query, dict):
        case.query = _six_places(case.query)
    return case


schema = schemathesis.openapi.from_asgi("/schema/openapi.json", create_app())


def random_config() -> SchemathesisConfig:
    config = SchemathesisConfig.from_path(CONFIG)
    config.update(seed=SEED, max_failures=None)
    config.projects.default.generation.update(deterministic=False, max_examples=RANDOM_EXAMPLES)
    return config


random_schema = schemathesis.openapi.from_asgi("/schema/openapi.json", create_app(), config=random_config())


@schema.parametrize()
def test_operation(case: schemathesis.Case) -> None:
    case.call_and_validate()


@random_schema.parametrize()
def test_operation_with_a_random_seed(case: schemathesis.Case) -> None:
    try:
        case.call_and_validate()
    except Exception as exc:
        exc.add_note(f"random fuzzing seed {SEED}: replay with MAHJONG_FUZZ_SEED={SEED}")
        raise
