"""HTTP layer: decode, call the engine, encode.

``create_app`` is imported on first use, so that the process that binds the
port (service.__main__) can use this package's logging without loading the
app: a broken app is then found by the workers, which stop the service with
exit status 3 (service.serving)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from service.api.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from service.api.app import create_app

        return create_app
    raise AttributeError(name)
