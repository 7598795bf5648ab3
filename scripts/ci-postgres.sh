#!/usr/bin/env bash
# Starts a local PostgreSQL (Debian's package) for the server tests' `server-pg` project and prints
#   export TEST_DATABASE_URL=postgres://...
# on stdout, so a CI script can run:  eval "$(scripts/ci-postgres.sh)"
# With a file argument the same line is also written there (for `source <file>`).
# Idempotent; meant to run as root (or with rights to apt-get and pg_ctlcluster) with no stdin.
# Progress goes to stderr. The role and password are throwaway test credentials on loopback only.
set -euo pipefail

ROLE="${PG_TEST_ROLE:-dealmarket}"
PASSWORD="${PG_TEST_PASSWORD:-dealmarket}"
DATABASE="${PG_TEST_DATABASE:-dealmarket_test}"
OUT_FILE="${1:-}"

log() { echo "ci-postgres: $*" >&2; }

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else sudo -n -u postgres -- "$@"; fi
}

if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || ! command -v pg_ctlcluster >/dev/null; then
  log "installing postgresql with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2 </dev/null
fi

VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk '{ print $1, $2 }' | grep -qx "$VERSION main"; then
  log "creating cluster $VERSION/main"
  pg_createcluster "$VERSION" main >&2
fi

# Loopback only: the test role has a known password. Debian's postgresql.conf reads conf.d/.
CONF_DIR="/etc/postgresql/$VERSION/main/conf.d"
mkdir -p "$CONF_DIR"
echo "listen_addresses = '127.0.0.1'" >"$CONF_DIR/ci-loopback.conf"
# A throwaway test cluster: no waiting for the disk at each commit or database clone (a clone and drop per test
# file went from about 0.5 s to 0.06 s). Durability is not what the tests check; the SQL runs the same.
printf '%s\n' 'fsync = off' 'synchronous_commit = off' 'full_page_writes = off' >"$CONF_DIR/ci-speed.conf"
PORT="$(pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" { print $3 }')"
STATUS="$(pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" { print $4 }')"
if [ "$STATUS" != "online" ]; then
  log "starting cluster $VERSION/main on port $PORT"
  pg_ctlcluster "$VERSION" main start >&2
else
  pg_ctlcluster "$VERSION" main reload >&2
fi

for _ in $(seq 1 30); do
  as_postgres pg_isready -q -h 127.0.0.1 -p "$PORT" && break
  sleep 0.5
done
as_postgres pg_isready -q -h 127.0.0.1 -p "$PORT" || { log "PostgreSQL did not become ready"; exit 1; }

# CREATEDB because the tests clone a template database per test file.
as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$PORT" -d postgres \
  -v role="$ROLE" -v password="$PASSWORD" -v database="$DATABASE" >&2 <<'SQL'
SELECT format('CREATE ROLE %I LOGIN CREATEDB PASSWORD %L', :'role', :'password')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN CREATEDB PASSWORD %L', :'role', :'password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'database', :'role')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'database') \gexec
SQL

LINE="export TEST_DATABASE_URL=postgres://${ROLE}:${PASSWORD}@127.0.0.1:${PORT}/${DATABASE}"
if [ -n "$OUT_FILE" ]; then
  echo "$LINE" >"$OUT_FILE"
  log "wrote $OUT_FILE"
fi
echo "$LINE"
