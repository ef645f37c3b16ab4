"""Rule options read from the rules Structs themselves.

A house rule is one field of one rules Struct: its name, type, allowed values,
bounds and default are the field's, and its meaning is the first line of the
field's `msgspec.Meta` description. `GET /v1/rulesets`, the GET table
endpoints' query parameters and the rule-options reference (`docs/rules.md`)
are all read through :func:`options_of`, so none of them restates a rule."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, get_type_hints

import msgspec

from service.core.money import clean

OptionType = Literal["string", "integer", "number", "boolean", "array"]


@dataclass(frozen=True)
class Option:
    """One field of a rules Struct, as a client sees it."""

    name: str
    type: OptionType
    default: Any
    """The field's default; None when it has none (or is filled in per request)."""
    description: str
    """The field's whole schema description."""
    annotation: Any
    """The field's annotation as declared (with its `msgspec.Meta`)."""
    values: tuple[Any, ...] | None = None
    minimum: Decimal | None = None
    """The smallest value (of each item, for an array)."""
    maximum: Decimal | None = None
    min_items: int | None = None
    """An array's fewest items."""
    max_items: int | None = None
    """An array's most items."""

    @property
    def meaning(self) -> str:
        """The one-line meaning: the description's first line."""
        return self.description.strip().split("\n")[0] if self.description else ""


def _bound(value: Any) -> Decimal | None:
    return None if value is None else clean(Decimal(str(value)))


def _low(info: msgspec.inspect.IntType) -> int | None:
    return info.ge if info.ge is not None else (info.gt + 1 if info.gt is not None else None)


def _high(info: msgspec.inspect.IntType) -> int | None:
    return info.le if info.le is not None else (info.lt - 1 if info.lt is not None else None)


def _option(field: msgspec.inspect.Field, annotation: Any) -> Option:
    info = field.type
    extra: dict[str, Any] = {}
    description = ""
    if isinstance(info, msgspec.inspect.Metadata):
        extra = info.extra_json_schema or {}
        description = extra.get("description", "")
        info = info.type
    default = None if field.default in (msgspec.NODEFAULT, msgspec.UNSET) else field.default
    if field.default_factory is not msgspec.NODEFAULT:
        default = field.default_factory()
    common = {"name": field.name, "default": default, "description": description, "annotation": annotation}
    if isinstance(info, msgspec.inspect.LiteralType):
        values = tuple(info.values)
        numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
        if numbers and len(numbers) == len(values):
            bounds = (extra.get("extra") or {}) | extra
            return Option(
                type="integer",
                values=values,
                minimum=_bound(bounds.get("minimum", min(numbers))),
                maximum=_bound(bounds.get("maximum", max(numbers))),
                **common,
            )
        return Option(type="string", values=values, **common)
    if isinstance(info, msgspec.inspect.BoolType):
        return Option(type="boolean", **common)
    if isinstance(info, msgspec.inspect.IntType):
        return Option(type="integer", minimum=_bound(_low(info)), maximum=_bound(_high(info)), **common)
    if isinstance(info, msgspec.inspect.ListType) and isinstance(info.item_type, msgspec.inspect.IntType):
        item = info.item_type
        return Option(
            type="array",
            minimum=_bound(_low(item)),
            maximum=_bound(_high(item)),
            min_items=info.min_length,
            max_items=info.max_length,
            **common,
        )
    if isinstance(info, (msgspec.inspect.DecimalType, msgspec.inspect.CustomType)):
        return Option(type="number", minimum=_bound(extra.get("minimum")), maximum=_bound(extra.get("maximum")), **common)
    raise TypeError(
        f"rule option `{field.name}`: a rules field is a Literal, bool, bounded int, decimal or list of bounded ints, not {info!r}"
    )


def options_of(struct: type) -> tuple[Option, ...]:
    """Every field of a rules Struct as an :class:`Option`, in field order."""
    info = msgspec.inspect.type_info(struct)
    if not isinstance(info, msgspec.inspect.StructType):
        raise TypeError(f"{struct!r} is not a msgspec Struct")
    hints = get_type_hints(struct, include_extras=True)
    return tuple(_option(field, hints[field.name]) for field in info.fields)


def options_of_fields(struct: type, names: tuple[str, ...]) -> tuple[Option, ...]:
    """The named fields of a Struct (any Struct: a request's too), in the
    order given; a name the Struct lacks is a KeyError."""
    info = msgspec.inspect.type_info(struct)
    if not isinstance(info, msgspec.inspect.StructType):
        raise TypeError(f"{struct!r} is not a msgspec Struct")
    fields = {field.name: field for field in info.fields}
    hints = get_type_hints(struct, include_extras=True)
    return tuple(_option(fields[name], hints[name]) for name in names)


def _holds_struct(info: Any) -> bool:
    if isinstance(info, msgspec.inspect.Metadata):
        info = info.type
    if isinstance(info, msgspec.inspect.UnionType):
        return any(_holds_struct(member) for member in info.types)
    return isinstance(info, msgspec.inspect.StructType)


def settings_of(struct: type) -> tuple[Option, ...]:
    """The options of a Struct that also carries state (a game's setup, with
    a `resume`): every field but those holding a Struct, which are not
    options but where the game stands."""
    info = msgspec.inspect.type_info(struct)
    if not isinstance(info, msgspec.inspect.StructType):
        raise TypeError(f"{struct!r} is not a msgspec Struct")
    return options_of_fields(struct, tuple(field.name for field in info.fields if not _holds_struct(field.type)))
