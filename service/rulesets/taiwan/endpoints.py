"""Taiwan endpoints as data: path, types, the library function, summary,
description and examples (the web service builds their routes)."""

from __future__ import annotations

from service.core.ruleset import Endpoint, Example, QueryRules
from service.rulesets.taiwan import settlement as taiwan
from service.rulesets.taiwan.catalogue import TaiTable, tai_table
from service.rulesets.taiwan.counting import TaiCountRules, TaiRequest, TaiResult, tai
from service.rulesets.taiwan.settlement import TaiwanHand, TaiwanHandRequest, TaiwanRequest, TaiwanSettlement

SETTLEMENT_EXAMPLES = (
    Example(
        summary="5 tai on a discard between non-dealers (100/20 table: west pays 200)",
        value={"winner": "south", "win": {"type": "discard", "discarder": "west"}, "tai": 5},
    ),
    Example(
        summary="5 tai self-drawn, the dealer east on a streak of 2 (east 300, west 200, north 200)",
        value={"winner": "south", "win": {"type": "self_draw"}, "tai": 5, "dealer": "east", "dealer_streak": 2},
    ),
    Example(
        summary="Tai from patterns: concealed self-draw and a dragon pung, 宅神爺 values",
        value={
            "winner": "north",
            "win": {"type": "self_draw"},
            "patterns": [{"code": "concealed_self_draw"}, {"code": "dragon_pung", "count": 1}],
            "preset": "zhaishenye",
        },
    ),
    Example(
        summary="Robbing a kong: west added to the kong and pays alone, streak tai as N",
        value={
            "winner": "east",
            "win": {"type": "discard", "discarder": "west"},
            "tai": 3,
            "special": "robbing_kong",
            "dealer_streak": 1,
            "rules": {"base": 50, "unit": 10, "streak_tai_per": 1, "tai_cap": 30},
        },
    ),
)

HAND_EXAMPLES = (
    Example(
        summary="The Wikibooks extract 三暗坎: 444678筒 555索 78萬 發發發 + 6萬 (with a 99索 pair) on a discard",
        value={
            "winner": "south",
            "win": {"type": "discard", "discarder": "west"},
            "tiles": {
                "concealed": "678m444678p555s99s666z",
                "win_tile": "6m",
            },
        },
    ),
    Example(
        summary="Concealed self-draw with an own flower, 宅神爺 values",
        value={
            "winner": "east",
            "win": {"type": "self_draw"},
            "tiles": {"concealed": "123456789m234p567s88p", "win_tile": "8p", "flowers": ["f1"]},
            "preset": "zhaishenye",
        },
    ),
    Example(
        summary="Heavenly ready declared (天聽), won on a discard",
        value={
            "winner": "north",
            "win": {"type": "discard", "discarder": "east"},
            "tiles": {"concealed": "123456789m234p567s88p", "win_tile": "8p", "context": ["heavenly_ready"]},
        },
    ),
)

TAI_EXAMPLES = (
    Example(
        summary="Little three dragons replaces the dragon pungs",
        value={"patterns": [{"code": "little_three_dragons"}, {"code": "dragon_pung", "count": 2}, {"code": "half_flush"}]},
    ),
    Example(
        summary="見花見字 mode, 明星3缺1 values",
        value={
            "patterns": [{"code": "any_flower", "count": 3}, {"code": "any_wind_pung", "count": 1}, {"code": "concealed_kong"}],
            "preset": "mingxing",
            "mode": "any_flower_any_wind",
        },
    ),
)


TAG = "Taiwan"


def _tai_table(rules: TaiCountRules) -> TaiTable:
    return tai_table(rules.preset, rules.mode)


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/hands",
        taiwan.evaluate_hand,
        TaiwanHand,
        "Tai of a Taiwanese 16-tile hand from its tiles",
        """Reads the tiles (MPSZ notation: `123m456p789s1122z`), finds every
        way to split them into five sets and a pair, detects the tai table's
        patterns in each reading and counts them as `POST /v1/taiwan/tai`
        does under `preset` and `mode`; the reading worth most is answered
        (equal tai: the first reading in the stated order). 邊張/中洞/單吊/獨聽
        come from the waits, the seat wind from `winner` and `dealer` (the
        dealer sits east), 正花 and 花槓 from `flowers` (eight: 八仙過海
        self-drawn, 七搶一 on a discard). `context` takes what only the
        table knows: `declared_ready`, `heavenly_ready`, `earthly_ready`,
        `flower_win_from_deal`. Dealer and streak tai are the settlement's.
        Unreadable notation is a 400 naming the character; a hand that cannot
        be or is not complete, a flag the win contradicts or a context code
        the tiles decide, a 422.""",
        TAG,
        request=TaiwanHandRequest,
        examples=HAND_EXAMPLES,
    ),
    Endpoint(
        "/settlements",
        taiwan.settle,
        TaiwanSettlement,
        "Settle a Taiwanese 16-tile hand",
        """Each payment is base + tai × unit (底 + 台 × 單位). Self-draw: all
        three pay; discard: the discarder alone. The dealer's tai and the
        streak's `streak_tai_per × dealer_streak` tai are added to a payment
        only when the dealer is its payer or payee. Send `tai`, or `patterns`
        (+ `preset`, `mode`) to have the tai counted and itemised; `special`
        names a robbing-the-kong, seven-robs-one or eight-immortals win and is
        checked against `win`.""",
        TAG,
        request=TaiwanRequest,
        examples=SETTLEMENT_EXAMPLES,
    ),
    Endpoint(
        "/tai",
        tai,
        TaiResult,
        "Count a hand's tai from its patterns",
        """Each listed pattern scores the preset's tai per unit × its count.
        Replacement rules (取代/不另計) zero the replaced pattern, which is
        itemised with `replaced_by`; patterns the preset or the mode does not
        score are itemised with 0 tai and a warning. Dealer and streak tai are
        not patterns: they are added per payment by the settlement.""",
        TAG,
        request=TaiRequest,
        examples=TAI_EXAMPLES,
    ),
    Endpoint(
        "/tai-table",
        _tai_table,
        TaiTable,
        "The Taiwan tai table under one preset and mode",
        """Every row of the Taiwan tai table in the seed's order: code, Chinese and
        English name as printed, unit, the preset's tai, its cell as printed
        and how it is read, its notes, whether the mode scores it, and what it
        replaces.""",
        TAG,
        query=(("rules", QueryRules(TaiCountRules)),),
    ),
)
"""In the order the OpenAPI document lists them."""
