"""`python -m service` runs the HTTP server with settings from the environment.

The order matters: the port is bound first (a second start on a taken port
exits 1 before touching anything), then this start's own metrics directory is
made and named in MAHJONG_METRICS_RUN_DIR for the workers, and that directory
alone is removed at exit.
"""

from __future__ import annotations

import shutil
import sys

from service import settings as settings_module
from service.settings import Settings, SettingsError


def usage() -> str:
    """``python -m service --help``: the settings, from the table in
    service.settings (the one place they are described)."""
    lines = ["usage: python -m service", "", "Serves the mahjong settlement API. Every setting is an environment variable:", ""]
    for row in (settings_module.__doc__ or "").splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("MAHJONG_"):
            lines.append(f"  {cells[0]} (default: {cells[1]})")
            lines.append(f"      {cells[2]}")
    lines += ["", "Exit status: 0 clean stop, 1 the port is taken, 2 a setting the service cannot run with."]
    return "\n".join(lines)


def main() -> None:
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(usage())
        return
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
