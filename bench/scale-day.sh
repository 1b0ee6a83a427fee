#!/usr/bin/env bash
# A headless game day of generated towns of growing size, the way a user runs one:
#   npm run make-town -- --residents N --name town-N --seed 7   then
#   npm run sim -- --from town-N --name day-N --steps STEPS --report ...
# (offline engine, embedded database, default autosave), RUNS times each. Prints one row per run:
# residents, wall seconds (sim's own figure, the run alone), peak RSS of the process, LLM calls
# and prompt tokens per resident-day (scaled to a day from the steps run), and wall per
# resident-day. Targets (issue 33): per resident-day cost at 1,000 ≤ 1.5× that at 25, and a
# 1,000-resident day ≤ 5 minutes.
#
# Usage: bash bench/scale-day.sh [SIZES] [STEPS] [RUNS]
#   e.g. bash bench/scale-day.sh "25 100 250 1000" 8640 3
# Each run's report (its calls and tokens by prompt) is kept in REPORTS (default: a new folder
# under /tmp, said at the start); the towns and saves are removed at the end.
# Stopped (Ctrl-C, or SIGTERM/SIGINT to this script), the day in progress stops after its step,
# saves and writes its report, which is kept and printed as a row marked "stopped" (its figures
# scaled from the steps it ran); the script then exits 130.
set -euo pipefail
SIZES=${1:-25 100 250 1000}
STEPS=${2:-8640}
RUNS=${3:-1}
cd "$(dirname "$0")/.."
DIR=$(mktemp -d)
REPORTS=${REPORTS:-$(mktemp -d /tmp/scale-day-reports.XXXXXX)}
mkdir -p "$REPORTS"
trap 'rm -rf "$DIR"' EXIT
export DATA_DIR="$DIR"
echo "reports: $REPORTS"

# The run in progress and whether a stop was asked. A stop is passed to sim itself, the newest
# process under time, npx and tsx (those pass on the child's exit): it stops after the step,
# saves and writes its report.
child=""
stopped=0
stop() {
  stopped=1
  local p=$child c
  [ -n "$p" ] || return 0
  while c=$(pgrep -P "$p" | tail -1) && [ -n "$c" ]; do p=$c; done
  [ "$p" != "$child" ] && kill -TERM "$p" 2>/dev/null || true
}
trap stop INT TERM

row() { # report rssKb n run
  node -e '
    const [file, rssKb, n, run] = process.argv.slice(1);
    const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
    const days = Number(n) * (r.steps / 8640);
    const row = [
      n.padEnd(9), run.padEnd(4),
      r.wallSeconds.toFixed(1).padStart(9),
      (rssKb ? (Number(rssKb) / 1024).toFixed(0) : "-").padStart(9),
      (days ? r.llm.calls / days : 0).toFixed(1).padStart(12),
      (days ? r.llm.tokensIn / days : 0).toFixed(0).padStart(14),
      (days ? (r.wallSeconds * 1000) / days : 0).toFixed(0).padStart(14),
      r.interrupted ? ` stopped after ${r.steps} of ${r.stepsRequested} steps` : "",
    ];
    console.log(row.join(" "));
  ' "$1" "$2" "$3" "$4"
}

printf "%-9s %-4s %9s %9s %12s %14s %14s\n" residents run "wall s" "RSS MiB" "calls/r-day" "tokens/r-day" "wall ms/r-day"
for n in $SIZES; do
  [ "$stopped" = 1 ] && break
  npx tsx server/cli/makeTown.ts --residents "$n" --name "town-$n" --seed 7 >/dev/null
  for run in $(seq 1 "$RUNS"); do
    [ "$stopped" = 1 ] && break
    report="$REPORTS/day-$n-$run.json"
    rm -f "$report" "$DIR/rss"
    # As `npm run sim` runs it (package.json): a larger young generation for the collector.
    /usr/bin/time -f "%M" -o "$DIR/rss" npx tsx --max-semi-space-size=64 server/cli/sim.ts \
      --from "town-$n" --name "day-$n-$run" --steps "$STEPS" --report "$report" --quiet \
      >/dev/null 2>"$DIR/err" &
    child=$!
    status=0
    # (A trapped signal ends `wait` early: wait again until the run has ended.)
    while :; do
      wait "$child" && status=0 || status=$?
      kill -0 "$child" 2>/dev/null || break
    done
    child=""
    if [ -f "$report" ]; then
      row "$report" "$(tail -1 "$DIR/rss" 2>/dev/null | grep -E '^[0-9]+$' || true)" "$n" "$run"
    elif [ "$stopped" = 1 ]; then
      echo "$n $run: stopped before the day began (no report)"
    fi
    if [ "$status" -ne 0 ] && [ "$stopped" = 0 ]; then
      cat "$DIR/err" >&2
      exit 1
    fi
  done
done
[ "$stopped" = 1 ] && exit 130
exit 0
