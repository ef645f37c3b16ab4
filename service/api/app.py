"""The application factory: the litestar app with every route, wrapped in
the entry (service.api.asgi)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from litestar import Litestar

from service.api.asgi import Entry
from service.api.batch import settlements_controller
from service.api.discovery import rulesets
from service.api.games import games_controllers
from service.api.health import healthz, readyz, version_handler
from service.api.logs import configure_logging
from service.api.metrics import metrics
from service.api.openapi import SCHEMA_PLUGINS, docs_static_router, openapi_config
from service.api.problems import EXCEPTION_HANDLERS
from service.api.routes import operations_of, ruleset_routes
from service.api.web import web_router
from service.core.money import ExactNumber
from service.core.tiles import build_tables
from service.rulesets.registry import RULESETS
from service.settings import Settings


def query_number(type_: type, value: object) -> ExactNumber:
    """A decimal query parameter (`point_value=0.1`), parsed exactly."""
    try:
        number = ExactNumber(str(value))
    except ArithmeticError:
        raise ValueError("Expected `number`") from None
    if not number.is_finite():
        raise ValueError("Expected a finite `number`")
    return number


def create_app(settings: Settings | None = None, *, fast_path: bool = True) -> Entry:
    """The service's ASGI application under ``settings`` (default: from the
    environment). ``fast_path=False`` leaves every request to litestar's
    handlers (the fast path is only an optimisation of them:
    tests/platform/test_fast_path.py compares the two)."""
    settings = settings or Settings.from_env()
    configure_logging(settings.log_format, settings.log_level)

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        build_tables()  # hands from tiles read suits from tables: built before the first request, not by it
        app.state.ready = True
        try:
            yield
        finally:
            app.state.ready = False
            app.state.stopping = True

    operations = operations_of(RULESETS)
    app = Litestar(
        route_handlers=[
            *(route for ruleset in RULESETS for route in ruleset_routes(ruleset, operations)),
            *games_controllers(),
            settlements_controller(settings),
            rulesets,
            healthz,
            readyz,
            version_handler(settings),
            metrics,
            docs_static_router(),
            web_router(),
        ],
        openapi_config=openapi_config(),
        plugins=SCHEMA_PLUGINS,
        exception_handlers=EXCEPTION_HANDLERS,
        request_max_body_size=settings.max_body_bytes,
        type_decoders=[(lambda type_: type_ is ExactNumber, query_number)],
        lifespan=[lifespan],
        state=None,
    )
    return Entry(app, settings, operations if fast_path else {})
