"""The cap rule (封頂), written once in `paid_fan`: a fan above `fan_cap`
pays as the cap (the reference calculator: the fan is clamped to the cap,
then converted), and a limit hand (爆棚) pays the cap whatever its fan."""

from __future__ import annotations

import pytest

from service.rulesets.hongkong.counting import paid_fan


@pytest.mark.parametrize(
    ("fan", "limit_hand", "cap", "paid"),
    [
        (3, False, 10, (3, None)),  # below the cap: its own fan
        (9, False, 10, (9, None)),
        (10, False, 10, (10, "limit")),  # at the cap: tier `limit`
        (13, False, 10, (10, "limit")),  # above: pays as the cap
        (1000, False, 8, (8, "limit")),
        (0, True, 10, (10, "limit")),  # a limit hand pays the cap whatever `fan` says
        (3, True, 13, (13, "limit")),
        (0, False, 1, (0, None)),
    ],
)
def test_paid_fan(fan: int, limit_hand: bool, cap: int, paid: tuple[int, str | None]) -> None:
    assert paid_fan(fan, limit_hand, cap) == paid
