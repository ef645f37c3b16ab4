"""Hypothesis strategies several rulesets' tests share."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

SEATS = ["east", "south", "west", "north"]


def tile_text(tile: int) -> str:
    """A tile index 0–33 (characters, dots, bamboo, honours) as MPSZ: ``0`` → ``1m``."""
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


@st.composite
def sets_and_pair(draw: st.DrawFn, sets: int) -> dict[str, Any]:
    """A complete hand of ``sets`` sets and a pair (4 for Hong Kong, 5 for
    Taiwan's 16 tiles), no tile more than four times: some sets called (a
    kong always: melded or concealed), a winning tile among the concealed
    ones. The ``tiles`` part of a hands request without flowers or winds."""
    used = [0] * 34
    concealed: list[int] = []
    melds: list[dict[str, Any]] = []
    pair = draw(st.integers(0, 33))
    used[pair] += 2
    concealed += [pair, pair]
    for _ in range(sets):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        if kind == "chow":
            first = draw(st.sampled_from([t for t in range(27) if t % 9 <= 6]))
            tiles = [first, first + 1, first + 2]
        else:
            first = draw(st.integers(0, 33))
            tiles = [first] * (3 if kind == "pung" else 4)
        if any(used[t] + tiles.count(t) > 4 for t in set(tiles)):
            # a fifth copy: a pung of the first tile not used yet instead
            first = next(t for t in range(34) if used[t] == 0)
            tiles, kind = [first] * 3, "pung"
        for tile in tiles:
            used[tile] += 1
        if kind == "kong" or draw(st.booleans()):
            text = "".join(str(t % 9 + 1) for t in tiles) + "mpsz"[tiles[0] // 9]
            melds.append({"kind": kind, "tiles": text, "concealed": kind == "kong" and draw(st.booleans())})
        else:
            concealed += tiles
    return {
        "concealed": "".join(tile_text(t) for t in sorted(concealed)),
        "melds": melds,
        "win_tile": tile_text(draw(st.sampled_from(concealed))),
    }
