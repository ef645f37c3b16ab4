"""What the platform needs to know of a ruleset: its names, unit, request,
result and rules types, its settle function, and what the service shows of it
(its named rows, messages and warning codes, the catalogue contexts of its
names, its OpenAPI tags, game examples and the calculator page's spec). Each
ruleset package defines one (`RULESET` in its `__init__`);
`service.rulesets.registry` lists them, and nothing outside a ruleset's
package and the registry names a ruleset (tests/platform/test_one_door.py)."""

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
    value: dict[str, Any]


@dataclass(frozen=True)
class CodeNames:
    """A message parameter whose value is a code shown by its localized name
    (msgctxt `context`, msgid the code): the parameter, the context and every
    code it can hold."""

    param: str
    context: str
    codes: tuple[str, ...]


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
    code_names: tuple[CodeNames, ...] = ()
    """Message parameters of its own whose values are codes shown by name."""
    catalogue: tuple[tuple[str, str], ...] = ()
    """Its names for the message catalogue, `(msgid, msgctxt)`: pattern names,
    code names, the reasons two of its patterns contradict each other."""
    page: dict[str, Any] = field(default_factory=dict)
    """What the calculator page asks for and shows besides the table rules
    (served in `GET /v1/rulesets`; docs/page.md); empty: no tab."""

    @property
    def identifier(self) -> str:
        """:attr:`camel`, or the name capitalised."""
        return self.camel or self.name.capitalize()

    @property
    def package(self) -> str:
        """The ruleset's package; its HTTP module is `<package>.http`."""
        return f"service.rulesets.{self.name}"

    @property
    def option_groups(self) -> tuple[OptionGroup, ...]:
        """Every house rule of the ruleset: `rules` first, then the others."""
        return (OptionGroup("/rules", self.rules), *self.more_options)
