"""Properties of riichi hands from tiles: random complete hands and random
junk never give a 5xx; the payments add up; and the cross-check — our own
counters fed what the `mahjong` library found (`/v1/riichi/han` with its
yaku, `/v1/riichi/fu` with the structure of its split) give the same han and
fu as the library."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

from service.core.settlement import Discard, SelfDraw
from service.core.tiles import format_tiles
from service.rulesets.riichi.hand.counting import HanRequest, count_han
from service.rulesets.riichi.hand.fu import FuRules, count_fu
from service.rulesets.riichi.hand.tiles import RiichiTiles, evaluate
from service.rulesets.riichi.rules import RiichiRules, resolve_rules
from service.rulesets.riichi.yaku_rules import YakuOptions
from tests.helpers import D

SEATS = ("east", "south", "west", "north")


@st.composite
def complete_hands(draw: st.DrawFn) -> dict[str, Any]:
    """Four sets and a pair, some sets called (chow, pung, kong), at most four
    of any tile; a win tile from the concealed part."""
    used = [0] * 34
    sets: list[tuple[str, int]] = []
    while len(sets) < 4:
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            first = suit * 9 + draw(st.integers(0, 6))
            if all(used[first + k] < 4 for k in range(3)):
                for k in range(3):
                    used[first + k] += 1
                sets.append(("chow", first))
        else:
            tile = draw(st.integers(0, 33))
            if used[tile] <= 1:
                used[tile] += 3
                sets.append(("pung", tile))
    pair = draw(st.sampled_from([t for t in range(34) if used[t] <= 2]))
    used[pair] += 2
    concealed: list[int] = [pair, pair]
    melds = []
    for kind, first in sets:
        tiles = [first, first + 1, first + 2] if kind == "chow" else [first] * 3
        called = draw(st.integers(0, 5))
        if called == 0:
            melds.append({"kind": kind, "tiles": format_tiles(tiles)})
        elif called == 1 and kind == "pung" and used[first] == 3:
            used[first] += 1
            melds.append({"kind": "kong", "tiles": format_tiles([first] * 4), "concealed": draw(st.booleans())})
        else:
            concealed += tiles
    win_tile = draw(st.sampled_from(concealed))
    closed = all(meld.get("concealed") for meld in melds)
    riichi = closed and draw(st.booleans())
    body = {"concealed": format_tiles(concealed), "win_tile": format_tiles([win_tile]), "melds": melds, "riichi": riichi}
    body["round_wind"] = draw(st.sampled_from(SEATS[:2]))
    free = [tile for tile in range(34) if used[tile] < 4]
    body["dora_indicators"] = format_tiles([draw(st.sampled_from(free))]) if draw(st.booleans()) else ""
    return body


def win_of(winner: str, discarder: str | None) -> dict[str, str]:
    return {"type": "self_draw"} if discarder is None else {"type": "discard", "discarder": discarder}


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.filter_too_much],
)
@given(complete_hands(), st.sampled_from(SEATS), st.sampled_from(SEATS), st.sampled_from([None, *SEATS]))
def test_library_and_our_counters_agree(tiles: dict[str, Any], winner: str, dealer: str, discarder: str | None) -> None:
    if discarder == winner:
        discarder = None
    hand = msgspec.convert(tiles, RiichiTiles)
    try:
        hand_found = evaluate(
            hand,
            win=SelfDraw() if discarder is None else Discard(discarder=discarder),  # type: ignore[arg-type]
            winner=winner,  # type: ignore[arg-type]
            dealer=dealer,  # type: ignore[arg-type]
            players=4,
            rules=resolve_rules(RiichiRules(), 4),
            options=YakuOptions(),
        )
    except Exception as error:  # only the library's own verdicts may refuse a complete hand
        assert "no yaku" in str(error) or "not complete" in str(error) or "no yaku" in repr(getattr(error, "problems", "")), error
        return
    found = hand_found.found
    evaluation = hand_found.evaluation
    # han: /v1/riichi/han fed the library's yaku and the dora counted here
    bonus = hand_found.bonus
    ours = count_han(
        HanRequest(
            yaku=found.yaku, open=found.open, dora=bonus.dora, aka_dora=bonus.aka_dora, ura_dora=bonus.ura_dora, nuki_dora=bonus.nuki_dora
        )
    )
    if ours.yakuman:
        assert ours.yakuman * 13 == found.han, (found, ours)
    else:
        assert ours.han == found.han, (found.yaku, ours.han, found.han)
        assert found.dora_han == bonus.dora + bonus.aka_dora + bonus.ura_dora
    assert evaluation.han == (None if ours.yakuman else ours.han)
    # fu: /v1/riichi/fu fed the structure of the library's split
    if hand_found.structure is not None:
        counted = count_fu(hand_found.structure.shape, FuRules(), tsumo=discarder is None)
        assert counted.fu == found.fu, (tiles, counted, found.fu, found.fu_details)
        if evaluation.fu is not None:
            assert evaluation.fu == found.fu


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.large_base_example],
)
@given(complete_hands(), st.sampled_from(SEATS), st.sampled_from([None, *SEATS]))
def test_settlement_from_tiles_never_5xx_and_adds_up(
    client: TestClient[Any], tiles: dict[str, Any], winner: str, discarder: str | None
) -> None:
    if discarder == winner:
        discarder = None
    response = client.post("/v1/riichi/settlements", json={"winner": winner, "win": win_of(winner, discarder), "tiles": tiles})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 200:
        body = response.json()
        assert sum(D(v) for v in body["deltas"].values()) == 0
        assert D(body["winner_receives"]) == sum(D(p["amount"]) for p in body["payments"])


junk = st.text(alphabet="0123456789mpszx ,-" + "萬", max_size=30)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk, junk)
def test_junk_notation_is_400_or_422_never_5xx(client: TestClient[Any], concealed: str, win_tile: str) -> None:
    body = {"winner": "east", "win": {"type": "self_draw"}, "tiles": {"concealed": concealed, "win_tile": win_tile}}
    response = client.post("/v1/riichi/hands", json=body)
    assert response.status_code in (200, 400, 422), response.text
