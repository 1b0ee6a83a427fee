#!/usr/bin/env bash
# npm run sim of a base-25 day (8,640 steps, offline engine) with the default AUTOSAVE_STEPS and
# with autosave off (AUTOSAVE_STEPS=100000), on the embedded database and on PostgreSQL, RUNS
# times each, the two settings alternating (the machine's speed drifts between runs); prints the
# wall time sim reports, the CPU time the run's processes used (user + system; on PostgreSQL the
# database server's own is not in it) and the load average before the run. On a loaded machine
# the wall times follow the load; the CPU times much less so.
# Usage: bash bench/sim-autosave.sh [RUNS] [DBS] [AUTOSAVES]
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
      load=$(cut -d' ' -f1 /proc/loadavg)
      out=$(env "${env[@]}" DATA_DIR="$dir" AUTOSAVE_STEPS=$autosave /usr/bin/time -f "cpu %U %S" npx tsx server/cli/sim.ts --from base-25 --name day --steps 8640 2>&1 || true)
      wall=$(echo "$out" | grep "ran 8640 steps" | grep -o '[0-9.]* s wall ([0-9.]* ms/step)' || echo "failed")
      cpu=$(echo "$out" | grep '^cpu ' | tail -1 | awk '{printf "%.1f", $2 + $3}')
      echo "$db autosave=$autosave run=$run: $wall, cpu ${cpu} s, load $load"
      rm -rf "$dir"
      if [ "$db" = postgres ]; then psql -q -h 127.0.0.1 -U postgres test -c "DROP SCHEMA \"$schema\" CASCADE" >/dev/null 2>&1 || true; fi
    done
  done
done
