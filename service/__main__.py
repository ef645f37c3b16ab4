"""`python -m service` runs the HTTP server with settings from the environment.

The order matters: the port is bound first (a second start on a taken port
exits 1 before touching anything), then this start's own metrics directory is
made and named in MAHJONG_METRICS_RUN_DIR for the workers, and that directory
alone is removed at exit.
"""

from __future__ import annotations

import shutil
import sys

from service.settings import Settings, SettingsError


def main() -> None:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"mahjong-settlement: {exc}", file=sys.stderr)
        raise SystemExit(2) from None

    from service import serving

    sockets = []
    for port in (settings.port, settings.metrics_port):
        if port is None:
            continue
        try:
            sockets.append(serving.bind_listener(settings.host, port))
        except OSError as exc:
            for sock in sockets:
                sock.close()
            print(f"mahjong-settlement: cannot listen on {settings.host}:{port}: {exc.strerror or exc}", file=sys.stderr)
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
