"""Localized warnings, problems and pattern names over HTTP (docs/i18n.md). The expected texts are the catalogue's wording, written
out here; amounts and codes are the same in every language.

zh-Hant follows the reference calculator's Hong Kong register: its own warning for a
two-fan hand reads 「2 番未夠多數香港檯要求嘅三番起糊」, and it says 出銃,
封頂, 照計."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from service.api import create_app
from service.settings import Settings
from tests.helpers import D, paid

LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
HK_TWO_FAN = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 2}


def post(client, path: str, body: Any, language: str | None) -> Any:
    headers = {"Accept-Language": language} if language else {}
    return client.post(path, json=body, headers=headers)


# --- Warnings ------------------------------------------------------------------------

BELOW_MINIMUM = {
    "en": "2 fan is below this table's minimum of 3; the hand is still settled.",
    "zh-Hant": "2 番未夠呢張檯要求嘅 3 番起糊；照計。",
    "zh-Hans": "2 番未达本桌 3 番起和的要求；仍照常结算。",
    "ja": "2番はこの卓の最低 3番に届きませんが、精算はそのまま行います。",
}


@pytest.mark.parametrize("language", LANGS)
def test_hong_kong_warning_in_each_language(client, language) -> None:
    response = post(client, "/v1/hongkong/settlements", HK_TWO_FAN, language)
    assert response.status_code == 200
    assert response.headers["content-language"] == language
    body = response.json()
    # the reference calculator: 半辣兩番係 4 點，全銃之下出銃嗰個畀 4、其餘兩家 0
    assert paid(body) == {"south": D(4), "west": D(0), "north": D(0)}
    assert body["warnings"] == [{"code": "below_minimum_fan", "message": BELOW_MINIMUM[language], "params": {"fan": 2, "min_fan": 3}}]


MCR_BELOW_MINIMUM = {
    "en": (
        "6 points are below this table's minimum of 8; the hand is still settled.",
        "6 points plus 2 flowers make 8, but flowers never count toward the minimum of 8.",
    ),
    "zh-Hant": ("6 分未夠呢張檯要求嘅 8 分起和；照計。", "6 分加 2 隻花係 8，不過花牌永遠唔計入 8 分起和。"),
    "zh-Hans": ("6 分未达本桌 8 分起和的要求；仍照常结算。", "6 分加 2 张花牌共 8，但花牌不计入 8 分起和。"),
    "ja": ("6点はこの卓の最低 8点に届きませんが、精算はそのまま行います。", "6点に花牌 2枚で 8ですが、花牌は最低 8点には数えません。"),
}


@pytest.mark.parametrize("language", LANGS)
def test_mcr_minimum_warning_counts_points_not_fan(client, language) -> None:
    """MCR shares the code `below_minimum_fan` with Hong Kong, but counts 分
    (points) against an 8-point 起和 minimum (the reference calculator: 六分嘅牌照計，附一句話
    你未夠 8 分; 六分帶兩隻花牌一樣唔夠), so it never says 番 or 起糊."""
    body = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 6, "flowers": 2}
    response = post(client, "/v1/mcr/settlements", body, language)
    assert response.status_code == 200
    result = response.json()
    # 6 + 2 flowers = 8: the discarder pays 8 + 8, the other two 8 each, 32 in all
    assert paid(result) == {"south": D(16), "west": D(8), "north": D(8)}
    assert [w["code"] for w in result["warnings"]] == ["below_minimum_fan", "flowers_not_counted_toward_minimum"]
    assert tuple(w["message"] for w in result["warnings"]) == MCR_BELOW_MINIMUM[language]
    assert all("番" not in w["message"] and "起糊" not in w["message"] for w in result["warnings"])


FAN_CAPPED = {
    "en": "13 fan is above this table's cap of 10; it is paid as 10 fan.",
    "zh-Hant": "13 番超過呢張檯嘅 10 番封頂，照 10 番計。",
    "zh-Hans": "13 番超过本桌 10 番封顶，按 10 番结算。",
    "ja": "13番はこの卓の上限 10番を超えるため、10番として支払います。",
}


@pytest.mark.parametrize("language", LANGS)
def test_fan_cap_warning_in_each_language(client, language) -> None:
    body = post(client, "/v1/hongkong/settlements", {**HK_TWO_FAN, "fan": 13}, language).json()
    # the reference calculator: 十三番嘅牌，打半辣、封頂十番 … 出嚟係 128 點
    assert paid(body)["south"] == D(128)
    assert body["warnings"] == [{"code": "fan_capped", "message": FAN_CAPPED[language], "params": {"fan": 13, "cap": 10}}]


# Double ron on north's discard, head bump: east (first after north) is paid,
# south is bumped (tests/rulesets/riichi/test_multi_ron_pao.py: north pays east
# 2900 + 300 honba). Seat codes in the message are shown by name.
HEAD_BUMP = {
    "winner": "south",
    "win": {"type": "discard", "discarder": "north"},
    "han": 3,
    "fu": 30,
    "further_winners": [{"winner": "east", "han": 2, "fu": 30}],
    "honba": 1,
    "rules": {"multiple_ron": "head_bump"},
}
HEAD_BUMPED = {
    "en": "south also won on this discard but only east, the first winner after the discarder, is paid (head bump).",
    "zh-Hant": "南家 都食呢張出銃牌，不過淨係出銃嗰個之後第一個食糊嘅 東家 收錢（截糊）。",
    "zh-Hans": "南家 也和了这张牌，但只有放铳者之后第一位和牌的 东家 收钱（截和）。",
    "ja": "南家 もこの捨て牌で和了しましたが、放銃者から見て最初の和了者 東家 だけが支払いを受けます（頭ハネ）。",
}


@pytest.mark.parametrize("language", LANGS)
def test_riichi_warning_names_seats_in_each_language(client, language) -> None:
    body = post(client, "/v1/riichi/settlements", HEAD_BUMP, language).json()
    assert {(p["payer"], p["payee"]): D(p["amount"]) for p in body["payments"]}[("north", "east")] == D(3200)
    [item] = body["warnings"]
    assert item["code"] == "head_bumped"
    assert item["params"] == {"seat": "south", "first": "east"}  # codes stay codes
    assert item["message"] == HEAD_BUMPED[language]


def test_mcr_warnings_in_simplified_chinese(client) -> None:
    body = post(client, "/v1/mcr/settlements", {"winner": "east", "win": {"type": "self_draw"}, "fan": 6, "flowers": 3}, "zh-CN").json()
    # CONTRACT: self-draw, all three pay fan + flowers + base = 6 + 3 + 8 = 17
    assert paid(body) == {"south": D(17), "west": D(17), "north": D(17)}
    assert [w["message"] for w in body["warnings"]] == [
        "6 分未达本桌 8 分起和的要求；仍照常结算。",  # MCR counts 分, never 番
        "6 分加 3 张花牌共 9，但花牌不计入 8 分起和。",
    ]


def test_nmjl_warning_in_japanese(client) -> None:
    body = post(
        client, "/v1/nmjl/settlements", {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "value": 20}, "ja-JP"
    ).json()
    # CONTRACT: discarder pays 2 × 20, the others 20
    assert paid(body) == {"south": D(40), "west": D(20), "north": D(20)}
    assert body["warnings"][0]["message"] == "カードの点数 20 はこの卓の最低 25 に届きませんが、精算はそのまま行います。"


# --- Pattern names -------------------------------------------------------------------

TAI_BODY = {"patterns": [{"code": "any_flower", "count": 2}, {"code": "concealed_self_draw"}]}
NOT_SCORED_IN_MODE = {
    "en": "any_flower (見花見台) is not scored in standard mode; it counts 0 tai.",
    "zh-Hant": "見花見台（any_flower）喺「標準」玩法唔計，當 0 台。",
    "zh-Hans": "見花見台（any_flower）在「标准」玩法中不计，按 0 台计。",
    "ja": "見花見台（any_flower）は「標準」ルールでは数えません。0台とします。",
}
NAMES = {
    "zh-Hant": ["見花見台", "門清自摸"],
    "zh-Hans": ["见花见台", "门清自摸"],
    "ja": ["見花見台", "門前清自摸和"],
}


@pytest.mark.parametrize("language", LANGS)
def test_taiwan_tai_items_and_warning_in_each_language(client, language) -> None:
    body = post(client, "/v1/taiwan/tai", TAI_BODY, language).json()
    # the Taiwan tai table: 門清自摸 3 台; 見花見台 is not scored in standard mode
    assert body["tai"] == 3
    assert [item["code"] for item in body["items"]] == ["any_flower", "concealed_self_draw"]
    assert [item["name_zh"] for item in body["items"]] == ["見花見台", "門清自摸"]  # as printed, in every language
    if language == "en":
        assert all("name" not in item for item in body["items"])  # English: `name_en`
    else:
        assert [item["name"] for item in body["items"]] == NAMES[language]
    assert body["warnings"] == [
        {
            "code": "taiwan_pattern_not_scored_in_mode",
            "message": NOT_SCORED_IN_MODE[language],
            "params": {"pattern": "any_flower", "name_zh": "見花見台", "mode": "standard"},
        }
    ]


def test_taiwan_settlement_breakdown_names_in_japanese(client) -> None:
    body = {
        "winner": "north",
        "win": {"type": "self_draw"},
        "patterns": [{"code": "concealed_self_draw"}, {"code": "dragon_pung", "count": 1}],
    }
    result = post(client, "/v1/taiwan/settlements", body, "ja").json()
    # the Taiwan tai table: 門清自摸 3 + 三元台 1 = 4 tai; non-dealer payers pay 100 + 4 × 20 = 180,
    # the dealer east 100 + (4 + 1) × 20 = 200
    assert paid(result) == {"east": D(200), "south": D(180), "west": D(180)}
    assert [item["name"] for item in result["tai_breakdown"]["items"]] == ["門前清自摸和", "三元牌の刻子"]


@pytest.mark.parametrize(("language", "name"), [("zh-Hant", "門清自摸"), ("zh-Hans", "门清自摸"), ("ja", "門前清自摸和")])
def test_tai_table_rows_named_in_each_language(client, language, name) -> None:
    rows = client.get("/v1/taiwan/tai-table", headers={"Accept-Language": language}).json()["rows"]
    row = next(r for r in rows if r["code"] == "concealed_self_draw")
    assert (row["name"], row["name_zh"], row["name_en"]) == (name, "門清自摸", "Concealed self-draw")
    assert all(r["name"] for r in rows)


def test_tai_table_in_english_has_no_name_field(client) -> None:
    rows = client.get("/v1/taiwan/tai-table").json()["rows"]
    assert all("name" not in r for r in rows)


# --- Problems -------------------------------------------------------------------------

DISCARDER_IS_WINNER = {
    "en": ("The request breaks a rule of the game", "The discarder cannot be the winner."),
    "zh-Hant": ("請求唔合牌局規則", "出銃嗰個唔可以係食糊嗰個。"),
    "zh-Hans": ("请求违反了牌局规则", "放铳者不能是和牌者。"),
    "ja": ("リクエストがゲームのルールに反しています", "放銃者は和了者になれません。"),
}


@pytest.mark.parametrize("language", LANGS)
def test_rule_violation_in_each_language(client, language) -> None:
    body = {**HK_TWO_FAN, "win": {"type": "discard", "discarder": "east"}}
    response = post(client, "/v1/hongkong/settlements", body, language)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.headers["content-language"] == language
    problem = response.json()
    title, detail = DISCARDER_IS_WINNER[language]
    assert problem == {
        "type": "urn:mahjong-settlement:problem:rule-violation",
        "title": title,
        "status": 422,
        "detail": detail,
        "instance": "/v1/hongkong/settlements",
        "errors": [{"detail": detail, "code": "discarder_is_winner", "pointer": "#/win/discarder"}],
    }


NOT_AT_TABLE = {
    "en": "north is not at a 3-player table.",
    "zh-Hant": "3 人檯冇 北家。",
    "zh-Hans": "3 人牌桌上没有 北家。",
    "ja": "3人卓に 北家 はいません。",
}


@pytest.mark.parametrize("language", LANGS)
def test_templated_rule_violation_in_each_language(client, language) -> None:
    body = {"winner": "north", "players": 3, "win": {"type": "self_draw"}, "value": 25}
    problem = post(client, "/v1/nmjl/settlements", body, language).json()
    assert problem["status"] == 422
    assert problem["errors"] == [{"detail": NOT_AT_TABLE[language], "code": "seat_not_at_table", "pointer": "#/winner"}]


def test_several_problems_each_translated(client) -> None:
    body = {"winner": "north", "win": {"type": "self_draw"}, "tai": 3, "patterns": [{"code": "concealed"}]}
    problem = post(client, "/v1/taiwan/settlements", body, "zh-TW").json()
    detail = "tai 同 patterns 只可以畀一樣。"
    assert problem["errors"] == [
        {"detail": detail, "code": "tai_and_patterns", "pointer": "#/tai"},
        {"detail": detail, "code": "tai_and_patterns", "pointer": "#/patterns"},
    ]


EMPTY_BODY = {
    "en": ("The request body is invalid", "The body is empty; send a JSON object."),
    "zh-Hant": ("請求內容無效", "請求內容係空嘅；請傳送一個 JSON 物件。"),
    "zh-Hans": ("请求体无效", "请求体为空；请发送一个 JSON 对象。"),
    "ja": ("リクエスト本文が不正です", "本文が空です。JSON オブジェクトを送ってください。"),
}


QUERY_TOO_LARGE = {
    "en": "Expected `int` <= 13",
    "zh-Hant": "應該係 ≤ 13 嘅 `int`",
    "zh-Hans": "应为 ≤ 13 的 `int`",
    "ja": "13 以下の `int` である必要があります",
}


@pytest.mark.parametrize("language", LANGS)
def test_query_parameter_problem_in_each_language(client, language) -> None:
    """Litestar checks query parameters itself; its (msgspec) sentences are
    worded from the same templates as a body's 400."""
    response = client.get("/v1/hongkong/points-table?fan_cap=99", headers={"Accept-Language": language})
    assert response.status_code == 400
    assert response.headers["content-language"] == language
    problem = response.json()
    assert (
        problem["title"]
        == {"en": "The request is invalid", "zh-Hant": "請求無效", "zh-Hans": "请求无效", "ja": "リクエストが不正です"}[language]
    )
    assert problem["errors"] == [{"detail": QUERY_TOO_LARGE[language], "code": "out_of_range", "parameter": "fan_cap"}]
    assert problem["detail"] == f"fan_cap: {QUERY_TOO_LARGE[language]}"


@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("path", ["/v1/hongkong/settlements", "/v1/mcr/hands", "/v1/hongkong/fan", "/v1/riichi/games"])
def test_empty_body_in_each_language(client, language, path) -> None:
    # the same title on the entry's direct routes and on litestar's
    response = client.post(path, content=b"", headers={"Accept-Language": language, "Content-Type": "application/json"})
    assert response.status_code == 400
    problem = response.json()
    title, detail = EMPTY_BODY[language]
    assert (problem["title"], problem["detail"], problem["type"]) == (title, detail, "urn:mahjong-settlement:problem:invalid-request")


def test_schema_error_and_its_frame_in_japanese(client) -> None:
    problem = post(client, "/v1/hongkong/settlements", {**HK_TWO_FAN, "fan": "3"}, "ja").json()
    # msgspec's sentence is matched to its catalogue template; the type names stay codes
    assert problem["title"] == "リクエスト本文が不正です"
    assert problem["detail"] == "`int` である必要がありますが、`str` が指定されました（位置：#/fan）"
    assert problem["errors"] == [
        {"detail": "`int` である必要がありますが、`str` が指定されました", "code": "wrong_type", "pointer": "#/fan"}
    ]


NOT_FOUND = {
    "en": ("Not found", "No endpoint at /v2/nothing: `GET /v1/rulesets` lists every ruleset and its endpoints."),
    "zh-Hant": ("搵唔到", "/v2/nothing 冇呢個端點：`GET /v1/rulesets` 列出每個規則同佢嘅端點。"),
    "zh-Hans": ("未找到", "/v2/nothing 处没有端点：`GET /v1/rulesets` 列出每个规则及其端点。"),
    "ja": (
        "見つかりません",
        "/v2/nothing にエンドポイントはありません：`GET /v1/rulesets` がすべてのルールとそのエンドポイントを示します。",
    ),
}


@pytest.mark.parametrize("language", LANGS)
def test_not_found_in_each_language(client, language) -> None:
    response = client.get("/v2/nothing", headers={"Accept-Language": language})
    assert response.status_code == 404
    assert response.headers["content-language"] == language
    assert (response.json()["title"], response.json()["detail"]) == NOT_FOUND[language]


METHOD_NOT_ALLOWED = {
    "en": ("Method not allowed", "/v1/hongkong/settlements does not answer DELETE: it takes OPTIONS, POST."),
    "zh-Hant": ("唔接受呢個方法", "/v1/hongkong/settlements 唔接受 DELETE：只接受 OPTIONS, POST。"),
    "zh-Hans": ("不允许此方法", "/v1/hongkong/settlements 不接受 DELETE：只接受 OPTIONS, POST。"),
    "ja": ("許可されていないメソッドです", "/v1/hongkong/settlements は DELETE を受け付けません：使えるのは OPTIONS, POST です。"),
}
"""The 405 names the methods the path takes (its `Allow` header says the same)."""


@pytest.mark.parametrize("language", LANGS)
def test_method_not_allowed_in_each_language(client, language) -> None:
    response = client.delete("/v1/hongkong/settlements", headers={"Accept-Language": language})
    assert response.status_code == 405
    assert sorted(method.strip() for method in response.headers["allow"].split(",")) == ["OPTIONS", "POST"]
    assert (response.json()["title"], response.json()["detail"]) == METHOD_NOT_ALLOWED[language]


BODY_TOO_LARGE = {
    "en": ("Request body too large", "Request Entity Too Large"),
    "zh-Hant": ("請求內容太大", "請求內容超過上限。"),
    "zh-Hans": ("请求体过大", "请求体超过上限。"),
    "ja": ("リクエスト本文が大きすぎます", "リクエスト本文が上限を超えています。"),
}


@pytest.mark.parametrize("language", LANGS)
def test_body_too_large_in_each_language(language) -> None:
    with TestClient(create_app(Settings(max_body_bytes=1024))) as small:
        response = small.post(
            "/v1/hongkong/settlements",
            content=b" " * 2048,
            headers={"Accept-Language": language, "Content-Type": "application/json"},
        )
    assert response.status_code == 413
    assert response.headers["content-language"] == language
    assert (response.json()["title"], response.json()["detail"]) == BODY_TOO_LARGE[language]


TOO_MANY_ITEMS = {
    "en": "A batch may carry at most 2 items; this one has 3. Split it into 2 batches of at most 2 items each.",
    "zh-Hant": "一次批量最多 2 項，呢次有 3 項。請分開 2 次批量，每次最多 2 項。",
    "zh-Hans": "一次批量最多 2 项，本次有 3 项。请拆成 2 次批量，每次最多 2 项。",
    "ja": "バッチは最大 2件までです。このリクエストは 3件あります。2件以下の 2 件のバッチに分けてください。",
}


@pytest.mark.parametrize("language", LANGS)
def test_batch_over_the_limit_in_each_language(language) -> None:
    item = {"ruleset": "hongkong", **HK_TWO_FAN}
    with TestClient(create_app(Settings(batch_max_items=2))) as small:
        response = small.post("/v1/settlements/batch", json={"items": [item] * 3}, headers={"Accept-Language": language})
    assert response.status_code == 413
    assert response.json()["detail"] == TOO_MANY_ITEMS[language]


# --- Batch ----------------------------------------------------------------------------


def test_batch_entries_localized(client) -> None:
    items = [
        {"ruleset": "hongkong", **HK_TWO_FAN},
        {"ruleset": "hongkong", **HK_TWO_FAN, "win": {"type": "discard", "discarder": "east"}},
        {"ruleset": "taiwan", "winner": "east", "win": {"type": "self_draw"}, "patterns": [{"code": "concealed_self_draw"}]},
        {"ruleset": "mcr", "winner": "east", "win": {"type": "self_draw"}},
    ]
    response = post(client, "/v1/settlements/batch", {"items": items}, "zh-HK")
    assert response.status_code == 200
    assert response.headers["content-language"] == "zh-Hant"
    first, second, third, fourth = response.json()["results"]
    assert first["status"] == 200
    assert first["result"]["warnings"][0]["message"] == BELOW_MINIMUM["zh-Hant"]
    assert second["status"] == 422
    assert second["problem"]["title"] == "請求唔合牌局規則"
    assert second["problem"]["errors"] == [
        {"detail": "出銃嗰個唔可以係食糊嗰個。", "code": "discarder_is_winner", "pointer": "#/items/1/win/discarder"}
    ]
    assert third["result"]["tai_breakdown"]["items"][0]["name"] == "門清自摸"
    assert fourth["status"] == 400
    assert fourth["problem"]["title"] == "請求內容無效"
    # the engine's sentence (its catalogue template) and the frame around it are translated;
    # an MCR item takes `fan` or `tiles`, and the sentence says so
    assert fourth["problem"]["detail"] == "物件缺少必填欄位 `fan`（或者改為傳送 `tiles`）（位置：#/items/3/fan）"


def test_single_tagged_settlement_localized(client) -> None:
    body = post(client, "/v1/settlements", {"ruleset": "hongkong", **HK_TWO_FAN}, "zh-Hans").json()
    assert body["warnings"][0]["message"] == BELOW_MINIMUM["zh-Hans"]


# --- English stays as it was -------------------------------------------------------

# The default answer, byte for byte: the fields in the order they have always
# had, plus the warning's `params`. The reference calculator: 半辣兩番 4 點, full gun.
HK_TWO_FAN_BYTES = (
    b'{"ruleset":"hongkong","winner":"east","winner_receives":4,'
    b'"payments":[{"payer":"south","payee":"east","amount":4,"role":"discarder"},'
    b'{"payer":"west","payee":"east","amount":0,"role":"other"},'
    b'{"payer":"north","payee":"east","amount":0,"role":"other"}],'
    b'"deltas":{"east":4,"south":-4,"west":0,"north":0},"pre_payout_total":4,"tier":null,'
    b'"warnings":[{"code":"below_minimum_fan","message":"2 fan is below this table\'s minimum of 3; the hand is still settled.",'
    b'"params":{"fan":2,"min_fan":3}}],"fan_paid":2,'
    b'"rules":{"table":"half_spicy","fan_cap":10,"min_fan":3,"discard_payment":"full_gun","payment_scheme":"standard","point_value":1,'
    b'"round_flower":false,"unvalued_fan":0,"dealer_multiplier":1},"fan_items":null}'
)


@pytest.mark.parametrize("header", [None, "en", "en-US,en;q=0.9", "fr", "ja;q=0"])
def test_english_answer_is_unchanged(client, header) -> None:
    response = post(client, "/v1/hongkong/settlements", HK_TWO_FAN, header)
    assert response.content == HK_TWO_FAN_BYTES
    assert response.headers["content-language"] == "en"


# --- Hong Kong fan sheet and riichi yaku (the Hong Kong fan sheet and the Wikibooks extract) ------------------------------


@pytest.mark.parametrize(
    ("language", "self_draw", "chicken"),
    [("zh-Hant", "自摸", "雞胡"), ("zh-Hans", "自摸", "鸡胡"), ("ja", "ツモ", "鶏和")],
)
def test_fan_table_rows_named_in_each_language(client, language, self_draw, chicken) -> None:
    rows = {r["code"]: r for r in client.get("/v1/hongkong/fan-table", headers={"Accept-Language": language}).json()["rows"]}
    assert (rows["self_draw"]["name"], rows["chicken_hand"]["name"]) == (self_draw, chicken)
    assert rows["chicken_hand"]["name_en"] == "Chicken hand"  # the printed names stay as they are
    assert all(r["name"] for r in rows.values())


def test_fan_table_in_english_has_no_name_field_and_the_table_is_not_changed(client) -> None:
    client.get("/v1/hongkong/fan-table", headers={"Accept-Language": "ja"})
    rows = client.get("/v1/hongkong/fan-table").json()["rows"]
    assert all("name" not in r for r in rows)


@pytest.mark.parametrize(
    ("language", "tanyao", "dora"),
    [("zh-Hant", "斷么九", "懸賞牌"), ("zh-Hans", "断幺九", "宝牌"), ("ja", "断幺九", "ドラ")],
)
def test_yaku_table_rows_named_in_each_language(client, language, tanyao, dora) -> None:
    body = client.get("/v1/riichi/yaku-table", headers={"Accept-Language": language}).json()
    rows = {r["code"]: r for r in body["rows"]}
    bonus = {r["code"]: r for r in body["bonus"]}
    assert (rows["tanyao"]["name"], bonus["dora"]["name"]) == (tanyao, dora)


@pytest.mark.parametrize(
    ("language", "self_draw", "half_flush"),
    [("zh-Hant", "自摸", "混一色"), ("zh-Hans", "自摸", "混一色"), ("ja", "ツモ", "混一色")],
)
def test_fan_items_named_in_each_language(client, language, self_draw, half_flush) -> None:
    """A settlement's `fan_items` and `POST /v1/hongkong/fan`'s items carry the
    sheet's names like the fan table (the Hong Kong fan sheet: 自摸 1, 混一色 3)."""
    body = {"winner": "east", "win": {"type": "self_draw"}, "patterns": [{"code": "half_flush"}]}
    settled = post(client, "/v1/hongkong/settlements", body, language).json()
    names = {i["code"]: (i["name_en"], i["name"]) for i in settled["fan_items"]}
    assert names == {"half_flush": ("Half flush", half_flush), "self_draw": ("Self-draw", self_draw)}
    counted = post(client, "/v1/hongkong/fan", {"patterns": [{"code": "half_flush"}]}, language).json()
    assert [(i["code"], i["name"]) for i in counted["items"]] == [("half_flush", half_flush)]


@pytest.mark.parametrize(
    ("language", "tanyao", "dora"),
    [("zh-Hant", "斷么九", "懸賞牌"), ("zh-Hans", "断幺九", "宝牌"), ("ja", "断幺九", "ドラ")],
)
def test_yaku_items_named_in_each_language(client, language, tanyao, dora) -> None:
    """`POST /v1/riichi/han` and a settlement's `yaku_items` carry the yaku
    list's names like the yaku table (the Wikibooks extract: 斷么九, 懸賞牌)."""
    counted = post(client, "/v1/riichi/han", {"yaku": ["tanyao"], "dora": 1}, language).json()
    assert [(i["code"], i["name_en"], i["name"]) for i in counted["items"]] == [("tanyao", "All simples", tanyao), ("dora", "Dora", dora)]
    body = {"winner": "south", "win": {"type": "discard", "discarder": "west"}, "yaku": ["tanyao"], "dora": 1, "fu": 30}
    settled = post(client, "/v1/riichi/settlements", body, language).json()
    assert [i["name"] for i in settled["yaku_items"]] == [tanyao, dora]


def test_items_in_english_have_no_name_field(client) -> None:
    post(client, "/v1/riichi/han", {"yaku": ["tanyao"]}, "ja")
    items = post(client, "/v1/riichi/han", {"yaku": ["tanyao"]}, None).json()["items"]
    assert items == [{"code": "tanyao", "name_en": "All simples", "count": 1, "han": 1, "yakuman": 0, "dropped": None}]
    items = post(client, "/v1/hongkong/fan", {"patterns": [{"code": "half_flush"}]}, None).json()["items"]
    assert [sorted(i) for i in items] == [["code", "count", "fan", "implied_by", "included_in", "name_en"]]


NO_YAKU = {
    "en": "The hand has no yaku: dora, red fives and ura dora only count once a hand has a yaku, so it cannot win as declared.",
    "zh-Hant": "呢副牌冇役：懸賞牌、赤五同裏懸賞牌要有役先計，所以照申報唔可以和牌。",
    "zh-Hans": "这副牌没有役：宝牌、赤宝牌和里宝牌要先有役才计，因此按申报无法和牌。",
    "ja": "この手には役がありません。ドラ・赤ドラ・裏ドラは役があるときだけ数えるので、申告どおりでは和了できません。",
}


@pytest.mark.parametrize("language", LANGS)
def test_shared_no_yaku_warning_in_each_language(client, language) -> None:
    # the Wikibooks extract: 當手牌無有翻數嘅時候，即使手上有十隻懸賞牌，都冇得食糊 — 2 dora are 2 han, no yaku
    body = post(client, "/v1/riichi/han", {"yaku": [], "dora": 2}, language).json()
    assert body["han"] == 2
    assert body["warnings"] == [{"code": "no_yaku", "message": NO_YAKU[language], "params": {}}]
    # the module-level warning object is not changed by a translated answer
    assert post(client, "/v1/riichi/han", {"yaku": [], "dora": 2}, None).json()["warnings"][0]["message"] == NO_YAKU["en"]


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "The declared patterns contradict each other"),
        ("zh-Hant", "申報嘅牌型互相矛盾"),
        ("zh-Hans", "申报的牌型互相矛盾"),
        ("ja", "申告した役どうしが矛盾しています"),
    ],
)
def test_pattern_contradiction_title_in_each_language(client, language, title) -> None:
    body = {"patterns": [{"code": "little_three_dragons"}, {"code": "big_three_dragons"}]}
    problem = post(client, "/v1/hongkong/fan", body, language).json()
    assert problem["status"] == 422
    assert problem["title"] == title
    assert [e["pointer"] for e in problem["errors"]] == ["#/patterns/0/code", "#/patterns/1/code"]
