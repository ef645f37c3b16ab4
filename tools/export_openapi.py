"""Regenerate the checked-in OpenAPI document:

    python -m tools.export_openapi

writes ``openapi/openapi.json`` and ``openapi/openapi.yaml`` from exactly what
the app serves at ``/schema/openapi.json`` (``/schema/openapi.yaml`` serves the
same YAML bytes); ``tests/api/test_openapi_file.py`` fails
when they drift apart.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "openapi"


def served_document() -> dict[str, Any]:
    from litestar.testing import TestClient

    from service.api import create_app

    with TestClient(create_app()) as client:
        response = client.get("/schema/openapi.json")
        response.raise_for_status()
        return response.json()


def render(document: dict[str, Any]) -> tuple[str, str]:
    from service.api.openapi import render_documents

    return render_documents(document)


def main() -> int:
    as_json, as_yaml = render(served_document())
    OUT.mkdir(exist_ok=True)
    (OUT / "openapi.json").write_text(as_json, encoding="utf-8")
    (OUT / "openapi.yaml").write_text(as_yaml, encoding="utf-8")
    print(f"wrote {OUT / 'openapi.json'} and {OUT / 'openapi.yaml'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
