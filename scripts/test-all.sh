#!/usr/bin/env bash
# npm test: every stage runs even when an earlier one fails, so one failure never hides the others
# (a failed Vitest run used to skip the build, the cluster tests, Playwright and, in CI, the battery).
set -uo pipefail
failed=()
timings=()
run() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "── $name: $*"
  "$@" || status=$?
  timings+=("$name $((SECONDS - started)) s")
  [ $status -eq 0 ] || failed+=("$name")
  return $status
}
run vitest npx vitest run --project '!cluster'
if run build npm run build; then
  # The JavaScript budget (docs/areas/operations.md): a page over 80 KiB gzipped fails this stage.
  run js-budget npx size-limit
  run cluster npm run test:cluster
  run playwright npx playwright test
else
  echo "the build failed: JavaScript budget, cluster and Playwright tests not run"
fi
# How long each stage took, so that a slow CI run says where its time went (.ci/run prints the file last).
times_line="stage times: $(printf '%s; ' "${timings[@]}")"
echo "$times_line"
[ -n "${STAGE_TIMES_FILE:-}" ] && echo "$times_line" >>"$STAGE_TIMES_FILE"
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed stages: ${failed[*]}"
  exit 1
fi
