#!/usr/bin/env bash
# The minds' trace's cost: npm run sim of a base-25 day (8,640 steps, offline engine, autosave and
# recording on) with the trace on (TRACE_KEEP_DAYS=7, the default) and off (TRACE_KEEP_DAYS=0),
# RUNS times each, alternating (the machine's speed drifts between runs). Timed on the embedded
# database, whose work runs in the process: prints the wall time sim reports and the process's CPU
# time (user + system, less sensitive than wall time to other work on a shared machine). Then one
# day on PostgreSQL with the trace on, for its rows and bytes per resident-day.
# Usage: bash bench/sim-trace.sh [RUNS]
set -euo pipefail
RUNS=${1:-3}
PG=${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}
cd "$(dirname "$0")/.."
TIMEFORMAT="%U %S"
for run in $(seq 1 "$RUNS"); do
  for keep in 7 0; do
    dir=$(mktemp -d)
    { time DATA_DIR="$dir" TRACE_KEEP_DAYS=$keep npx tsx server/cli/sim.ts --from base-25 --name day --steps 8640 --quiet >"$dir/out" 2>/dev/null; } 2>"$dir/cpu"
    wall=$(grep -o '[0-9.]* s wall ([0-9.]* ms/step)' "$dir/out")
    cpu=$(awk '{printf "%.1f", $1 + $2}' "$dir/cpu")
    echo "trace keep=$keep run=$run: $wall, ${cpu} s CPU"
    rm -rf "$dir"
  done
done
dir=$(mktemp -d)
schema="bench_trace_$$"
DATABASE_URL="$PG?schema=$schema" DATA_DIR="$dir" npx tsx server/cli/sim.ts --from base-25 --name day --steps 8640 --quiet >/dev/null 2>&1
psql -At -h 127.0.0.1 -U postgres test -c "SELECT count(*) || ' rows, ' || sum(pg_column_size(entry)) || ' bytes stored (' || sum(octet_length(entry::text)) || ' as text), ' || count(DISTINCT \"agentId\") || ' residents' FROM \"$schema\".\"MindTrace\""
rm -rf "$dir"
psql -q -h 127.0.0.1 -U postgres test -c "DROP SCHEMA \"$schema\" CASCADE" >/dev/null 2>&1 || true
