#!/usr/bin/env bash
# npm run sim of a base-25 day (8,640 steps, offline engine, PostgreSQL, autosave and recording on)
# with the minds' trace on (TRACE_KEEP_DAYS=7, the default) and off (TRACE_KEEP_DAYS=0), RUNS times
# each, alternating (the machine's speed drifts between runs); prints the wall time sim reports
# and, with the trace on, its rows and bytes (the entries' stored size) per resident-day.
# Usage: bash bench/sim-trace.sh [RUNS]
set -euo pipefail
RUNS=${1:-3}
PG=${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}
cd "$(dirname "$0")/.."
for run in $(seq 1 "$RUNS"); do
  for keep in 7 0; do
    dir=$(mktemp -d)
    schema="bench_trace_$$_${run}_${keep}"
    line=$(DATABASE_URL="$PG?schema=$schema" DATA_DIR="$dir" TRACE_KEEP_DAYS=$keep npx tsx server/cli/sim.ts --from base-25 --name day --steps 8640 --quiet 2>/dev/null | grep "ran 8640 steps")
    rows=$(psql -At -h 127.0.0.1 -U postgres test -c "SELECT count(*) || ' rows, ' || coalesce(sum(pg_column_size(entry)), 0) || ' bytes (' || coalesce(sum(octet_length(entry::text)), 0) || ' as text)' FROM \"$schema\".\"MindTrace\"")
    echo "trace keep=$keep run=$run: $(echo "$line" | grep -o '[0-9.]* s wall ([0-9.]* ms/step)'); $rows"
    rm -rf "$dir"
    psql -q -h 127.0.0.1 -U postgres test -c "DROP SCHEMA \"$schema\" CASCADE" >/dev/null 2>&1 || true
  done
done
