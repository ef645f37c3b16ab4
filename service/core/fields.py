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
