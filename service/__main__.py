"""`python -m service` runs the HTTP server with settings from the environment."""

from __future__ import annotations

import os
import shutil
import sys

from service.settings import Settings, SettingsError


def prepare_metrics_dir(path: str) -> None:
    """prometheus-client multiprocess mode: the directory must exist, be empty
    at start (stale files from an earlier run would be summed in), and be
    named in PROMETHEUS_MULTIPROC_DIR before the client is imported."""
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = path


def main() -> None:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"mahjong-settlement: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    prepare_metrics_dir(settings.metrics_dir)

    import uvicorn  # after the metrics directory is set

    uvicorn.run(
        "service.api.app:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        log_level=settings.log_level,
        timeout_graceful_shutdown=settings.graceful_timeout,
        access_log=settings.access_log,
        server_header=False,
    )


if __name__ == "__main__":
    main()
