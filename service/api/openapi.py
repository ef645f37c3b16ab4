"""OpenAPI document and the offline docs page.

Two schema plugins make the published schema say what the service does:
Decimal amounts are JSON numbers (litestar's default says string), and
Structs that reject unknown fields say ``additionalProperties: false``.
The docs page at ``/schema`` is Swagger UI served from the
``swagger-ui-bundle-v2`` package under ``/schema/static``: no CDN.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from itertools import combinations
from typing import Any
from unicodedata import east_asian_width

import yaml  # type: ignore[import-untyped]
from litestar import Request
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, OpenAPIRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Contact, License, Schema, Tag
from litestar.openapi.spec.enums import OpenAPIType
from litestar.params import KwargDefinition
from litestar.plugins import OpenAPISchemaPlugin
from litestar.static_files import create_static_files_router
from litestar.typing import FieldDefinition
from msgspec import Struct
from swagger_ui_bundle import swagger_ui_path

from service import __version__
from service.api.openapi_document import finish_document
from service.i18n import SERVED, Served
from service.rulesets.registry import RULESETS

STATIC = "/schema/static"


def _wrapped(text: str, width: int = 79) -> str:
    """``text`` folded at spaces into lines of at most ``width`` columns, a
    CJK character taking two."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and sum(2 if east_asian_width(c) in "WF" else 1 for c in candidate) > width:
            lines.append(line)
            candidate = word
        line = candidate
    return "\n".join([*lines, line])


def _listed(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


SETTLES = _wrapped(
    "Turns an agreed hand value plus a table's house rules into who pays whom, for "
    + _listed([ruleset.blurb for ruleset in RULESETS])
    + " mahjong."
)
"""The description's first paragraph: what the service settles, each ruleset
by its ``blurb``."""
EXAMPLE_PATH = f"/v1/{RULESETS[0].name}/settlements"


def languages_paragraph(served: Sequence[Served]) -> str:
    """The description's paragraph on languages: each served one, the first
    the default, with the other ranges it is served for."""
    named = [
        f"`{language.tag}`" + (", the default" if index == 0 else "") + (f", also for {'/'.join(language.also)}" if language.also else "")
        for index, language in enumerate(served)
    ]
    return _wrapped(
        f"Languages: send `Accept-Language` ({'; '.join(named)}; q-values are honoured). Warning messages, problem "
        "titles and details and pattern `name`s are worded in it; every response says which in `Content-Language`. "
        "Codes, types, pointers and warning `params` never change with the language.",
        width=78,
    )


DESCRIPTION = f"""\
{SETTLES}

Amounts are exact decimals sent as JSON numbers. Errors are RFC 9457
`application/problem+json`: 400 when the body is not valid JSON or does not
match this schema, 422 when it is valid but impossible (the discarder is the
winner); each entry of `errors` points at the field (`#/win/discarder`).
Unknown fields are rejected everywhere. A request field's default is stated in
its description (`Default: ...`); the answer echoes every resolved value.
Generated clients (TypeScript, Python, Go, Kotlin): docs/clients.md.
A JSON object must not repeat a key: the service reads such a body as its
last occurrence (`{{"winner": "east", "winner": "west"}}` is west's win), other
JSON readers may not, so a client
must never send one.

Every POST body is JSON: `Content-Type: application/json` (any `charset`
parameter) or a `+json` type; anything else, or none, is 415. Every path is
answered identically with or without a trailing slash
(`{EXAMPLE_PATH}/` is `{EXAMPLE_PATH}`). `HEAD` is
answered on every `GET` path. Every response carries `X-Request-ID`: the
request's own when it has one of at most 128 letters, digits or `._~:/+=-`,
else one the service made; the service's log lines about the request name it.
CORS is off unless the operator lists origins (`MAHJONG_CORS_ORIGINS`).

{languages_paragraph(SERVED)}
"""


class DecimalSchemaPlugin(OpenAPISchemaPlugin):
    """Exact decimals travel as JSON numbers; bounds (and the excluded tiny
    magnitudes, ``not``) come from the field's ``extra_json_schema``
    (msgspec cannot constrain Decimal itself)."""

    def is_plugin_supported_field(self, field_definition: FieldDefinition) -> bool:
        annotation = field_definition.annotation
        return isinstance(annotation, type) and issubclass(annotation, Decimal)

    def to_openapi_schema(self, field_definition: FieldDefinition, schema_creator: Any) -> Schema:
        schema = Schema(type=OpenAPIType.NUMBER)
        for meta in field_definition.metadata:
            extra = getattr(meta, "extra_json_schema", None) or {}
            if "minimum" in extra:
                schema.minimum = extra["minimum"]
            if "maximum" in extra:
                schema.maximum = extra["maximum"]
            if "not" in extra:  # magnitudes between 0 and SMALLEST_NONZERO
                excluded = extra["not"]
                schema.schema_not = Schema(exclusive_minimum=excluded["exclusiveMinimum"], exclusive_maximum=excluded["exclusiveMaximum"])
        default = field_definition.default
        if isinstance(default, Decimal):
            # a number in the document, not litestar's string rendering
            schema.default = int(default) if default == default.to_integral_value() else float(default)
        return schema


class ClosedStructSchemaPlugin(OpenAPISchemaPlugin):
    """Structs declared with ``forbid_unknown_fields=True`` publish
    ``additionalProperties: false``, so generated clients and fuzzers know
    unknown keys are rejected. A Struct (or a base it inherits from) may also
    declare ``__schema_extra__``, object-level rules msgspec checks in
    ``__post_init__`` but cannot publish: ``oneOf`` of ``{"required": [...]}``
    alternatives, ``dependentRequired``, and ``optional``: fields
    msgspec publishes as required (a tag) that the service also accepts left out;
    and ``__schema_name__``, the component's published name.

    The properties themselves are litestar's own Struct schema: this plugin
    comes first among the app's schema plugins, hands the Struct to the next
    one that takes it (litestar's, through the public plugin interface) and
    adds the above to what comes back. Nothing of litestar's private modules
    is imported (``tests/platform/test_public_litestar.py``)."""

    def is_plugin_supported_field(self, field_definition: FieldDefinition) -> bool:
        return not field_definition.is_union and field_definition.is_subclass_of(Struct)

    def _struct_schema(self, field_definition: FieldDefinition, schema_creator: Any) -> Any:
        """The schema litestar's own plugin makes for the Struct."""
        plugins = schema_creator.plugins
        for plugin in plugins[plugins.index(self) + 1 :]:
            if isinstance(plugin, OpenAPISchemaPlugin) and plugin.is_plugin_supported_field(field_definition):
                return plugin.to_openapi_schema(field_definition, schema_creator)
        raise LookupError(f"no schema plugin after {type(self).__name__} takes {field_definition.annotation!r}")

    def to_openapi_schema(self, field_definition: FieldDefinition, schema_creator: Any) -> Any:
        name = getattr(field_definition.type_, "__schema_name__", None)
        kwarg_definition = field_definition.kwarg_definition
        if name is not None and not (isinstance(kwarg_definition, KwargDefinition) and kwarg_definition.schema_component_key == name):
            # the same type, keyed by its published name; the Reference comes back
            named = FieldDefinition.from_annotation(
                field_definition.annotation, kwarg_definition=KwargDefinition(schema_component_key=name)
            )
            return schema_creator.for_field_definition(named)
        result = self._struct_schema(field_definition, schema_creator)
        config = getattr(field_definition.type_, "__struct_config__", None)
        extra = getattr(field_definition.type_, "__schema_extra__", None)
        if (config is not None and config.forbid_unknown_fields) or extra:
            target = result
            if not isinstance(result, Schema):
                target = schema_creator.schema_registry.from_reference(result).schema
            if config is not None and config.forbid_unknown_fields:
                target.additional_properties = False
            if extra:
                _publish_object_rules(target, extra)
        return result


def _publish_object_rules(target: Schema, extra: dict[str, Any]) -> None:
    """A Struct's ``__schema_extra__`` in keywords that validators, fuzzers
    and client generators all read: ``allOf`` of ``anyOf``/``not`` of
    ``required``. Generators build one model from the properties and leave
    these alone; a top-level ``oneOf`` would make them give up on the model."""
    rules: list[Schema] = []
    if "oneOf" in extra:
        # exactly one of: at least one of them is present, and no two together
        choices = [list(choice["required"]) for choice in extra["oneOf"]]
        rules.append(Schema(any_of=[Schema(required=choice) for choice in choices]))
        rules.append(Schema(schema_not=Schema(any_of=[Schema(required=[*a, *b]) for a, b in combinations(choices, 2)])))
    if "optional" in extra and target.required:  # a tag the service also accepts absent
        target.required = [name for name in target.required if name not in extra["optional"]]
    for name, by_type in extra.get("alternatives", {}).items():
        _bound_alternatives(target, name, by_type)
    if "dependentRequired" in extra:
        target.dependent_required = {key: list(value) for key, value in extra["dependentRequired"].items()}
        # the same rule in keywords every generator and validator reads
        # (some test-data generators skip dependentRequired): for each
        # key, either its companions are present or the key is absent
        rules.extend(
            Schema(any_of=[Schema(required=list(value)), Schema(schema_not=Schema(required=[key]))])
            for key, value in extra["dependentRequired"].items()
        )
    if rules:
        target.all_of = rules


def _bound_alternatives(target: Schema, name: str, by_type: dict[str, dict[str, Any]]) -> None:
    """A union property's bounds, by each alternative's type: litestar
    publishes a union's members without their own ``Meta`` (``maxLength``,
    ``maxItems``, description), msgspec still checks them."""
    prop = (target.properties or {}).get(name)
    for alternative in getattr(prop, "one_of", None) or ():
        if isinstance(alternative, Schema) and isinstance(alternative.type, OpenAPIType):
            for key, value in by_type.get(alternative.type.value, {}).items():
                setattr(alternative, key, _schema(value) if key == "items" else value)


def _schema(spec: dict[str, Any]) -> Schema:
    """A schema object from its keywords (``max_length``, ``properties`` …)."""
    keywords: dict[str, Any] = {}
    for key, value in spec.items():
        if key == "type":
            value = OpenAPIType(value)
        elif key == "properties":
            value = {name: _schema(inner) for name, inner in value.items()}
        keywords[key] = value
    return Schema(**keywords)


def render_documents(document: dict[str, Any]) -> tuple[str, str]:
    """The OpenAPI document as JSON and as YAML text, exactly as checked in
    under ``openapi/`` and served at ``/schema/openapi.json`` and
    ``/schema/openapi.yaml``."""
    as_json = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    as_yaml = yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=120)
    return as_json, as_yaml


class FinishedDocument:
    """A render plugin that serves the document after its last pass
    (``finish_document``), computed once per app."""

    _finished: tuple[int, dict[str, Any]] | None = None

    def finished(self, openapi_schema: dict[str, Any]) -> dict[str, Any]:
        if self._finished is None or self._finished[0] != id(openapi_schema):
            self._finished = (id(openapi_schema), finish_document(openapi_schema))
        return self._finished[1]


class JsonDocument(FinishedDocument, JsonRenderPlugin):
    """``/schema/openapi.json``: the document clients generate code from."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, self.finished(openapi_schema))


class SwaggerPage(FinishedDocument, SwaggerRenderPlugin):
    """``/schema``: Swagger UI over the same document."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, self.finished(openapi_schema))


class YamlDocument(FinishedDocument, OpenAPIRenderPlugin):
    """``/schema/openapi.yaml``: the JSON document's data as YAML, byte for
    byte the checked-in ``openapi/openapi.yaml``."""

    def __init__(self) -> None:
        super().__init__(path=["/openapi.yaml"], media_type="application/yaml")  # type: ignore[arg-type]  # any media type string works
        self._rendered: bytes | None = None

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        if self._rendered is None:
            document = json.loads(self.render_json(request, self.finished(openapi_schema)))
            self._rendered = render_documents(document)[1].encode("utf-8")
        return self._rendered


def _favicon() -> str:
    return f"<link rel='icon' type='image/png' href='{STATIC}/favicon-32x32.png'>"


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Mahjong settlement service",
        version=__version__,
        description=DESCRIPTION,
        contact=Contact(name="Mahjong settlement service maintainers"),
        license=License(name="Apache License 2.0", identifier="Apache-2.0"),
        path="/schema",
        use_handler_docstrings=True,
        tags=[
            *(Tag(name=tag.name, description=tag.description) for ruleset in RULESETS for tag in ruleset.tags),
            Tag(
                name="Games",
                description="A whole game as a ledger of hands: dealer, honba and sticks or streaks, totals, standings, settle-up.",
            ),
            Tag(name="Settlements by body", description="Any ruleset, routed by the body's `ruleset` field; batches of up to 1,000 items."),
            Tag(name="Discovery", description="Rulesets, their endpoints and rule options, for building a settings screen."),
            Tag(name="Operations", description="Health, readiness, version and Prometheus metrics."),
        ],
        render_plugins=[
            SwaggerPage(
                path="/",
                js_url=f"{STATIC}/swagger-ui-bundle.js",
                css_url=f"{STATIC}/swagger-ui.css",
                standalone_preset_js_url=f"{STATIC}/swagger-ui-standalone-preset.js",
                favicon=_favicon(),
            ),
            YamlDocument(),
            JsonDocument(),
        ],
    )


def docs_static_router() -> Any:
    return create_static_files_router(path=STATIC, directories=[swagger_ui_path], include_in_schema=False, name="docs-static")


SCHEMA_PLUGINS = [DecimalSchemaPlugin(), ClosedStructSchemaPlugin()]
