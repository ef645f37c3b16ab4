"""Bad riichi settlement input: 400 problem+json when the body does not match
the schema, 422 when it is well-formed but impossible; each error points at the
field. Never a 5xx."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.core.errors import RuleViolation
from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.schemas import RiichiRequest

BASE: dict[str, Any] = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "han": 3, "fu": 30}


def with_(**changes: Any) -> dict[str, Any]:
    body = {**BASE, **changes}
    return {k: v for k, v in body.items() if v is not None}


SCHEMA_INVALID = [
    ("han 0", with_(han=0), "#/han"),
    ("han 101", with_(han=101), "#/han"),
    ("fu 35", with_(fu=35), "#/fu"),
    ("fu 10", with_(fu=10), "#/fu"),
    ("fu as a string", with_(fu="30"), "#/fu"),
    ("yakuman 0", with_(yakuman=0), "#/yakuman"),
    ("players 2", with_(players=2), "#/players"),
    ("negative honba", with_(honba=-1), "#/honba"),
    ("unknown field", with_(dora=2), "#/dora"),
    ("unknown rule", with_(rules={"aka": True}), "#/rules/aka"),
    ("unknown variant", with_(rules={"sanma_tsumo": "north_bonus"}), "#/rules/sanma_tsumo"),
    ("liable not a seat", with_(liable="centre"), "#/liable"),
    (
        "three further winners",
        with_(further_winners=[{"winner": "west", "han": 1, "fu": 30}] * 3),
        "#/further_winners",
    ),
    ("further winner fu 35", with_(further_winners=[{"winner": "west", "han": 1, "fu": 35}]), "#/further_winners/0/fu"),
    ("missing winner", {"win": {"type": "self_draw"}, "han": 1, "fu": 30}, "#/winner"),
]


@pytest.mark.parametrize(("body", "pointer"), [case[1:] for case in SCHEMA_INVALID], ids=[case[0] for case in SCHEMA_INVALID])
def test_schema_invalid_is_400(client, body: dict[str, Any], pointer: str) -> None:
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(body, RiichiRequest, strict=True)


IMPOSSIBLE = [
    ("discarder is the winner", with_(win={"type": "discard", "discarder": "east"}), "#/win/discarder"),
    ("further winner is the discarder", with_(further_winners=[{"winner": "south", "han": 1, "fu": 30}]), "#/further_winners/0/winner"),
    ("further winner is the winner", with_(further_winners=[{"winner": "east", "han": 1, "fu": 30}]), "#/further_winners/0/winner"),
    (
        "further winner twice",
        with_(further_winners=[{"winner": "west", "han": 1, "fu": 30}, {"winner": "west", "han": 2, "fu": 30}]),
        "#/further_winners/1/winner",
    ),
    (
        "further winners on a tsumo",
        with_(win={"type": "self_draw"}, further_winners=[{"winner": "west", "han": 1, "fu": 30}]),
        "#/further_winners",
    ),
    ("liable seat is the winner", with_(han=None, fu=None, yakuman=1, liable="east"), "#/liable"),
    ("liable without a yakuman", with_(liable="west"), "#/liable"),
    ("liable for more yakuman than the hand has", with_(han=None, fu=None, yakuman=1, liable="west", liable_yakuman=2), "#/liable_yakuman"),
    (
        "further winner liable for itself",
        with_(further_winners=[{"winner": "west", "yakuman": 1, "liable": "west"}]),
        "#/further_winners/0/liable",
    ),
    ("neither han nor yakuman", with_(han=None, fu=None), "#/han"),
    ("no fu below 5 han", with_(fu=None), "#/fu"),
    ("further winner without fu", with_(further_winners=[{"winner": "west", "han": 2}]), "#/further_winners/0/fu"),
    # 100 per honba does not split between the three payers of a tsumo
    ("honba that do not split", with_(win={"type": "self_draw"}, honba=1, rules={"honba_value": 100}), "#/rules/honba_value"),
]


@pytest.mark.parametrize(("body", "pointer"), [case[1:] for case in IMPOSSIBLE], ids=[case[0] for case in IMPOSSIBLE])
def test_impossible_is_422(client, body: dict[str, Any], pointer: str) -> None:
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert [e["pointer"] for e in problem["errors"]] == [pointer]
    assert problem["status"] == 422 and problem["detail"]
    with pytest.raises(RuleViolation) as raised:
        riichi.settle(msgspec.convert(body, RiichiRequest))
    assert ["#" + p.pointer for p in raised.value.problems] == [pointer]


def test_honba_that_split_are_fine(client) -> None:
    # 100 × 3 honba = 300: 100 per payer
    body = with_(win={"type": "self_draw"}, honba=3, rules={"honba_value": 100}, dealer="west")
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 200
    # 3 han 30 fu tsumo 2000 / 1000 / 1000, + 100 each
    assert sorted(p["amount"] for p in response.json()["payments"]) == [1100, 1100, 2100]


def test_not_json_is_400(client) -> None:
    response = client.post("/v1/riichi/settlements", content=b"{han: 3", headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
