"""The response headers of the contract's Operations section, in one place.

- every response: ``X-Content-Type-Options: nosniff``;
- the calculator page (``/``) and the docs UI (``/schema``): a
  ``Content-Security-Policy`` with ``default-src 'self'`` and
  ``frame-ancestors 'none'`` (the docs UI's inline scripts and style are
  allowed by their hashes, taken from the page as it is served, never by
  ``'unsafe-inline'``), with ``Referrer-Policy: no-referrer``;
- answers to a POST (settlements and everything else computed from a body),
  every error answer (to any method),
  health, readiness, version and metrics: ``Cache-Control: no-store``;
- catalogues and discovery (``GET /v1/…``, the OpenAPI document):
  ``Cache-Control: public, max-age=300`` and an ``ETag`` (a hash of the
  body, which differs per language and query); ``If-None-Match`` with it is
  answered 304 without the body.
"""

from __future__ import annotations

import base64
import hashlib
import re
from enum import Enum

NOSNIFF = (b"x-content-type-options", b"nosniff")
NO_STORE = (b"cache-control", b"no-store")
CACHEABLE = (b"cache-control", b"public, max-age=300")
NO_REFERRER = (b"referrer-policy", b"no-referrer")
FRAME_DENY = (b"x-frame-options", b"DENY")

PAGE_POLICY = (
    b"content-security-policy",
    b"default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
)
"""The calculator page: its script, style and data are its own files."""


class Kind(Enum):
    """What a route serves, for its headers."""

    PLAIN = 0
    """No-store: health, readiness, version, metrics (and every POST)."""
    CATALOGUE = 1
    """Cacheable with an ETag."""
    PAGE = 2
    DOCS = 3
    STATIC = 4
    """Files with the static router's own headers (and the page's own
    ``no-cache``)."""


DOCS_PAGES = frozenset({"/schema", "/schema/oauth2-redirect.html"})
CATALOGUE_DOCUMENTS = frozenset({"/schema/openapi.json", "/schema/openapi.yaml"})


def kind_of(template: str, methods: frozenset[str]) -> Kind:
    if template in DOCS_PAGES:
        return Kind.DOCS
    if template == "/":
        return Kind.PAGE
    if template in CATALOGUE_DOCUMENTS or (template.startswith("/v1/") and "GET" in methods):
        return Kind.CATALOGUE
    if template.startswith(("/web/", "/schema/")):
        return Kind.STATIC
    return Kind.PLAIN


_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)
_INLINE_STYLE = re.compile(rb"<style[^>]*>(.*?)</style>", re.DOTALL | re.IGNORECASE)


def _hashes(blocks: list[bytes]) -> bytes:
    return b"".join(b" 'sha256-" + base64.b64encode(hashlib.sha256(block).digest()) + b"'" for block in blocks)


def docs_policy(html: bytes) -> tuple[bytes, bytes]:
    """The docs UI's policy: its own files, and the inline scripts and
    styles of exactly this page by their hashes."""
    scripts = _hashes(_INLINE_SCRIPT.findall(html))
    styles = _hashes(_INLINE_STYLE.findall(html))
    return (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'" + scripts + b"; style-src 'self'" + styles + b"; img-src 'self' data:; "
        b"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )


def etag(body: bytes) -> bytes:
    return b'"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"'


def matches(if_none_match: bytes | None, tag: bytes) -> bool:
    """Whether ``If-None-Match`` names ``tag`` (weak or strong, or ``*``)."""
    if if_none_match is None:
        return False
    for candidate in if_none_match.split(b","):
        candidate = candidate.strip()
        if candidate == b"*" or candidate.removeprefix(b"W/") == tag:
            return True
    return False
