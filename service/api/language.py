"""The response language: negotiated once per request, applied at encoding.

:class:`LanguageMiddleware` wraps the whole application (every route, 404s
and errors included): it reads ``Accept-Language``, stores the language in
:data:`service.i18n.LANGUAGE` and adds ``Content-Language`` (and ``Vary:
Accept-Language``) to the response. With no header the language is English
and nothing else happens.

The engine writes English. For another language :func:`localize` rewrites,
in the response about to be encoded, every warning's message (from its code's
template and ``params``) and every pattern's ``name``. Problems are worded in
the request's language where they are built (service.api.problems).
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from service.engine.taiwan import TaiItem, TaiTableRow
from service.engine.warnings import MESSAGES, Warning
from service.i18n import DEFAULT, LANGUAGE, LANGUAGES, Language, negotiate_header, pattern_name, render

CONTENT_LANGUAGE = {language: language.encode("ascii") for language in LANGUAGES}
_ADDED_HEADERS = {
    language: ((b"content-language", value), (b"vary", b"accept-language")) for language, value in CONTENT_LANGUAGE.items()
}


class LanguageMiddleware:
    """ASGI middleware around the application's handler (outside routing, so
    404/405 answers get it too). Per request: one scan of the header list, a
    memoised negotiation when Accept-Language is present, the context
    variable set (only when the language is not the one already current:
    each request runs in its own task, whose context starts at English) and
    a send wrapper that appends two prepared headers to the response start.
    The wrapper is a plain function returning the inner send's awaitable, so
    it adds no coroutine of its own."""

    __slots__ = ("app",)

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language = DEFAULT
        for name, value in scope["headers"]:
            if name == b"accept-language":
                language = negotiate_header(value)
                break
        added = _ADDED_HEADERS[language]

        def send_with_language(message: Any) -> Any:
            if message["type"] == "http.response.start":
                headers = message.get("headers")
                if type(headers) is list:
                    headers.extend(added)
                else:
                    message["headers"] = [*(headers or ()), *added]
            return send(message)

        if LANGUAGE.get() is language:
            await self.app(scope, receive, send_with_language)
            return
        token = LANGUAGE.set(language)
        try:
            await self.app(scope, receive, send_with_language)
        finally:
            LANGUAGE.reset(token)


# --- Localizing engine results ---------------------------------------------------


def _warning(item: Warning, language: str) -> Warning:
    return Warning(code=item.code, message=render(MESSAGES[item.code], item.params, language), params=item.params)


def _taiwan_name(item: Any, language: str) -> None:
    item.name = pattern_name("taiwan", item.name_en, language)


NAMED: dict[type, Callable[[Any, str], None]] = {TaiItem: _taiwan_name, TaiTableRow: _taiwan_name}
"""Response types carrying a pattern name → what sets their `name`. A
ruleset with its own pattern table registers its item types here."""

_PLANS: dict[type, tuple[str, ...]] = {}


def _fields_to_visit(cls: type) -> tuple[str, ...]:
    """The fields of a Struct type that may hold a Warning, a named pattern or
    a Struct that does (worked out once per type from its annotations)."""
    plan = _PLANS.get(cls)
    if plan is None:
        info = msgspec.inspect.type_info(cls)
        plan = tuple(field.name for field in info.fields if _may_hold(field.type, set()))  # type: ignore[attr-defined]
        _PLANS[cls] = plan
    return plan


def _may_hold(info: msgspec.inspect.Type, seen: set[type]) -> bool:
    if isinstance(info, msgspec.inspect.Metadata):
        return _may_hold(info.type, seen)
    if isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.VarTupleType, msgspec.inspect.SetType)):
        return _may_hold(info.item_type, seen)
    if isinstance(info, msgspec.inspect.UnionType):
        return any(_may_hold(member, seen) for member in info.types)
    if isinstance(info, msgspec.inspect.StructType):
        cls = info.cls
        if cls is Warning or cls in NAMED:
            return True
        if cls in seen:
            return False
        seen.add(cls)
        return any(_may_hold(field.type, seen) for field in info.fields)
    return False


def _visit(value: Any, language: str) -> Any:
    """``value`` localized: Warnings are replaced (they are frozen), other
    Structs and lists are updated in place (they are fresh results)."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            new = _visit(item, language)
            if new is not item:
                value[index] = new
        return value
    if isinstance(value, tuple):
        items = tuple(_visit(item, language) for item in value)
        return value if all(new is old for new, old in zip(items, value)) else items
    if isinstance(value, Warning):
        return _warning(value, language)
    if isinstance(value, msgspec.Struct):
        cls = type(value)
        named = NAMED.get(cls)
        if named is not None:
            named(value, language)
        for name in _fields_to_visit(cls):
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
