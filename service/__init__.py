"""Mahjong settlement service: hand value plus house rules in, who pays whom out."""

__version__ = "0.1.0"
