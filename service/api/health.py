"""Liveness, readiness and version. HEAD is answered on each (the ASGI
entry answers HEAD on every GET route)."""

from __future__ import annotations

import platform
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, get
from litestar.handlers import HTTPRouteHandler

from service import __version__
from service.api.codec import json_response
from service.settings import Settings


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


class Version(msgspec.Struct):
    version: Annotated[str, msgspec.Meta(description="The service's release (the OpenAPI document's `info.version`).")]
    build: Annotated[str | None, msgspec.Meta(description="The build identifier (MAHJONG_BUILD), null when not set.")]
    commit: Annotated[str | None, msgspec.Meta(description="The source commit (MAHJONG_BUILD_COMMIT), null when not set.")]
    python: Annotated[str, msgspec.Meta(description="The Python version running the service (`3.11.2`).")]


def version_handler(settings: Settings) -> HTTPRouteHandler:
    """`GET /version`, answering from the settings the app was built with."""
    answer = Version(
        version=__version__,
        build=settings.build or None,
        commit=settings.build_commit or None,
        python=platform.python_version(),
    )

    @get("/version", tags=["Operations"], summary="Version of the running service", sync_to_thread=False)
    def version() -> Version:
        """The release, the build and commit the operator set, and the Python version."""
        return answer

    return version
