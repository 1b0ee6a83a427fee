#!/usr/bin/env bash
# npm run sim of a base-25 day (8,640 steps, offline engine) with the default AUTOSAVE_STEPS and
# with autosave off (AUTOSAVE_STEPS=100000), on the embedded database and on PostgreSQL, RUNS
# times each, the two settings alternating (the machine's speed drifts between runs); prints the
# wall time sim reports. Usage: bash bench/sim-autosave.sh [RUNS] [DBS] [AUTOSAVES]
set -euo pipefail
RUNS=${1:-3}
PG=${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}
cd "$(dirname "$0")/.."
for db in ${2:-embedded postgres}; do
  for run in $(seq 1 "$RUNS"); do
    for autosave in ${3:-60 100000}; do
      dir=$(mktemp -d)
      if [ "$db" = postgres ]; then
        schema="bench_sim_$$_${run}_${autosave}"
        env=(DATABASE_URL="$PG?schema=$schema")
      else
        env=()
      fi
      line=$(env "${env[@]}" DATA_DIR="$dir" AUTOSAVE_STEPS=$autosave npx tsx server/cli/sim.ts --from base-25 --name day --steps 8640 2>/dev/null | grep "ran 8640 steps")
      echo "$db autosave=$autosave run=$run: $(echo "$line" | grep -o '[0-9.]* s wall ([0-9.]* ms/step)')"
      rm -rf "$dir"
      if [ "$db" = postgres ]; then psql -q -h 127.0.0.1 -U postgres test -c "DROP SCHEMA \"$schema\" CASCADE" >/dev/null 2>&1 || true; fi
    done
  done
done
