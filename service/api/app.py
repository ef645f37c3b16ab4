"""The application factory."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import AsyncIterator

from litestar import Litestar

from service.api.health import healthz, readyz
from service.api.hongkong import HongKongController
from service.api.metrics import metrics, prometheus_config
from service.api.riichi_extras import RiichiExtrasController
from service.api.openapi import SCHEMA_PLUGINS, docs_static_router, openapi_config
from service.api.problems import EXCEPTION_HANDLERS
from service.settings import Settings

CONTROLLERS: list[type] = [HongKongController, RiichiExtrasController]
"""One controller per ruleset; each new ruleset adds its controller here."""


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        app.state.ready = True
        try:
            yield
        finally:
            app.state.ready = False
            app.state.stopping = True

    prometheus = prometheus_config()
    return Litestar(
        route_handlers=[*CONTROLLERS, healthz, readyz, metrics, docs_static_router()],
        openapi_config=openapi_config(),
        plugins=SCHEMA_PLUGINS,
        middleware=[prometheus.middleware],
        exception_handlers=EXCEPTION_HANDLERS,
        request_max_body_size=settings.max_body_bytes,
        lifespan=[lifespan],
        state=None,
    )
