"""The GET table endpoints' query parameters come from the rules Structs.

Each parameter is a rules field: same name, type, allowed values, bounds,
default and description, checked here against the Struct generically (a new
field shows up without this file naming it). Bad values stay a 400
problem+json naming the parameter."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec
import pytest
from litestar import Controller, Litestar, Response, get
from litestar.testing import TestClient

from service.api.codec import json_response
from service.api.problems import EXCEPTION_HANDLERS
from service.api.query import QUERY_SOURCES, Rules, Value, rules_query
from service.core.codec import ENCODER
from service.core.options import Option
from service.rulesets.hongkong.rules import HongKongRules, PatternRules
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.schemas import RiichiRequest
from service.rulesets.riichi.yaku_rules import YakuRules
from service.rulesets.taiwan.counting import TaiCountRules

TABLES: dict[str, dict[str, tuple[type, tuple[str, ...] | None]]] = {
    "/v1/hongkong/points-table": {
        "rules": (HongKongRules, ("table", "fan_cap", "min_fan", "discard_payment", "payment_scheme", "point_value"))
    },
    "/v1/hongkong/fan-table": {"rules": (HongKongRules, ("fan_cap", "unvalued_fan")), "patterns": (PatternRules, None)},
    "/v1/riichi/score-table": {
        "rules": (RiichiRules, ("kiriage", "kazoe", "kazoe_double", "sanma_tsumo")),
        "players": (RiichiRequest, ("players",)),
    },
    # every option that changes the catalogue (`red_fives` does not: the table lists no red fives)
    "/v1/riichi/yaku-table": {
        "rules": (YakuRules, ("double_yakuman", "renhou", "open_tanyao", "multiple_yakuman", "kazoe", "kazoe_double"))
    },
    "/v1/taiwan/tai-table": {"rules": (TaiCountRules, None)},
}
"""Which rules each table is computed under (a whole Struct, or some fields)."""

CLIENT_PARAMETERS = {
    "/v1/hongkong/points-table": {"table", "fan_cap", "min_fan", "discard_payment", "payment_scheme", "point_value"},
    "/v1/hongkong/fan-table": {"fan_cap", "eight_immortals", "unvalued_fan"},
    "/v1/riichi/score-table": {"kiriage", "kazoe", "kazoe_double", "players", "sanma_tsumo"},
    "/v1/riichi/yaku-table": {"double_yakuman", "multiple_yakuman", "renhou", "open_tanyao", "kazoe", "kazoe_double"},
    "/v1/taiwan/tai-table": {"preset", "mode"},
}
"""The parameter names clients sent before they were derived: kept."""


@pytest.fixture(scope="module")
def document(client) -> dict[str, Any]:
    return client.get("/schema/openapi.json").json()


def _handlers(client) -> dict[str, Any]:
    from service.api import create_app

    return {
        route.path: handler.fn
        for route in create_app().litestar.routes
        for handler in getattr(route, "route_handlers", ())
        if hasattr(handler.fn, QUERY_SOURCES)
    }


def _json(value: Any) -> Any:
    """A value as the service writes it in JSON (decimals as numbers)."""
    return json.loads(ENCODER.encode(value))


def _options(sources: dict[str, Rules | Value]) -> list[Option]:
    return [option for source in sources.values() for option in source.options()]


def test_the_tables_are_the_derived_handlers(client) -> None:
    handlers = _handlers(client)
    assert set(handlers) == set(TABLES)
    for path, sources in handlers.items():
        declared = getattr(sources, QUERY_SOURCES)
        assert {name: (source.struct, getattr(source, "fields", None) or _field(source)) for name, source in declared.items()} == TABLES[
            path
        ]


def _field(source: Rules | Value) -> tuple[str, ...] | None:
    return (source.field,) if isinstance(source, Value) else None


def test_no_get_endpoint_restates_a_query_parameter(client, document) -> None:
    """Every GET operation with query parameters is a derived table."""
    with_query = {
        path
        for path, operations in document["paths"].items()
        if any(p["in"] == "query" for p in operations.get("get", {}).get("parameters", []))
    }
    assert with_query == set(TABLES)


@pytest.mark.parametrize("path", sorted(TABLES))
def test_parameters_are_the_struct_fields(client, document, path) -> None:
    """Name, type, values, bounds, default and description of each query
    parameter are those of its rules field; nothing else is a parameter."""
    sources = getattr(_handlers(client)[path], QUERY_SOURCES)
    published = {p["name"]: p for p in document["paths"][path]["get"]["parameters"] if p["in"] == "query"}
    fields = {}
    for source in sources.values():
        struct = source.struct
        names = [f.name for f in msgspec.structs.fields(struct)]
        wanted = getattr(source, "fields", None) or _field(source) or tuple(names)
        for name in wanted:
            fields[name] = next(f for f in msgspec.structs.fields(struct) if f.name == name)
    assert set(published) == set(fields) == CLIENT_PARAMETERS[path]
    for option in _options(sources):
        parameter = published[option.name]
        schema = parameter["schema"]
        assert parameter["required"] is False
        assert schema["default"] == _json(fields[option.name].default), option.name
        assert parameter["description"] == option.description and option.description, option.name
        assert schema["type"] == option.type, option.name
        if option.values is not None:
            assert sorted(schema["enum"]) == sorted(option.values), option.name
        for bound, value in (("minimum", option.minimum), ("maximum", option.maximum)):
            if value is not None:
                assert Decimal(str(schema[bound])) == value, (option.name, bound)
        if option.type in ("integer", "number"):
            assert "maximum" in schema, f"{path} {option.name}: every request number has a maximum"


def test_bounds_and_defaults_by_hand(document) -> None:
    """A few published values written out from the sources: 封頂 1–13
    (default 10, CONTRACT.md), 起糊 0–13 (default 3), a table of 3 or 4
    players (default 4), seed 004's default preset."""

    def schema(path: str, name: str) -> dict[str, Any]:
        return next(p["schema"] for p in document["paths"][path]["get"]["parameters"] if p["name"] == name)

    assert (schema("/v1/hongkong/points-table", "fan_cap")["minimum"], schema("/v1/hongkong/points-table", "fan_cap")["maximum"]) == (1, 13)
    assert schema("/v1/hongkong/points-table", "fan_cap")["default"] == 10
    assert schema("/v1/hongkong/fan-table", "fan_cap") == schema("/v1/hongkong/points-table", "fan_cap")
    assert schema("/v1/hongkong/points-table", "min_fan")["default"] == 3
    assert schema("/v1/hongkong/points-table", "point_value")["default"] == 1
    assert (
        schema("/v1/hongkong/points-table", "point_value")["minimum"],
        schema("/v1/hongkong/points-table", "point_value")["maximum"],
    ) == (
        0.0001,
        1000000,
    )
    assert schema("/v1/riichi/score-table", "players") == {
        **schema("/v1/riichi/score-table", "players"),
        "default": 4,
        "minimum": 3,
        "maximum": 4,
    }
    assert schema("/v1/taiwan/tai-table", "preset")["default"] == "default"
    assert schema("/v1/hongkong/fan-table", "eight_immortals")["default"] == "eight_fan"


def _invalid(option: Option) -> str:
    if option.type == "boolean":
        return "maybe"
    if option.type == "string":
        return "no_such_value"
    if option.type == "integer":
        return str(int(option.maximum) + 1) if option.maximum is not None else "x"
    return str(option.maximum * 10) if option.maximum is not None else "abc"


def _all_parameters() -> list[tuple[str, Option]]:
    from service.api import create_app

    app = create_app()
    return [
        (route.path, option)
        for route in app.litestar.routes
        for handler in getattr(route, "route_handlers", ())
        if hasattr(handler.fn, QUERY_SOURCES)
        for option in _options(getattr(handler.fn, QUERY_SOURCES))
    ]


@pytest.mark.parametrize(("path", "option"), _all_parameters(), ids=lambda v: v if isinstance(v, str) else v.name)
def test_a_bad_value_is_a_400_naming_the_parameter(client, path, option) -> None:
    for value in (_invalid(option), ""):
        response = client.get(path, params={option.name: value})
        assert response.status_code == 400, (path, option.name, value, response.text)
        assert response.headers["content-type"].startswith("application/problem+json")
        assert [e["parameter"] for e in response.json()["errors"]] == [option.name]


@pytest.mark.parametrize(("path", "option"), _all_parameters(), ids=lambda v: v if isinstance(v, str) else v.name)
def test_the_default_sent_explicitly_changes_nothing(client, path, option) -> None:
    default = _json(option.default)
    sent = str(default).lower() if isinstance(default, bool) else str(default)
    assert client.get(path, params={option.name: sent}).json() == client.get(path).json()


def test_the_tables_use_the_rules_they_are_sent(client) -> None:
    """Seed 000: a 全辣 table pays 2^fan, so 3 fan is 8 points, half gun:
    the discarder V/2 = 4 at point value 1; at 0.5, 2. Seed 004 明星3缺1 in
    見花見字 mode does not score the round wind. Riichi three-player 千點加符
    (seed 001): a 1 han 30 fu non-dealer tsumo is 300 / 500 plus 1000 each."""
    row = client.get(
        "/v1/hongkong/points-table", params={"table": "full_spicy", "discard_payment": "half_gun", "point_value": "0.5"}
    ).json()["rows"][3]
    assert row["discarder_pays"] == 2
    tai = client.get("/v1/taiwan/tai-table", params={"preset": "mingxing", "mode": "any_flower_any_wind"}).json()
    assert (tai["preset"], tai["mode"]) == ("mingxing", "any_flower_any_wind")
    assert next(r for r in tai["rows"] if r["code"] == "round_wind")["scored"] is False
    table = client.get("/v1/riichi/score-table", params={"players": 3, "sanma_tsumo": "thousand_bonus"}).json()
    assert table["rules"]["sanma_tsumo"] == "thousand_bonus"
    # basic points 30 × 2^(1+2) = 240: the non-dealer pays 300, the dealer 500, each + 1000
    row = next(r for r in table["rows"] if (r["han"], r["fu"]) == (1, 30))
    assert (row["non_dealer_tsumo_non_dealer_pays"], row["non_dealer_tsumo_dealer_pays"]) == (1300, 1500)


# --- A new house rule needs no more than its field -------------------------------


class ToyRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A rules Struct as a ruleset would write one; `dora_cap` is the field
    a table would gain."""

    style: Annotated[Literal["plain", "fancy"], msgspec.Meta(description="How the table is drawn.\nMore detail.")] = "plain"
    dora_cap: Annotated[int, msgspec.Meta(ge=0, le=12, description="Most dora a hand may count.")] = 4


class ToyController(Controller):
    path = "/toy"

    @get("/table", sync_to_thread=False)
    @rules_query(rules=Rules(ToyRules))
    def table(self, rules: ToyRules) -> Response[ToyRules]:
        return json_response(rules)


def test_a_new_field_becomes_a_parameter_and_an_option() -> None:
    from service.api.discovery import rule_groups, rule_options
    from service.core.ruleset import OptionGroup, Ruleset

    app = Litestar(route_handlers=[ToyController], exception_handlers=EXCEPTION_HANDLERS)
    with TestClient(app) as toy:
        parameters = {p["name"]: p for p in toy.get("/schema/openapi.json").json()["paths"]["/toy/table"]["get"]["parameters"]}
        assert parameters["dora_cap"]["schema"] == {
            **parameters["dora_cap"]["schema"],
            "type": "integer",
            "minimum": 0,
            "maximum": 12,
            "default": 4,
        }
        assert parameters["dora_cap"]["description"] == "Most dora a hand may count."
        assert parameters["style"]["schema"]["enum"] == ["plain", "fancy"]
        assert toy.get("/toy/table", params={"dora_cap": 7}).json() == {"style": "plain", "dora_cap": 7}
        problem = toy.get("/toy/table", params={"dora_cap": 13}).json()
        assert problem["errors"] == [{"detail": "Expected `int` <= 12", "code": "out_of_range", "parameter": "dora_cap"}]

    toy_ruleset = Ruleset("toy", {}, "", "", ToyRules, ToyRules, ToyRules, lambda r: r, (OptionGroup("/toy", ToyRules),))
    options = rule_options(toy_ruleset)
    assert [o.name for o in options] == ["style", "dora_cap", "style", "dora_cap"]
    assert options[1].maximum == 12 and options[1].default == 4
    assert options[0].description == "How the table is drawn."
    assert [(g.pointer, g.options) for g in rule_groups(toy_ruleset)] == [
        ("/rules", ["style", "dora_cap"]),
        ("/toy", ["style", "dora_cap"]),
    ]
