"""The interactive docs at /schema work with no internet access: every script,
stylesheet and icon the page loads is served by the service itself."""

from __future__ import annotations

import re


def test_docs_page_loads_only_local_assets(client) -> None:
    page = client.get("/schema")
    assert page.status_code == 200
    assert "SwaggerUIBundle" in page.text
    assets = re.findall(r"""(?:src|href)=["']([^"']+)["']""", page.text)
    assert assets, "the page references its assets"
    for asset in assets:
        assert asset.startswith("/"), f"{asset} is not served locally"
        response = client.get(asset)
        assert response.status_code == 200, asset
        assert len(response.content) > 100
    assert "http://" not in page.text.split("<body>")[0] and "https://" not in page.text.split("<body>")[0]


def test_openapi_document_is_served(client) -> None:
    document = client.get("/schema/openapi.json")
    assert document.status_code == 200
    assert document.json()["openapi"].startswith("3.1")
