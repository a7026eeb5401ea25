#!/usr/bin/env bash
# Runs npm scripts side by side and prints each one's output whole, in the order named, once all
# have finished; fails when any of them failed. `npm test` runs the Node and workerd suites this way:
# each is one process, so on a machine with two cores they take the time of the longer one.
#   scripts/parallel.sh test:node test:worker
set -uo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
pids=()
for script in "$@"; do
  npm run "$script" --silent >"$out/$script.log" 2>&1 &
  pids+=("$!")
done
status=0
for index in "${!pids[@]}"; do
  wait "${pids[$index]}" || status=1
done
for script in "$@"; do
  echo "== npm run $script"
  cat "$out/$script.log"
done
exit "$status"
