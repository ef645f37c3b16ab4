"""Riichi hands from tiles, valued by the `mahjong` library (the riichi field's
reference calculator, MIT) under our table rules.

The library finds the yaku, the fu and the best split
(:mod:`~service.rulesets.riichi.hand.library`: the call and its answer in our
terms); this module checks the hand before every call (the library counts
nothing: a fifth copy silently becomes the next tile, duplicate ids read as
"not winning"), converts the tiles so that a red five exists exactly when the
notation says `0m`/`0p`/`0s`, and turns the library's answer into our codes:

* yaku → our yaku-table codes (:data:`~service.rulesets.riichi.hand.library.YAKU_CODES`),
  counted by our own :func:`~service.rulesets.riichi.hand.counting.tally_han` with the
  table's options;
* dora, red fives, ura dora and nuki dora counted here from the indicators
  (the library reports nuki dora as plain dora);
* fu counted by our own :func:`~service.rulesets.riichi.hand.fu.count_fu` on the
  structure of the split the library chose (so `double_wind_pair_fu: 2`
  holds: the library always gives a double-wind pair 4 fu).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Literal

import msgspec
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld as LibraryMeld

from service.core.errors import FieldProblem, RuleViolation, template
from service.core.fields import OrUnset
from service.core.seats import Seat
from service.core.settlement import Discard, Win
from service.core.tiles import (
    NO_KONG,
    NOTATION_PATTERN,
    TILE_KINDS,
    WIND_OF_SEAT,
    WINDS,
    Arranged,
    Hand,
    RedMeld,
    RedNotation,
    RedTileText,
    Tiles,
    arrangement,
    format_tiles,
    kong_flag_problems,
    parse_tiles,
    read_hand,
    special_waits,
    waits,
)
from service.core.warnings import SettlementWarning
from service.rulesets.riichi.hand.counting import NO_YAKU, HanItem, tally_han, yakuman_tier
from service.rulesets.riichi.hand.dora import Bonus, check_red_fives, count_bonus
from service.rulesets.riichi.hand.fu import FuResult, FuRules, HandShape, count_fu
from service.rulesets.riichi.hand.library import (
    Found,
    LibraryCall,
    Structure,
    call_library,
    choose_structure,
    optional_rules,
    seat_wind,
    take_ids,
)
from service.rulesets.riichi.hand.limits import basic_points
from service.rulesets.riichi.hand.value_table import RIICHI_CODES, YakuCode
from service.rulesets.riichi.payments import YAKUMAN_BASIC
from service.rulesets.riichi.presets import PresetName
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.yaku_rules import YakuOptions

MAX_NUKIDORA = 4
KOKUSHI = frozenset({"kokushi_musou", "kokushi_musou_13"})


class RiichiTiles(Tiles, forbid_unknown_fields=True, kw_only=True):
    """A riichi hand from its tiles: 14 tiles (a kong one more), red fives
    written `0m`/`0p`/`0s`. No `flowers`."""

    RED_FIVES = True

    concealed: RedNotation
    """The tiles in hand, the winning tile included."""
    melds: Annotated[list[RedMeld], msgspec.Meta(max_length=6, description="Called melds and concealed kongs.")] = []  # type: ignore[assignment]  # red fives allowed
    win_tile: RedTileText
    riichi: Annotated[bool, msgspec.Meta(description="Declared riichi (立直).")] = False
    double_riichi: Annotated[bool, msgspec.Meta(description="Declared riichi in the first turn (ダブル立直); not with `riichi`.")] = False
    ippatsu: Annotated[bool, msgspec.Meta(description="Won within one turn of riichi (一發).")] = False
    dora_indicators: Annotated[
        str,
        msgspec.Meta(
            max_length=20,
            description="The dora indicators shown (at most 5), in MPSZ notation: `9m7z`.",
            examples=["9m7z"],
            extra_json_schema={"extra": {"pattern": NOTATION_PATTERN}},
        ),
    ] = ""
    ura_dora_indicators: Annotated[
        str,
        msgspec.Meta(
            max_length=20,
            description="The ura dora indicators (counted with riichi or double riichi only).",
            examples=["3p"],
            extra_json_schema={"extra": {"pattern": NOTATION_PATTERN}},
        ),
    ] = ""
    robbed_kong: OrUnset[
        Annotated[
            Literal["added", "concealed"],
            msgspec.Meta(
                description=(
                    "With `robbing_kong`: the kan robbed, `added` (加槓, the default) or `concealed` (暗槓: only kokushi musou "
                    "may rob it, where `yaku_options.kokushi_ankan_chankan` allows)."
                )
            ),
        ]
    ] = msgspec.UNSET
    nukidora: Annotated[
        int, msgspec.Meta(ge=0, le=MAX_NUKIDORA, description="Three players: norths set aside (拔北), one dora each. Default 0.")
    ] = 0
    fu_rules: Annotated[FuRules, msgspec.Meta(description="House rules on fu, as `POST /v1/riichi/fu` takes them.")] = FuRules()

    def __post_init__(self) -> None:
        super().__post_init__()
        parse_tiles(self.dora_indicators, "dora_indicators", True)
        parse_tiles(self.ura_dora_indicators, "ura_dora_indicators", True)


class RiichiEvaluation(msgspec.Struct, kw_only=True):
    """What the tiles are worth: the `POST /v1/riichi/hands` answer, and a
    settlement's `evaluation`."""

    han: Annotated[int | None, msgspec.Meta(description="飜, dora included (null for a yakuman hand).")]
    fu: Annotated[int | None, msgspec.Meta(description="符 counted from the chosen split (null for kokushi).")]
    yakuman: Annotated[int, msgspec.Meta(description="Yakuman counted (0 when none).")]
    fu_count: Annotated[FuResult | None, msgspec.Meta(description="The fu itemised (as `POST /v1/riichi/fu`); null for kokushi.")]
    tier: Annotated[str | None, msgspec.Meta(description="Limit reached: `mangan` … `kazoe_yakuman`, `yakuman`, …; else null.")]
    basic_points: Annotated[Decimal, msgspec.Meta(description="基本點 under the table's rules.")]
    items: Annotated[list[HanItem], msgspec.Meta(description="Yaku and dora, as `POST /v1/riichi/han` itemises them.")]
    arrangement: Annotated[list[Arranged], msgspec.Meta(description="The chosen split: sets, the pair, the melds as called.")]
    waits: Annotated[str, msgspec.Meta(description="The tiles that completed the hand before the winning tile (`58m`).")]
    warnings: list[SettlementWarning]
    preset: Annotated[
        OrUnset[PresetName], msgspec.Meta(description="`POST /v1/riichi/hands` with a `preset`: the preset named; absent otherwise.")
    ] = msgspec.UNSET
    rules: Annotated[
        OrUnset[RiichiRules], msgspec.Meta(description="`POST /v1/riichi/hands` with a `preset`: the rules resolved; absent otherwise.")
    ] = msgspec.UNSET
    yaku_options: Annotated[
        OrUnset[YakuOptions],
        msgspec.Meta(description="`POST /v1/riichi/hands` with a `preset`: the yaku options resolved; absent otherwise."),
    ] = msgspec.UNSET


# --- Checks before the library ------------------------------------------------------

RIICHI_BOTH = template("`riichi` and `double_riichi` are one declaration: give one of them")
RIICHI_OPEN = template("Riichi needs a closed hand, but the hand has called melds")
IPPATSU_ALONE = template("`ippatsu` needs `riichi` or `double_riichi`")
IPPATSU_AFTER_KONG = template("`ippatsu` and `after_kong` cannot both be true: one's own kan ends the ippatsu turn")
URA_ALONE = template("Ura dora are only counted after `riichi` or `double_riichi`: leave `ura_dora_indicators` empty")
LAST_TILE_WITH = template("The wall's last tile is not a kong's replacement tile nor a robbed kong: `last_tile` goes with neither")
BLESSING_DEALER_DISCARD = template("The dealer's first-turn win is a self-draw (天和), but `win` is a discard")
BLESSING_WITH = template("A first-turn win (`blessing`) has no called melds, riichi, kong or last tile")
ROBBED_ALONE = template("`robbed_kong` says which kan `robbing_kong` robbed: it needs `robbing_kong`")
ROBBED_CONCEALED_NOT_KOKUSHI = template("Only kokushi musou (国士無双) may rob a concealed kan (暗槓): this hand is not one")
ROBBED_CONCEALED_OFF = template("Kokushi musou may not rob a concealed kan at this table (`yaku_options/kokushi_ankan_chankan` is false)")
RENHOU_OFF = template(
    "A non-dealer's first-turn win on a discard is 人和 (`renhou`), which this table does not play (`yaku_options/renhou` is off)"
)
NUKIDORA_FOUR = template("Nuki dora (拔北) are set aside at a three-player table only")


def _declaration_problems(tiles: RiichiTiles, hand: Hand) -> list[FieldProblem]:
    """Riichi, double riichi, ippatsu and ura dora: declared together as
    they can be (one riichi, on a closed hand, before ippatsu and ura)."""
    problems: list[FieldProblem] = []
    declared = tiles.riichi or tiles.double_riichi
    if tiles.riichi and tiles.double_riichi:
        problems.append(FieldProblem("/tiles/double_riichi", RIICHI_BOTH))
    if declared and hand.open:
        problems.append(FieldProblem("/tiles/riichi" if tiles.riichi else "/tiles/double_riichi", RIICHI_OPEN))
    if tiles.ippatsu and not declared:
        problems.append(FieldProblem("/tiles/ippatsu", IPPATSU_ALONE))
    if tiles.ippatsu and tiles.after_kong:
        problems.append(FieldProblem("/tiles/ippatsu", IPPATSU_AFTER_KONG))
    if tiles.ura_dora_indicators and not declared:
        problems.append(FieldProblem("/tiles/ura_dora_indicators", URA_ALONE))
    return problems


def _kong_problems(tiles: RiichiTiles, hand: Hand, *, tsumo: bool, players: int, north_rinshan: bool) -> list[FieldProblem]:
    """A win after a kong or robbing one, and the last tile beside them; a
    three-player table's north set aside counts as a kong's replacement
    when ``north_rinshan``."""
    flagged = kong_flag_problems(tiles, hand, tsumo, "/tiles")
    if north_rinshan and players == 3 and tiles.nukidora:  # the replacement for a north set aside (rules.nukidora_rinshan)
        flagged = [problem for problem in flagged if problem.detail != NO_KONG]
    if tiles.last_tile and (tiles.after_kong or tiles.robbing_kong):
        flagged.append(FieldProblem("/tiles/last_tile", LAST_TILE_WITH))
    if tiles.robbed_kong is not msgspec.UNSET and not tiles.robbing_kong:
        flagged.append(FieldProblem("/tiles/robbed_kong", ROBBED_ALONE))
    return flagged


def _check_concealed_robbed(tiles: RiichiTiles, found: Found, options: YakuOptions) -> None:
    """A concealed kan (暗槓) is robbed by kokushi musou only, and only where
    the table lets it (`kokushi_ankan_chankan`, default true)."""
    if tiles.robbed_kong != "concealed":
        return
    if KOKUSHI.isdisjoint(found.yaku):
        raise RuleViolation(FieldProblem("/tiles/robbed_kong", ROBBED_CONCEALED_NOT_KOKUSHI))
    if options.kokushi_ankan_chankan is False:
        raise RuleViolation(
            FieldProblem("/tiles/robbed_kong", ROBBED_CONCEALED_OFF),
            FieldProblem("/yaku_options/kokushi_ankan_chankan", ROBBED_CONCEALED_OFF),
        )


def _blessing_problems(tiles: RiichiTiles, hand: Hand, *, tsumo: bool, dealer_won: bool, options: YakuOptions) -> list[FieldProblem]:
    """A blessing (tenhou, chiihou, renhou): a dealer's by self-draw, on an
    untouched hand with no other flag, renhou only where the table counts it."""
    problems: list[FieldProblem] = []
    if not tiles.blessing:
        return problems
    if dealer_won and not tsumo:
        problems += [FieldProblem("/tiles/blessing", BLESSING_DEALER_DISCARD), FieldProblem("/win/type", BLESSING_DEALER_DISCARD)]
    others = (tiles.riichi, tiles.double_riichi, tiles.ippatsu, tiles.after_kong, tiles.robbing_kong, tiles.last_tile)
    if hand.melds or any(others):
        problems.append(FieldProblem("/tiles/blessing", BLESSING_WITH))
    if not dealer_won and not tsumo and options.renhou == "off":
        problems += [FieldProblem("/tiles/blessing", RENHOU_OFF), FieldProblem("/yaku_options/renhou", RENHOU_OFF)]
    return problems


def _check_flags(
    tiles: RiichiTiles, hand: Hand, *, tsumo: bool, dealer_won: bool, players: int, options: YakuOptions, north_rinshan: bool
) -> None:
    """Refuse flags that cannot hold together: every problem at once."""
    problems = _declaration_problems(tiles, hand)
    problems += _kong_problems(tiles, hand, tsumo=tsumo, players=players, north_rinshan=north_rinshan)
    problems += _blessing_problems(tiles, hand, tsumo=tsumo, dealer_won=dealer_won, options=options)
    if tiles.nukidora and players != 3:
        problems.append(FieldProblem("/tiles/nukidora", NUKIDORA_FOUR))
    if problems:
        raise RuleViolation(*problems)


def _library_call(tiles: RiichiTiles, dora: Sequence[int], ura: Sequence[int]) -> LibraryCall:
    taken = [0] * TILE_KINDS
    concealed = [(read.tile, read.red) for read in parse_tiles(tiles.concealed, "concealed", True)]
    read_win = parse_tiles(tiles.win_tile, "win_tile", True)[0]
    win = (read_win.tile, read_win.red)
    # the winning tile first, so a red win tile keeps its red copy
    ordered = [read for read in concealed if read == win] + [read for read in concealed if read != win]
    all_ids = take_ids(ordered, taken)
    win_id = all_ids[next(index for index, (tile, _) in enumerate(ordered) if tile == win[0])]
    melds = []
    for meld in tiles.melds:
        meld_ids = take_ids([(read.tile, read.red) for read in parse_tiles(meld.tiles, "tiles", True)], taken)
        all_ids.extend(meld_ids)
        kind = {"chow": LibraryMeld.CHI, "pung": LibraryMeld.PON, "kong": LibraryMeld.KAN}[meld.kind]
        melds.append(LibraryMeld(meld_type=kind, tiles=sorted(meld_ids), opened=not meld.concealed))
    dora_ids = take_ids([(tile, False) for tile in dora], taken)
    ura_ids = take_ids([(tile, False) for tile in ura], taken)
    return LibraryCall(sorted(all_ids), win_id, melds, dora_ids, ura_ids)


def hand_config(
    tiles: RiichiTiles, *, tsumo: bool, winner: Seat, dealer: Seat, players: int, options: YakuOptions, aka: bool
) -> HandConfig:
    dealer_won = winner == dealer
    return HandConfig(
        is_tsumo=tsumo,
        is_riichi=tiles.riichi,
        is_daburu_riichi=tiles.double_riichi,
        is_ippatsu=tiles.ippatsu,
        is_rinshan=tiles.after_kong,
        is_chankan=tiles.robbing_kong,
        is_haitei=tiles.last_tile and tsumo,
        is_houtei=tiles.last_tile and not tsumo,
        is_tenhou=tiles.blessing and dealer_won and tsumo,
        is_chiihou=tiles.blessing and not dealer_won and tsumo,
        is_renhou=tiles.blessing and not dealer_won and not tsumo,
        player_wind=seat_wind(winner, dealer, players),
        round_wind=WIND_OF_SEAT[tiles.round_wind],
        num_nuki_dora=tiles.nukidora,
        options=optional_rules(options, tiles.fu_rules, players, aka),
    )


# --- Evaluation ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Declared:
    yaku: list[YakuCode]
    open: bool
    dora: int
    aka_dora: int
    ura_dora: int
    nuki_dora: int


@dataclass(frozen=True, slots=True)
class Evaluated:
    """An evaluation and what the settlement needs from it."""

    evaluation: RiichiEvaluation
    han: int | None
    fu: int | None
    yakuman: int
    basic: int
    tier: str | None
    found: Found
    bonus: Bonus
    structure: Structure | None


def _counted_fu(
    tiles: RiichiTiles, hand: Hand, found: Found, seat: int, *, tsumo: bool, pairs: bool
) -> tuple[Structure | None, FuResult | None]:
    """The hand's structure and its fu: seven pairs' flat count, none for
    thirteen orphans, else the structure chosen for the library's answer
    counted under the table's fu rules."""
    if pairs:
        return None, count_fu(HandShape(seven_pairs=True, wait="pair"), tiles.fu_rules, "/tiles", tsumo=tsumo)
    if not KOKUSHI.isdisjoint(found.yaku):
        return None, None
    structure = choose_structure(
        hand,
        found.fu,
        found.fu_details,
        seat,
        WIND_OF_SEAT[tiles.round_wind],
        tsumo=tsumo,
        after_kong=tiles.after_kong and any(meld.kind == "kong" for meld in hand.melds),  # a north's replacement: a plain tsumo's fu
        pinfu_tsumo_fu=tiles.fu_rules.pinfu_tsumo_fu,
    )
    if structure is None:
        return None, None
    if structure.counted is not None and structure.counted.rules == tiles.fu_rules:
        return structure, structure.counted  # the table's fu rules are the library's: counted already
    return structure, count_fu(structure.shape, tiles.fu_rules, "/tiles", tsumo=tsumo)


def _hand_value(yakuman: int, han: int, fu_count: FuResult | None, rules: RiichiRules) -> tuple[int | None, int | None, int, str | None]:
    """Han, fu (none from mangan up), basic points and limit tier; a
    yakuman hand has neither han nor fu."""
    if yakuman:
        return None, None, YAKUMAN_BASIC * yakuman, yakuman_tier(yakuman)
    fu = fu_count.fu if fu_count is not None else None
    basic, tier = basic_points(han, fu or 0, rules)
    return han, (None if han >= 5 else fu), basic, tier


def _shown(hand: Hand, structure: Structure | None, *, pairs: bool, tsumo: bool) -> list[Arranged]:
    """The hand as shown: seven pairs, one special shape, or the chosen
    split beside the melds."""
    if pairs:
        return [
            Arranged(kind="pair", tiles=format_tiles((tile, tile)), concealed=True) for tile in range(TILE_KINDS) if hand.counts[tile] == 2
        ]
    if structure is None or structure.split is None:
        return [Arranged(kind="special", tiles=format_tiles([t for t in range(TILE_KINDS) for _ in range(hand.counts[t])]), concealed=True)]
    return arrangement(structure.split, hand.melds, won_on_discard=not tsumo, win_tile=hand.win_tile)


def _hand_waits(hand: Hand) -> list[int]:
    """The tiles the hand waited on before its winning tile (a closed hand's
    special shapes included)."""
    before = list(hand.counts)
    before[hand.win_tile] -= 1
    held = hand.all_counts
    held[hand.win_tile] -= 1
    waiting = waits(before, 4 - len(hand.melds), held)
    if not hand.melds:
        waiting = sorted(set(waiting) | set(special_waits(before, held)))
    return waiting


def evaluate(
    tiles: RiichiTiles,
    *,
    win: Win,
    winner: Seat,
    dealer: Seat,
    players: int,
    rules: RiichiRules,
    options: YakuOptions,
) -> Evaluated:
    """Value a riichi hand from its tiles; ``rules`` give kazoe and kiriage
    (applied by :func:`~service.rulesets.riichi.hand.limits.basic_points`)."""
    tsumo = not isinstance(win, Discard)
    hand = read_hand(tiles, 4)
    _check_flags(
        tiles, hand, tsumo=tsumo, dealer_won=winner == dealer, players=players, options=options, north_rinshan=rules.nukidora_rinshan
    )
    bonus, dora, ura = count_bonus(tiles, hand, players)
    check_red_fives(bonus, options)
    call = _library_call(tiles, dora, ura)
    config = hand_config(tiles, tsumo=tsumo, winner=winner, dealer=dealer, players=players, options=options, aka=bonus.aka_dora > 0)
    found = call_library(call, config)
    _check_concealed_robbed(tiles, found, options)

    seat = config.player_wind or WINDS[0]
    # a yakuman replaces riichi in the library's answer: the ura dora it hit are then not counted, not refused
    ura_dora = bonus.ura_dora if not RIICHI_CODES.isdisjoint(found.yaku) else 0
    declared = _Declared(found.yaku, hand.open, bonus.dora, bonus.aka_dora, ura_dora, bonus.nuki_dora)
    count = tally_han(
        declared,
        options,
        multiple_yakuman=rules.multiple_yakuman,
        at="/tiles",
        options_at="/yaku_options",
        north_rinshan=rules.nukidora_rinshan and players == 3,
    )

    pairs = "chiitoitsu" in found.yaku or "daichisei" in found.yaku or "daisharin" in found.yaku
    structure, fu_count = _counted_fu(tiles, hand, found, seat, tsumo=tsumo, pairs=pairs)
    warnings: tuple[SettlementWarning, ...] = () if count.has_yaku else (NO_YAKU,)
    han, fu, basic, tier = _hand_value(count.yakuman, count.han, fu_count, rules)
    evaluation = RiichiEvaluation(
        han=han,
        fu=fu,
        yakuman=count.yakuman,
        fu_count=fu_count,
        tier=tier,
        basic_points=Decimal(basic),
        items=count.items,
        arrangement=_shown(hand, structure, pairs=pairs, tsumo=tsumo),
        waits=format_tiles(_hand_waits(hand)),
        warnings=list(warnings),
    )
    return Evaluated(evaluation, han, fu, count.yakuman, basic, tier, found, bonus, structure)
