"""The one money type: exact decimals, canonical output, inexact results trapped."""

from __future__ import annotations

from decimal import Decimal, Inexact

import pytest

from service.engine.money import ceil_to, clean, div, exact


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Decimal("8.00"), "8"),
        (Decimal("8E+1"), "80"),
        (Decimal("2.40"), "2.4"),
        (Decimal("-0"), "0"),
        (Decimal("-0.00"), "0"),
        (Decimal("0.25"), "0.25"),
        (Decimal("-12.50"), "-12.5"),
        (Decimal("3900"), "3900"),
    ],
)
def test_clean_gives_the_canonical_text(value, text) -> None:
    assert str(clean(value)) == text
    assert clean(value) == value


def test_point_one_times_24_is_exactly_2_4() -> None:
    @exact
    def product() -> Decimal:
        return 24 * Decimal("0.1")

    assert product() == Decimal("2.4")
    assert str(product()) == "2.4"


def test_inexact_division_raises_under_exact() -> None:
    @exact
    def third() -> Decimal:
        return div(Decimal(1), 3)

    with pytest.raises(Inexact):
        third()


@pytest.mark.parametrize(("value", "rounded"), [(3840, 3900), (3900, 3900), (960, 1000), (1, 100), (5760, 5800), (0, 0)])
def test_ceil_to_hundred(value, rounded) -> None:
    # seed 000: 4 × 960 = 3,840 → 3,900; 6 × 960 = 5,760 → 5,800
    assert exact(ceil_to)(Decimal(value), 100) == Decimal(rounded)
