"""The one money type: exact decimals, canonical output, inexact results trapped."""

from __future__ import annotations

from decimal import Decimal, Inexact

import pytest

from service.core.money import clean, exact


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
        return Decimal(1) / 3

    with pytest.raises(Inexact):
        third()


def test_use_exact_context_is_for_the_calling_thread_only() -> None:
    """The service installs the exact context once per request task; it
    traps there (1/3 raises) and nowhere else."""
    import threading
    from decimal import getcontext

    from service.core.money import CONTEXT, use_exact_context

    seen: dict[str, object] = {}

    def worker() -> None:
        use_exact_context()
        seen["context"] = getcontext()
        try:
            Decimal(1) / 3
        except Inexact:
            seen["trapped"] = True
        seen["settled"] = exact(lambda: Decimal(12) / 4)()  # an entry point needs no swap here

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == {"context": CONTEXT, "trapped": True, "settled": Decimal(3)}
    assert getcontext() is not CONTEXT
    assert Decimal(1) / 3 == Decimal("0.3333333333333333333333333333")  # this thread still rounds


def test_the_encoder_writes_every_decimal_in_canonical_form() -> None:
    """Whatever form reaches the encoder, the JSON number is the canonical one,
    and equal values share it whichever came first."""
    from service.core.codec import ENCODER
    from service.core.money import DECIMAL_TEXTS, ExactNumber

    DECIMAL_TEXTS.clear()
    assert ENCODER.encode([Decimal("8.00"), Decimal(8), Decimal("8E+0")]) == b"[8,8,8]"
    assert ENCODER.encode([Decimal("-0.00"), Decimal("2.40"), Decimal("-12.50"), Decimal("1E+2")]) == b"[0,2.4,-12.5,100]"
    assert ENCODER.encode({"point_value": ExactNumber("0.10")}) == b'{"point_value":0.1}'  # an echoed input
    assert ENCODER.encode(Decimal("0.0001")) == b"0.0001"


def test_the_decimal_text_table_is_bounded() -> None:
    from service.core.codec import ENCODER
    from service.core.money import DECIMAL_TEXTS, DecimalTexts

    DECIMAL_TEXTS.clear()
    for n in range(DecimalTexts.limit + 500):
        value = Decimal(n) / 4
        assert ENCODER.encode(value) == str(n / 4).removesuffix(".0").encode()  # n/4 is exact in binary
        assert len(DECIMAL_TEXTS) <= DecimalTexts.limit


@pytest.mark.parametrize("value", [Decimal("NaN"), Decimal("Infinity"), Decimal("-Infinity")])
def test_a_non_finite_decimal_is_never_written_as_json(value) -> None:
    from service.core.codec import ENCODER

    with pytest.raises(ValueError, match="non-finite"):
        ENCODER.encode({"amount": value})
