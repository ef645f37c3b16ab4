"""The stable code of each problem this ruleset states: English detail
template → snake_case code (service.core.error_codes says how codes are
kept)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "`round_flower` (the flower of the round's number) is counted only when `rules.round_flower` is true.": "round_flower_off",
    "A hand has at most {limit} of `{code}` (counted per tile).": "pattern_count_per_tile",
    "A hand has at most {limit} of `{code}` (counted per set).": "pattern_count_per_set",
    "`{code}` is listed twice (first at {first_at}); give it once with a `count`.": "pattern_listed_twice",
    "`{code}` is counted once; `count` must be 1.": "pattern_counted_once",
    "`little_three_dragons` has two dragon pongs; with a third it is `big_three_dragons`.": "little_three_dragons_with_third",
    "The declared patterns contradict each other": "patterns_contradict",
    "Object missing required field `fan` (or send `patterns` instead)": "missing_fan_or_patterns",
    "Send either field `fan` or `patterns`, not both": "fan_and_patterns",
    "Send one of fields `fan`, `patterns` and `tiles`, not more": "fan_patterns_tiles_together",
    "`{code}` is a self-drawn win, but `win` is a discard.": "pattern_needs_self_draw",
    "`{code}` is a win on another player's tile, but `win` is a self-draw.": "pattern_needs_discard",
    "`heavenly_hand` (天胡) is the dealer's hand, but the winner is not the dealer.": "heavenly_hand_not_dealer",
    "`earthly_hand` (地胡) is won on the dealer's first discard, but the discarder is not the dealer.": "earthly_hand_discarder_not_dealer",
    "The declared patterns contradict the win": "patterns_contradict_win",
    "Seven robs one (七搶一) is paid by the player robbed of the eighth flower, the discarder: `liable` must be that seat.": "seven_robs_one_liable",
    "The liable seat (包) cannot be the winner.": "liable_is_winner",
    "The tiles are not a complete hand: four sets and a pair, or thirteen orphans": "not_complete",
    "The dealer's blessing (天胡) is a self-draw with the dealt tiles, no melds": "blessing_dealer",
    "A non-dealer's blessing (地胡) is a win on the dealer's first discard, with no melds": "blessing_other",
}
