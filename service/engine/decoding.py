"""How the engine's request Structs are built from JSON or Python objects.

Strict: no string-to-number coercion, unknown fields rejected (each request
Struct says ``forbid_unknown_fields``), decimals exact and JSON numbers only
(:class:`service.engine.money.ExactNumber`). The API layer decodes request
bodies with :func:`decode`; tests and library users build requests from dicts
with :func:`convert`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, TypeVar

import msgspec

from service.engine.money import dec_hook, enc_hook

T = TypeVar("T")

_DECODERS: dict[Any, msgspec.json.Decoder[Any]] = {}
ENCODER = msgspec.json.Encoder(enc_hook=enc_hook, decimal_format="number")
"""Encodes results: decimals as JSON numbers (``2.4``), as the contract requires."""


def decode(raw: bytes, type_: type[T]) -> T:
    """Decode JSON bytes into ``type_``; raises msgspec.ValidationError or
    msgspec.DecodeError."""
    decoder = _DECODERS.get(type_)
    if decoder is None:
        decoder = _DECODERS[type_] = msgspec.json.Decoder(type_, dec_hook=dec_hook, float_hook=Decimal)
    return decoder.decode(raw)


def convert(value: Any, type_: type[T]) -> T:
    """Build ``type_`` from Python objects (dicts, lists, ints, Decimals)."""
    return msgspec.convert(value, type=type_, strict=True, dec_hook=dec_hook)
