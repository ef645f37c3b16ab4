"""The stable code of every problem the engine core states (a 422's rule,
a value the core checks while decoding): English detail template →
snake_case code. Each ruleset lists its own in its package
(``Ruleset.error_codes``); the registry assembles them with these.

A code never changes once published (docs/api.md, "Error codes"): a detail
may be reworded, its code stays. tests/api/test_error_codes.py fails on
every engine template in service/ without a code, so a new rule cannot ship
without one. Templates that state one rule in different words may share a
code (``tile_count``).
"""

from __future__ import annotations

from service.core.errors import template

GENERIC_CODE = "rule_violation"
"""The code of a 422 problem whose template has none (never, while the test passes)."""

CODES: dict[str, str] = {
    template("`{code}` and `{other}` cannot be declared together: {reason}."): "cannot_go_together",
    template("`{other}` contradicts `{code}` (at {at})."): "contradicts",
    template("The request breaks a rule of the game"): "rule_broken",
    template("`type` must be `win` (or left out), `draw` or `abort`"): "game_hand_type",
    template("`type` must be `win` (or left out), `draw`, `abort` or `chombo`"): "game_hand_type",
    template("The game ended with hand {last} (counting from 0): no hand can follow it."): "game_over",
    template("{seat} is not at this table."): "seat_not_at_table",
    template("Invalid field `{field}`: must be a finite number"): "wrong_type",
    template("Invalid field `{field}`: must be between {minimum} and {maximum}"): "out_of_range",
    template("Invalid field `{field}`: must be 0 or at least {smallest}"): "out_of_range",
    template("Invalid field `{field}`: at most {digits} significant digits"): "too_many_digits",
    template("Invalid field `{field}`: at most {places} decimal places"): "too_many_decimal_places",
    template(
        "Unexpected `{character}` at character {position} of field `{field}`: tiles are digits followed by m, p, s or z"
    ): "tile_notation_character",
    template(
        "Digits without a suit letter at the end of field `{field}` (character {position}): write them followed by m, p, s or z"
    ): "tile_notation_no_suit",
    template("Suit letter `{character}` without digits before it at character {position} of field `{field}`"): "tile_notation_no_digits",
    template("There is no honour `{digit}z` (character {position} of field `{field}`): honours are 1z to 7z"): "tile_notation_honour",
    template("A red five (`0{suit}`, character {position} of field `{field}`) exists only in riichi"): "red_five_not_played",
    template("Bonus tile `{flower}` is listed twice: each flower and season exists once"): "bonus_tile_twice",
    template("Bonus tile `{flower}` is listed twice; each exists once"): "bonus_tile_twice",
    template("`{flag}` is a self-drawn win, but `win` is a discard"): "flag_needs_self_draw",
    template("A first-turn win (`blessing`) cannot be on the wall's last tile (`last_tile`)"): "blessing_last_tile",
    template("The discarder cannot be the winner."): "discarder_is_winner",
    template("More than four `{tile}` in the hand"): "tile_count",
    template("`after_kong` is a win on a kong's replacement tile: a self-draw, but `win` is a discard"): "after_kong_discard",
    template("`after_kong` needs a kong among the melds"): "no_kong",
    template("`robbing_kong` is a win on another player's tile, but `win` is a self-draw"): "robbing_self_draw",
    template(
        "A robbed kong's tile is the fourth `{tile}`: the robbed pung holds the other three, so the hand can hold no other"
    ): "robbed_tile_held",
    template("Only one red five `0{suit}` exists"): "red_twice",
    template("A hand with {melds} melds needs {needed} concealed tiles, not {got}"): "concealed_tile_count",
    template("The winning tile `{tile}` is not among the concealed tiles"): "win_not_in_hand",
    template("`{tiles}` is not a {kind}"): "not_a_meld",
    template("Only a kong can be concealed among the melds"): "concealed_not_kong",
}
