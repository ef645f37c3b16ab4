#!/usr/bin/env bash
# Build the image and check what an operator meets with the container:
#
# - podman (Debian's, as root) builds the Dockerfile with --format docker,
#   which keeps the HEALTHCHECK (podman's default OCI format drops it);
# - BASE_IMAGE is MAHJONG_BASE_IMAGE when set (a mirror's
#   python:3.11-slim-bookworm), else a Debian bookworm root filesystem
#   (mmdebstrap: minbase, python3, python3-venv, python3-dev) imported once
#   and kept in this machine's podman storage, as are the build's layers;
# - the image then runs read-only, with every capability dropped and a tmpfs
#   on /tmp, and must: become ready, answer every `$ curl` example of the
#   README and docs/ as they show (tests/platform/test_readme.py against the
#   container), run as a user other than root, pass its HEALTHCHECK, serve
#   /metrics on MAHJONG_METRICS_PORT only (404 on the main port), exit 0
#   after the drain on SIGTERM, and skip the drain on a second SIGTERM, each
#   signal sent to the main process alone (as `docker stop` does).
#
# Exits non-zero, with one line saying what failed, on any failure.
# Environment: MAHJONG_BASE_IMAGE (above), MAHJONG_IMAGE_TAG (default
# mahjong-settlement:check), MAHJONG_IMAGE_STATE (podman's private storage
# and configuration, default /var/lib/mahjong-image-check), PYTHON (the
# interpreter with the test dependencies, default .venv/bin/python).
# Needs root (rootful podman; root's apt-get when podman is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

TAG=${MAHJONG_IMAGE_TAG:-mahjong-settlement:check}
STATE=${MAHJONG_IMAGE_STATE:-/var/lib/mahjong-image-check}
PYTHON=${PYTHON:-.venv/bin/python}
LOCAL_BASE=localhost/mahjong-base:bookworm-python3
NAME=mahjong-image-check-$$
started_at=$(date +%s)

say() { echo "image check: $*"; }
fail() {
    echo "image check: FAILED: $*" >&2
    if podman container exists "$NAME" 2>/dev/null; then
        echo "--- the container's log (last 40 lines) ---" >&2
        podman logs "$NAME" 2>&1 | tail -40 >&2 || true
    fi
    exit 1
}
cleanup() { podman rm -f -t 0 "$NAME" >/dev/null 2>&1 || true; }
trap cleanup EXIT

[ "$(id -u)" = 0 ] || fail "run as root (rootful podman with the vfs driver)"

# 1. the tools, from Debian, when missing
missing=()
for tool in podman runc mmdebstrap curl; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing ${missing[*]}"
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" ca-certificates
fi

# 2. podman's private configuration: vfs storage (works in any container or
# VM), runc (crun cannot run with hybrid cgroups), limits below the host's
# hard ones (podman's defaults exceed them on many machines)
mkdir -p "$STATE/storage" "$STATE/run"
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] || [ "$nofile" -gt 65536 ] && nofile=65536
nproc=$(ulimit -Hu)
[ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ] && nproc=32768
cat >"$STATE/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
cat >"$STATE/storage.conf" <<EOF
[storage]
driver = "vfs"
graphroot = "$STATE/storage"
runroot = "$STATE/run"
EOF
export CONTAINERS_CONF="$STATE/containers.conf" CONTAINERS_STORAGE_CONF="$STATE/storage.conf"
export BUILDAH_ISOLATION=chroot

# 3. the base image
base=${MAHJONG_BASE_IMAGE:-}
if [ -z "$base" ]; then
    base=$LOCAL_BASE
    if ! podman image exists "$base"; then
        say "making the base image $base (mmdebstrap, Debian bookworm with python3)"
        t0=$(date +%s)
        mmdebstrap --quiet --variant=minbase --include=python3,python3-venv,python3-dev,python-is-python3 \
            bookworm - | podman import --quiet - "$base" >/dev/null || fail "cannot make the base image"
        say "base image made in $(($(date +%s) - t0)) s"
    fi
fi

# 4. the image: the host's CA bundle is mounted for the build only (a TLS
# proxy may stand between the build and PyPI); nothing of it stays in a layer
mounts=()
ca=/etc/ssl/certs/ca-certificates.crt
if [ -f "$ca" ]; then
    printf '[global]\ncert = /run/build-ca/ca.crt\n' >"$STATE/pip.conf"
    mounts+=(--volume "$ca:/run/build-ca/ca.crt:ro" --volume "$STATE/pip.conf:/etc/pip.conf:ro")
fi
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
# the build context: what the Dockerfile copies, every file with one fixed
# modification time. Buildah keys a COPY's cached layer on the files'
# times too, and a fresh clone's are new: each CI run would rebuild
# everything from the lock file's layer on (PyMahjongGB's compile included)
context="$STATE/context"
rm -rf "$context" && mkdir -p "$context"
# (read from the Dockerfile's own COPY lines, so a file it starts copying is in the context)
copied=$(awk '/^COPY / && !/--from/ { for (i = 2; i < NF; i++) if ($i !~ /^--/) print $i }' Dockerfile | sort -u)
# shellcheck disable=SC2086 # one word a path
cp -r Dockerfile .dockerignore $copied "$context/"
find "$context" \( -name __pycache__ -o -name '*.py[co]' \) -prune -exec rm -rf {} +
find "$context" -exec touch -h -d @0 {} +
say "building $TAG on $base"
t0=$(date +%s)
podman build --quiet --format docker --isolation chroot --network host "${mounts[@]}" \
    --build-arg "BASE_IMAGE=$base" --build-arg "MAHJONG_BUILD_COMMIT=$commit" -t "$TAG" "$context" >/dev/null \
    || fail "the image does not build (run: podman build --format docker --build-arg BASE_IMAGE=$base .)"
say "built in $(($(date +%s) - t0)) s; $(podman image inspect --format '{{.Size}}' "$TAG" | awk '{printf "%.0f MB", $1 / 1e6}')"

free_port() { "$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# run the image as an operator would (read-only, no capability, a tmpfs for
# the metrics files), on the host's loopback. The HEALTHCHECK is run below
# by hand: podman's timer for it needs systemd, which a CI machine may lack
run() {
    podman run -d --name "$NAME" --read-only --cap-drop ALL --tmpfs /tmp:rw,size=64m --health-interval disable \
        --network host -e MAHJONG_HOST=127.0.0.1 "$@" "$TAG" >/dev/null || fail "the container does not start"
}

wait_ready() {
    local port=$1 t0
    t0=$("$PYTHON" -c 'import time; print(time.monotonic())')
    for _ in $(seq 1 300); do
        if curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; then
            "$PYTHON" -c "import time; print(f'{time.monotonic() - $t0:.1f}')"
            return 0
        fi
        [ "$(podman inspect --format '{{.State.Running}}' "$NAME")" = true ] || fail "the container exited before /readyz answered 200"
        sleep 0.1
    done
    fail "/readyz did not answer 200 within 30 s"
}

# sends the signals (names) to the main process alone, the next one once
# /readyz answers 503 (the drain began); prints "<exit code> <seconds from the last signal>"
stop_with() {
    local port=$1 first=$2 second=${3:-} t0 code
    podman kill --signal "$first" "$NAME" >/dev/null
    if [ -n "$second" ]; then
        for _ in $(seq 1 100); do
            [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 503 ] && break
            sleep 0.05
        done
        podman kill --signal "$second" "$NAME" >/dev/null
    fi
    t0=$("$PYTHON" -c 'import time; print(time.monotonic())')
    code=$(timeout 60 podman wait "$NAME") || fail "the container did not exit within 60 s of SIGTERM"
    echo "$code $("$PYTHON" -c "import time; print(f'{time.monotonic() - $t0:.1f}')")"
}

# 5. the first container: examples, user, health, SIGTERM once
port=$(free_port)
drain=3
run -e MAHJONG_PORT="$port" -e MAHJONG_DRAIN_SECONDS=$drain
ready=$(wait_ready "$port")
say "ready in $ready s (read-only, --cap-drop ALL, two workers)"
MAHJONG_README_BASE_URL="http://127.0.0.1:$port" "$PYTHON" -m pytest -q -p no:cacheprovider tests/platform/test_readme.py \
    || fail "the container does not answer the documents' examples as they show"
user=$(podman exec "$NAME" id -u) || fail "cannot ask the container's user"
[ "$user" != 0 ] || fail "the service runs as root"
podman image inspect --format '{{.HealthCheck}}' "$TAG" | grep -q healthz || fail "the image has no HEALTHCHECK (build with --format docker)"
podman healthcheck run "$NAME" >/dev/null || fail "the HEALTHCHECK fails"
say "examples answered, user $user, healthy"
read -r code took <<<"$(stop_with "$port" TERM)"
[ "$code" = 0 ] || fail "SIGTERM: exit status $code, not 0"
"$PYTHON" -c "import sys; sys.exit(not ($drain - 0.5 <= $took <= $drain + 10))" \
    || fail "SIGTERM: exited $took s after it, not after the drain ($drain s) and within the graceful timeout (10 s)"
say "SIGTERM: exit 0 after $took s (drain $drain s)"
podman rm -f -t 0 "$NAME" >/dev/null

# 6. the second container: the metrics port, SIGTERM twice (the drain skipped)
port=$(free_port)
metrics=$(free_port)
drain=10
run -e MAHJONG_PORT="$port" -e MAHJONG_METRICS_PORT="$metrics" -e MAHJONG_DRAIN_SECONDS=$drain
wait_ready "$port" >/dev/null
curl -fsS "http://127.0.0.1:$metrics/metrics" | grep -q '^mahjong_' || fail "no mahjong_ series on MAHJONG_METRICS_PORT's /metrics"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/metrics")
[ "$status" = 404 ] || fail "/metrics on the main port answers $status, not 404, with MAHJONG_METRICS_PORT set"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$metrics/healthz")
[ "$status" = 404 ] || fail "the metrics port answers $status to /healthz, not 404"
say "/metrics on its own port only"
read -r code took <<<"$(stop_with "$port" TERM TERM)"
[ "$code" = 0 ] || fail "SIGTERM twice: exit status $code, not 0"
"$PYTHON" -c "import sys; sys.exit(not $took < 4)" || fail "SIGTERM twice: exited $took s after the second, the drain ($drain s) was not skipped"
say "SIGTERM twice: exit 0 $took s after the second (drain $drain s skipped)"
say "passed in $(($(date +%s) - started_at)) s"
