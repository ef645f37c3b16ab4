"""The application factory."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import AsyncIterator

from litestar import Litestar

from service.api.batch import settlements_controller
from service.api.discovery import rulesets
from service.api.health import healthz, readyz
from service.api.hongkong import HongKongController
from service.api.mcr import McrController
from service.api.asgi import SettlementService
from service.api.metrics import metrics
from service.api.nmjl import NmjlController
from service.api.openapi import SCHEMA_PLUGINS, docs_static_router, openapi_config
from service.api.problems import EXCEPTION_HANDLERS
from service.api.riichi import RiichiController
from service.api.riichi_extras import RiichiExtrasController
from service.api.riichi_yaku import RiichiYakuController
from service.api.taiwan import TaiwanController
from service.engine.money import ExactNumber
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


CONTROLLERS: list[type] = [HongKongController, RiichiController, RiichiExtrasController, RiichiYakuController, McrController, NmjlController, TaiwanController]
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

    app = SettlementService(
        route_handlers=[*CONTROLLERS, settlements_controller(settings), rulesets, healthz, readyz, metrics, docs_static_router()],
        openapi_config=openapi_config(),
        plugins=SCHEMA_PLUGINS,
        exception_handlers=EXCEPTION_HANDLERS,
        request_max_body_size=settings.max_body_bytes,
        type_decoders=[(lambda type_: type_ is ExactNumber, query_number)],
        lifespan=[lifespan],
        state=None,
    )
    app.configure_direct_path(settings.max_body_bytes)
    return app
