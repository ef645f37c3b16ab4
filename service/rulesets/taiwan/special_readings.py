"""Readings of the Wikibooks extract's special hands (:mod:`service.rulesets.taiwan.special_hands`)
for the tiles evaluator: each shape as one reading, with the patterns it
lists and what it adds (嚦咕嚦咕: 其中刻子如果係有價字牌，台數加計。如符合獨聽、
湊一色、清一色、字一色牌型都可以加計).

Only the preset `yue_wikibooks` scores these shapes; under any other preset
such tiles are not a complete hand.
"""

from __future__ import annotations

from service.core.readings import Reading, suits_and_honours
from service.core.seats import Seat
from service.core.tiles import DRAGONS, HONOURS, WIND_OF_SEAT, Hand
from service.rulesets.taiwan.special_hands import SEVEN_PAIRS_AND_PUNG, pung_of_seven_pairs, special_codes, special_waits
from service.rulesets.taiwan.value_table_yue import YUE

Listed = list[tuple[str, int]]


def special_readings(hand: Hand, preset: str) -> list[tuple[Reading, Listed]]:
    """Each special shape the concealed tiles make (no melds), as a reading and its patterns."""
    if preset != YUE or hand.melds:
        return []
    codes = special_codes(hand.counts)
    if not codes:
        return []
    found: list[tuple[Reading, Listed]] = []
    if SEVEN_PAIRS_AND_PUNG in codes:
        # 4歸2 … 哩咕哩咕亦得: four of a tile as two pairs
        spread = [("four_in_two", 1)] if 4 in hand.counts else []
        found.append((_reading(SEVEN_PAIRS_AND_PUNG), [(SEVEN_PAIRS_AND_PUNG, 1), *spread]))
    others = [code for code in codes if code != SEVEN_PAIRS_AND_PUNG]
    if others:
        found.append((_reading(others[0]), [(code, 1) for code in others]))
    return found


def _reading(code: str) -> Reading:
    return Reading(groups=(), pair=None, shape=None, split=None, special=code)


def special_hand_waits(hand: Hand) -> list[int]:
    """The tiles that would have completed a special shape before the winning tile."""
    before = list(hand.counts)
    before[hand.win_tile] -= 1
    return special_waits(before, before)


def special_extras(reading: Reading, hand: Hand, wind: Seat, round_wind: Seat, waits: list[int]) -> Listed:
    """What a special reading adds: its pung's honour tai, the flush rows, a one-tile wait."""
    out: Listed = []
    pung = pung_of_seven_pairs(hand.counts) if reading.special == SEVEN_PAIRS_AND_PUNG else _orphans_pung(hand)
    if pung is not None and pung >= HONOURS:
        out += _honour_pung(pung, wind, round_wind)
    suits, honours = suits_and_honours(hand.counts)
    if len(suits) == 1:
        out.append(("half_flush" if honours else "full_flush", 1))
    elif not suits:
        out.append(("all_honours", 1))
    if len(waits) == 1:
        out.append(("pair_wait" if hand.counts[hand.win_tile] in (2, 4) else "single_wait", 1))
    return out


def _orphans_pung(hand: Hand) -> int | None:
    """The pung of a 13么 hand with one (a tile held three or four times)."""
    return next((tile for tile, n in enumerate(hand.counts) if n >= 3), None)


def _honour_pung(tile: int, wind: Seat, round_wind: Seat) -> Listed:
    if tile in DRAGONS:
        return [("dragon_pung", 1)]
    out: Listed = []
    if tile == WIND_OF_SEAT[round_wind]:
        out.append(("round_wind", 1))
    if tile == WIND_OF_SEAT[wind]:
        out.append(("seat_wind", 1))
    return out
