#!/usr/bin/env bash
# npm run lint: ESLint, the longest check and single-threaded, runs beside the others (Prettier, the two
# dependency-cruiser configs, madge) so that two cores share them; every check runs, and each failure is
# named with its output.
set -uo pipefail
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
npx eslint . >"$logs/eslint.log" 2>&1 &
eslint_pid=$!

others_failed=()
check() {
  local name=$1
  shift
  "$@" >>"$logs/others.log" 2>&1 || others_failed+=("$name")
}
check prettier npx prettier --check .
check depcruise npx depcruise src bench tests battery --config .dependency-cruiser.cjs
check depcruise-features npx depcruise src --config .dependency-cruiser-features.cjs
check madge npx madge --circular --extensions ts,tsx --ts-config tsconfig.json src

failed=("${others_failed[@]}")
wait "$eslint_pid" || failed=(eslint "${failed[@]}")
if [ ${#failed[@]} -gt 0 ]; then
  [[ " ${failed[*]} " == *" eslint "* ]] && cat "$logs/eslint.log"
  [ ${#others_failed[@]} -gt 0 ] && cat "$logs/others.log"
  echo "lint failed: ${failed[*]}"
  exit 1
fi
echo "lint passed: eslint, prettier, depcruise (files, features), madge"
