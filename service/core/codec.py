"""How the engine's request Structs are built from JSON or Python objects.

Strict: no string-to-number coercion, unknown fields rejected (each request
Struct says ``forbid_unknown_fields``), decimals exact and JSON numbers only
(:class:`service.core.money.ExactNumber`). The API layer decodes request
bodies with :func:`decode`; tests and library users build requests from dicts
with :func:`convert`.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Protocol, TypeVar, Union, get_args, get_origin

import msgspec

from service.core.money import DECIMAL_TEXTS, dec_hook, enc_hook

T = TypeVar("T")

_DECODERS: dict[int, tuple[Any, JsonDecoder]] = {}
"""By the type's id (hashing a Union hashes all its members, on every call);
the entry holds the type, so the id cannot be reused while it is cached."""
ENCODER = msgspec.json.Encoder(enc_hook=enc_hook, decimal_format=DECIMAL_TEXTS.__getitem__)
"""Encodes results: decimals as JSON numbers in canonical form (``2.4``,
``8``), as the contract requires (:class:`service.core.money.DecimalTexts`)."""


BODY_LAYER = "__body_layer__"
"""A request type may carry a class attribute of this name: a function of
the type giving a function ``bytes → bytes`` that every body of that type
goes through before it is decoded (a ruleset's presets lay a platform's values
under the fields a body sends). A union's members' layers all apply."""

Layer = Callable[[bytes], bytes]


class JsonDecoder(Protocol):
    def decode(self, buf: Any, /) -> Any: ...


def body_layers(type_: Any) -> tuple[Layer, ...]:
    """The layers of ``type_`` (of each member of a union)."""
    members = get_args(type_) if get_origin(type_) is Union else (type_,)
    return tuple(factory(member) for member in members if (factory := getattr(member, BODY_LAYER, None)) is not None)


class LaidDecoder:
    """A decoder whose bodies go through the type's layers first."""

    __slots__ = ("_decode", "layers")

    def __init__(self, decoder: msgspec.json.Decoder[Any], layers: tuple[Layer, ...]) -> None:
        self._decode = decoder.decode
        self.layers = layers

    def decode(self, buf: Any) -> Any:
        raw = buf if type(buf) is bytes else bytes(buf)
        for layer in self.layers:
            raw = layer(raw)
        return self._decode(raw)


def json_decoder(type_: Any, *, laid: bool = True) -> JsonDecoder:
    """The strict JSON decoder of ``type_`` (exact decimals, the money hooks);
    with ``laid``, bodies go through the type's layers (:data:`BODY_LAYER`)."""
    decoder = msgspec.json.Decoder(type_, dec_hook=dec_hook, float_hook=Decimal)
    layers = body_layers(type_) if laid else ()
    return LaidDecoder(decoder, layers) if layers else decoder


def decode(raw: bytes, type_: type[T]) -> T:
    """Decode JSON bytes into ``type_``; raises msgspec.ValidationError or
    msgspec.DecodeError."""
    entry = _DECODERS.get(id(type_))
    if entry is None or entry[0] is not type_:
        entry = _DECODERS[id(type_)] = (type_, json_decoder(type_))
    # the cache holds decoders of every type: the one built for type_ gives a
    # T (said by annotation, not typing.cast: a call costs as much as a field)
    decoded: T = entry[1].decode(raw)
    return decoded


def convert(value: Any, type_: type[T]) -> T:
    """Build ``type_`` from Python objects (dicts, lists, ints, Decimals)."""
    return msgspec.convert(value, type=type_, strict=True, dec_hook=dec_hook)
