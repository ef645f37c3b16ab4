"""What the platform needs to know of a ruleset: its names, unit, request,
result and rules types, its settle function, its endpoints as data (path,
types, the library function, summary, description, examples), and what the
service shows of it (its named rows, messages and warning codes, the
catalogue contexts of its names, its OpenAPI tags, game examples and the
calculator page's spec). Each ruleset package defines one (`RULESET` in its
`__init__`); `service.rulesets.registry` lists them, the web service builds
every route from them, and nothing outside a ruleset's package and the
registry names a ruleset (tests/platform/test_one_door.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from service.core.warnings import Templates


@dataclass(frozen=True)
class OptionGroup:
    """A rules Struct whose fields are house rules, and where a settlement
    request carries them: `at` is the JSON Pointer of the object holding the
    fields (`/rules`, `/yaku_options`, `/hand/rules`), or "" when the
    settlement request itself inherits them as top-level fields."""

    at: str
    struct: type


@dataclass(frozen=True)
class ApiTag:
    """An OpenAPI tag of the ruleset's endpoints: its name and description."""

    name: str
    description: str


@dataclass(frozen=True)
class Example:
    """A documented request body: a one-line summary and the JSON value."""

    summary: str
    value: Any


@dataclass(frozen=True)
class CodeNames:
    """A message parameter whose value is a code shown by its localized name
    (msgctxt `context`, msgid the code): the parameter, the context and every
    code it can hold."""

    param: str
    context: str
    codes: tuple[str, ...]


@dataclass(frozen=True)
class PresetInfo:
    """A platform's table a request may name (`preset`): its display name,
    a one-line source, and every value it sets per table size and group
    (`rules`, `yaku_options`, `game`, and the fu rules, `fu`)."""

    name: str
    title: str
    source: str
    values: dict[int, dict[str, dict[str, Any]]]


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
    body_bytes: int | None = None
    """This endpoint's own bound on a request body's bytes (a larger body is
    a 413); None: the service's (MAHJONG_MAX_BODY_BYTES)."""

    @property
    def method(self) -> str:
        return "GET" if self.request is None else "POST"


@dataclass(frozen=True)
class Ruleset:
    name: str
    name_en: str
    """Its display name in English; the catalogue holds it in the other
    languages (msgctxt `ruleset name`)."""
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
    """The game's shapes (:class:`service.core.game_types.GameTypes`)."""
    hand_request: type | None = None
    """The body of `POST /v1/<name>/hands`, a hand from its tiles."""
    evaluate_hand: Callable[[Any], Any] | None = None
    """Values that hand (`POST /v1/<name>/hands`), from its `hands` or
    settlement module."""
    endpoints: tuple[Endpoint, ...] = ()
    """Every endpoint of the ruleset, in the order the OpenAPI document lists
    them: `/settlements` (``request`` → ``settle``), `/hands` when it has one
    (``hand_request`` → ``evaluate_hand``), and its own tables and counters."""
    camel: str = ""
    """How its name reads inside an identifier (schema names, operationIds)
    when it is two words; empty: the name capitalised."""
    tiles_weight: float | None = None
    """Units of work (`service.api.work`) of a batch item or game hand
    valued from its tiles; None: the costliest ruleset's."""
    blurb: str = ""
    """How the OpenAPI description names the ruleset in its list of rulesets
    (English, with its unit)."""
    tags: tuple[ApiTag, ...] = ()
    """Its OpenAPI tags, the first one its settlement endpoint's."""
    batch_example: Example | None = None
    """Its item in the documented batch body (`POST /v1/settlements/batch`);
    the first ruleset's is also the documented body of `POST /v1/settlements`."""
    game_examples: tuple[Example, ...] = ()
    """Documented bodies of `POST /v1/<name>/games`."""
    named: tuple[type, ...] = ()
    """Response types carrying a pattern `name`, worded from their `name_en`
    in the response's language under msgctxt :attr:`pattern_context`."""
    pattern_context: str = ""
    """Catalogue context of its pattern names (msgid: the English name)."""
    warnings: Templates = field(default_factory=lambda: Templates({}))
    """Its own warning codes and English templates (its `warnings` module; the
    shared codes are in `service.core.warnings`); the registry assembles the
    one catalogue."""
    messages: tuple[str, ...] = ()
    """Its own 400 details (object-level rules checked while decoding), as
    catalogue templates, so the API words them in the request's language."""
    error_codes: dict[str, str] = field(default_factory=dict)
    """The stable code of each of its problems: English detail template →
    snake_case code (its `error_codes` module; service.core.error_codes has
    the core's); the registry assembles them."""
    code_names: tuple[CodeNames, ...] = ()
    """Message parameters of its own whose values are codes shown by name."""
    catalogue: tuple[tuple[str, str], ...] = ()
    """Its names for the message catalogue, `(msgid, msgctxt)`: pattern names,
    code names, the reasons two of its patterns contradict each other."""
    page: dict[str, Any] = field(default_factory=dict)
    """What the calculator page asks for and shows besides the table rules
    (served in `GET /v1/rulesets`; docs/page.md); empty: no tab."""
    presets: tuple[PresetInfo, ...] = ()
    """The platforms' tables a request may name by `preset` (listed by `GET /v1/rulesets`)."""

    @property
    def identifier(self) -> str:
        """:attr:`camel`, or the name capitalised."""
        return self.camel or self.name.capitalize()

    @property
    def package(self) -> str:
        """The ruleset's package (its `game` module drives `POST /v1/<name>/games`)."""
        return f"service.rulesets.{self.name}"

    @property
    def option_groups(self) -> tuple[OptionGroup, ...]:
        """Every house rule of the ruleset: `rules` first, then the others."""
        return (OptionGroup("/rules", self.rules), *self.more_options)
