"""OrUnset / OrNone: the checker sees the whole type, msgspec the bounded one."""

from __future__ import annotations

from typing import Annotated

import msgspec
import pytest

from service.core.fields import OrNone, OrUnset

Small = Annotated[int, msgspec.Meta(ge=0, le=5)]


class Hand(msgspec.Struct, forbid_unknown_fields=True):
    fan: OrUnset[Small] = msgspec.UNSET
    north: OrNone[Small] = None


def test_at_run_time_the_annotation_is_the_bounded_type() -> None:
    assert OrUnset[Small] is Small
    assert OrNone[Small] is Small


def test_absent_fields_take_their_sentinel_and_are_left_out_when_encoded() -> None:
    hand = msgspec.json.decode(b"{}", type=Hand)
    assert hand.fan is msgspec.UNSET
    assert hand.north is None
    assert msgspec.json.encode(Hand(fan=3)) == b'{"fan":3,"north":null}'
    assert msgspec.json.encode(Hand()) == b'{"north":null}'


@pytest.mark.parametrize("body", [b'{"fan": 6}', b'{"fan": -1}', b'{"north": 6}', b'{"north": null}', b'{"fan": null}'])
def test_the_bounds_still_apply_and_null_is_refused(body: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(body, type=Hand)
