"""Nothing a client sends produces a 5xx: arbitrary JSON, and published
examples with one value swapped for arbitrary JSON, against every POST."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.schema_check import _document

JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["east", "north", "discard", "self_draw", "", "0", "1e999", "-0"])
)
ANY_JSON = st.recursive(
    JSON_LEAF, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12
)


def post_examples() -> list[tuple[str, Any]]:
    found = []
    for path, item in _document()["paths"].items():
        body = item.get("post", {}).get("requestBody")
        if body:
            for example in body["content"]["application/json"]["schema"].get("examples", [])[:2]:
                found.append((path, example))
    return found


EXAMPLES = post_examples()
PATHS = sorted({path for path, _ in EXAMPLES})


def paths_in(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths_in(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths_in(inner, (*prefix, index))
    return found


def replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


@pytest.mark.parametrize("path", PATHS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=ANY_JSON)
def test_arbitrary_json(client, path, body) -> None:
    response = client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})
    assert response.status_code < 500, response.text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_examples_with_one_value_swapped(client, data) -> None:
    path, example = data.draw(st.sampled_from(EXAMPLES))
    where = data.draw(st.sampled_from(paths_in(example)))
    body = replaced(example, where, data.draw(ANY_JSON))
    response = client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})
    assert response.status_code < 500, (path, body, response.text)
    assert response.headers["content-type"].startswith(("application/json", "application/problem+json"))
