"""`python -m service` runs the HTTP server with settings from the environment.

``--host``, ``--port`` and ``--workers`` override MAHJONG_HOST, MAHJONG_PORT
and MAHJONG_WORKERS; they are written back into the environment, which the
workers read their settings from. Any other argument exits 2 with the usage.

The order matters: the port is bound first (a second start on a taken port
exits 1 before touching anything), then this start's own metrics directory is
made and named in MAHJONG_METRICS_RUN_DIR for the workers, and that directory
alone is removed at exit.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import typing

from service import settings as settings_module
from service.settings import Settings, SettingsError

USAGE = "usage: python -m service [--host HOST] [--port PORT] [--workers N] [--help]"

OPTIONS = (
    ("--host", "MAHJONG_HOST", "HOST"),
    ("--port", "MAHJONG_PORT", "PORT"),
    ("--workers", "MAHJONG_WORKERS", "N"),
)
"""Each command-line option and the setting it overrides."""


def usage() -> str:
    """``python -m service --help``: the options, then the settings from the
    table in service.settings (the one place they are described)."""
    lines = [USAGE, "", "Serves the mahjong settlement API.", ""]
    for option, variable, metavar in OPTIONS:
        lines.append(f"  {option} {metavar}  overrides {variable}")
    lines += ["", "Every setting is an environment variable:", ""]
    for row in (settings_module.__doc__ or "").splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("MAHJONG_"):
            lines.append(f"  {cells[0]} (default: {cells[1]})")
            lines.append(f"      {cells[2]}")
    lines += ["", "Exit status: 0 clean stop, 1 the port is taken, 2 a setting the service cannot run with."]
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> typing.NoReturn:
        print(f"{USAGE}\nmahjong-settlement: {message}", file=sys.stderr)
        raise SystemExit(2)


def parse_arguments(argv: list[str]) -> dict[str, str] | None:
    """The settings the command line overrides, or None after ``--help``.
    The values are checked by Settings.from_env like the environment's."""
    parser = _Parser(prog="python -m service", add_help=False, allow_abbrev=False)
    parser.add_argument("-h", "--help", action="store_true")
    for option, variable, metavar in OPTIONS:
        parser.add_argument(option, dest=variable, metavar=metavar)
    arguments = vars(parser.parse_args(argv))
    if arguments.pop("help"):
        print(usage())
        return None
    return {variable: value for variable, value in arguments.items() if value is not None}


def main() -> None:
    overrides = parse_arguments(sys.argv[1:])
    if overrides is None:
        return
    os.environ.update(overrides)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"mahjong-settlement: {exc}", file=sys.stderr)
        raise SystemExit(2) from None

    from service import serving

    sockets = []
    for port, setting in ((settings.port, "MAHJONG_PORT"), (settings.metrics_port, "MAHJONG_METRICS_PORT")):
        if port is None:
            continue
        try:
            sockets.append(serving.bind_listener(settings.host, port))
        except OSError as exc:
            for sock in sockets:
                sock.close()
            print(
                f"mahjong-settlement: cannot listen on {settings.host}:{port}: {exc.strerror or exc} (set {setting} to another port)",
                file=sys.stderr,
            )
            raise SystemExit(1) from None
    try:
        metrics_dir = serving.claim_metrics_dir(settings.metrics_dir, settings.workers)
    except serving.MetricsDirError as exc:
        for sock in sockets:
            sock.close()
        print(f"mahjong-settlement: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    try:
        serving.serve(settings, sockets)
    finally:
        shutil.rmtree(metrics_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
