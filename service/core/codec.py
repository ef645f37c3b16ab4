"""How the engine's request Structs are built from JSON or Python objects.

Strict: no string-to-number coercion, unknown fields rejected (each request
Struct says ``forbid_unknown_fields``), decimals exact and JSON numbers only
(:class:`service.core.money.ExactNumber`). The API layer decodes request
bodies with :func:`decode`; tests and library users build requests from dicts
with :func:`convert`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, TypeVar

import msgspec

from service.core.money import DECIMAL_TEXTS, dec_hook, enc_hook

T = TypeVar("T")

_DECODERS: dict[int, tuple[Any, msgspec.json.Decoder[Any]]] = {}
"""By the type's id (hashing a Union hashes all its members, on every call);
the entry holds the type, so the id cannot be reused while it is cached."""
ENCODER = msgspec.json.Encoder(enc_hook=enc_hook, decimal_format=DECIMAL_TEXTS.__getitem__)
"""Encodes results: decimals as JSON numbers in canonical form (``2.4``,
``8``), as the contract requires (:class:`service.core.money.DecimalTexts`)."""


def json_decoder(type_: Any) -> msgspec.json.Decoder[Any]:
    """The strict JSON decoder of ``type_`` (exact decimals, the money hooks)."""
    return msgspec.json.Decoder(type_, dec_hook=dec_hook, float_hook=Decimal)


def decode(raw: bytes, type_: type[T]) -> T:
    """Decode JSON bytes into ``type_``; raises msgspec.ValidationError or
    msgspec.DecodeError."""
    entry = _DECODERS.get(id(type_))
    if entry is None or entry[0] is not type_:
        entry = _DECODERS[id(type_)] = (type_, json_decoder(type_))
    # the cache holds decoders of every type: the one built for type_ gives a
    # T (said by annotation, not typing.cast: a call costs as much as a field)
    decoder: msgspec.json.Decoder[T] = entry[1]
    return decoder.decode(raw)


def convert(value: Any, type_: type[T]) -> T:
    """Build ``type_`` from Python objects (dicts, lists, ints, Decimals)."""
    return msgspec.convert(value, type=type_, strict=True, dec_hook=dec_hook)
