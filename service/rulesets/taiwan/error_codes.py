"""The stable code of each problem this ruleset states: English detail
template → snake_case code (service.core.error_codes says how codes are
kept)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "{pattern} is won on a discard, but win type is self_draw.": "pattern_needs_discard",
    "{pattern} is won on a self-draw, but win type is discard.": "pattern_needs_self_draw",
    "{pattern} is won on a discard but {other} (index {index}) on a self-draw.": "patterns_win_types_differ",
    "{pattern} is won on a self-draw but {other} (index {index}) on a discard.": "patterns_win_types_differ",
    "{pattern} is counted per set; a hand has at most {limit}.": "pattern_count_per_set",
    "{pattern} is counted per tile; a hand has at most {limit}.": "pattern_count_per_tile",
    "{pattern} is listed twice (also at index {index}); list each pattern once, with a count.": "pattern_listed_twice",
    "{pattern} is counted once per hand: its count must be 1.": "pattern_counted_once",
    "A hand has five sets: at most {limit} kongs in all.": "kong_count",
    "宅神爺 scores all_chows only for a hand that is not concealed (3（手牌不能門清）).": "all_chows_concealed",
    "Eight immortals (八仙過海) is paid by all three: send win type self_draw.": "eight_immortals_self_draw",
    "Robbing a kong (搶槓) is a discard by the player who added to the kong: send win type discard with that discarder.": "robbing_kong_discard",
    "Seven robs one (七搶一) is paid by the player robbed: send win type discard with that player as discarder.": "seven_robs_one_discarder",
    "{pattern} is a dealer's win; the winner is not the dealer.": "pattern_needs_dealer",
    "{pattern} is a non-dealer's win; the winner is the dealer.": "pattern_needs_non_dealer",
    "special is {special} but patterns do not list {names}.": "special_not_in_patterns",
    "Send exactly one of tai, patterns and tiles.": "tai_patterns_tiles_together",
    "Send exactly one of tai and patterns.": "tai_and_patterns",
    "Send tai or patterns (exactly one of them).": "missing_tai_or_patterns",
    "special is {special} but the tiles do not show {names}.": "special_not_in_tiles",
    "The tiles are not a complete hand: five sets and a pair": "not_complete",
    "A first-turn win (天胡, 地胡, 人胡) has no melds and no replacement tile": "blessing_melds",
    "The dealer's first-turn win (天胡) is a self-draw": "blessing_dealer_discard",
    "`{code}` follows from the tiles, the win or the flags; `context` takes only {codes}": "context_from_tiles",
    "`{code}` is listed twice in `context`": "context_twice",
    "`{code}` is declared with a concealed hand, but the hand has called melds": "ready_open",
    "A hand declares heavenly ready (天聽) or earthly ready (地聽), not both": "ready_both",
    "`{code}` is a self-drawn win on the replacement for the last of {kongs} kongs declared in a row: send `after_kong` and {kongs} kongs": "bloom_needs_kongs",
    "`flower_win_from_deal` (配牌花胡) needs all eight bonus tiles in `flowers`": "from_deal_needs_flowers",
}
