# Mahjong settlement service. Build (the tag docker/k8s/deployment.yaml runs):
#   docker build --build-arg MAHJONG_BUILD_COMMIT=$(git rev-parse --short=12 HEAD) -t mahjong-settlement:0.1.0 .
# BASE_IMAGE names the Python base of both stages: a mirror's copy of
# python:3.11-slim-bookworm, or a locally made Debian bookworm with python3
# (tools/image_check.sh makes one where the public registry is out of reach).
# Stage 1 builds a virtualenv from the lock file (exact versions, sha256
# hashes checked), then adds the service itself without resolving anything.
ARG BASE_IMAGE=python:3.11-slim-bookworm
FROM ${BASE_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# PyMahjongGB (MCR from tiles) ships as source and compiles C++ at install: g++
# here, the Python headers come with the image. The runtime stage needs neither.
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential=12.9 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
RUN python -m venv /opt/venv
COPY requirements.lock ./
RUN /opt/venv/bin/pip install --no-cache-dir -r requirements.lock
COPY pyproject.toml README.md LICENSE NOTICE ./
COPY service ./service
# What the service never uses at run time leaves the virtualenv (checked by
# tools/image_check.sh, which runs the image): the installer itself, faker
# (litestar's test factories pull it in; the service imports neither), and
# Babel's CLDR locale data (the service reads its PO catalogues with Babel
# and formats nothing; the data of the languages it serves stays). The
# bytecode pip compiled at install stays: the root filesystem is read-only at
# run time, and without it every worker compiles every module at each start.
RUN /opt/venv/bin/pip install --no-cache-dir --no-deps . \
    && /opt/venv/bin/python -m pip uninstall -y -q faker pip setuptools \
    && find /opt/venv/lib/python3*/site-packages/babel/locale-data -name '*.dat' \
        ! -name root.dat ! -name en.dat ! -name 'en_001.dat' ! -name 'ja.dat' ! -name 'zh*.dat' -delete

# Stage 2 runs it as a non-root user with nothing but the virtualenv.
FROM ${BASE_IMAGE}
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --no-create-home --home-dir /nonexistent app
COPY --from=build /opt/venv /opt/venv
# the commit comes last: a new one rebuilds no layer above
ARG MAHJONG_BUILD_COMMIT=""
LABEL org.opencontainers.image.title="mahjong-settlement" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.revision="${MAHJONG_BUILD_COMMIT}"
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    MAHJONG_HOST=0.0.0.0 \
    MAHJONG_PORT=8000 \
    MAHJONG_WORKERS=2 \
    MAHJONG_LOG_LEVEL=info \
    MAHJONG_MAX_BODY_BYTES=65536 \
    MAHJONG_METRICS_DIR=/tmp/mahjong-metrics \
    MAHJONG_GRACEFUL_TIMEOUT=10 \
    MAHJONG_DRAIN_SECONDS=3 \
    MAHJONG_REQUEST_READ_TIMEOUT=10 \
    MAHJONG_KEEPALIVE_TIMEOUT=65 \
    MAHJONG_BUILD_COMMIT=${MAHJONG_BUILD_COMMIT}
USER 10001:10001
# the HTTP port, and the metrics port the manifests and compose set (MAHJONG_METRICS_PORT)
EXPOSE 8000 9000
# the probe asks the port the service listens on: MAHJONG_PORT, as set at run time
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ.get('MAHJONG_PORT') or '8000'; sys.exit(0 if urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=2).status == 200 else 1)"]
CMD ["python", "-m", "service"]
