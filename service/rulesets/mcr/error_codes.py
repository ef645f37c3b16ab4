"""The stable code of each problem this ruleset states: English detail
template → snake_case code (service.core.error_codes says how codes are
kept)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "Object missing required field `fan` (or send `tiles` instead)": "missing_fan_or_tiles",
    "Send either field `fan` or `tiles`, not both": "fan_and_tiles",
    "With `tiles`, the flowers go in `tiles.flowers`, not in `flowers`": "flowers_in_tiles",
    "A set has only {limit} flower and season tiles; got {flowers}.": "flower_count",
    "MCR has no 天和/地和/人和 (blessing of heaven, earth or man): they are not among its 81 fan, and the calculator this service uses has them compiled out": "mcr_no_blessing",
    "`last_of_its_kind` (和絕張) means the other three `{tile}` are in sight on the table, but the hand holds another one itself": "last_of_kind_held",
    "`{first}` and `{second}` cannot both be true": "flags_together",
    "These tiles are not a complete MCR hand (four sets and a pair, seven pairs, thirteen orphans or a knitted hand)": "not_complete",
    "The hand has the wrong number of tiles for its melds": "concealed_tile_count",
    "More than four of one tile in the hand": "tile_count",
    "A tile the calculator does not know": "unknown_tile",
    "A meld the calculator does not know": "unknown_meld",
    "A meld's claimed tile the calculator does not know": "unknown_claimed_tile",
    "The concealed tiles cannot be part of a hand": "concealed_tiles_impossible",
    "The tiles and melds cannot be one hand": "tiles_not_one_hand",
    "The calculator refused the hand ({code})": "library_refused",
    "The tiles are not a winning MCR hand": "not_winning_hand",
}
