"""Query parameters of the GET table endpoints, taken from the rules Structs.

A table endpoint declares which rules it is computed under; this module
builds the handler's signature from those Structs' fields, so each query
parameter has the field's name, type, bounds, default and description, and
the handler receives the rules Struct itself::

    @get("/points-table", ...)
    @rules_query(rules=Rules(TableRules))
    def points_table(self, rules: TableRules) -> Response[PointsTable]: ...

Litestar parses and checks each parameter as it does any query parameter (a
bad value is a 400 naming it); the Struct is then built as a request's
`rules` would be, so the Struct's own checks (`__post_init__`) apply too."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar, get_type_hints

from litestar.params import Parameter

from service.api.responses import rules_from_query
from service.core.options import Option, options_of, options_of_fields

F = TypeVar("F", bound=Callable[..., Any])

QUERY_SOURCES = "__rules_query__"
"""Attribute of a generated handler: its parameter name → source."""


@dataclass(frozen=True)
class Rules:
    """The handler receives this rules Struct, built from the query: from
    every field, or from `fields` only (the others keep their defaults)."""

    struct: type
    fields: tuple[str, ...] | None = None

    def __init__(self, struct: type, *fields: str) -> None:
        object.__setattr__(self, "struct", struct)
        object.__setattr__(self, "fields", fields or None)

    def options(self) -> tuple[Option, ...]:
        return options_of(self.struct) if self.fields is None else options_of_fields(self.struct, self.fields)

    def build(self, values: dict[str, Any]) -> Any:
        return rules_from_query(self.struct, **values)


@dataclass(frozen=True)
class Value:
    """The handler receives one field's value as it is (a request field that
    is not a rule, e.g. a score table's number of players)."""

    struct: type
    field: str

    def options(self) -> tuple[Option, ...]:
        return options_of_fields(self.struct, (self.field,))

    def build(self, values: dict[str, Any]) -> Any:
        return values[self.field]


Source = Rules | Value


def parameter(option: Option) -> inspect.Parameter:
    """A keyword-only query parameter for one rules field: its annotation
    (with the field's own `msgspec.Meta`) plus the bounds and description
    litestar publishes in the OpenAPI document."""
    description = option.description or None
    low = None if option.type != "integer" or option.minimum is None else int(option.minimum)
    high = None if option.type != "integer" or option.maximum is None else int(option.maximum)
    # A decimal field's bounds are in its annotation's schema and checked by
    # the Struct, as in a request body; an integer Literal (`players: 3 | 4`)
    # is checked as an enum, its bounds only published.
    if option.values is not None:
        extra = {key: value for key, value in (("minimum", low), ("maximum", high)) if value is not None}
        kwarg = Parameter(description=description, schema_extra=extra or None)
    else:
        kwarg = Parameter(description=description, ge=low, le=high)
    if option.default is None:
        raise ValueError(f"query parameter `{option.name}`: a table's rules field needs a default")
    default = option.default
    return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[option.annotation, kwarg])


def rules_query(**sources: Source) -> Callable[[F], F]:
    """Give a table handler one query parameter per field of its sources and
    call it with each source built (keyword: the source's name)."""

    def decorate(handler: F) -> F:
        plan = [(name, source, tuple(option.name for option in source.options())) for name, source in sources.items()]
        parameters = [parameter(option) for source in sources.values() for option in source.options()]
        names = [p.name for p in parameters]
        if len(set(names)) != len(names):
            raise ValueError(f"{handler.__qualname__}: two sources give the same query parameter ({names})")
        hints = get_type_hints(handler, include_extras=True)
        # a Controller's method keeps its `self`
        own = [p for p in list(inspect.signature(handler).parameters.values())[:1] if p.name == "self"]

        def table(*self: Any, **query: Any) -> Any:
            built = {name: source.build({field: query[field] for field in fields}) for name, source, fields in plan}
            return handler(*self, **built)

        table.__name__ = handler.__name__
        table.__qualname__ = handler.__qualname__
        table.__module__ = handler.__module__
        table.__doc__ = handler.__doc__
        table.__signature__ = inspect.Signature([*own, *parameters], return_annotation=hints["return"])  # type: ignore[attr-defined]
        table.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": hints["return"]}
        setattr(table, QUERY_SOURCES, dict(sources))
        return table  # type: ignore[return-value]

    return decorate
