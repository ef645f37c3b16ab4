"""The metrics slot files' size, and making them: what the process that binds
the port needs of service.api.metrics, without importing the app.

Every worker's counts live in one file of :data:`FILE_BYTES` bytes (a fixed
layout of series, service.api.metrics). ``python -m service`` makes one file
per worker in this start's metrics directory and allocates its blocks before
any worker starts: a full, read-only or otherwise unusable directory is found
then (exit 2 naming MAHJONG_METRICS_DIR), never by a request."""

from __future__ import annotations

import mmap
import os

REQUEST_SLOTS = 1 + 12 + 1
"""A request series' slots: the sum of seconds, one per latency bucket (12), +Inf."""
MAX_PATHS = 64
"""Route templates (``unmatched`` included) a file has room for."""
METHOD_LABELS = 5
"""The served methods (GET, HEAD, POST, OPTIONS) and ``other``."""
STATUS_LABELS = 14
"""The answered statuses (13) and ``other``."""
MAX_RULESETS = 8
MAX_WARNING_CODES = 63

REQUEST_REGION = MAX_PATHS * METHOD_LABELS * STATUS_LABELS * REQUEST_SLOTS
"""Slots of the request series; the settlement and warning counts follow."""
SLOTS = REQUEST_REGION + MAX_RULESETS * (1 + MAX_WARNING_CODES)
FILE_BYTES = -(-SLOTS * 8 // mmap.PAGESIZE) * mmap.PAGESIZE
"""Bytes of one worker's slot file (about 490 KiB)."""


def slot_file(directory: str, index: int) -> str:
    return os.path.join(directory, f"slot-{index}.counts")


def make_slot_files(directory: str, workers: int) -> None:
    """The slot files of ``workers`` workers, their blocks allocated now;
    raises OSError when the directory is full or cannot be written."""
    for index in range(workers):
        fd = os.open(slot_file(directory, index), os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.posix_fallocate(fd, 0, FILE_BYTES)
        finally:
            os.close(fd)
