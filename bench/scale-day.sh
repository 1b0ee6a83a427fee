#!/usr/bin/env bash
# A headless game day of generated towns of growing size, the way a user runs one:
#   npm run make-town -- --residents N --name town-N --seed 7   then
#   npm run sim -- --from town-N --name day-N --steps STEPS --report ...
# (offline engine, embedded database, default autosave), RUNS times each. Prints one row per run:
# residents, wall seconds (sim's own figure, the run alone), peak RSS of the process, LLM calls
# and prompt tokens per resident-day (scaled to a day when STEPS is shorter), and wall per
# resident-day. Targets (issue 33): per resident-day cost at 1,000 ≤ 1.5× that at 25, and a
# 1,000-resident day ≤ 5 minutes.
#
# Usage: bash bench/scale-day.sh [SIZES] [STEPS] [RUNS]
#   e.g. bash bench/scale-day.sh "25 100 250 1000" 8640 3
# REPORTS=<dir> keeps each run's report (its calls and tokens by prompt) there.
set -euo pipefail
SIZES=${1:-25 100 250 1000}
STEPS=${2:-8640}
RUNS=${3:-1}
cd "$(dirname "$0")/.."
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
export DATA_DIR="$DIR"
printf "%-9s %-4s %9s %9s %12s %14s %14s\n" residents run "wall s" "RSS MiB" "calls/r-day" "tokens/r-day" "wall ms/r-day"
for n in $SIZES; do
  npx tsx server/cli/makeTown.ts --residents "$n" --name "town-$n" --seed 7 >/dev/null
  for run in $(seq 1 "$RUNS"); do
    report="$DIR/day-$n-$run.json"
    # As `npm run sim` runs it (package.json): a larger young generation for the collector.
    /usr/bin/time -f "%M" -o "$DIR/rss" npx tsx --max-semi-space-size=64 server/cli/sim.ts --from "town-$n" \
      --name "day-$n-$run" --steps "$STEPS" --report "$report" --quiet >/dev/null 2>"$DIR/err" ||
      { cat "$DIR/err" >&2; exit 1; }
    node -e '
      const [file, rssKb, n, steps, run] = process.argv.slice(1);
      const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
      const days = Number(n) * (Number(steps) / 8640);
      const row = [
        n.padEnd(9), run.padEnd(4),
        r.wallSeconds.toFixed(1).padStart(9),
        (Number(rssKb) / 1024).toFixed(0).padStart(9),
        (r.llm.calls / days).toFixed(1).padStart(12),
        (r.llm.tokensIn / days).toFixed(0).padStart(14),
        ((r.wallSeconds * 1000) / days).toFixed(0).padStart(14),
      ];
      console.log(row.join(" "));
    ' "$report" "$(tail -1 "$DIR/rss")" "$n" "$STEPS" "$run"
    if [ -n "${REPORTS:-}" ]; then mkdir -p "$REPORTS" && cp "$report" "$REPORTS/"; fi
  done
done
