"""Request and response fields that may be left out.

msgspec marks a field absent with ``msgspec.UNSET`` (left out when encoded),
and some request fields use ``None`` for "absent" while rejecting a JSON
``null``. Their honest type is ``int | UnsetType``; but msgspec only
constrains a bare type (``Annotated[int | UnsetType, Meta(ge=0)]`` is an
error) and litestar drops the bounds of a union member from the published
schema. So the run-time annotation stays the constrained type and the
checker is told the whole truth:

* ``OrUnset[X]`` is ``X | msgspec.UnsetType`` to the type checker, ``X`` at
  run time (for msgspec and the OpenAPI document);
* ``OrNone[X]`` is ``X | None`` to the type checker, ``X`` at run time.

Code reading such a field must narrow it (``if value is msgspec.UNSET``),
which the checker enforces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import msgspec

T = TypeVar("T")

if TYPE_CHECKING:
    OrUnset: TypeAlias = T | msgspec.UnsetType
    OrNone: TypeAlias = T | None
else:

    class OrUnset:
        """``OrUnset[X]`` is ``X`` at run time (see the module docstring)."""

        def __class_getitem__(cls, item: Any) -> Any:
            return item

    class OrNone:
        """``OrNone[X]`` is ``X`` at run time (see the module docstring)."""

        def __class_getitem__(cls, item: Any) -> Any:
            return item


def struct_fields(struct_type: type, omit: Sequence[str] = ()) -> list[tuple[Any, ...]]:
    """A Struct's fields as :func:`msgspec.defstruct` takes them (each
    default or default factory kept), less those named in ``omit``: for a
    type built from another (a game's win item from a settlement body, a
    recorded hand's answer from a game's)."""
    fields: list[tuple[Any, ...]] = []
    for info in msgspec.structs.fields(struct_type):
        if info.name in omit:
            continue
        if info.required:
            fields.append((info.name, info.type))
        elif info.default_factory is not msgspec.NODEFAULT:
            fields.append((info.name, info.type, msgspec.field(default_factory=info.default_factory)))
        else:
            fields.append((info.name, info.type, info.default))
    return fields
