"""Request decoding and response encoding.

Bodies are decoded by msgspec *strictly* straight from the raw bytes into the
engine's request Struct: no string-to-number coercion, unknown fields rejected,
JSON numbers kept as exact decimals. Litestar's default path decodes to Python
objects first (0.1 becomes a float) and converts leniently ("3" becomes 3), so
handlers declare ``dto=StrictBody``. Responses are encoded with decimals as
JSON numbers (``2.4``), as the contract requires.
"""

from __future__ import annotations

import re
from collections.abc import Generator
from decimal import Decimal
from string import Formatter
from typing import Any, ClassVar

import msgspec
from litestar import Response
from litestar.dto import AbstractDTO, DTOFieldDefinition
from litestar.typing import FieldDefinition

from service.api.language import localize
from service.core.codec import ENCODER, body_layers, convert, json_decoder, lay_body
from service.core.error_codes import GENERIC_CODE
from service.core.errors import FieldProblem, field_problem
from service.core.game_types import BAD_HAND_TYPE, BAD_HAND_TYPE_CHOMBO
from service.core.money import DECIMAL_MESSAGES
from service.core.seats import SEATS
from service.core.tiles import NOTATION_MESSAGES
from service.i18n import N_
from service.rulesets.registry import ERROR_CODES, RULESETS

JSON = "application/json"

_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_FIELD = re.compile(r"field `(?P<name>[^`]+)`")
_STEP = re.compile(r"\.(?P<key>[^.\[]+)|\[(?P<index>\d+)\]")


class RequestInvalid(Exception):
    """A body that is not valid JSON or does not match the schema (400).
    ``hint`` is what to send instead (the values a field allows), added to
    the problem's ``detail``."""

    def __init__(self, problem: FieldProblem, hint: FieldProblem | None = None) -> None:
        super().__init__(problem.detail)
        self.problem = problem
        self.hint = hint


ALLOWED_VALUES = N_("Allowed: {values}.")
WIN_TYPES = N_("A tsumo is `self_draw`; a ron is `discard`, with the `discarder`.")
"""Hints after an enum or tag error (`Invalid enum value 'East'`)."""
_WIN_WORDS = frozenset({"'tsumo'", "'ron'", "'TSUMO'", "'RON'", "'Tsumo'", "'Ron'"})
_BAD_CHOICE = re.compile(r"^Invalid (?:enum )?value (?P<value>.+) - at `\$(?P<path>[^`]*)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<field>[^`]+)`(?: - at `\$(?P<path>[^`]*)`)?$")
DID_YOU_MEAN = N_("Did you mean `{field}`?")
"""Hint after an unknown field that is another spelling of a known one
(`fanCap`, `fan-cap`: `fan_cap`)."""
WRAP_THE_RECORD = N_("A recorded game goes in `record`, its format in `format`: send {example}.")
"""Hint after a record's own key sent as the body (a bare tenhou.net/6 log)."""
WRAPPED_RECORD = '`{"format": "tenhou6", "record": …}`'
TENHOU_KEYS = frozenset({"ver", "ref", "log", "title", "name", "rule", "lobby", "dan", "rate", "sx", "sc"})
"""The top-level keys of a tenhou.net/6 log."""


WRONG_TYPE = N_("Expected `{expected}`, got `{got}`")
UNKNOWN_FIELD = N_("Object contains unknown field `{field}`")
NOT_JSON_BODY = N_("The body is not valid JSON: {error}.")
EMPTY_JSON_BODY = N_("The body is empty; send a JSON object.")
SCHEMA_CODES: dict[str, str] = {
    WRONG_TYPE: "wrong_type",
    N_("Expected `{expected}` >= {limit}"): "out_of_range",
    N_("Expected `{expected}` <= {limit}"): "out_of_range",
    N_("Expected `{expected}` of length >= {limit}"): "wrong_length",
    N_("Expected `{expected}` of length <= {limit}"): "wrong_length",
    N_("Expected `{expected}` matching regex {pattern}"): "wrong_format",
    N_("Expected `{expected}`"): "wrong_type",
    N_("Object missing required field `{field}`"): "missing_field",
    UNKNOWN_FIELD: "unknown_field",
    N_("Invalid enum value {value}"): "not_allowed_value",
    N_("Invalid value {value}"): "not_allowed_value",
    N_("Number out of range"): "out_of_range",
    NOT_JSON_BODY: "malformed_json",
    EMPTY_JSON_BODY: "empty_body",
}
"""msgspec's validation sentences and the body's own, each with the stable
code of what is wrong (``errors[].code`` of a 400)."""
SCHEMA_CODE_DEFAULT = "invalid_value"
"""The code of a 400 sentence no template reproduces (msgspec's rarer ones)."""

SCHEMA_MESSAGES: tuple[str, ...] = (
    *SCHEMA_CODES,
    *DECIMAL_MESSAGES,
    *NOTATION_MESSAGES,
    BAD_HAND_TYPE,
    BAD_HAND_TYPE_CHOMBO,
    *(message for ruleset in RULESETS for message in ruleset.messages),
)
"""msgspec's validation sentences (and the engine's own ``__post_init__``
ones, each ruleset's own among them) as catalogue templates, so a 400's detail follows Accept-Language. A
message is matched against each template in turn; a sentence no template
reproduces exactly stays English."""


def _matcher(template: str) -> re.Pattern[str]:
    """``Expected `{expected}`, got `{got}``` → a regex capturing the
    placeholders (inside backticks a value never holds a backtick)."""
    parts = []
    for literal, name, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>[^`]+)" if literal.endswith("`") else f"(?P<{name}>.+)")
    return re.compile("".join(parts))


_SCHEMA = tuple((_matcher(template), template) for template in SCHEMA_MESSAGES)


def schema_problem(pointer: str, detail: str) -> FieldProblem:
    """A schema message as a templated problem when a template reproduces it
    byte for byte, else as it is (English in every language)."""
    for matcher, template in _SCHEMA:
        if (match := matcher.fullmatch(detail)) is not None:
            params = match.groupdict()
            if template.format(**params) == detail:
                return field_problem(pointer, template, **params)
    return FieldProblem(pointer, detail)


def pointer_from_msgspec(message: str) -> FieldProblem:
    """Turn msgspec's ``"Expected `int`, got `str` - at `$.rules.fan_cap`"``
    into a JSON Pointer (``/rules/fan_cap``) and a detail sentence. Messages
    about a named field (missing, unknown, invalid) point at that field."""
    pointer = ""
    detail = message
    if match := _PATH.search(message):
        detail = message[: match.start()]
        for step in _STEP.finditer(match.group("path")):
            pointer += "/" + (step.group("key") or step.group("index")).replace("~", "~0").replace("/", "~1")
    if match := _FIELD.search(detail):
        pointer += "/" + match.group("name")
    return schema_problem(pointer, detail)


_UNTYPED = msgspec.json.Decoder(float_hook=Decimal)
_INT_LIMIT = Decimal(2**63)


def _integral_to_int(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _integral_to_int(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_integral_to_int(value) for value in node]
    if isinstance(node, Decimal) and abs(node) < _INT_LIMIT and node == node.to_integral_value():
        return int(node)
    return node


def decode_strict(raw: bytes, type_: Any) -> Any:
    """Strict decode. JSON Schema counts ``10.0`` as an integer, so a number
    with a zero fraction is accepted where an integer is expected (second,
    slower pass, only when the first one met such a number); strings are never
    coerced to numbers.

    A key repeated in one object is read as its last occurrence (msgspec's
    reading), as the OpenAPI description says. Rejecting it would take a
    second parse (its cost: docs/performance.md)."""
    entry = _STRICT.get(id(type_))
    if entry is None or entry.type is not type_:
        entry = _STRICT[id(type_)] = StrictDecoder(type_)
    return entry.decode(raw)


def decode_part(raw: bytes, type_: Any, at: str) -> Any:
    """One part of a body (`rules`, one game hand), decoded as strictly as a
    whole body, its problems pointed under ``at``."""
    try:
        return decode_strict(raw, type_)
    except RequestInvalid as exc:
        problem = exc.problem
        raise RequestInvalid(FieldProblem(at + problem.pointer, problem.detail, problem.template, problem.params), exc.hint) from None


_STRICT: dict[int, StrictDecoder] = {}
"""By the type's id, as service.core.codec's cache (the entry holds the type)."""


class StrictDecoder:
    """:func:`decode_strict` for one type, its msgspec decoder made once
    (the entry keeps one per ruleset)."""

    __slots__ = ("_decode", "_layers", "type")

    def __init__(self, type_: Any) -> None:
        self.type = type_
        self._decode = json_decoder(type_, laid=False).decode
        self._layers = body_layers(type_)

    def decode(self, raw: bytes) -> Any:
        if self._layers:
            raw = lay_body(raw, self._layers)
        try:
            return self._decode(raw)
        except msgspec.ValidationError as exc:
            first = exc
        except RecursionError:
            raise RequestInvalid(field_problem("", NOT_JSON_BODY, error="it nests too deep")) from None
        except msgspec.DecodeError as exc:
            if not raw.strip():
                raise RequestInvalid(FieldProblem("", EMPTY_JSON_BODY)) from None
            raise RequestInvalid(field_problem("", NOT_JSON_BODY, error=str(exc))) from None
        if "got `float`" in str(first):
            try:
                return convert(_integral_to_int(_UNTYPED.decode(raw)), self.type)
            except msgspec.ValidationError as exc:
                first = exc
            except RecursionError:
                pass  # nesting too deep for the untyped pass: the first error stands
        message = str(first)
        raise RequestInvalid(
            pointer_from_msgspec(message), choice_hint(self.type, message) or unknown_field_hint(self.type, message)
        ) from None


def schema_code(problem: FieldProblem) -> str:
    """The code of a 400's problem: a schema sentence's, else the engine's
    (service.core.error_codes), else :data:`SCHEMA_CODE_DEFAULT`."""
    key = problem.template or problem.detail
    return SCHEMA_CODES.get(key) or ERROR_CODES.get(key) or SCHEMA_CODE_DEFAULT


def rule_code(problem: FieldProblem) -> str:
    """The code of a 422's problem (the rule it states): service.core.error_codes
    and each ruleset's ``error_codes``, else :data:`GENERIC_CODE`."""
    return ERROR_CODES.get(problem.template or problem.detail, GENERIC_CODE)


def choice_hint(type_: Any, message: str) -> FieldProblem | None:
    """For msgspec's ``Invalid enum value 'East' - at `$.winner``` (or an
    unknown tag, ``Invalid value 'tsumo'``): the values the field takes, read
    from the request type itself."""
    match = _BAD_CHOICE.match(message)
    if match is None:
        return None
    values = _choices(
        msgspec.inspect.type_info(type_), [step.group("key") or int(step.group("index")) for step in _STEP.finditer(match.group("path"))]
    )
    if not values:
        return None
    if match.group("value") in _WIN_WORDS and set(values) == {"discard", "self_draw"}:
        return FieldProblem("", WIN_TYPES)
    if set(values) <= set(SEATS):  # msgspec lists a Literal's values sorted: seats go in turn order
        values = [seat for seat in SEATS if seat in values]
    return field_problem("", ALLOWED_VALUES, values=", ".join(f"`{value}`" for value in values))


def spelling(name: str) -> str:
    """A field name without case, ``_`` or ``-``: `fanCap`, `fan-cap` and
    `fan_cap` spell one name."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def unknown_field_hint(type_: Any, message: str) -> FieldProblem | None:
    """For msgspec's ``Object contains unknown field `fanCap```: the
    known field it spells, or, for a record's own keys at the top of a body
    that takes ``record`` and ``format``, how to wrap the record."""
    match = _UNKNOWN.match(message)
    if match is None:
        return None
    path = match.group("path") or ""
    known = _fields(msgspec.inspect.type_info(type_), [step.group("key") or int(step.group("index")) for step in _STEP.finditer(path)])
    unknown = match.group("field")
    meant = [name for name in known if spelling(name) == spelling(unknown)]
    if meant:
        return field_problem("", DID_YOU_MEAN, field=meant[0])
    if not path and unknown in TENHOU_KEYS and {"record", "format"} <= set(known):
        return field_problem("", WRAP_THE_RECORD, example=WRAPPED_RECORD)
    return None


def _fields(info: Any, steps: list[str | int]) -> list[str]:
    """The field names of the object ``steps`` lead to (every variant's, for a union)."""
    for step in steps:
        info = _step(info, step)
        if info is None:
            return []
    inspect = msgspec.inspect
    return [field.encode_name for option in _options(info) if isinstance(option, inspect.StructType) for field in option.fields]


def _step(info: Any, step: str | int) -> Any:
    """The type one step (a field name or a list index) inside ``info``, or None."""
    return _step_into(_options(info), step)


def _options(info: Any) -> tuple[Any, ...]:
    """A type's alternatives, ``Annotated`` metadata taken off."""
    while isinstance(info, msgspec.inspect.Metadata):
        info = info.type
    options = info.types if isinstance(info, msgspec.inspect.UnionType) else (info,)
    unwrapped = []
    for option in options:
        while isinstance(option, msgspec.inspect.Metadata):
            option = option.type
        unwrapped.append(option)
    return tuple(unwrapped)


def _choices(info: Any, steps: list[str | int]) -> list[Any]:
    """The allowed values of the field ``steps`` leads to: a Literal's or an
    Enum's values, or a tagged union's tags."""
    for position, step in enumerate(steps):
        options = _options(info)
        structs = [option for option in options if isinstance(option, msgspec.inspect.StructType)]
        if structs and all(option.tag_field == step for option in structs) and position == len(steps) - 1:
            return [option.tag for option in structs]
        info = _step_into(options, step)
        if info is None:
            return []
    return _values(info)


def _step_into(options: tuple[Any, ...], step: str | int) -> Any | None:
    """The type one step of a path leads to from a type's alternatives: the
    first Struct's field of that name, or the items of the first list, set or
    variable tuple, or the values of the first dict; ``None`` when none has
    one."""
    inspect = msgspec.inspect
    for option in options:
        if isinstance(option, inspect.StructType) and isinstance(step, str):
            found = [field.type for field in option.fields if field.encode_name == step]
            if found:
                return found[0]
        elif isinstance(option, (inspect.ListType, inspect.SetType, inspect.FrozenSetType, inspect.VarTupleType)):
            return option.item_type
        elif isinstance(option, inspect.DictType):
            return option.value_type
    return None


def _values(info: Any) -> list[Any]:
    """A Literal's or an Enum's values (the first of a type's alternatives
    that is one); none for any other type."""
    for option in _options(info):
        if isinstance(option, msgspec.inspect.LiteralType):
            return list(option.values)
        if isinstance(option, msgspec.inspect.EnumType):
            return [member.value for member in option.cls]
    return []


class StrictBody(AbstractDTO[Any]):
    """A data DTO that only decodes: strict msgspec into the handler's
    annotated Struct, and publishes that Struct's schema unchanged."""

    _types: ClassVar[dict[str, Any]] = {}

    @classmethod
    def generate_field_definitions(cls, model_type: type[Any]) -> Generator[DTOFieldDefinition, None, None]:
        yield from ()

    @classmethod
    def detect_nested_field(cls, field_definition: FieldDefinition) -> bool:
        return False

    @classmethod
    def create_for_field_definition(cls, field_definition: FieldDefinition, handler_id: str, backend_cls: Any = None) -> None:
        cls._types[handler_id] = field_definition.annotation

    @classmethod
    def create_openapi_schema(cls, field_definition: FieldDefinition, handler_id: str, schema_creator: Any) -> Any:
        return schema_creator.for_field_definition(field_definition)

    def decode_bytes(self, value: bytes) -> Any:
        return decode_strict(value, self._types[self.asgi_connection.route_handler.handler_id])

    def decode_builtins(self, value: dict[str, Any]) -> Any:  # pragma: no cover - JSON bodies only
        return decode_strict(msgspec.json.encode(value), self._types[self.asgi_connection.route_handler.handler_id])


def json_response(content: Any, status_code: int = 200, media_type: str = JSON, headers: dict[str, str] | None = None) -> Response[Any]:
    """Encode with decimals as JSON numbers; litestar sends bytes as they are.
    Warnings and pattern names are worded in the request's language first."""
    return Response(ENCODER.encode(localize(content)), status_code=status_code, media_type=media_type, headers=headers)
