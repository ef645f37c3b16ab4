"""What a listing of Taiwan patterns counts as, before replacements.

Two rows of the tai tables stand for a combination of others, so a client may
list the parts or the whole:

* 門清 and 自摸 listed together are 門清自摸 (the Taiwan tai table: 胡別人打的牌時算
  1 台；自摸時改算門清自摸), as the same hand from its tiles is.
* 門清自摸 listed with a pattern whose tai already hold 門清 (天聽, 地聽, 地胡 …:
  :data:`service.rulesets.taiwan.value_table_yue.HOLDS_CONCEALED`) is 自摸 + 不求
  (the Taiwan tai table's 不求; the Wikibooks extract: 自摸就可以加計不求。自摸2台).
  Under the tai table's presets 地胡 then replaces the 不求 (the table counts
  不求 only after a declared 天聽 or 地聽): :data:`service.rulesets.taiwan.value_table.REPLACEMENTS`.

Each counted entry keeps the codes it was listed as (``from_listed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from service.rulesets.taiwan.value_table_yue import HOLDS_CONCEALED

Entry = tuple[Any, tuple[str, ...]]
"""A pattern to count, and the listed codes it stands for (empty: itself)."""


def as_counted(patterns: Sequence[Any], preset: str, make: Callable[[str], Any]) -> list[Entry]:
    """The patterns as they are counted (``make(code)`` builds a pattern of count 1)."""
    codes = {pattern.code for pattern in patterns}
    held = bool(HOLDS_CONCEALED[preset] & codes)
    if "concealed_self_draw" in codes and held:
        return _split_concealed_self_draw(patterns, codes, make)
    if {"concealed", "self_draw"} <= codes and not ({"concealed_self_draw", "heavenly_win"} & codes) and not held:
        return _merge_concealed_self_draw(patterns, make)
    return [(pattern, ()) for pattern in patterns]


def _split_concealed_self_draw(patterns: Sequence[Any], codes: set[str], make: Callable[[str], Any]) -> list[Entry]:
    out: list[Entry] = []
    for pattern in patterns:
        if pattern.code != "concealed_self_draw":
            out.append((pattern, ()))
            continue
        out += [(make(code), ("concealed_self_draw",)) for code in ("self_draw", "unaided") if code not in codes]
    return out


def _merge_concealed_self_draw(patterns: Sequence[Any], make: Callable[[str], Any]) -> list[Entry]:
    out: list[Entry] = []
    for pattern in patterns:
        if pattern.code == "concealed":
            out.append((make("concealed_self_draw"), ("concealed", "self_draw")))
        elif pattern.code != "self_draw":
            out.append((pattern, ()))
    return out
