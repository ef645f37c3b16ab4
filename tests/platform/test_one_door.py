"""A ruleset is one package and one registry line: nothing else names it.

Outside ``service/rulesets/<name>/`` and ``service/rulesets/registry.py``, no
module of the service (``service/**/*.py``, ``service/web/*.js``) or of its
tools (``tools/*.py``) names a ruleset of the registry. The platform reads
what it needs of a ruleset from its ``Ruleset`` (``service.core.ruleset``).

The rule, checked on the source text (Python through ``ast`` and
``tokenize``, the page's script through a small lexer), never by importing:

- no import of ``service.rulesets.<name>`` (nor ``<name>`` from
  ``service.rulesets``);
- no identifier (a Python name, attribute, function, class, argument or
  keyword; a word of the script outside its strings and comments) with a
  ruleset's name as one of its words or two adjacent words
  (``riichi_sticks``, ``TaiwanTiles``, ``HongKongRequest``), compared
  without case, words split at ``_`` and at a capital;
- no string literal, docstring or comment holding a ruleset's name in
  lower case as a word (``/v1/riichi/fu``, ``"taiwan preset"``,
  ``riichi_sticks``), nor split by ``-`` or ``_`` (``hong-kong``), nor a
  code-like word naming one (``HongKongRequest``, as for identifiers).
  Prose in capitals ("Hong Kong", "Riichi sticks") is not a name.

Three kinds of words are left alone, all prose or terms for people, none
of which routes, keys or imports:

- a message text: an English msgid shown in the client's language, whose
  bytes the answers keep: the argument of ``N_``, ``template``,
  ``field_problem``, ``FieldProblem``, ``LocalizedHTTPException`` (and the
  page's ``N_``/``t``), and an element of ``service.api.web.PAGE_STRINGS``.
  Those may word a rule ("a red five exists only in riichi");
- the OpenAPI document's prose: a ``description=`` or ``summary=``
  argument, the docstring of a Struct (its schema's description: a class
  with a base named ``Struct`` or Struct options on its class line) and of
  a route handler (its operation's description: a function decorated with
  ``get``/``post``/…). Clients read those texts; their bytes stay;
- a wire name of the HTTP contract: an identifier or string that is a
  property name the published document (``openapi/openapi.json``) lists,
  such as the games' ``riichi_sticks`` (the game's term for the sticks on
  the table, which the shared ledger carries).

Nothing else is excepted: there is no list of known places.

The checker is fed made-up sources too, so that it cannot pass by finding
nothing.
"""

from __future__ import annotations

import ast
import io
import itertools
import json
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.rulesets.registry import RULESETS

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
NAMES = tuple(ruleset.name for ruleset in RULESETS)
MESSAGE_CALLS = frozenset({"N_", "template", "field_problem", "FieldProblem", "LocalizedHTTPException"})
PAGE_MESSAGE_CALLS = ("N_", "t")
MESSAGE_LISTS = frozenset({"PAGE_STRINGS"})
PROSE_KEYWORDS = frozenset({"description", "summary"})
HANDLER_DECORATORS = frozenset({"get", "post", "put", "patch", "delete", "route"})


def _property_names(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            yield from _property_names(value)
    elif isinstance(node, list):
        for value in node:
            yield from _property_names(value)


WIRE_NAMES = frozenset(_property_names(json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8")))) - set(NAMES)
"""Every property name of the published document, the contract's wire
names; a ruleset's own name (a key by ruleset) is none."""


def checked_files() -> list[Path]:
    """Every module the rule covers."""
    allowed = [SERVICE / "rulesets" / name for name in NAMES]
    files = [
        path
        for path in sorted(SERVICE.rglob("*.py"))
        if path != SERVICE / "rulesets" / "registry.py" and not any(folder in path.parents for folder in allowed)
    ]
    return files + sorted((SERVICE / "web").rglob("*.js")) + sorted((ROOT / "tools").glob("*.py"))


# --- what names a ruleset -------------------------------------------------------------


def words(identifier: str) -> list[str]:
    """``HongKongRequest`` → hong, kong, request; ``riichi_sticks`` → riichi, sticks."""
    return [word.lower() for word in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", identifier)]


def identifier_names(identifier: str) -> str | None:
    """The ruleset an identifier names, if any."""
    parts = words(identifier)
    candidates = [*parts, *(a + b for a, b in itertools.pairwise(parts))]
    return next((name for name in NAMES if name in candidates), None)


_LOWER = {
    name: re.compile(
        "|".join(
            [rf"(?<![A-Za-z0-9]){name}(?![a-z0-9])"]
            + [rf"(?<![A-Za-z0-9]){name[:i]}[-_]{name[i:]}(?![a-z0-9])" for i in range(1, len(name))]
        )
    )
    for name in NAMES
}
_CODE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def text_names(text: str) -> str | None:
    """The ruleset a string, docstring or comment names, if any."""
    for name, pattern in _LOWER.items():
        if pattern.search(text):
            return name
    for word in _CODE_WORD.findall(text):
        if re.search(r"[a-z][A-Z]|_", word) and (name := identifier_names(word)) is not None:
            return name
    return None


# --- Python ---------------------------------------------------------------------------


def _called(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return None


def _constants(node: ast.AST) -> Iterator[int]:
    return (id(child) for child in ast.walk(node) if isinstance(child, ast.Constant))


def _is_struct(node: ast.ClassDef) -> bool:
    """A Struct by its class line: a base named ``Struct`` or Struct options."""
    named = any((base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")) == "Struct" for base in node.bases)
    return named or bool(node.keywords)


def _is_handler(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(_called(decorator) in HANDLER_DECORATORS for decorator in node.decorator_list)


def _published_docstring(node: ast.AST) -> ast.AST | None:
    """The docstring node of a Struct or a route handler (published)."""
    published = (isinstance(node, ast.ClassDef) and _is_struct(node)) or (
        isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_handler(node)
    )
    body = getattr(node, "body", None)
    if published and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        return body[0].value
    return None


def _messages(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are prose for people: message
    texts and the OpenAPI document's descriptions."""
    exempt: set[int] = set()
    for node in ast.walk(tree):
        if _called(node) in MESSAGE_CALLS:
            assert isinstance(node, ast.Call)
            for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
                exempt.update(_constants(argument))
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in PROSE_KEYWORDS:
                    exempt.update(_constants(keyword.value))
        if (docstring := _published_docstring(node)) is not None:
            exempt.add(id(docstring))
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(target, ast.Name) and target.id in MESSAGE_LISTS for target in targets):
            value = node.value  # type: ignore[union-attr]
            if isinstance(value, ast.Tuple | ast.List):
                exempt.update(id(child) for child in value.elts if isinstance(child, ast.Constant))
    return exempt


def _import_findings(node: ast.Import | ast.ImportFrom) -> Iterator[tuple[str, str]]:
    modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
    if isinstance(node, ast.ImportFrom):
        modules += [f"{node.module}.{alias.name}" for alias in node.names]
    for module in modules:
        parts = module.split(".")
        if parts[:2] == ["service", "rulesets"] and len(parts) > 2 and parts[2] in NAMES:
            yield f"import {module}", parts[2]
    for alias in node.names:
        for identifier in (alias.name.split(".")[-1], alias.asname or ""):
            if identifier and (name := identifier_names(identifier)) is not None:
                yield f"name {identifier}", name


def _identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    return []


def python_findings(source: str) -> Iterator[tuple[int, str, str]]:
    """(line, what, ruleset) for each place ``source`` names a ruleset."""
    tree = ast.parse(source)
    exempt = _messages(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield from ((line, what, name) for what, name in _import_findings(node))
            continue
        for identifier in _identifiers(node):
            if identifier not in WIRE_NAMES and (name := identifier_names(identifier)) is not None:
                yield line, f"name {identifier}", name
        text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in exempt else ""
        if text in WIRE_NAMES:
            continue
        if text and (name := text_names(text)) is not None:
            yield line, f"string {text[:60]!r}", name
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and (name := text_names(token.string)) is not None:
            yield token.start[0], f"comment {token.string[:60]!r}", name


# --- the page's script ------------------------------------------------------------------

_JS_TOKEN = re.compile(
    r"(?P<comment>//[^\n]*|/\*.*?\*/)"
    r"|(?P<string>\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)"
    r"|(?P<regex>(?<=[(,=:!&|?;{}\[])\s*/(?![/*])(?:[^/\\\n\[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/[a-z]*)"
    r"|(?P<word>[A-Za-z_$][\w$]*)",
    re.S,
)


def script_findings(source: str) -> Iterator[tuple[int, str, str]]:
    """(line, what, ruleset) for each place a script names a ruleset."""
    call: str | None = None  # the word just before a "(", if the last token was one
    for match in _JS_TOKEN.finditer(source):
        line = source.count("\n", 0, match.start()) + 1
        kind = match.lastgroup
        text = match.group()
        if kind == "word":
            if (name := identifier_names(text)) is not None:
                yield line, f"name {text}", name
        elif kind in ("comment", "string"):
            message = kind == "string" and call in PAGE_MESSAGE_CALLS and source[match.start() - 1] == "("
            if not message and (name := text_names(text)) is not None:
                yield line, f"{kind} {text[:60]!r}", name
        call = text if kind == "word" and source[match.end() : match.end() + 1] == "(" else None


def findings(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    found = script_findings(source) if path.suffix == ".js" else python_findings(source)
    return [f"{path.relative_to(ROOT)}:{line}: {what} names {name}" for line, what, name in found]


# --- the rule holds ---------------------------------------------------------------------


def test_the_rule_covers_the_platform() -> None:
    files = {path.relative_to(ROOT).as_posix() for path in checked_files()}
    assert {
        "service/api/language.py",
        "service/core/warnings.py",
        "service/web/page.js",
        "service/web/page/form.js",
        "tools/i18n_extract.py",
    } <= files
    assert "service/rulesets/registry.py" not in files
    assert not any(name.startswith(tuple(f"service/rulesets/{ruleset}/" for ruleset in NAMES)) for name in files)


def test_nothing_outside_a_ruleset_package_and_the_registry_names_a_ruleset() -> None:
    found = [finding for path in checked_files() for finding in findings(path)]
    assert not found, "a ruleset is named outside its package:\n" + "\n".join(found)


def test_the_wire_names_are_read_from_the_document() -> None:
    # the contract's names, so the exception cannot pass by reading nothing
    assert {"riichi_sticks", "honba", "dealer_streak", "winner", "payments"} <= WIRE_NAMES
    assert "riichi" not in WIRE_NAMES


# --- the checker catches what it is there for -----------------------------------------------


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("from service.rulesets.riichi.hand.counting import YAKU_TABLE\n", "riichi"),
        ("from service.rulesets import taiwan\n", "taiwan"),
        ("import service.rulesets.mcr.settlement\n", "mcr"),
        ("WEIGHTS = {'nmjl': 1}\n", "nmjl"),
        ("URL = '/v1/riichi/fu'\n", "riichi"),
        ("CONTEXT = 'taiwan preset'\n", "taiwan"),
        ("def riichi_sticks_for(): ...\n", "riichi"),
        ("COSTS = {'riichi': 2}\n", "riichi"),
        ("class HongKongThing: ...\n", "hongkong"),
        ("x = obj.taiwan_mode\n", "taiwan"),
        ("f(hongkong=1)\n", "hongkong"),
        ("SCHEMA = 'HongKongRequest'\n", "hongkong"),
        ("PATH = '/v1/hong-kong/settlements'\n", "hongkong"),
        ("x = 1  # the riichi case\n", "riichi"),
        ('def f():\n    """As for mcr."""\n', "mcr"),
        ('"""The riichi case."""\n', "riichi"),
        ('class Helper:\n    """Only riichi."""\n', "riichi"),
        ('@cache\ndef f():\n    """Only riichi."""\n', "riichi"),
        ("riichi_mode = 1\n", "riichi"),
        ("x = f('riichi_sticks_left')\n", "riichi"),
        ("m = Meta(title='riichi only')\n", "riichi"),
    ],
)
def test_a_python_source_naming_a_ruleset_is_caught(source: str, named: str) -> None:
    assert [name for *_, name in python_findings(source)][:1] == [named]


@pytest.mark.parametrize(
    "source",
    [
        "x = 'Hong Kong tables play it as a limit hand'\n",
        "LABEL = 'Riichi sticks'\n",
        "MESSAGE = N_('A red five exists only in riichi')\n",
        "MESSAGE = template('{seat}: no riichi')\n",
        "PAGE_STRINGS = ('the riichi page',)\n",
        "from service.rulesets.registry import RULESETS\n",
        "ruleset = RULESETS[0].name\n",
        "x = 'richii taiwanese mcrx'\n",
        "m = Meta(description='Riichi: sticks; riichi only')\n",
        "route(summary='A riichi game')\n",
        'class Draw(msgspec.Struct):\n    """tenpai matters only in riichi."""\n',
        'class Abort(Base, kw_only=True):\n    """An abortive draw (riichi)."""\n',
        '@post("/x")\nasync def h():\n    """Stateless (riichi: honba)."""\n',
        "state = dict(riichi_sticks=0)\n",
        "key = 'riichi_sticks'\n",
    ],
)
def test_a_python_source_naming_none_passes(source: str) -> None:
    assert list(python_findings(source)) == []


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ('if (app.ruleset === "riichi") go();\n', "riichi"),
        ("const url = `/v1/taiwan/tai-table?${query}`;\n", "taiwan"),
        ("// the mcr case\n", "mcr"),
        ("/* as in nmjl */\n", "nmjl"),
        ("const HongKongSpec = 1;\n", "hongkong"),
        ('const schema = "HongKongRequest";\n', "hongkong"),
        ("const parts = s.split(/x/); const riichiOnly = 1;\n", "riichi"),
    ],
)
def test_a_script_naming_a_ruleset_is_caught(source: str, named: str) -> None:
    assert [name for *_, name in script_findings(source)][:1] == [named]


@pytest.mark.parametrize(
    "source",
    [
        'label = t("Riichi sticks");\n',
        'const caption = N_("the riichi table");\n',
        'const spec = SPECS[app.ruleset]; if (spec.fuHelper) go("Hong Kong");\n',
        "const re = /\\{(\\w+)\\}/g; const x = 'a';\n",
    ],
)
def test_a_script_naming_none_passes(source: str) -> None:
    assert list(script_findings(source)) == []
