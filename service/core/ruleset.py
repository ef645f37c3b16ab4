"""What the platform needs to know of a ruleset: its names, unit, request,
result and rules types, its settle function, and its endpoints as data (path,
types, the library function, summary, description, examples). Each ruleset
package defines one (`RULESET` in its `__init__`); `service.rulesets.registry`
lists them, and the web service builds every route from them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OptionGroup:
    """A rules Struct whose fields are house rules, and where a settlement
    request carries them: `at` is the JSON Pointer of the object holding the
    fields (`/rules`, `/yaku_options`, `/hand/rules`), or "" when the
    settlement request itself inherits them as top-level fields."""

    at: str
    struct: type


@dataclass(frozen=True)
class Example:
    """A request body the OpenAPI document shows for an endpoint."""

    summary: str
    value: Any


@dataclass(frozen=True, init=False)
class QueryRules:
    """A GET endpoint's argument: this rules Struct built from the query
    parameters, one per field (or per field of `fields`; the others keep their
    defaults)."""

    struct: type
    fields: tuple[str, ...] | None

    def __init__(self, struct: type, *fields: str) -> None:
        object.__setattr__(self, "struct", struct)
        object.__setattr__(self, "fields", fields or None)


@dataclass(frozen=True)
class QueryValue:
    """A GET endpoint's argument: one request field's value, from the query
    parameter of that name (a field that is not a rule, e.g. the table size)."""

    struct: type
    field: str


PartReader = Callable[[bytes, Any, str], Any]
"""Reads one raw part of a body as strictly as a whole body:
``read(raw, type, pointer)``, a problem pointed under ``pointer``."""


@dataclass(frozen=True)
class Work:
    """What a request weighs against the service's work bound: ``count(request)``
    items, each weighing what the service measured for ``kind``."""

    kind: str
    count: Callable[[Any], int]


@dataclass(frozen=True)
class Endpoint:
    """One endpoint of a ruleset, ``/v1/<ruleset><path>``: a POST when it has
    a `request` body, else a GET whose arguments come from `query`."""

    path: str
    function: Callable[..., Any]
    """The library function answering it: ``function(request)`` for a POST,
    ``function(**arguments)`` for a GET (each `query` source by its name)."""
    response: type
    summary: str
    description: str
    tag: str
    """The OpenAPI tag the operation is listed under."""
    request: type | None = None
    examples: tuple[Example, ...] = ()
    query: tuple[tuple[str, QueryRules | QueryValue], ...] = ()
    wire: type | None = None
    """When set, the body is first decoded as this type and `read` builds the
    request from it (parts decoded on their own, problems pointed at them)."""
    read: Callable[[Any, PartReader], Any] | None = None
    work: Work | None = None
    """The request's weight; above the bound it is a 413 before any work."""
    steps: bool = False
    """`function` returns a generator: the service runs it giving the event
    loop back between steps."""
    invalid: type[Exception] | None = None
    """An exception `function` raises for a body that does not read as its
    format: a 400 with the exception's `problem`."""

    @property
    def method(self) -> str:
        return "GET" if self.request is None else "POST"


@dataclass(frozen=True)
class Ruleset:
    name: str
    names: dict[str, str]
    """Display names: `en`, `zh-Hant`, `zh-Hans`, `ja`."""
    unit: str
    unit_en: str
    request: type
    result: type
    rules: type
    settle: Callable[[Any], Any]
    more_options: tuple[OptionGroup, ...] = ()
    """House rules a settlement request carries outside `rules` (pattern
    counting, fu and yaku options), each group one rules Struct."""
    game: Callable[[Any], Any] | None = None
    """Replays a whole game (`POST /v1/<name>/games`), from its `game` module."""
    game_types: Any = None
    """The game's shapes (:class:`service.core.game.GameTypes`)."""
    hand_request: type | None = None
    """The body of `POST /v1/<name>/hands`, a hand from its tiles."""
    evaluate_hand: Callable[[Any], Any] | None = None
    """Values that hand (`POST /v1/<name>/hands`), from its `hands` or
    settlement module."""
    endpoints: tuple[Endpoint, ...] = ()
    """Every endpoint of the ruleset, in the order the OpenAPI document lists
    them: `/settlements` (``request`` → ``settle``), `/hands` when it has one
    (``hand_request`` → ``evaluate_hand``), and its own tables and counters."""

    @property
    def package(self) -> str:
        """The ruleset's package (its `game` module drives `POST /v1/<name>/games`)."""
        return f"service.rulesets.{self.name}"

    @property
    def option_groups(self) -> tuple[OptionGroup, ...]:
        """Every house rule of the ruleset: `rules` first, then the others."""
        return (OptionGroup("/rules", self.rules), *self.more_options)
