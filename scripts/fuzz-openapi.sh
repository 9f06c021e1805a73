#!/usr/bin/env bash
# Fuzzes every operation of the api's own OpenAPI document with schemathesis, checking that no
# request, valid or not (wrong types, missing fields, wrong Content-Type), gets a server error.
#   npm start            # in another terminal (or API_URL=... for another api)
#   scripts/fuzz-openapi.sh [extra schemathesis options]
# Loopback only, bounded: FUZZ_MAX_EXAMPLES cases per operation (default 25), two workers.
# Signs up a throwaway studio for the bearer token; ADMIN_TOKEN (a token of an ADMIN_EMAILS
# account) also reaches the admin routes. The last result is recorded in docs/testing.md.
set -euo pipefail
API_URL=${API_URL:-http://127.0.0.1:3000}
case "$API_URL" in http://127.0.0.1:*|http://localhost:*|http://\[::1\]:*) ;; *) echo "API_URL must be a loopback address (got $API_URL)" >&2; exit 2 ;; esac
VERSION=4.32.5
venv="${XDG_CACHE_HOME:-$HOME/.cache}/studio-service/schemathesis-$VERSION"
if [ ! -x "$venv/bin/schemathesis" ]; then
  echo "Installing schemathesis $VERSION into $venv (once)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "schemathesis==$VERSION"
fi
email="fuzz-$(date +%s)-$RANDOM@studio.test"
token=${ADMIN_TOKEN:-$(curl -sf -X POST "$API_URL/api/auth/register" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"correct horse battery staple\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')}
report_dir=${FUZZ_REPORT_DIR:-.data/schemathesis}
mkdir -p "$report_dir"
exec "$venv/bin/schemathesis" run "$API_URL/api/docs" \
  --checks not_a_server_error \
  --mode all \
  --phases examples,coverage,fuzzing \
  --max-examples "${FUZZ_MAX_EXAMPLES:-25}" \
  --workers 2 \
  --request-timeout 30 \
  --header "Authorization: Bearer $token" \
  --suppress-health-check all \
  --report junit --report-dir "$report_dir" \
  --no-color \
  "$@"
