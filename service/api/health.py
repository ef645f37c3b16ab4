"""Liveness and readiness."""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from litestar import Request, get

from service.api.codec import json_response


class Health(msgspec.Struct):
    status: Literal["ok", "ready", "starting", "stopping"]


@get("/healthz", tags=["Operations"], summary="Liveness", sync_to_thread=False)
def healthz() -> Health:
    """200 while the process can answer requests."""
    return Health(status="ok")


@get(
    "/readyz",
    tags=["Operations"],
    summary="Readiness",
    sync_to_thread=False,
    responses={},
)
def readyz(request: Request[Any, Any, Any]) -> Health:
    """200 once startup finished and until shutdown begins; 503 otherwise, so a
    load balancer stops sending traffic before the process exits."""
    ready = getattr(request.app.state, "ready", False)
    if not ready:
        # the 503 is a Response; `-> Health | Response[Health]` would change the published 200 schema
        return json_response(Health(status="stopping" if getattr(request.app.state, "stopping", False) else "starting"), status_code=503)  # type: ignore[return-value]
    return Health(status="ready")
