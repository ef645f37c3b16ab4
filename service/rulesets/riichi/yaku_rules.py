"""Riichi table options for counting yaku: the local options of the Wikibooks
extract (雙倍役滿 single or double, 人和's value, 喰いタン, red fives) and the
table's limits of a count (複合役滿, 累計役滿 or sanbaiman, 累計雙倍役滿), shared
by the han count (`yaku_options`, `rules`) and the settlement's `rules`.

Sources: the Wikibooks extract, section 日本麻雀計番 (可以設定大四喜為單倍役滿;
亦可以設定人胡為跳滿，倍滿，三倍滿或役滿), the riichi scoring article (複合役滿 例五;
地方變異: 有無累計役滿…雙倍役滿、複合役滿、累計雙倍役滿等), the EMA rules (kazoe
sanbaiman).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Protocol

import msgspec

from service.core.errors import FieldProblem, RuleViolation, template
from service.core.fields import OrUnset

RenhouRule = Literal["mangan", "haneman", "baiman", "sanbaiman", "yakuman", "off"]
Kazoe = Literal["yakuman", "sanbaiman"]

MultipleYakuman = Annotated[
    bool,
    msgspec.Meta(
        description="複合役滿: several yakuman add up, k yakuman paying k × 8000 basic points (true), or any yakuman hand counts as one (false; the riichi scoring article 例五)."
    ),
]
"""The `multiple_yakuman` rule, shared by the settlement's `rules` and the han count's."""

KazoeRule = Annotated[
    Kazoe,
    msgspec.Meta(description="13 han and more: `yakuman` (累計役滿, default) or `sanbaiman` (EMA rules)."),
]
"""The `kazoe` rule, shared by the settlement's `rules` and the han count's."""

KazoeDouble = Annotated[
    bool,
    msgspec.Meta(
        description=(
            "累計雙倍役滿: 26 han and more counted is a double yakuman, 16,000 basic points (default false; with `kazoe` `yakuman` only).\n"
            "The riichi scoring article's 地方變異: 有無累計役滿…雙倍役滿、複合役滿、累計雙倍役滿等."
        )
    ),
]
"""The `kazoe_double` rule, shared by the settlement's `rules` and the han count's."""

KAZOE_DOUBLE_HAN = 26
"""Twice the 13 han of a counted yakuman: a counted double yakuman (累計雙倍役滿)."""

KAZOE_DOUBLE_SANBAIMAN = template("`kazoe_double` doubles a counted yakuman, which `kazoe` `sanbaiman` does not count: give one of them.")


def check_kazoe_double(rules: _KazoeRules) -> None:
    """`kazoe_double` with `kazoe` `sanbaiman` cannot be played (422 naming both)."""
    if rules.kazoe_double and rules.kazoe != "yakuman":
        raise RuleViolation(
            FieldProblem("/rules/kazoe_double", KAZOE_DOUBLE_SANBAIMAN), FieldProblem("/rules/kazoe", KAZOE_DOUBLE_SANBAIMAN)
        )


class _KazoeRules(Protocol):
    @property
    def kazoe(self) -> Kazoe: ...
    @property
    def kazoe_double(self) -> bool: ...


class YakuOptions(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """Local options for counting yaku (the Wikibooks extract). Every field is optional."""

    __echoed_when_sent__: ClassVar[tuple[str, ...]] = ("red_fives", "kokushi_ankan_chankan")
    """Options added later: echoed only when sent (or set by a preset)."""

    double_yakuman: Annotated[
        bool,
        msgspec.Meta(
            description="雙倍役滿: the five double yakuman count twice (true) or once (false; the Wikibooks extract: 可以設定大四喜為單倍役滿)."
        ),
    ] = True
    renhou: Annotated[
        RenhouRule,
        msgspec.Meta(
            description="人和: scored as `mangan` (the Wikibooks extract), `haneman`, `baiman`, `sanbaiman` or `yakuman` (亦可以設定人胡為跳滿，倍滿，三倍滿或役滿), or `off` (not played)."
        ),
    ] = "mangan"
    open_tanyao: Annotated[
        bool, msgspec.Meta(description="喰いタン: all simples counts with an open hand (true) or only closed (false).")
    ] = True
    red_fives: OrUnset[
        Annotated[
            bool,
            msgspec.Meta(
                description="Whether the table's tiles include red fives (赤ドラ; default true; false refuses `aka_dora` and `0m`/`0p`/`0s`)."
            ),
        ]
    ] = msgspec.UNSET  # OrUnset: echoed only when sent or set by a preset
    kokushi_ankan_chankan: OrUnset[
        Annotated[
            bool,
            msgspec.Meta(
                description=(
                    "国士無双の暗槓搶槓: whether kokushi musou may rob a concealed kan (default true; false refuses a win "
                    "that robs a concealed kan)."
                )
            ),
        ]
    ] = msgspec.UNSET  # OrUnset: echoed only when sent or set by a preset


class YakuRules(YakuOptions, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """Table options for counting yaku. Every field is optional."""

    multiple_yakuman: MultipleYakuman = True
    kazoe: KazoeRule = "yakuman"
    kazoe_double: KazoeDouble = False
