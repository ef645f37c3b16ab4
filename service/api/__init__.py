"""HTTP layer: decode, call the engine, encode."""

from service.api.app import create_app

__all__ = ["create_app"]
