"""The engine's decoder cache: keyed by the type's identity, never confused
by a type object that is built per call."""

from __future__ import annotations

import gc

import msgspec
import pytest

from service.core.codec import decode


def test_types_built_per_call_each_get_their_own_decoder() -> None:
    for _ in range(50):
        assert decode(b"[1, 2]", list[int]) == [1, 2]
        assert decode(b'["a"]', list[str]) == ["a"]
        with pytest.raises(msgspec.ValidationError):
            decode(b'["a"]', list[int])
        gc.collect()  # a freed alias's id may be handed to the next one
