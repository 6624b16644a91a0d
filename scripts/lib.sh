# Shared by the scripts: paths and the installs every command needs. Sourced, not run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }

# The wasm-bindgen version recorded in Cargo.lock: the cli must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

ensure_rust_tools() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "adding the wasm32 target"
    rustup target add wasm32-unknown-unknown
  fi
  local want; want="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    log "installing wasm-bindgen-cli $want"
    # --locked first; the registry mirror here lacks some of the cli's locked versions,
    # so fall back to a fresh resolution (the cli version itself stays pinned).
    cargo install wasm-bindgen-cli --version "$want" --locked --force \
      || cargo install wasm-bindgen-cli --version "$want" --force
  fi
}

# cargo fuzz needs the nightly toolchain (for the sanitizers) and cargo-fuzz itself.
ensure_fuzz_tools() {
  if ! rustup toolchain list | grep -q '^nightly'; then
    log "adding the nightly toolchain (cargo fuzz)"
    rustup toolchain install nightly --profile minimal
  fi
  if ! command -v cargo-fuzz >/dev/null; then
    log "installing cargo-fuzz"
    cargo install cargo-fuzz --locked
  fi
}

ensure_node_packages() {
  local dir="$1"
  # npm ci only when the lockfile changed since the last install.
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    log "npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund)
  fi
}

ensure_browser() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  # fonts-noto-cjk also gives the server's resume PDF its font; poppler-utils lets the browser tests read that PDF.
  dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
  [ -x /usr/bin/pdftotext ] || missing+=(poppler-utils)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} from Debian"
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends "${missing[@]}"
  fi
}

# Resume analysis (server/src/domain/resume_analysis) reads PDFs with poppler's pdftotext when the
# Rust reader garbles them, and old .doc files with antiword, or catdoc when antiword refuses one.
ensure_resume_tools() {
  local missing=()
  [ -x /usr/bin/pdftotext ] || missing+=(poppler-utils)
  [ -x /usr/bin/antiword ] || missing+=(antiword)
  [ -x /usr/bin/catdoc ] || missing+=(catdoc)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} from Debian"
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
}

# moto's server from PyPI: the fake S3 on loopback that the storage tests and scripts/cluster run
# (server/tests/storage.rs reads MOTO_SERVER). A venv under target/, so nothing leaves the checkout.
MOTO_VENV="$ROOT/target/moto-venv"
export MOTO_SERVER="$MOTO_VENV/bin/moto_server"
ensure_moto() {
  if [ ! -x "$MOTO_SERVER" ]; then
    log "installing moto[server] (the fake S3) into ${MOTO_VENV#"$ROOT"/}"
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
      local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-venv
    fi
    python3 -m venv "$MOTO_VENV"
    "$MOTO_VENV/bin/pip" install -q 'moto[server]==5.*'
  fi
}

# nginx from Debian, run as the current user with a generated config (scripts/cluster).
ensure_nginx() {
  if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    log "installing nginx from Debian"
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nginx
  fi
}

# Redis on 127.0.0.1:6379 for server/tests/cluster.rs (two servers sharing limits through it):
# redis-server from Debian, started as this user without persistence, unless one already answers
# there or TEST_REDIS_URL names another.
redis_answers() { (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && timeout 2 head -c 5 <&3 | grep -q PONG) 2>/dev/null; }
ensure_redis() {
  [ -n "${TEST_REDIS_URL:-}" ] && return 0
  redis_answers && return 0
  if ! command -v redis-server >/dev/null; then
    log "installing redis-server from Debian"
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends redis-server
  fi
  log "starting redis-server on 127.0.0.1:6379"
  redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no \
    --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/jobseeker-redis.log"
  for _ in $(seq 50); do redis_answers && return 0; sleep 0.1; done
  log "redis-server did not answer on 127.0.0.1:6379 (see ${TMPDIR:-/tmp}/jobseeker-redis.log)"
  return 1
}

# schemathesis from PyPI, pinned: scripts/api-fuzz runs it against the OpenAPI document of /ajax.
# A venv under target/, like moto's.
SCHEMATHESIS_VERSION="4.32.5"
SCHEMATHESIS_VENV="$ROOT/target/schemathesis-venv"
export SCHEMATHESIS="$SCHEMATHESIS_VENV/bin/schemathesis"
ensure_schemathesis() {
  if [ "$("$SCHEMATHESIS" --version 2>/dev/null | awk '{print $NF}')" != "$SCHEMATHESIS_VERSION" ]; then
    log "installing schemathesis $SCHEMATHESIS_VERSION into ${SCHEMATHESIS_VENV#"$ROOT"/}"
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
      local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-venv
    fi
    python3 -m venv "$SCHEMATHESIS_VENV"
    "$SCHEMATHESIS_VENV/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION"
  fi
}
