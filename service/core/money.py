"""The one money type: exact decimals.

Every amount the service computes is a :class:`decimal.Decimal` produced by the
helpers here, under a context that *traps* inexact results: a division that
would need rounding raises instead of silently losing a cent. Rounding happens
only where a ruleset says so, in that ruleset's own whole-number arithmetic
(a ruleset that rounds each payment up to 100 does so in integer points
before the amount becomes money).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from decimal import (
    Context,
    Decimal,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    getcontext,
    setcontext,
)
from typing import Any, ParamSpec, TypeVar, overload

import msgspec

from service.core.errors import template

# 50 significant digits: a decimal input has at most MAX_INPUT_DIGITS
# significant digits and lies in 0 or SMALLEST_NONZERO..1000000, so it spans at
# most 30 digits (10^6 down to 10^-23), and no ruleset multiplies it by more
# than ~10 digits or adds more than a few of them: every product and sum is
# exact. Inexact is trapped to prove it.
CONTEXT = Context(prec=50, traps=[Inexact, InvalidOperation, Overflow, DivisionByZero])

ZERO = Decimal(0)
ONE = Decimal(1)
MAX_INPUT_DIGITS = 20
MAX_DECIMAL_PLACES = 6
"""The most decimal places an input amount may have (trailing zeros aside):
more is a client's float noise (``0.1 + 0.2`` is ``0.30000000000000004``),
refused rather than settled as if meant."""
SMALLEST_NONZERO = Decimal("0.0001")
"""The smallest nonzero magnitude a decimal input may have (point_value's
minimum). Without it an amount like 7.8E-48 passes a 0–1000000 range and
its sum with 100 needs more digits than :data:`CONTEXT` carries."""

_P = ParamSpec("_P")
_R = TypeVar("_R")


def exact(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run an engine entry point under :data:`CONTEXT`, so that plain
    operators (``a * b``, ``v / 4``) are exact and an inexact result raises
    instead of rounding. The engine entry points that compute with fractions
    of a stake are decorated with it; those that settle in integer minor
    units need no context. The service itself sets :data:`CONTEXT` once per
    worker (:func:`use_exact_context`), so under HTTP the wrapper only
    checks and calls."""

    @functools.wraps(function)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        # swap the thread's context in and out (a fifth of localcontext()'s
        # cost, which copies the context on every call)
        previous = getcontext()
        if previous is CONTEXT:  # nested entry point
            return function(*args, **kwargs)
        setcontext(CONTEXT)
        try:
            return function(*args, **kwargs)
        finally:
            setcontext(previous)

    return wrapper


def use_exact_context() -> None:
    """Make :data:`CONTEXT` the current decimal context (of this thread, or
    of this asyncio task: the decimal context is a context variable), so
    that :func:`exact` entry points called here skip their swap. The service
    does this once per request task, where a batch then settles every item
    without swapping; a library caller may do it in a thread of its own.
    Leave it out where other code relies on the default context (it rounds,
    :data:`CONTEXT` raises)."""
    if getcontext() is not CONTEXT:
        setcontext(CONTEXT)


def add(*values: Decimal | int) -> Decimal:
    total = ZERO
    for value in values:
        total = total + value
    return total


@overload
def mul(a: Decimal, b: Decimal | int) -> Decimal: ...
@overload
def mul(a: int, b: Decimal) -> Decimal: ...
def mul(a: Decimal | int, b: Decimal | int) -> Decimal | int:
    """``a × b``, one of them a Decimal (so the product is one)."""
    return a * b


def clean(value: Decimal) -> Decimal:
    """The canonical form for output: integers without exponent or trailing
    zeros (``8``, not ``8.00`` or ``8E+0``), fractions without trailing zeros
    (``2.4``, not ``2.40``), and never ``-0``."""
    if not value:
        return ZERO
    text = str(value)
    if "E" in text or (text[-1] == "0" and "." in text):
        if value == value.to_integral_value():
            return value.quantize(ONE, context=CONTEXT)
        return value.normalize(CONTEXT)
    return value


NOT_FINITE = template("Invalid field `{field}`: must be a finite number")
OUT_OF_RANGE = template("Invalid field `{field}`: must be between {minimum} and {maximum}")
TOO_SMALL = template("Invalid field `{field}`: must be 0 or at least {smallest}")
TOO_MANY_DIGITS = template("Invalid field `{field}`: at most {digits} significant digits")
TOO_MANY_PLACES = template("Invalid field `{field}`: at most {places} decimal places")
DECIMAL_MESSAGES: tuple[str, ...] = (NOT_FINITE, OUT_OF_RANGE, TOO_SMALL, TOO_MANY_DIGITS, TOO_MANY_PLACES)
"""The sentences :func:`check_decimal` raises (msgspec reports them as 400s;
the API words them in the request's language)."""


def check_decimal(value: Decimal, name: str, *, minimum: Decimal, maximum: Decimal) -> None:
    """Validate a decimal request field in a struct's ``__post_init__``.

    msgspec cannot put bounds on Decimal fields, so they are checked here and
    published in the schema through :func:`decimal_meta`. The error message
    names the field, which the API layer turns into a JSON pointer.
    """
    if not value.is_finite():
        raise ValueError(NOT_FINITE.format(field=name))
    if value < minimum or value > maximum:
        raise ValueError(OUT_OF_RANGE.format(field=name, minimum=minimum, maximum=maximum))
    if value and value.copy_abs() < SMALLEST_NONZERO:
        raise ValueError(TOO_SMALL.format(field=name, smallest=SMALLEST_NONZERO))
    if len(value.as_tuple().digits) > MAX_INPUT_DIGITS:
        raise ValueError(TOO_MANY_DIGITS.format(field=name, digits=MAX_INPUT_DIGITS))
    if places(value) > MAX_DECIMAL_PLACES:
        raise ValueError(TOO_MANY_PLACES.format(field=name, places=MAX_DECIMAL_PLACES))


def places(value: Decimal) -> int:
    """The decimal places of a finite ``value`` without its trailing zeros
    (``0.30`` has 1, ``1E+2`` none)."""
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int) or exponent >= 0:
        return 0
    return max(0, -int(value.normalize(CONTEXT).as_tuple().exponent))


class ExactNumber(Decimal):
    """The type of decimal request fields. msgspec would also accept a JSON
    *string* for a plain Decimal field ("1" as point value); this subclass is
    decoded through :func:`dec_hook`, which takes JSON numbers only, kept exact
    (``float_hook=Decimal``: 0.1 is Decimal("0.1"), never a float)."""

    __slots__ = ()


def dec_hook(type_: type, value: Any) -> Any:
    """msgspec decode hook for :class:`ExactNumber` (JSON numbers only)."""
    if type_ is ExactNumber:
        if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
            return ExactNumber(value)
        if isinstance(value, float):  # only from msgspec.convert of Python objects
            return ExactNumber(repr(value))
        raise TypeError("Expected `number`")
    raise NotImplementedError(f"no decoder for {type_!r}")


class DecimalTexts(dict[Decimal, msgspec.Raw]):
    """The JSON text of each decimal value, in canonical form (:func:`clean`),
    worked out once per value.

    The encoder writes every Decimal through :data:`DECIMAL_TEXTS` (msgspec's
    ``decimal_format`` callable), which costs less than msgspec's own
    ``"number"`` format (docs/performance.md). Keys compare by value, so
    ``8``, ``8.00`` and ``8E+0`` share the text ``8``: output is canonical
    whichever form reached the encoder. At most :attr:`limit` values are
    kept; the table is emptied when full, so no input can grow it."""

    limit = 4096

    def __missing__(self, value: Decimal) -> msgspec.Raw:
        if not isinstance(value, Decimal):  # as the encoder's enc_hook (see there)
            raise NotImplementedError(f"cannot encode {type(value)!r}")
        if not value.is_finite():
            raise ValueError(f"cannot encode a non-finite decimal as a JSON number: {value!r}")
        text = msgspec.Raw(str(clean(value)).encode())
        if len(self) >= self.limit:
            self.clear()
        self[value] = text
        return text


DECIMAL_TEXTS = DecimalTexts()


class WholeDecimals(dict[int, Decimal]):
    """``POINTS[n]`` is ``Decimal(n)``, made once per value: a ruleset that
    works in whole points (3900, 1000, 300) turns each into the money type;
    ``Decimal(n)`` parses its arguments on every call. Bounded like
    :class:`DecimalTexts`."""

    limit = 4096

    def __missing__(self, value: int) -> Decimal:
        number = Decimal(value)
        if len(self) >= self.limit:
            self.clear()
        self[value] = number
        return number


POINTS = WholeDecimals()


class Amounts(dict[int, Decimal]):
    """Whole points → money at one point value, each figure multiplied and
    put in canonical form once: made per settlement by an engine that adds
    up whole points (MCR, NMJL), so a figure that recurs is one object. At
    the default point value (1) the shared :data:`POINTS` serve instead: the
    same figures, made once per process. (Hong Kong and Taiwan, whose shares
    are fractions of a point, count in :data:`MINOR_UNITS` instead.)"""

    __slots__ = ("point_value",)

    def __init__(self, point_value: Decimal) -> None:  # empty from dict.__new__: no dict.__init__ needed
        self.point_value = point_value

    def __missing__(self, points: int) -> Decimal:
        # a canonical amount negated is canonical: a payer's delta is its payment's
        amount = self[points] = -self[-points] if points < 0 else clean(points * self.point_value)
        return amount


class Fractions(dict[int, Decimal]):
    """``table[n]`` is ``n / denominator`` in canonical form (:func:`clean`),
    made once per value: an engine that computes in integer minor units
    (quarter points, cents) turns each amount into the money type with one
    lookup, and equal amounts share one object (whose hash the encoder then
    finds cached). The denominator is a product of 2s and 5s, so every
    value is an exact decimal. Bounded like :class:`DecimalTexts`."""

    limit = 4096

    def __init__(self, denominator: int) -> None:
        super().__init__()
        self.denominator = denominator

    def __missing__(self, n: int) -> Decimal:
        number = clean(CONTEXT.divide(Decimal(n), self.denominator))
        if len(self) >= self.limit:
            self.clear()
        self[n] = number
        return number


class MinorUnits(dict[int, Fractions]):
    """``MINOR_UNITS[d]`` is the :class:`Fractions` table of amounts counted
    in units of ``1 / d``. Bounded: a table per denominator, at most
    :attr:`limit` denominators."""

    limit = 64

    def __missing__(self, denominator: int) -> Fractions:
        table = Fractions(denominator)
        if len(self) >= self.limit:
            self.clear()
        self[denominator] = table
        return table


MINOR_UNITS = MinorUnits()


class Ratios(dict[Decimal, tuple[int, int]]):
    """``RATIOS[value]`` is ``value.as_integer_ratio()``: a decimal input (a
    point value, a base) as ``numerator / denominator``, the denominator a
    product of 2s and 5s, for integer arithmetic. Looked up by value (the
    hash is kept on the Decimal, so the encoder's later look-up of the same
    object is free); bounded like :class:`DecimalTexts`."""

    limit = 4096

    def __missing__(self, value: Decimal) -> tuple[int, int]:
        ratio = value.as_integer_ratio()
        if len(self) >= self.limit:
            self.clear()
        self[value] = ratio
        return ratio


RATIOS = Ratios()


enc_hook: Callable[[Any], Any] = DECIMAL_TEXTS.__getitem__
"""msgspec encode hook: an echoed :class:`ExactNumber` (a Decimal subclass,
which msgspec hands here rather than to ``decimal_format``) is written like
any Decimal; any other type is refused (``DecimalTexts.__missing__``). A
bound dict method, called without a Python frame (docs/performance.md)."""


def decimal_meta(*, minimum: Decimal, maximum: Decimal, description: str, examples: list[float]) -> msgspec.Meta:
    """What to annotate a bounded decimal request field (JSON number) with:
    ``Annotated[ExactNumber, decimal_meta(...)]``. With a minimum below
    :data:`SMALLEST_NONZERO` the schema also excludes the magnitudes between
    0 and it (``not``), as :func:`check_decimal` does."""
    schema: dict[str, object] = {"minimum": float(minimum), "maximum": float(maximum)}
    bounds = f"{minimum}–{maximum}"
    if minimum < SMALLEST_NONZERO:
        if minimum != 0:
            raise ValueError("a decimal field's range is 0 or starts at SMALLEST_NONZERO")
        schema["not"] = {"exclusiveMinimum": 0, "exclusiveMaximum": float(SMALLEST_NONZERO)}
        bounds = f"0 or {SMALLEST_NONZERO}–{maximum}"
    return msgspec.Meta(
        description=f"{description} Exact decimal, {bounds}, at most {MAX_INPUT_DIGITS} significant digits and {MAX_DECIMAL_PLACES} decimal places.",
        examples=examples,
        extra_json_schema=schema,
    )


POINT_VALUE_MIN = Decimal("0.0001")
POINT_VALUE_MAX = Decimal(1_000_000)


def point_value_meta(description: str, examples: list[float]) -> msgspec.Meta:
    """The bounds of `rules.point_value`, shared by the rulesets that multiply
    table points by a money value (Hong Kong, MCR, NMJL):
    ``Annotated[ExactNumber, point_value_meta(...)]``."""
    return decimal_meta(minimum=POINT_VALUE_MIN, maximum=POINT_VALUE_MAX, description=description, examples=examples)


POINT_VALUE_DEFAULT = ExactNumber(1)
"""The default `rules.point_value` (one object: a request that leaves it out
shares it, and it is known to be valid)."""


def check_point_value(value: Decimal) -> None:
    if value is not POINT_VALUE_DEFAULT:
        check_decimal(value, "point_value", minimum=POINT_VALUE_MIN, maximum=POINT_VALUE_MAX)
