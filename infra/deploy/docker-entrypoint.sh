#!/bin/sh
# The platform image's entrypoint: `<service>` runs that service (gateway, auth, learning, shop, finance,
# notifications); `migrate [service...]` runs the migrations and exits (docs/deploy.md). SERVICE may name the
# service instead of the argument. Docker/compose secrets mounted under /run/secrets become their variables, so a
# single host needs no secret in its environment file.
set -eu

from_file() { # from_file VARIABLE FILE: sets VARIABLE from FILE unless VARIABLE is already set
  if [ -z "$(printenv "$1" || true)" ] && [ -r "$2" ]; then
    export "$1=$(cat "$2")"
  fi
}
from_file DB_PASSWORD /run/secrets/db_password
from_file AUTH_PUBLIC_KEY /run/secrets/auth_public
from_file AUTH_PRIVATE_KEY /run/secrets/auth_private
from_file FINANCE_PROVIDER_SECRET /run/secrets/provider_secret
from_file SMS_HTTP_TOKEN /run/secrets/sms_token
from_file NATS_PASSWORD /run/secrets/nats_password
if [ -z "${DATABASE_URL:-}" ] && [ -n "${DB_PASSWORD:-}" ]; then
  export DATABASE_URL="postgres://${DB_USER:-olymp}:${DB_PASSWORD}@${DB_HOST:-postgres}:${DB_PORT:-5432}/${DB_NAME:-olymp}"
fi

target="${1:-${SERVICE:-}}"
[ $# -gt 0 ] && shift
case "$target" in
  gateway|auth|learning|shop|finance|notifications)
    exec node "services/$target/dist/main.js" "$@" ;;
  migrate)
    exec node libs/server-kit/dist/database/migrate-cli.js "$@" ;;
  *)
    echo "usage: <gateway|auth|learning|shop|finance|notifications> | migrate [service...]  (or SERVICE=<name>)" >&2
    exit 2 ;;
esac
