"""The response language: negotiated once per request, applied at encoding.

The application's ASGI entry (:class:`service.api.asgi.Entry`, which sees
every request: the fast path, litestar's routes, 404s and errors) negotiates
it in its one header scan (:func:`service.api.asgi.scan_headers`), stores it
in :data:`service.i18n.LANGUAGE` and appends :data:`LANGUAGE_HEADERS` —
``Content-Language`` and ``Vary: Accept-Language`` — to the response start.
With no ``Accept-Language`` the language is English and that is all.

The engine writes English. For another language :func:`localize` rewrites,
in the response about to be encoded, every warning's message (from its code's
template and ``params``) and every pattern's ``name``. Problems are worded in
the request's language where they are built (service.api.problems).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from service.core.warnings import SettlementWarning
from service.i18n import (
    DEFAULT,
    LANGUAGE,
    LANGUAGES,
    Language,
    Served,
    pattern_name,
    render,
)
from service.rulesets.registry import RULESETS, WARNINGS

CONTENT_LANGUAGE = {language: language.encode("ascii") for language in LANGUAGES}
LANGUAGE_HEADERS: dict[str, tuple[tuple[bytes, bytes], ...]] = {
    language: ((b"content-language", value), (b"vary", b"accept-language")) for language, value in CONTENT_LANGUAGE.items()
}
"""The headers every response in that language carries."""


# --- Localizing engine results ---------------------------------------------------


def _warning(item: SettlementWarning, language: str) -> SettlementWarning:
    return SettlementWarning(code=item.code, message=render(WARNINGS.template_of(item), item.params, language), params=item.params)


def _set_name(context: str) -> Callable[[Any, str], Any]:
    def named(item: Any, language: str) -> Any:
        name = pattern_name(context, item.name_en, language)
        if item.__struct_config__.frozen:  # a shared row of a module-level table: copy it
            return msgspec.structs.replace(item, name=name)
        item.name = name
        return item

    return named


NAMED: dict[type, Callable[[Any, str], Any]] = {cls: _set_name(ruleset.pattern_context) for ruleset in RULESETS for cls in ruleset.named}
"""Response types carrying a pattern name → what gives them their `name`
(returns the item, or a named copy of a frozen one): each ruleset's
``named`` types, under its ``pattern_context``."""

_PLANS: dict[type, tuple[str, ...]] = {}


def _fields_to_visit(cls: type) -> tuple[str, ...]:
    """The fields of a Struct type that may hold a SettlementWarning, a named pattern or
    a Struct that does (worked out once per type from its annotations)."""
    plan = _PLANS.get(cls)
    if plan is None:
        info = msgspec.inspect.type_info(cls)
        fields = info.fields if isinstance(info, msgspec.inspect.StructType) else ()
        plan = tuple(field.name for field in fields if _may_hold(field.type, set()))
        _PLANS[cls] = plan
    return plan


def _may_hold(info: msgspec.inspect.Type, seen: set[type]) -> bool:
    if isinstance(info, msgspec.inspect.Metadata):
        return _may_hold(info.type, seen)
    if isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.VarTupleType, msgspec.inspect.SetType)):
        return _may_hold(info.item_type, seen)
    if isinstance(info, msgspec.inspect.DictType):
        return _may_hold(info.value_type, seen)
    if isinstance(info, msgspec.inspect.UnionType):
        return any(_may_hold(member, seen) for member in info.types)
    if isinstance(info, msgspec.inspect.StructType):
        cls = info.cls
        if cls is SettlementWarning or cls in NAMED:
            return True
        if cls in seen:
            return False
        seen.add(cls)
        return any(_may_hold(field.type, seen) for field in info.fields)
    return False


def _visit(value: Any, language: str) -> Any:
    """``value`` localized. Lists, tuples and dicts are copied when an item
    changes (they may be shared); Warnings and frozen rows are replaced; other
    Structs are fresh results, updated in place."""
    if isinstance(value, (list, tuple)):
        items = [_visit(item, language) for item in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        entries = {key: _visit(item, language) for key, item in value.items()}
        if all(entries[key] is item for key, item in value.items()):
            return value
        return entries
    if isinstance(value, SettlementWarning):
        return _warning(value, language)
    if isinstance(value, msgspec.Struct):
        named = NAMED.get(type(value))
        if named is not None:
            value = named(value, language)
        for name in _fields_to_visit(type(value)):
            child = getattr(value, name)
            if child is not None:
                new = _visit(child, language)
                if new is not child:
                    setattr(value, name, new)
    return value


def localize(content: Any, language: Language | None = None) -> Any:
    """``content`` (a response about to be encoded) in ``language`` (default:
    the request's). English content is returned as it is."""
    language = language or LANGUAGE.get()
    if language == DEFAULT:
        return content
    return _visit(content, language)


def accept_language_description(served: Sequence[Served]) -> str:
    """What ``Accept-Language`` chooses: each served language, the first the
    default, with the other ranges it is served for."""
    named = [
        f"`{language.tag}`" + (" (the default)" if index == 0 else "") + (f" (also {', '.join(language.also)})" if language.also else "")
        for index, language in enumerate(served)
    ]
    return f"The language of messages, problem titles and details and pattern names: {', '.join(named)}; q-values are honoured."


def content_language_description(served: Sequence[Served]) -> str:
    """What ``Content-Language`` says: one of the served languages."""
    return f"The language the answer's messages and names are worded in ({', '.join(f'`{language.tag}`' for language in served)})."
