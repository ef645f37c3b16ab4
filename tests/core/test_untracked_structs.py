"""Structs declared ``gc=False`` (never tracked by the cyclic garbage
collector: cheaper to build, decode and free) must not be able to take part
in a reference cycle, or a cycle through them would never be freed. The
rule kept here: every field of such a Struct holds only values that cannot
refer back to anything (strings, numbers, booleans, None, literals, UNSET),
another ``gc=False`` Struct, or a tuple of those. A list or a dict field
(which a caller could append the Struct itself to) fails this test."""

from __future__ import annotations

import importlib
import pkgutil
from decimal import Decimal
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest

import service

ATOMIC = (
    mi.StrType,
    mi.IntType,
    mi.BoolType,
    mi.FloatType,
    mi.DecimalType,
    mi.NoneType,
    mi.LiteralType,
    mi.EnumType,
)


def _structs() -> list[type[msgspec.Struct]]:
    for module in pkgutil.walk_packages(service.__path__, "service."):
        importlib.import_module(module.name)
    found: list[type[msgspec.Struct]] = []
    pending: list[type[Any]] = [msgspec.Struct]
    while pending:
        for cls in pending.pop().__subclasses__():
            pending.append(cls)
            if cls.__module__.startswith("service."):
                found.append(cls)
    return found


UNTRACKED = sorted((cls for cls in _structs() if not cls.__struct_config__.gc), key=lambda cls: cls.__qualname__)


def _leaf(info: mi.Type) -> bool:
    if isinstance(info, ATOMIC):
        return True
    if isinstance(info, mi.CustomType):  # the exact-number Decimal subclass
        return issubclass(info.cls, (str, int, float, Decimal))
    if isinstance(info, mi.UnionType):
        return all(_leaf(member) for member in info.types)
    if isinstance(info, mi.StructType):
        return not info.cls.__struct_config__.gc
    if isinstance(info, mi.VarTupleType):
        return _leaf(info.item_type)
    if isinstance(info, mi.TupleType):
        return all(_leaf(item) for item in info.item_types)
    if isinstance(info, mi.Metadata):
        return _leaf(info.type)
    return False


def test_the_hot_path_structs_are_untracked() -> None:
    names = {cls.__qualname__ for cls in UNTRACKED}
    # the payment line, the win and each ruleset's rules are built on every settlement
    assert {"Payment", "Discard", "SelfDraw", "HongKongRules", "RiichiRules", "McrRules", "NmjlRules", "TaiwanRules"} <= names


@pytest.mark.parametrize("cls", UNTRACKED, ids=lambda cls: cls.__qualname__)
def test_an_untracked_struct_cannot_hold_a_cycle(cls: type[msgspec.Struct]) -> None:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    containers = [field.name for field in info.fields if not _leaf(field.type)]
    assert containers == [], f"{cls.__qualname__}: fields that can hold a container: {containers}"


def test_a_list_field_is_caught() -> None:
    class Holder(msgspec.Struct, gc=False):
        items: list[str]

    info = mi.type_info(Holder)
    assert isinstance(info, mi.StructType)
    assert not _leaf(info.fields[0].type)
