"""The stable code of each problem this ruleset states: English detail
template → snake_case code (service.core.error_codes says how codes are
kept)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "{seat} is not at a {players}-player table.": "seat_not_at_table",
    "A bettor id cannot be a seat name ({id}).": "bettor_id_is_seat",
    "Bettor id {id} is used twice.": "bettor_id_twice",
    "`singles_and_pairs` is true but `section` is `{section}`": "section_contradicts_singles_and_pairs",
}
