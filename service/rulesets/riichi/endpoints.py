"""Riichi endpoints as data: settlements and draws, the score table, han
from declared yaku and the yaku catalogue, fu from the hand's structure,
end-of-game results, hands from tiles and recorded games; each with its path,
types, library function, summary, description and examples (the web service
builds their routes)."""

from __future__ import annotations

import msgspec

from service.core.ruleset import Endpoint, Example, QueryRules, QueryValue, Work
from service.rulesets.riichi import game_results as riichi_game
from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.game_results import GameResults, GameResultsRequest
from service.rulesets.riichi.hand import counting
from service.rulesets.riichi.hand import fu as riichi_fu
from service.rulesets.riichi.hand.counting import HanRequest, HanResult, YakuTable
from service.rulesets.riichi.hand.fu import FuRequest, FuResult
from service.rulesets.riichi.hand.hands import RiichiHandRequest, evaluate_hand
from service.rulesets.riichi.hand.tiles import RiichiEvaluation
from service.rulesets.riichi.records import endpoint as riichi_records
from service.rulesets.riichi.records.endpoint import (
    RECORD_BODY_BYTES,
    GameRecordRequest,
    RecordResult,
    hand_count,
)
from service.rulesets.riichi.records.wire import RecordWire, read_record_request
from service.rulesets.riichi.settlement import (
    RiichiDrawRequest,
    RiichiDrawResult,
    RiichiRequest,
    RiichiRules,
    RiichiSettlement,
    ScoreTable,
)
from service.rulesets.riichi.yaku_rules import YakuRules

ARTICLE_EXAMPLE_2 = {
    "melds": [
        {"kind": "kan", "terminal_or_honor": True},
        {"kind": "sequence", "open": True},
        {"kind": "triplet", "open": True},
        {"kind": "sequence", "open": True},
    ],
    "pair": "double_wind",
    "wait": "pair",
}
"""The riichi scoring article's example 2 as a hand structure (concealed
dragon kan, open simple triplet, double wind pair, ron on a pair wait: 60
fu), shown by the settlement's and the fu counter's examples."""

SETTLEMENT_EXAMPLES = (
    Example(
        summary="3 han 30 fu, non-dealer ron: 3,900 from the discarder",
        value={
            "winner": "east",
            "dealer": "west",
            "win": {"type": "discard", "discarder": "south"},
            "han": 3,
            "fu": 30,
        },
    ),
    Example(
        summary="Same hand as a tsumo with 2 honba and 1 riichi stick: 5,600",
        value={
            "winner": "east",
            "dealer": "west",
            "win": {"type": "self_draw"},
            "han": 3,
            "fu": 30,
            "honba": 2,
            "riichi_sticks": 1,
        },
    ),
    Example(
        summary="The riichi scoring article's example 2 from the hand's structure instead of fu: 2 han, 60 fu counted, dealer ron 5,800",
        value={
            "winner": "east",
            "win": {"type": "discard", "discarder": "north"},
            "han": 2,
            "hand": ARTICLE_EXAMPLE_2,
        },
    ),
    Example(
        summary="Yaku instead of han (the riichi scoring article's example 1): riichi + menzen tsumo + chun + 3 ura dora = 6 han, haneman",
        value={
            "winner": "south",
            "win": {"type": "self_draw"},
            "yaku": ["riichi", "menzen_tsumo", "chun"],
            "ura_dora": 3,
        },
    ),
    Example(
        summary="Double yakuman tsumo (the riichi scoring article's example 5): 64,000",
        value={"winner": "west", "win": {"type": "self_draw"}, "yakuman": 2},
    ),
    Example(
        summary="Three players, 1 han 30 fu tsumo under 千點加符",
        value={
            "winner": "south",
            "win": {"type": "self_draw"},
            "han": 1,
            "fu": 30,
            "players": 3,
            "rules": {"sanma_tsumo": "thousand_bonus"},
        },
    ),
    Example(
        summary="Double ron on south's discard, kiriage on",
        value={
            "winner": "west",
            "win": {"type": "discard", "discarder": "south"},
            "han": 4,
            "fu": 30,
            "further_winners": [{"winner": "north", "han": 2, "fu": 40}],
            "honba": 1,
            "riichi_sticks": 2,
            "rules": {"kiriage": True},
        },
    ),
    Example(
        summary="Pao: daisangen ron, north liable",
        value={
            "winner": "west",
            "win": {"type": "discard", "discarder": "south"},
            "yakuman": 1,
            "liable": "north",
        },
    ),
)

DRAW_EXAMPLES = (
    Example(
        summary="Two tenpai, two noten: 1,500 each way",
        value={"tenpai": ["east", "west"]},
    ),
    Example(
        summary="Nagashi mangan by south",
        value={"tenpai": ["east"], "nagashi_mangan": ["south"], "honba": 1},
    ),
    Example(
        summary="Three players, one tenpai",
        value={"tenpai": ["south"], "players": 3, "riichi_sticks": 1},
    ),
)

HAN_EXAMPLES = (
    Example(
        summary="Riichi + menzen tsumo + chun + 3 ura dora = 6 han, haneman (the riichi scoring article's 例一)",
        value={"yaku": ["riichi", "menzen_tsumo", "chun"], "ura_dora": 3},
    ),
    Example(
        summary="Chun + one red five = 2 han (the riichi scoring article's 例二)",
        value={"yaku": ["chun"], "aka_dora": 1, "open": True},
    ),
    Example(
        summary="Toitoi + sanankou + shousangen + riichi + haku + chun + 2 dora = 11 han, sanbaiman (the riichi scoring article's 例四)",
        value={
            "yaku": ["toitoi", "sanankou", "shousangen", "riichi", "haku", "chun"],
            "dora": 2,
        },
    ),
    Example(
        summary="Suuankou + daisangen: double yakuman, or one with multiple_yakuman false (the riichi scoring article's 例五)",
        value={
            "yaku": ["suuankou", "daisangen", "riichi"],
            "dora": 1,
            "rules": {"multiple_yakuman": False},
        },
    ),
)

FU_EXAMPLES = (
    Example(
        summary="The riichi scoring article's example 1: two concealed honour triplets, dragon pair, shanpon tsumo → 40 fu",
        value={
            "melds": [
                {"kind": "sequence"},
                {"kind": "sequence"},
                {"kind": "triplet", "terminal_or_honor": True},
                {"kind": "triplet", "terminal_or_honor": True, "winning": True},
            ],
            "pair": "dragon",
            "wait": "shanpon",
            "tsumo": True,
        },
    ),
    Example(
        summary="The riichi scoring article's example 2: concealed dragon kan, open simple triplet, double wind pair, ron on a pair wait → 60 fu",
        value=ARTICLE_EXAMPLE_2,
    ),
    Example(
        summary="Open pinfu shape (食平和形): 30 fu",
        value={
            "melds": [
                {"kind": "sequence", "open": True},
                {"kind": "sequence"},
                {"kind": "sequence"},
                {"kind": "sequence"},
            ],
            "wait": "two_sided",
        },
    ),
    Example(
        summary="Seven pairs: 25 fu",
        value={"seven_pairs": True, "wait": "pair", "tsumo": True},
    ),
)

GAME_EXAMPLES = (
    Example(
        summary="The riichi scoring article: 45,000 / 30,000 / 15,000 / 10,000, 25k start, 30k return, uma 10-20 → +55, +10, −25, −40",
        value={
            "scores": {"east": 45000, "south": 30000, "west": 15000, "north": 10000},
            "uma": [10, 20],
        },
    ),
    Example(
        summary="Three players, 35k start, 40k return, one stick left on the table",
        value={
            "scores": {"east": 50000, "south": 35000, "west": 19000},
            "start_points": 35000,
            "return_points": 40000,
            "uma": [0, 20],
            "riichi_sticks": 1,
        },
    ),
    Example(
        summary="A tie for second, split; chips worth 2 each",
        value={
            "scores": {"east": 40000, "south": 25000, "west": 25000, "north": 10000},
            "ties": "split",
            "chips": {
                "counts": {"east": 3, "south": -1, "west": 0, "north": -2},
                "value": 2,
            },
        },
    ),
)

HAND_EXAMPLES = (
    Example(
        summary="Riichi pinfu tsumo, dealer: riichi + menzen tsumo + pinfu = 3 han 20 fu",
        value={
            "winner": "east",
            "win": {"type": "self_draw"},
            "tiles": {"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True, "dora_indicators": "1s"},
        },
    ),
    Example(
        summary="Open hand with a called pung, ron: tanyao, red five, 1 han + 1 aka dora",
        value={
            "winner": "south",
            "win": {"type": "discard", "discarder": "west"},
            "tiles": {
                "concealed": "22m345p067s",
                "win_tile": "7s",
                "melds": [{"kind": "pung", "tiles": "444p"}, {"kind": "chow", "tiles": "678m"}],
            },
        },
    ),
    Example(
        summary="Seven pairs half flush on a discard (mangan)",
        value={
            "winner": "west",
            "win": {"type": "discard", "discarder": "south"},
            "tiles": {"concealed": "1133557799m1122z", "win_tile": "2z"},
        },
    ),
)

RECORD_EXAMPLES = (
    Example(
        summary="A one-hand east game: the dealer wins by self-draw on the first draw (tenhou, 天和)",
        value={
            "format": "tenhou6",
            "game": {"length": "east"},
            "record": {
                "name": ["A", "B", "C", "D"],
                "rule": {"disp": "四般東喰赤", "aka": 1},
                "log": [
                    [
                        [0, 0, 0],
                        [25000, 25000, 25000, 25000],
                        [19],
                        [],
                        [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 41],
                        [41],
                        [],
                        [24, 24, 24, 25, 25, 25, 26, 26, 26, 27, 27, 27, 42],
                        [],
                        [],
                        [31, 31, 31, 32, 32, 32, 33, 33, 33, 34, 34, 34, 43],
                        [],
                        [],
                        [35, 35, 35, 36, 36, 36, 37, 37, 37, 38, 38, 38, 44],
                        [],
                        [],
                        ["和了", [48000, -16000, -16000, -16000], [0, 0, 0, "役満48000点∀", "天和(役満)"]],
                    ]
                ],
            },
        },
    ),
)


def _score_table(rules: RiichiRules, players: int) -> ScoreTable:
    return riichi.score_table(rules, players)


def _fu(request: FuRequest) -> FuResult:
    result = riichi_fu.count_fu(request, request.rules)
    if request.preset is not msgspec.UNSET:
        result.preset = request.preset
    return result


TAG = "Riichi"
EXTRAS = "Riichi extras"

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/draws",
        riichi.draw,
        RiichiDrawResult,
        "Settle an exhaustive draw",
        """Noten payments (`rules.noten_payment`, 3000 by default) are paid by
        the noten seats and shared by the tenpai seats, nothing when no one or
        everyone is tenpai; each nagashi mangan seat is paid a mangan tsumo
        (then noten payments are skipped unless `rules.noten_with_nagashi`).
        Honba and riichi sticks stay on the table and are echoed.""",
        TAG,
        request=RiichiDrawRequest,
        examples=DRAW_EXAMPLES,
    ),
    Endpoint(
        "/score-table",
        _score_table,
        ScoreTable,
        "Quick-reference score table under the given rules",
        """The riichi scoring article's 點數速查表: han 1–4 × fu 20–110 (`rows`), then the limit
        rows (`limits`: mangan, haneman, baiman, sanbaiman, 13 han and more; with
        `kazoe_double` 13–25 and 26 han and more),
        each with the non-dealer and dealer ron and tsumo payments, honba 0.""",
        TAG,
        query=(
            ("rules", QueryRules(RiichiRules, "kiriage", "kazoe", "kazoe_double", "sanma_tsumo")),
            ("players", QueryValue(RiichiRequest, "players")),
        ),
    ),
    Endpoint(
        "/settlements",
        riichi.settle,
        RiichiSettlement,
        "Settle a riichi hand",
        """Basic points = fu × 2^(han+2), capped at 2000 (mangan) below 5 han;
        5 han mangan, 6–7 haneman, 8–10 baiman, 11–12 sanbaiman, 13+ counted
        yakuman (`rules.kazoe`); k yakuman = k × 8000. Non-dealer ron 4×, dealer
        ron 6×; tsumo: the dealer pays 2×, non-dealers 1× (everyone 2× when the
        dealer wins); each payment rounded up to 100 on its own. Honba
        (`rules.honba_value` × honba) are added to a ron and split between the
        payers of a tsumo; riichi sticks (1000 each) come from the table to the
        (first) winner. Three-player tables follow `rules.sanma_tsumo`.
        `further_winners` settles a multiple ron; `liable` settles pao.
        `hand` (the structure of `POST /v1/riichi/fu`, without `tsumo`) may
        replace `fu`: the fu are counted from it and reported in `fu_count`.""",
        TAG,
        request=RiichiRequest,
        examples=SETTLEMENT_EXAMPLES,
    ),
    Endpoint(
        "/fu",
        _fu,
        FuResult,
        "Count fu from the hand's structure",
        """Base 20; closed ron 10; tsumo 2 (not for pinfu tsumo unless
        `pinfu_tsumo_fu`, not after a kan unless `rinshan_tsumo_fu`); each
        meld (open/concealed × simple/terminal-honour × triplet/kan: 2, 4, 8,
        16, 32); the pair (dragon, seat or round wind 2, double wind
        `double_wind_pair_fu`); the wait (edge, closed, pair 2). Seven pairs is
        25 flat; pinfu tsumo 20; an open hand with nothing beyond the base
        gets `open_pinfu` 10 (30 fu); otherwise rounded up to 10. `raw_fu` is
        the sum of `items`. Impossible structures (a sequence wait without a
        concealed sequence, seven pairs with melds, not four melds) are 422.""",
        EXTRAS,
        request=FuRequest,
        examples=FU_EXAMPLES,
    ),
    Endpoint(
        "/game-results",
        riichi_game.game_results,
        GameResults,
        "End-of-game results: return points, oka, uma, sticks, ties, chips",
        """Each seat's result in thousands: (score − return) / 1000, plus uma
        (4th pays 1st the larger, 3rd pays 2nd the smaller; three players:
        3rd pays 1st the larger), plus oka ((return − start) × players) and
        leftover riichi sticks to first place, plus chips × chip value.
        Zero-sum. Scores that do not add up to players × start points minus
        the sticks left on the table are 422, saying by how much.""",
        EXTRAS,
        request=GameResultsRequest,
        examples=GAME_EXAMPLES,
    ),
    Endpoint(
        "/han",
        counting.count_han,
        HanResult,
        "Han of a riichi hand from its yaku and dora",
        """Adds up the declared yaku (open han with `open: true`; closed-only
        yaku are refused) and the dora counts, itemised. Dora never make a
        hand valid on their own (`no_yaku`). A yakuman hand counts only its
        yakuman: the rest are itemised as dropped. Contradictory yaku (an open
        hand with riichi or pinfu, chiitoitsu with iipeikou, honitsu with
        chinitsu, …) are a 422 naming both.""",
        TAG,
        request=HanRequest,
        examples=HAN_EXAMPLES,
    ),
    Endpoint(
        "/yaku-table",
        counting.yaku_table,
        YakuTable,
        "The riichi yaku list (the Wikibooks extract)",
        """Every yaku of the Wikibooks extract's 日本麻雀計番 with code, Chinese name as
        printed, Japanese name (romaji and kanji), English name, closed and
        open han, closed-only flag and yakuman count, under the given options;
        and the dora kinds (`bonus`).""",
        TAG,
        # the catalogue's options as they were: `red_fives` does not change the table
        query=(("rules", QueryRules(YakuRules, "double_yakuman", "renhou", "open_tanyao", "multiple_yakuman", "kazoe", "kazoe_double")),),
    ),
    Endpoint(
        "/hands",
        evaluate_hand,
        RiichiEvaluation,
        "Han, fu and yaku of a riichi hand from its tiles",
        """Values the hand with the `mahjong` library (the riichi reference
        calculator) under the table's rules: yaku in the codes of
        `GET /v1/riichi/yaku-table`, dora counted from the indicators (red
        fives from `0m`/`0p`/`0s`), fu itemised as `POST /v1/riichi/fu` counts
        them for the chosen split. Unreadable notation is 400 with the
        position of the first bad character; an impossible hand (a fifth copy,
        the wrong number of tiles, a flag the win contradicts), an incomplete
        hand or a hand with no yaku is 422.""",
        TAG,
        request=RiichiHandRequest,
        examples=HAND_EXAMPLES,
    ),
    Endpoint(
        "/game-records",
        riichi_records.game_record_steps,
        RecordResult,
        "A recorded game (tenhou.net/6, Tenhou's mjlog XML or MJAI events) replayed from its tiles and settled as a whole game",
        """Plays every hand of a recorded game from its steps (starting
        hands, draws, discards, calls, kongs, norths set aside, riichi) and
        settles each win from the winner's tiles with the flags the play
        shows, each draw from the hands, as `POST /v1/riichi/games` does for
        those hands; each hand carries the record's own `recorded_deltas` and
        `matches`, the answer `mismatches`. `format` names the record's
        format: `tenhou6` (the tenhou.net/6 JSON log), `mjlog` (Tenhou's XML
        document as a string; its rules from `GO` `type`) or `mjai` (the
        array of MJAI events; it states no rules, so `preset` is `tenhou`
        unless named); the answer is the same for every format. A `preset`,
        then `rules`, `yaku_options` and `game`, change the rules the record
        states field by field (docs/games.md). A record that cannot be played
        (a call of a tile nobody discarded, a fifth copy, a draw past the
        wall) is a 422 naming the hand and the step (for mjlog and MJAI the
        tag or event, `/record/<index>`); one that does not read as its
        format is a 400 naming what (not XML, a document type declaration, an
        unknown tag or event type, a bad meld code). A body may take 1 MiB.
        A recorded hand weighs 12 units of work, one unit being a plain Hong
        Kong settlement, and a request may ask for at most 300: a record of
        more than 25 hands is a 413 naming the bound.""",
        "Games",
        request=GameRecordRequest,
        examples=RECORD_EXAMPLES,
        wire=RecordWire,
        read=read_record_request,
        work=Work("recorded_hand", hand_count),
        steps=True,
        body_bytes=RECORD_BODY_BYTES,
    ),
)
"""In the order the OpenAPI document lists them."""
