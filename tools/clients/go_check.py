"""Write a Go program that checks the client openapi-generator's `-g go`
made from openapi/openapi.json against every documented example
(docs/clients.md has the whole recipe):

    .venv/bin/python -m tools.clients.go_check DIR

writes DIR/main.go and DIR/go.mod. The program decodes each documented body
(but those the service answers with a 400, which break the schema on
purpose) into its operation's generated request type and encodes it back
(the JSON must be the same), and decodes each documented 200 answer into its answer
type; it prints ``go: checked; failures: N`` and exits 1 on any failure. The
answers are the service's own, from the in-process app.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

PROGRAM = """package main

import (
\t"encoding/json"
\t"fmt"
\t"os"
\t"reflect"

\tm "github.com/GIT_USER_ID/GIT_REPO_ID"
)

var failures = 0

func checkBody(where string, body string, v interface{}) {
\tif err := json.Unmarshal([]byte(body), v); err != nil {
\t\tfmt.Println(where, "body does not decode:", err)
\t\tfailures++
\t\treturn
\t}
\tout, err := json.Marshal(v)
\tvar a, b interface{}
\tjson.Unmarshal([]byte(body), &a)
\tjson.Unmarshal(out, &b)
\tif err != nil || !reflect.DeepEqual(a, b) {
\t\tfmt.Println(where, "body encodes differently:", string(out), err)
\t\tfailures++
\t}
}

func checkAnswer(where string, answer string, v interface{}) {
\tif err := json.Unmarshal([]byte(answer), v); err != nil {
\t\tfmt.Println(where, "answer does not decode:", err)
\t\tfailures++
\t}
}

func main() {
CHECKS
\tfmt.Println("go: checked; failures:", failures)
\tif failures > 0 {
\t\tos.Exit(1)
\t}
}
"""


def go_name(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.replace("-", "_").split("_"))


def type_of(schema: dict[str, Any], inline: str) -> str:
    """The generated type: the component's name, or openapi-generator's name
    for an inline schema (``settleAnyRuleset_request``)."""
    if "$ref" in schema:
        return go_name(schema["$ref"].rsplit("/", 1)[1])
    if len(schema.get("allOf", [])) == 1:
        return type_of(schema["allOf"][0], inline)
    return go_name(inline)


def checks() -> list[str]:
    from litestar.testing import TestClient

    from service.api import create_app
    from tests.platform.test_clients import CALLS, DOCUMENT_FILE

    document = json.loads(DOCUMENT_FILE.read_text(encoding="utf-8"))
    lines = []
    with TestClient(create_app()) as client:
        for call in CALLS:
            operation = document["paths"][call.template][call.method.lower()]
            content = None if call.body is None else json.dumps(call.body)
            headers = {**call.headers, **({} if call.body is None else {"content-type": "application/json"})}
            response = client.request(call.method, call.template, params=call.query, content=content, headers=headers)
            where = json.dumps(call.where)
            # a body the service answers with a 400 breaks the schema on purpose (an unknown field)
            if call.body is not None and response.status_code != 400:
                name = type_of(operation["requestBody"]["content"]["application/json"]["schema"], f"{operation['operationId']}_request")
                lines.append(f"\tcheckBody({where}, {json.dumps(json.dumps(call.body))}, &m.{name}{{}})")
            answer = operation["responses"]["200"].get("content", {}).get("application/json")
            if response.status_code == 200 and answer is not None:
                name = type_of(answer["schema"], f"{operation['operationId']}_200_response")
                lines.append(f"\tcheckAnswer({where}, {json.dumps(response.text)}, &m.{name}{{}})")
    return lines


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "main.go").write_text(PROGRAM.replace("CHECKS", "\n".join(checks())), encoding="utf-8")
    (out / "go.mod").write_text("module mahjongcheck\n\ngo 1.19\n", encoding="utf-8")
    print(f"wrote {out / 'main.go'} and {out / 'go.mod'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
