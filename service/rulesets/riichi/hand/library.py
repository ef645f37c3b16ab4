"""The `mahjong` library's side of riichi hands from tiles (the riichi field's
reference calculator, MIT): its yaku in our codes, its 136-tile ids, the
configuration of one call, the call itself, and the split it chose as the
structure our fu counter takes.

The library finds the yaku, the fu and the best split;
:mod:`~service.rulesets.riichi.hand.tiles` checks the hand before the call and
counts the dora itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as LibraryMeld

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.seats import Seat, seats_for
from service.core.tiles import DRAGONS, HONOURS, WINDS, Hand, Split, splits
from service.rulesets.riichi.hand.fu import FuResult, FuRules, HandShape, PairKind, RiichiMeld, Wait, count_fu
from service.rulesets.riichi.hand.value_table import YakuCode
from service.rulesets.riichi.yaku_rules import YakuOptions

RED_FIVE_COPY = 0
"""The library's red fives are copy 0 of each five (ids 16, 52, 88)."""


# --- The library's yaku in our codes ----------------------------------------------

YAKU_CODES: dict[str, YakuCode] = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan": "rinshan_kaihou",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "DaburuRiichi": "double_riichi",
    "NagashiMangan": "nagashi_mangan",
    "Renhou": "renhou",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Haku": "haku",
    "Hatsu": "hatsu",
    "Chun": "chun",
    "SeatWindEast": "seat_wind",
    "SeatWindSouth": "seat_wind",
    "SeatWindWest": "seat_wind",
    "SeatWindNorth": "seat_wind",
    "RoundWindEast": "round_wind",
    "RoundWindSouth": "round_wind",
    "RoundWindWest": "round_wind",
    "RoundWindNorth": "round_wind",
    "Sanshoku": "sanshoku_doujun",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroto": "honroutou",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "SanKantsu": "sankantsu",
    "SanshokuDoukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shosangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi_musou",
    "ChuurenPoutou": "chuuren_poutou",
    "Suuankou": "suuankou",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suukantsu": "suukantsu",
    "Tsuuiisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "Daisharin": "daisharin",
    "Daichisei": "daichisei",
    "DaiSuushii": "daisuushii",
    "DaburuKokushiMusou": "kokushi_musou_13",
    "SuuankouTanki": "suuankou_tanki",
    "DaburuChuurenPoutou": "junsei_chuuren_poutou",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "RenhouYakuman": "renhou",
    "Paarenchan": "paarenchan",
}
"""The library's yaku (by class) → our yaku-table code."""

DORA_CLASSES: frozenset[str] = frozenset({"Dora", "AkaDora", "UraDora"})
"""Counted here from the indicators, not taken from the library."""

NEVER_ASKED: dict[str, str] = {
    "OpenRiichi": "open riichi is not played: the configuration never sets is_open_riichi",
    "DaburuOpenRiichi": "open riichi is not played: the configuration never sets is_open_riichi",
    "Sashikomi": "needs open riichi and has_sashikomi_yakuman, both never set",
}
"""Library yaku this service never asks for (a test checks the configuration)."""


# --- Conversion to the library's 136 ids -----------------------------------------------


FIVES: frozenset[int] = frozenset({4, 13, 22})


def take_ids(reads: Iterable[tuple[int, bool]], taken: list[int]) -> list[int]:
    """Distinct 136-format ids for ``(tile, red)`` reads: a red five is copy 0
    (the library's aka id); a plain five takes copies 1–3, then 0; any other
    tile copies 0–3 in turn. ``taken`` counts the plain copies handed out so
    far (the hand holds at most four of a tile and one red five a suit, so a
    plain five reaches copy 0 only when no red one is there)."""
    ids = []
    for tile, red in reads:
        if red:
            ids.append(tile * 4 + RED_FIVE_COPY)
            continue
        copy = taken[tile]
        taken[tile] = copy + 1
        ids.append(tile * 4 + ((copy + 1) % 4 if tile in FIVES else copy))
    return ids


@dataclass(frozen=True, slots=True)
class LibraryCall:
    tiles: list[int]
    win_tile: int
    melds: list[LibraryMeld]
    dora: list[int]
    ura: list[int]


def seat_wind(winner: Seat, dealer: Seat, players: int) -> int:
    """The winner's seat wind: the dealer sits east, then south, west (north)."""
    seats = seats_for(players)
    return WINDS[(seats.index(winner) - seats.index(dealer)) % players]


def optional_rules(options: YakuOptions, fu_rules: FuRules, players: int, aka: bool) -> OptionalRules:
    """Our options in the library's terms. Limits, kiriage and kazoe are
    applied by our own payment code to the han and fu, so the library's are
    left at their defaults."""
    return OptionalRules(
        has_open_tanyao=options.open_tanyao,
        has_aka_dora=aka,
        has_double_yakuman=options.double_yakuman,
        renhou_as_yakuman=options.renhou == "yakuman",
        fu_for_pinfu_tsumo=fu_rules.pinfu_tsumo_fu,
        fu_for_open_pinfu=True,
        is_three_player=players == 3,
    )


# --- The chosen split --------------------------------------------------------------------

LIBRARY_FU_REASON: dict[str, str] = {
    "open_simple_triplet": "open_pon",
    "concealed_simple_triplet": "closed_pon",
    "open_terminal_triplet": "open_terminal_pon",
    "concealed_terminal_triplet": "closed_terminal_pon",
    "open_simple_kan": "open_kan",
    "concealed_simple_kan": "closed_kan",
    "open_terminal_kan": "open_terminal_kan",
    "concealed_terminal_kan": "closed_terminal_kan",
    "pair_dragon": "valued_pair",
    "pair_seat_wind": "valued_pair",
    "pair_round_wind": "valued_pair",
    "pair_double_wind": "double_valued_pair",
    "wait_edge": "penchan",
    "wait_closed": "kanchan",
    "wait_pair": "pair_wait",
}
"""Our fu item codes → the library's fu reasons, for the items both count
alike (base, tsumo and open-pinfu items are written differently by the two)."""


@dataclass(frozen=True, slots=True)
class Structure:
    shape: HandShape
    split: Split | None  # None: seven pairs
    counted: FuResult | None = None
    """The fu of ``shape`` under the library's fu rules, once matched."""


def _pair_kind(pair: int, seat: int, round_wind: int) -> PairKind:
    if pair in DRAGONS:
        return "dragon"
    if pair == seat and pair == round_wind:
        return "double_wind"
    if pair == seat:
        return "seat_wind"
    if pair == round_wind:
        return "round_wind"
    return "plain"


def _terminal_or_honour(tile: int) -> bool:
    return tile >= HONOURS or tile % 9 in (0, 8)


def _structures(hand: Hand, seat: int, round_wind: int, after_kong: bool) -> list[Structure]:
    """Every reading of the hand with the winning tile placed in each group
    it can complete, as the structure `POST /v1/riichi/fu` takes."""
    called = [
        RiichiMeld(
            kind="sequence" if meld.kind == "chow" else "triplet" if meld.kind == "pung" else "kan",
            open=not meld.concealed,
            terminal_or_honor=_terminal_or_honour(meld.first),
        )
        for meld in hand.melds
    ]
    win = hand.win_tile
    found = []
    for split in splits(hand.counts, 4 - len(hand.melds)):
        pair = _pair_kind(split.pair, seat, round_wind)
        placements: list[tuple[Wait, int | None]] = []
        if split.pair == win:
            placements.append(("pair", None))
        for index, (kind, first) in enumerate(split.sets):
            if kind == "pung" and first == win:
                placements.append(("shanpon", index))
            elif kind == "chow" and first <= win <= first + 2:
                offset = win - first
                if offset == 1:
                    placements.append(("closed", index))
                elif (offset == 0 and first % 9 == 6) or (offset == 2 and first % 9 == 0):
                    placements.append(("edge", index))
                else:
                    placements.append(("two_sided", index))
        for wait, at in placements:
            melds = [
                RiichiMeld(
                    kind="sequence" if kind == "chow" else "triplet",
                    terminal_or_honor=kind == "pung" and _terminal_or_honour(first),
                    winning=index == at,
                )
                for index, (kind, first) in enumerate(split.sets)
            ]
            shape = HandShape(melds=melds + called, pair=pair, wait=wait, rinshan=after_kong)
            found.append(Structure(shape, split))
    return found


def _signature(result: FuResult) -> list[tuple[str, int]]:
    return sorted((LIBRARY_FU_REASON[item.code], item.fu) for item in result.items if item.code in LIBRARY_FU_REASON)


def _library_signature(details: Sequence[dict[str, object]]) -> list[tuple[str, int]]:
    kept = set(LIBRARY_FU_REASON.values())
    return sorted((str(d["reason"]), int(d["fu"])) for d in details if d["reason"] in kept)  # type: ignore[call-overload]


def choose_structure(
    hand: Hand,
    library_fu: int,
    details: Sequence[dict[str, object]],
    seat: int,
    round_wind: int,
    *,
    tsumo: bool,
    after_kong: bool,
    pinfu_tsumo_fu: bool,
) -> Structure | None:
    """The reading the library chose: the one whose fu items are the
    library's (its fu as our counter sees it under the library's defaults)."""
    wanted = _library_signature(details)
    rules = FuRules(double_wind_pair_fu=4, rinshan_tsumo_fu=True, pinfu_tsumo_fu=pinfu_tsumo_fu)
    fallback: Structure | None = None
    for structure in _structures(hand, seat, round_wind, after_kong):
        try:
            counted = count_fu(structure.shape, rules, "/tiles", tsumo=tsumo)
        except RuleViolation:
            continue
        if counted.fu == library_fu and _signature(counted) == wanted:
            return dataclasses.replace(structure, counted=counted)
        if fallback is None:
            fallback = structure
    return fallback


# --- One call ----------------------------------------------------------------------------

NOT_WINNING = template("These tiles are not a complete hand (four sets and a pair, seven pairs or thirteen orphans)")
NO_YAKU_TILES = template("The hand has no yaku: it cannot win (dora are not yaku)")
LIBRARY_REFUSED = template("The hand was refused: {reason}")


@dataclass(frozen=True, slots=True)
class Found:
    """What the library found, in our terms."""

    yaku: list[YakuCode]
    han: int
    fu: int
    fu_details: list[dict[str, object]]
    dora_han: int
    open: bool


def call_library(call: LibraryCall, config: HandConfig) -> Found:
    """One call of the library; its error strings become 422s."""
    response = HandCalculator.estimate_hand_value(
        call.tiles,
        call.win_tile,
        melds=call.melds or None,
        dora_indicators=call.dora or None,
        config=config,
        ura_dora_indicators=call.ura or None,
    )
    if response.error:
        if response.error == HandCalculator.ERR_HAND_NOT_WINNING:
            raise RuleViolation(FieldProblem("/tiles/concealed", NOT_WINNING), title=template("The hand is not complete"))
        if response.error == HandCalculator.ERR_NO_YAKU:
            raise RuleViolation(FieldProblem("/tiles", NO_YAKU_TILES), title=template("The hand has no yaku"))
        raise RuleViolation(field_problem("/tiles", LIBRARY_REFUSED, reason=response.error))
    yaku: list[YakuCode] = []
    dora_han = 0
    for item in response.yaku or ():
        name = type(item).__name__
        if name in DORA_CLASSES:
            dora_han += item.han_closed
            continue
        code = YAKU_CODES[name]
        if code not in yaku:  # a double wind is seat_wind and round_wind; never twice the same code
            yaku.append(code)
    return Found(yaku, response.han or 0, response.fu or 0, list(response.fu_details or ()), dora_han, response.is_open_hand)  # type: ignore[arg-type]
