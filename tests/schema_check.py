"""Validate a response body against the published OpenAPI component."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator


@lru_cache(maxsize=1)
def _document() -> dict[str, Any]:
    from tools.export_openapi import served_document

    return served_document()


def validator_for(component: str) -> Draft202012Validator:
    document = _document()
    schema = {"$ref": f"#/components/schemas/{component}", "components": document["components"]}
    return Draft202012Validator(schema)
