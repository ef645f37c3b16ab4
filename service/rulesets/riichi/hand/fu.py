"""Riichi fu (符) counted from the hand's structure ("help me count fu").

Sources: the riichi scoring article (符: 符底 20, the meld table, 翻牌雀頭 2 / 連風 4 or 2, 獨聽
邊張 嵌張 2, 門前清榮和 10, 自摸 2, rounding up to 10, 七對子 25 flat,
副露 20 符 forced to 30; 地方變異: 嶺上 tsumo without the 2 fu, 自摸平和 with
the 2 fu) and the reference calculator (立直麻雀: 平和自摸 20, 食平和形 30).

The request describes the structure, not the tiles: four melds (kind, called
or not, simples or terminal/honour), the pair, the wait, and how the hand was
won. Choices this module makes, documented in the schema and
docs/riichi-extras.md:

* A hand is *closed* (門前) when no meld is called (``open``). A concealed kan
  (暗槓) keeps it closed.
* *Pinfu* (平和), structurally: closed, four sequences, a pair worth no fu
  (``plain``) and a two-sided wait. Pinfu tsumo is 20 fu (no tsumo 2 unless
  ``pinfu_tsumo_fu``); pinfu ron is 20 + 10 = 30 by the ordinary count.
* A triplet completed by a ron on a shanpon wait counts as an open triplet
  (the riichi scoring article's example 4: 明刻) without opening the hand: closed ron still pays
  10. Mark that triplet with ``winning``; when the ron could only have
  completed triplets of one kind the mark may be left out.
* Open pinfu shape (食平和形): an open hand whose count is exactly the base 20
  gets an ``open_pinfu`` item of 10, so the raw fu is 30.
* ``raw_fu`` is the sum of ``items``; ``fu`` is ``raw_fu`` rounded up to 10,
  except seven pairs (25, not rounded).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal, get_args

import msgspec

from service.core.errors import RuleViolation, field_problem, template
from service.core.fields import OrUnset
from service.rulesets.riichi.presets import PresetField, PresetName, with_presets

# --- Types -------------------------------------------------------------------

MeldKind = Literal["sequence", "triplet", "kan"]
PairKind = Literal["plain", "dragon", "seat_wind", "round_wind", "double_wind"]
Wait = Literal["two_sided", "edge", "closed", "pair", "shanpon"]
DoubleWindFu = Literal[2, 4]

FuCode = Literal[
    "base",
    "closed_ron",
    "tsumo",
    "pinfu_tsumo",
    "rinshan_tsumo",
    "seven_pairs",
    "sequence",
    "open_simple_triplet",
    "concealed_simple_triplet",
    "open_terminal_triplet",
    "concealed_terminal_triplet",
    "open_simple_kan",
    "concealed_simple_kan",
    "open_terminal_kan",
    "concealed_terminal_kan",
    "pair_plain",
    "pair_dragon",
    "pair_seat_wind",
    "pair_round_wind",
    "pair_double_wind",
    "wait_two_sided",
    "wait_edge",
    "wait_closed",
    "wait_pair",
    "wait_shanpon",
    "open_pinfu",
]

# --- Rule tables (data) ------------------------------------------------------

BASE_FU = 20
"""符底 (the riichi scoring article): every winning hand starts with 20 fu."""

CLOSED_RON_FU = 10
"""門前清榮和 (the riichi scoring article)."""

TSUMO_FU = 2
"""自摸和 (the riichi scoring article)."""

SEVEN_PAIRS_FU = 25
"""七對子: 25 fu flat, nothing else counted, not rounded (the riichi scoring article, the reference calculator)."""

OPEN_PINFU_FU = 10
"""副露榮和時，20符的牌強制進位至30符 (the riichi scoring article); 食平和形 30 符 (the reference calculator)."""

MELD_FU: dict[tuple[MeldKind, bool, bool], tuple[FuCode, int]] = {
    # (kind, open, terminal_or_honor): (item code, fu)
    ("sequence", True, False): ("sequence", 0),
    ("sequence", True, True): ("sequence", 0),
    ("sequence", False, False): ("sequence", 0),
    ("sequence", False, True): ("sequence", 0),
    ("triplet", True, False): ("open_simple_triplet", 2),  # 中張明刻
    ("triplet", False, False): ("concealed_simple_triplet", 4),  # 中張暗刻
    ("triplet", True, True): ("open_terminal_triplet", 4),  # 么九明刻
    ("triplet", False, True): ("concealed_terminal_triplet", 8),  # 么九暗刻
    ("kan", True, False): ("open_simple_kan", 8),  # 中張明槓
    ("kan", False, False): ("concealed_simple_kan", 16),  # 中張暗槓
    ("kan", True, True): ("open_terminal_kan", 16),  # 么九明槓
    ("kan", False, True): ("concealed_terminal_kan", 32),  # 么九暗槓
}
"""Meld fu, the riichi scoring article (符): 中張明刻 2; 中張暗刻、么九明刻 4; 么九暗刻、中張明槓 8;
么九明槓、中張暗槓 16; 么九暗槓 32. Sequences are worth nothing."""

PAIR_FU: dict[PairKind, tuple[FuCode, int]] = {
    "plain": ("pair_plain", 0),
    "dragon": ("pair_dragon", 2),
    "seat_wind": ("pair_seat_wind", 2),
    "round_wind": ("pair_round_wind", 2),
    "double_wind": ("pair_double_wind", 4),  # rules.double_wind_pair_fu replaces the 4
}
"""翻牌雀頭 2 符; 連風 (seat and round wind at once) 4, or 2 under some rules
(the riichi scoring article)."""

WAIT_FU: dict[Wait, tuple[FuCode, int]] = {
    "two_sided": ("wait_two_sided", 0),
    "edge": ("wait_edge", 2),  # 邊張
    "closed": ("wait_closed", 2),  # 嵌張
    "pair": ("wait_pair", 2),  # 獨聽 (單騎)
    "shanpon": ("wait_shanpon", 0),
}
"""聽牌方式 (the riichi scoring article): 獨聽、邊張、嵌張 2 符; two-sided and shanpon 0."""

SEQUENCE_WAITS: frozenset[str] = frozenset({"two_sided", "edge", "closed"})
"""Waits the winning tile completes a sequence on."""

MAX_MELDS = 4

# --- Request and response ----------------------------------------------------


class RiichiMeld(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One of the hand's four melds (面子)."""

    kind: Annotated[MeldKind, msgspec.Meta(description="`sequence` (順子), `triplet` (刻子) or `kan` (槓子).")]
    open: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "Called from another player (chi, pon, open or added kan: 明). A concealed kan (暗槓) is not open. "
                "A triplet completed by a ron on a shanpon wait is NOT marked open: mark it `winning` and it counts "
                "as an open triplet while the hand stays closed."
            )
        ),
    ] = False
    terminal_or_honor: Annotated[
        bool,
        msgspec.Meta(description="Made of terminals (1, 9) or honours (么九). Ignored for sequences, which are worth 0 fu."),
    ] = False
    winning: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "The winning tile completed this meld (at most one meld). Needed only for a ron on a shanpon wait "
                "when the hand holds concealed triplets of both kinds (simple and terminal/honour)."
            )
        ),
    ] = False


class FuRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """House rules on fu. Every field is optional; the response echoes them."""

    double_wind_pair_fu: Annotated[
        DoubleWindFu,
        msgspec.Meta(
            description="Fu for a pair of the wind that is both seat and round wind (連風牌): 4 (default) or 2 (the riichi scoring article).",
            extra_json_schema={"extra": {"minimum": 2, "maximum": 4}},
        ),
    ] = 4
    rinshan_tsumo_fu: Annotated[
        bool,
        msgspec.Meta(
            description="A win on the replacement tile after a kan (嶺上開花) earns the tsumo 2 fu (default true; the riichi scoring article: some rules do not)."
        ),
    ] = True
    pinfu_tsumo_fu: Annotated[
        bool,
        msgspec.Meta(
            description="Pinfu tsumo earns the tsumo 2 fu, making 30 (default false: pinfu tsumo stays 20; the riichi scoring article's 自摸平和)."
        ),
    ] = False


class HandShape(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A winning hand's structure: melds, pair and wait."""

    melds: Annotated[
        list[RiichiMeld],
        msgspec.Meta(max_length=MAX_MELDS, description="Exactly four melds, or none with `seven_pairs`."),
    ] = msgspec.field(default_factory=list)
    pair: Annotated[
        PairKind,
        msgspec.Meta(
            description=(
                "The pair (雀頭): `plain` (no fu), `dragon`, `seat_wind`, `round_wind` (2 fu each), `double_wind` "
                "(seat and round wind: `rules.double_wind_pair_fu`). Ignored for seven pairs."
            )
        ),
    ] = "plain"
    wait: Annotated[
        Wait,
        msgspec.Meta(
            description=(
                "The wait the winning tile completed: `two_sided` (兩面), `edge` (邊張), `closed` (嵌張), `pair` "
                "(單騎/獨聽), `shanpon` (雙碰). Seven pairs is always `pair`."
            )
        ),
    ]
    seven_pairs: Annotated[bool, msgspec.Meta(description="Seven pairs (七對子): 25 fu flat, no melds.")] = False
    rinshan: Annotated[
        bool, msgspec.Meta(description="Won on the replacement tile after a kan (嶺上開花): needs a self-draw and a kan.")
    ] = False


class RiichiHand(HandShape, forbid_unknown_fields=True, kw_only=True):
    """A winning hand's structure and whether it was self-drawn."""

    tsumo: Annotated[bool, msgspec.Meta(description="Won by self-draw (自摸); false for ron.")] = False


class FuRequest(RiichiHand, forbid_unknown_fields=True, kw_only=True):
    """Count the fu of a hand from its structure."""

    rules: FuRules = FuRules()
    preset: OrUnset[PresetField] = msgspec.UNSET


with_presets(FuRequest)


class RiichiSettlementHand(HandShape, forbid_unknown_fields=True, kw_only=True):
    """The hand's structure given to a settlement instead of `fu`: the body of
    `POST /v1/riichi/fu` without `tsumo`, which the settlement's `win` says."""

    rules: FuRules = FuRules()


class FuItem(msgspec.Struct, omit_defaults=True, frozen=True, gc=False):
    """One line of the count. Meld lines name the meld by its index in `melds`."""

    code: FuCode
    fu: int
    meld: Annotated[int | None, msgspec.Meta(description="Index in `melds` for meld lines.")] = None


class FuResult(msgspec.Struct, kw_only=True):
    """The fu of a hand: `raw_fu` is the sum of `items`, `fu` the value to
    score with (rounded up to 10; seven pairs 25)."""

    fu: Annotated[int, msgspec.Meta(description="The fu to score with: 20, 25, 30, 40, …")]
    raw_fu: Annotated[int, msgspec.Meta(description="The sum of `items`, before rounding up to 10.")]
    items: list[FuItem]
    closed: Annotated[bool, msgspec.Meta(description="No meld was called (門前).")]
    pinfu: Annotated[
        bool,
        msgspec.Meta(description="Pinfu shape: closed, four sequences, a plain pair and a two-sided wait."),
    ]
    rules: FuRules
    preset: Annotated[
        OrUnset[PresetName], msgspec.Meta(description="The request's `preset`, when it named one (the resolved values are echoed).")
    ] = msgspec.UNSET


# --- Counting ----------------------------------------------------------------


def _fail(pointer: str, detail: str, **params: object) -> RuleViolation:
    """``detail``: a catalogue template filled in with ``params``."""
    return RuleViolation(field_problem(pointer, detail, **params), title=template("The hand's structure is impossible"))


def _marked_meld(hand: HandShape, at: str) -> int | None:
    """Index of the meld marked ``winning``, none when no meld is; refuses
    two marks."""
    marked: int | None = None
    for index, meld in enumerate(hand.melds):
        if meld.winning:
            if marked is not None:
                raise _fail(f"{at}/melds/{index}/winning", "Only one meld can be completed by the winning tile.")
            marked = index
    return marked


def _check_marked(hand: HandShape, index: int, at: str) -> None:
    """The marked meld can be the one the winning tile completed: concealed,
    not a kan, of the kind the wait completes."""
    meld = hand.melds[index]
    wait = hand.wait
    where = f"{at}/melds/{index}/winning"
    if meld.kind == "kan":
        raise _fail(where, "The winning tile cannot complete a kan.")
    if meld.open:
        raise _fail(where, "A called meld was complete before the winning tile.")
    if wait == "pair":
        raise _fail(where, "On a `pair` wait the winning tile completes the pair, not a meld.")
    if wait in SEQUENCE_WAITS and meld.kind != "sequence":
        raise _fail(where, "A `{wait}` wait is completed into a sequence, not a {kind}.", wait=wait, kind=meld.kind)
    if wait == "shanpon" and meld.kind != "triplet":
        raise _fail(where, "A `shanpon` wait is completed into a triplet, not a sequence.")


def _shanpon_meld(hand: HandShape, tsumo: bool, at: str) -> int | None:
    """An unmarked shanpon wait: on a ron the concealed triplet it completed
    (all of one kind, so any gives the same fu); none on a tsumo."""
    candidates = [i for i, m in enumerate(hand.melds) if m.kind == "triplet" and not m.open]
    if not candidates:
        raise _fail(f"{at}/wait", "A `shanpon` wait needs a concealed triplet for the winning tile to complete.")
    if not tsumo and len({hand.melds[i].terminal_or_honor for i in candidates}) > 1:
        raise _fail(
            f"{at}/melds",
            "On a ron the triplet completed by the winning tile counts as open: mark it with `winning` "
            "(the concealed triplets are of both kinds).",
        )
    return candidates[0] if not tsumo else None


def _winning_meld(hand: HandShape, tsumo: bool, at: str) -> int | None:
    """Index of the meld the winning tile completed, after checking the
    melds and the wait agree; None when the pair was completed or no meld
    was marked and any candidate gives the same fu."""
    marked = _marked_meld(hand, at)
    wait = hand.wait
    if marked is not None:
        _check_marked(hand, marked, at)
        return marked
    if wait in SEQUENCE_WAITS:
        if any(m.kind == "sequence" and not m.open for m in hand.melds):
            return None
        raise _fail(f"{at}/wait", "A `{wait}` wait needs a concealed sequence for the winning tile to complete.", wait=wait)
    if wait == "shanpon":
        return _shanpon_meld(hand, tsumo, at)
    return None


def _check_shape(hand: HandShape, tsumo: bool, at: str) -> None:
    if hand.rinshan:
        if not tsumo:
            raise _fail(f"{at}/rinshan", "A win on the replacement tile (嶺上開花) is a self-draw, not a ron.")
        if not any(m.kind == "kan" for m in hand.melds):
            raise _fail(f"{at}/rinshan", "A win on the replacement tile (嶺上開花) needs a kan among the melds.")
    if hand.seven_pairs:
        if hand.melds:
            raise _fail(f"{at}/melds", "Seven pairs has no melds: send an empty `melds` list.")
        if hand.wait != "pair":
            raise _fail(f"{at}/wait", "Seven pairs always waits on a pair: `wait` must be `pair`.")
    elif len(hand.melds) != MAX_MELDS:
        raise _fail(f"{at}/melds", "A hand has exactly 4 melds unless it is seven pairs; got {count}.", count=len(hand.melds))


def round_up_10(fu: int) -> int:
    return -(-fu // 10) * 10


def _meld_lines(melds: Sequence[RiichiMeld]) -> tuple[list[FuItem], int, bool, bool, int]:
    """Each meld's line and their fu, whether every meld is concealed,
    whether one is marked ``winning``, and the concealed sequences."""
    closed, marked = True, False
    concealed_sequences = 0
    meld_items: list[FuItem] = []
    meld_fu = 0
    for index, meld in enumerate(melds):
        kind = meld.kind
        if meld.open:
            closed = False
        elif kind == "sequence":
            concealed_sequences += 1
        if meld.winning:
            marked = True
        item = _MELD_ITEMS[kind][meld.open][meld.terminal_or_honor][index]
        meld_items.append(item)
        meld_fu += item.fu
    return meld_items, meld_fu, closed, marked, concealed_sequences


def _ron_triplet_fu(hand: HandShape, tsumo: bool, at: str, meld_items: list[FuItem]) -> int:
    """A concealed triplet a ron completed counts as open (明刻, the riichi
    scoring article's example 4): its line replaced in ``meld_items``; the
    fu that changes."""
    ron_triplet = _winning_meld(hand, tsumo, at)
    if ron_triplet is None or tsumo:
        return 0
    meld = hand.melds[ron_triplet]
    if meld.kind != "triplet" or meld.open:
        return 0
    item = _MELD_ITEMS["triplet"][True][meld.terminal_or_honor][ron_triplet]
    change = item.fu - meld_items[ron_triplet].fu
    meld_items[ron_triplet] = item
    return change


def _win_lines(hand: HandShape, rules: FuRules, *, tsumo: bool, closed: bool, pinfu: bool) -> tuple[list[FuItem], int]:
    """The base and the win's lines and their fu: a closed ron's 10, a
    tsumo's 2 unless pinfu or a replacement tile waive it by the rules."""
    if not tsumo:
        return ([_BASE, _CLOSED_RON], BASE_FU + CLOSED_RON_FU) if closed else ([_BASE], BASE_FU)
    if pinfu and not rules.pinfu_tsumo_fu:
        return [_BASE, _PINFU_TSUMO], BASE_FU
    if hand.rinshan and not rules.rinshan_tsumo_fu:
        return [_BASE, _RINSHAN_TSUMO], BASE_FU
    return [_BASE, _TSUMO], BASE_FU + TSUMO_FU


def count_fu(hand: HandShape, rules: FuRules, at: str = "", *, tsumo: bool | None = None) -> FuResult:
    """Count the fu of ``hand``. ``tsumo`` defaults to the hand's own flag (a
    :class:`RiichiHand`); a settlement passes what its ``win`` says. ``at``
    prefixes error pointers when the hand is nested in a larger request
    (``/hand``)."""
    if tsumo is None:
        tsumo = hand.tsumo if isinstance(hand, RiichiHand) else False
    if hand.rinshan or hand.seven_pairs or len(hand.melds) != MAX_MELDS:
        _check_shape(hand, tsumo, at)  # only these can fail its checks
    if hand.seven_pairs:
        return FuResult(fu=SEVEN_PAIRS_FU, raw_fu=SEVEN_PAIRS_FU, items=[_SEVEN_PAIRS], closed=True, pinfu=False, rules=rules)

    meld_items, meld_fu, closed, marked, concealed_sequences = _meld_lines(hand.melds)
    pair = hand.pair
    wait = hand.wait
    # The meld the winning tile completed, after checking the marks and the
    # wait against the melds: without a mark only these waits can fail the
    # checks or name a triplet.
    if marked or wait == "shanpon" or (not concealed_sequences and wait in SEQUENCE_WAITS):
        meld_fu += _ron_triplet_fu(hand, tsumo, at, meld_items)
    # closed: every sequence is concealed
    pinfu = closed and pair == "plain" and wait == "two_sided" and concealed_sequences == MAX_MELDS

    # the lines and their sum (raw fu) together: base and win, melds, pair, wait
    items, raw = _win_lines(hand, rules, tsumo=tsumo, closed=closed, pinfu=pinfu)
    items += meld_items
    pair_item = _PAIR_ITEMS[pair, rules.double_wind_pair_fu if pair == "double_wind" else PAIR_FU[pair][1]]
    wait_item = _WAIT_ITEMS[wait]
    items.append(pair_item)
    items.append(wait_item)
    raw += meld_fu + pair_item.fu + wait_item.fu
    if not closed and raw == BASE_FU:
        items.append(_OPEN_PINFU)
        raw += OPEN_PINFU_FU
    return FuResult(fu=round_up_10(raw), raw_fu=raw, items=items, closed=closed, pinfu=pinfu, rules=rules)


# Every line a count can have, made once (items are frozen and shared between counts).
_BASE = FuItem("base", BASE_FU)
_CLOSED_RON = FuItem("closed_ron", CLOSED_RON_FU)
_TSUMO = FuItem("tsumo", TSUMO_FU)
_PINFU_TSUMO = FuItem("pinfu_tsumo", 0)
_RINSHAN_TSUMO = FuItem("rinshan_tsumo", 0)
_SEVEN_PAIRS = FuItem("seven_pairs", SEVEN_PAIRS_FU)
_OPEN_PINFU = FuItem("open_pinfu", OPEN_PINFU_FU)
_MELD_ITEMS: dict[MeldKind, tuple[tuple[tuple[FuItem, ...], ...], ...]] = {
    kind: tuple(
        tuple(tuple(FuItem(*MELD_FU[kind, open_, terminal], index) for index in range(MAX_MELDS)) for terminal in (False, True))
        for open_ in (False, True)
    )
    for kind in get_args(MeldKind)
}
"""``_MELD_ITEMS[kind][open][terminal_or_honor][index]``: a meld's line,
indexed by its flags."""
_PAIR_ITEMS: dict[tuple[PairKind, int], FuItem] = {
    (pair, fu): FuItem(code, fu) for pair, (code, default) in PAIR_FU.items() for fu in {default, *get_args(DoubleWindFu)}
}
_WAIT_ITEMS: dict[Wait, FuItem] = {wait: FuItem(code, fu) for wait, (code, fu) in WAIT_FU.items()}
