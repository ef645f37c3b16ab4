"""Clients generated from openapi/openapi.json, as app backends generate
them, send every documented example to a live service and read its answer.

- Every documented answer matches the schema its operation publishes for
  that status (what a generated type marks required is there), and the
  document passes openapi-spec-validator.
- TypeScript (openapi-typescript + openapi-fetch, tools/clients/package.json):
  every documented body is written as a typed object literal of its
  operation's request type and the file compiles under ``tsc --strict``;
  run with node, each answer is the service's own.
- Python (openapi-python-client, tools/clients/requirements.lock): every
  documented body reads into a generated model whose ``to_dict()`` is the
  body sent; the generated call gets the service's own answer, parsed into
  the operation's answer model.

The generators are not the service's dependencies: `.ci/run` installs them
under tools/clients/. Without them these tests skip on a developer's
machine and fail under CI (CI set). Examples the service answers with a 400
are schema-invalid on purpose; they are sent untyped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest
from jsonschema import Draft202012Validator

from tests.platform.test_readme import REPLAYED, parse
from tests.server import start_service

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT_FILE = ROOT / "openapi" / "openapi.json"
TOOLS = ROOT / "tools" / "clients"
NODE_BIN = TOOLS / "node_modules" / ".bin"
PYTHON_TOOLS = TOOLS / ".venv" / "bin"
PYTHON_CLIENT_GENERATOR = PYTHON_TOOLS / "openapi-python-client"
PYTHON_CONFIG = TOOLS / "python-client.yaml"
CLIENTS_DOC = ROOT / "docs" / "clients.md"
UNTYPABLE_IN_TYPESCRIPT = frozenset({"mjai"})
"""Recorded-game formats whose documented bodies the TypeScript generator
cannot type: an MJAI event is published as an object with `type` and other
fields read past (no `additionalProperties`), which openapi-typescript reads
as closed, so `tsc --strict` refuses an event's other fields."""
HEADERS = ("Accept-Language", "X-Request-ID")
"""The request headers the document declares (the others examples send, like
`content-type`, the clients set themselves)."""


class Call(NamedTuple):
    where: str
    method: str
    template: str
    operation_id: str
    query: dict[str, str]
    headers: dict[str, str]
    body: Any


def _document() -> dict[str, Any]:
    return json.loads(DOCUMENT_FILE.read_text(encoding="utf-8"))


def documented_calls() -> list[Call]:
    """Every replayed `$ curl` example of README.md and docs/ that is an
    operation of the document with a JSON body (or none)."""
    paths = _document()["paths"]
    calls = []
    for example in REPLAYED:
        request = parse(example.command)
        url = urlsplit(request.path)
        template = url.path.rstrip("/") or "/"
        operation = paths.get(template, {}).get(request.method.lower())
        if operation is None:
            continue
        try:
            body = None if request.body is None else json.loads(request.body)
        except ValueError:
            continue  # not JSON at all: no client sends that
        if body is not None and "json" not in {k.lower(): v for k, v in request.headers.items()}.get("content-type", ""):
            continue  # a body sent without its JSON content type: no client does that either
        headers = {name: value for name, value in request.headers.items() if name in HEADERS}
        query = dict(parse_qsl(url.query))
        calls.append(Call(example.where, request.method, template, operation["operationId"], query, headers, body))
    return calls


CALLS = documented_calls()


def _require(*tools: Path) -> None:
    missing = [str(tool.relative_to(ROOT)) for tool in tools if not tool.exists()]
    if not missing:
        return
    reason = f"client generators not installed ({', '.join(missing)}): .ci/run installs them"
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    service = start_service(tmp_path_factory.mktemp("metrics"))
    try:
        yield service.base
    finally:
        service.stop()


@pytest.fixture(scope="module")
def direct(live: str) -> list[tuple[int, Any]]:
    """What the service answers each call, sent as plain HTTP."""
    answers = []
    with httpx.Client(base_url=live) as http:
        for call in CALLS:
            response = http.request(
                call.method,
                call.template,
                params=call.query,
                headers={**call.headers, **({} if call.body is None else {"content-type": "application/json"})},
                content=None if call.body is None else json.dumps(call.body),
            )
            answers.append((response.status_code, response.json() if response.content else None))
    return answers


def test_the_documents_have_calls_for_every_ruleset() -> None:
    operations = {call.operation_id for call in CALLS}
    assert len(CALLS) >= 25
    assert {"settleHongKong", "settleRiichi", "settleMcr", "settleNmjl", "settleTaiwan"} <= operations


def _answer_schema(document: dict[str, Any], call: Call, status: int) -> dict[str, Any]:
    responses = document["paths"][call.template][call.method.lower()]["responses"]
    response = responses.get(str(status)) or responses[f"{str(status)[0]}XX"]
    (media,) = response["content"].values()
    return {**media["schema"], "components": document["components"]}


def test_every_documented_answer_matches_its_published_schema(direct) -> None:
    document = _document()
    for call, (status, answer) in zip(CALLS, direct, strict=True):
        if answer is None:
            continue
        errors = list(Draft202012Validator(_answer_schema(document, call, status)).iter_errors(answer))
        assert not errors, f"{call.where}: {status} answer breaks its schema: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_the_document_passes_openapi_spec_validator() -> None:
    _require(PYTHON_TOOLS / "openapi-spec-validator")
    checked = subprocess.run([PYTHON_TOOLS / "openapi-spec-validator", DOCUMENT_FILE], capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout[-4000:] + checked.stderr[-4000:]


# --- TypeScript ------------------------------------------------------------------


def _ts_literal(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _query_value(text: str) -> Any:
    """A query string value as its typed parameter wants it (`10`, `true`)."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def typescript_program(direct: list[tuple[int, Any]]) -> str:
    lines = [
        'import createClient from "openapi-fetch";',
        'import type { paths } from "./api.js";',
        "declare const process: { argv: string[] };",
        "const client = createClient<paths>({ baseUrl: process.argv[2] });",
        "const results: unknown[] = [];",
    ]
    for index, (call, (status, _)) in enumerate(zip(CALLS, direct, strict=True)):
        method = call.method.lower()
        params: dict[str, Any] = {}
        if call.query:
            params["query"] = {name: _query_value(value) for name, value in call.query.items()}
        if call.headers:
            params["header"] = call.headers
        options = [f"params: {_ts_literal(params)}"] if params else []
        lines.append(f"// {call.where}")
        if call.body is not None:
            # an MJAI record does not type (UNTYPABLE_IN_TYPESCRIPT, docs/clients.md); such a body
            # goes untyped, as a 400 example does
            typed = status != 400 and not (isinstance(call.body, dict) and call.body.get("format") in UNTYPABLE_IN_TYPESCRIPT)
            kind = f'paths["{call.template}"]["{method}"]["requestBody"]["content"]["application/json"]'
            annotation = kind if typed else "any"
            lines.append(f"const body{index}: {annotation} = {_ts_literal(call.body)};")
            options.append(f"body: body{index}")
        lines.append(f'{{ const {{ data, error, response }} = await client.{call.method}("{call.template}", {{ {", ".join(options)} }});')
        lines.append("  results.push({ status: response.status, answer: data ?? error ?? null }); }")
    lines.append("console.log(JSON.stringify(results));")
    return "\n".join(lines) + "\n"


def test_typescript_client(tmp_path: Path, live: str, direct) -> None:
    _require(NODE_BIN / "openapi-typescript", NODE_BIN / "tsc", TOOLS / "node_modules" / "openapi-fetch")
    work = tmp_path / "ts"
    work.mkdir()
    (work / "node_modules").symlink_to(TOOLS / "node_modules")
    subprocess.run([NODE_BIN / "openapi-typescript", DOCUMENT_FILE, "-o", work / "api.d.ts"], check=True, capture_output=True)
    (work / "examples.mts").write_text(typescript_program(direct), encoding="utf-8")
    # docs/clients.md's example, against the live service
    example = CLIENTS_DOC.read_text(encoding="utf-8").split("```ts\n", 1)[1].split("```", 1)[0]
    (work / "doc_example.mts").write_text(
        example.replace('"http://127.0.0.1:8000"', "process.argv[2]").replace(
            'import type { paths } from "./api.js";', 'import type { paths } from "./api.js";\ndeclare const process: { argv: string[] };'
        ),
        encoding="utf-8",
    )
    compiled = subprocess.run(
        [
            NODE_BIN / "tsc",
            "--strict",
            "--target",
            "es2022",
            "--module",
            "nodenext",
            "--moduleResolution",
            "nodenext",
            "examples.mts",
            "doc_example.mts",
        ],
        cwd=work,
        capture_output=True,
        text=True,
    )
    assert compiled.returncode == 0, compiled.stdout[-4000:]
    printed = subprocess.run(["node", "doc_example.mjs", live], cwd=work, capture_output=True, text=True, timeout=120)
    assert printed.returncode == 0, printed.stderr[-4000:]
    # the same two hands as the Python example: 12 and 5,800 (docs/clients.md)
    assert printed.stdout.split() == ["12", "5800"]
    ran = subprocess.run(["node", "examples.mjs", live], cwd=work, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr[-4000:]
    results = json.loads(ran.stdout)
    for call, (status, answer), result in zip(CALLS, direct, results, strict=True):
        assert (result["status"], result["answer"]) == (status, answer), call.where


# --- Python ----------------------------------------------------------------------


def _generate_python_client(out: Path, *options: str | Path) -> None:
    environment = {**os.environ, "PATH": f"{PYTHON_TOOLS}{os.pathsep}{os.environ['PATH']}"}
    generated = subprocess.run(
        [PYTHON_CLIENT_GENERATOR, "generate", "--path", DOCUMENT_FILE, "--output-path", out, "--meta", "none", *options],
        capture_output=True,
        text=True,
        env=environment,
    )
    assert generated.returncode == 0, generated.stdout[-4000:] + generated.stderr[-4000:]
    assert "Warning" not in generated.stdout, generated.stdout[-4000:]


def _python_example(tmp_path: Path, live: str, which: int) -> list[str]:
    """What docs/clients.md's ``which``-th Python example prints against the live service."""
    example = CLIENTS_DOC.read_text(encoding="utf-8").split("```python\n")[which + 1].split("```", 1)[0]
    script = tmp_path / f"example{which}.py"
    script.write_text(example.replace("http://127.0.0.1:8000", live), encoding="utf-8")
    printed = subprocess.run([PYTHON_TOOLS / "python", script], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr[-4000:]
    return printed.stdout.split()


def _send_every_documented_call(tmp_path: Path, out: Path, live: str, direct: list[tuple[int, Any]], *flags: str) -> None:
    """Every documented body built again with the generated constructors
    (tools/clients/python_driver.py) reads back as the body sent, and the
    generated call gets the service's own answer, parsed into its model."""
    requests = tmp_path / "requests.json"
    requests.write_text(
        json.dumps(
            [
                {
                    "operation_id": c.operation_id,
                    "method": c.method,
                    "template": c.template,
                    "body": c.body,
                    "query": c.query,
                    "headers": c.headers,
                    # schema-invalid on purpose: an unknown field, a missing one (no model holds them)
                    "untyped": status == 400 and any(e.get("code") in ("unknown_field", "missing_field") for e in answer["errors"]),
                }
                for c, (status, answer) in zip(CALLS, direct, strict=True)
            ]
        ),
        encoding="utf-8",
    )
    ran = subprocess.run(
        [PYTHON_TOOLS / "python", TOOLS / "python_driver.py", out, live, requests, *flags], capture_output=True, text=True, timeout=300
    )
    assert ran.returncode == 0, ran.stderr[-4000:]
    results = json.loads(ran.stdout)
    for call, (status, answer), result in zip(CALLS, direct, results, strict=True):
        if call.body is not None:
            assert result["body_to_dict"] == call.body, f"{call.where}: {result['body_model']}.to_dict() is not the body"
        assert (result["status"], result["answer"]) == (status, answer), call.where
        if status == 200 and answer is not None:
            assert result["parsed_model"] not in ("NoneType", "dict", "list"), (
                f"{call.where}: the answer parsed into {result['parsed_model']}"
            )
        if str(status) in _document()["paths"][call.template][call.method.lower()]["responses"] and status >= 400:
            assert result["parsed_model"] == "Problem", f"{call.where}: a {status} parsed into {result['parsed_model']}"


def test_python_client(tmp_path: Path, live: str, direct) -> None:
    _require(PYTHON_TOOLS / "openapi-python-client", PYTHON_TOOLS / "ruff")
    out = tmp_path / "mahjong_client"
    _generate_python_client(out, "--config", PYTHON_CONFIG)
    # mypy --strict on the generated package: what is left is the generator's own client.py
    # template (12 errors, the same with any document) and one redundant cast for the rule
    # option's open `values` list (`items: {}`: a choice is a string or an integer, and a
    # typed union there would be an empty class in Kotlin). A tenhou.net/6 hand publishes
    # its places in `allOf` and one entry type in `items`, so its model is a typed
    # `list[list[list[Any]]]` and adds none (31 before). A ratchet (docs/clients.md).
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", out.name], cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert "source files)" in checked.stdout.splitlines()[-1], checked.stdout[-2000:] + checked.stderr[-2000:]
    by_file = Counter(line.split(":", 1)[0] for line in checked.stdout.splitlines() if ": error:" in line)
    assert set(by_file) <= {f"{out.name}/client.py", f"{out.name}/models/rule_option.py"}, by_file
    assert by_file[f"{out.name}/models/rule_option.py"] <= 1, by_file
    assert sum(by_file.values()) <= 13, by_file
    # docs/clients.md's example, built from plain values, against the live service:
    # 3 fan self-drawn, default half-spicy table: 8 points, 4 from each of three payers;
    # riichi 3 han 30 fu dealer ron: 5,800 (the riichi score table)
    assert _python_example(tmp_path, live, 0) == ["12", "5800"]
    _send_every_documented_call(tmp_path, out, live, direct)


def test_python_client_with_the_generators_default_options(tmp_path: Path, live: str, direct) -> None:
    """Generated without tools/clients/python-client.yaml: a constant tag
    (`ruleset`, a win's `type`) is a ``Literal`` and `fu` a plain ``int``,
    so ``HongKongItem(ruleset="hongkong", …)`` and ``RiichiRequest(…, fu=30)``
    send the right JSON; an enumeration of several values (a seat) is the
    generator's Enum class."""
    _require(PYTHON_TOOLS / "openapi-python-client", PYTHON_TOOLS / "ruff")
    out = tmp_path / "mahjong_client"
    _generate_python_client(out)
    models = (out / "models").glob("*.py")
    enums = {path.stem: path.read_text(encoding="utf-8") for path in models if "Enum):" in path.read_text(encoding="utf-8")}
    # no enum class for a one-value tag (`class HongKongRuleset(StrEnum)` has one member)…
    assert not [name for name, text in enums.items() if text.count(" = ") == 1], sorted(enums)
    # …nor for riichi's fu, whose values are 20, 25 (seven pairs), 30, 40 … 130 (docs/riichi.md)
    assert not [name for name, text in enums.items() if " = 130" in text], sorted(enums)
    hong_kong = (out / "models" / "hong_kong_item.py").read_text(encoding="utf-8")
    assert 'ruleset: Literal["hongkong"]' in hong_kong
    assert "fu: int | Unset" in (out / "models" / "riichi_request.py").read_text(encoding="utf-8")
    # docs/clients.md's second example: the same two hands, 12 and 5,800 (worked in test_python_client)
    assert _python_example(tmp_path, live, 1) == ["12", "5800"]
    _send_every_documented_call(tmp_path, out, live, direct, "--default-options")
