#!/usr/bin/env bash
# Benchmarks 10^5 updates (step 1e-4, so t = 10) of each iterative method on n = 400 points of
# Allerbo (2023)'s robust synthetic data (Gaussian kernel, bandwidth 1, no standardisation) against
# the straightforward numpy loop, in one run. Two kreg times per method (medians of REPS runs):
#   updates_s  the solver phase of `kreg fit --timings` (the 10^5 updates; for kgd including
#              the eigendecomposition that makes them O(n)), comparable with the numpy loop,
#              which is timed around the updates only (its Gram matrix is built before);
#   process_s  the whole `kreg fit` process (start-up, CSV, Gram matrix, updates, model file).
# Prints the speed-up of each over numpy (targets, for the updates: >= 20x for kgd and ksgd,
# >= 200x for kcd) and the largest difference of the final alpha.
# Usage: scripts/bench_iterative.sh [--n N] [--iterations K] [--reps R] [--kreg PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"
N=400
ITER=100000
REPS=3
while [[ $# -gt 0 ]]; do
  case "$1" in
    --n) N="$2"; shift 2 ;;
    --iterations) ITER="$2"; shift 2 ;;
    --reps) REPS="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--n N] [--iterations K] [--reps R] [--kreg PATH]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; usage: $0 [--n N] [--iterations K] [--reps R] [--kreg PATH]" >&2; exit 2 ;;
  esac
done
bench_start

"$PY" - "$WORK/train.csv" "$N" <<'PYEOF'
import sys
import numpy as np
path, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(1)
x = rng.uniform(-10, 10, n)
y = np.sin(np.pi * x / 2) + 0.1 * rng.standard_cauchy(n)
np.savetxt(path, np.column_stack([x, y]), delimiter=",", header="x,y", comments="", fmt="%.17g")
PYEOF

"$PY" "$ROOT/scripts/bench_iterative_peer.py" "$WORK/train.csv" 1 1e-4 "$ITER" > "$WORK/numpy_times"

echo "n: $N, updates: $ITER, step 1e-4"
printf "%-6s %10s %10s %10s %12s %12s %14s\n" method updates_s process_s numpy_s speedup_upd speedup_proc \
  max_rel_alpha_diff
for m in kgd ksgd kcd kegd; do
  extra=()
  [[ $m == kegd ]] && extra=(--elastic-alpha 0.9 --momentum 0.5)
  : > "$WORK/t_$m"
  for ((r = 1; r <= REPS; r++)); do
    start=$(date +%s.%N)
    "$KREG" fit --data "$WORK/train.csv" --target y --method "$m" --kernel gaussian --bandwidth 1 \
      --standardize none --step-size 1e-4 --iterations "$ITER" "${extra[@]}" --model "$WORK/$m.json" --quiet \
      --timings 2> "$WORK/timings"
    end=$(date +%s.%N)
    solve_ms=$(sed -n 's/.* solve \([0-9.]*\),.*/\1/p' "$WORK/timings")
    echo "$start $end $solve_ms" | awk '{print $2 - $1, $3 / 1000}' >> "$WORK/t_$m"
  done
  "$PY" - "$m" "$WORK/t_$m" "$WORK/numpy_times" "$WORK/$m.json" "$WORK/train.csv.$m.alpha" "$N" <<'PYEOF'
import json, statistics, sys
import numpy as np
m, tfile, nfile, model, ref, n = sys.argv[1:7]
rows = [l.split() for l in open(tfile)]
process = statistics.median(float(r[0]) for r in rows)
updates = statistics.median(float(r[1]) for r in rows)
numpy_s = {l.split()[0]: float(l.split()[1]) for l in open(nfile)}[m]
j = json.load(open(model))
alpha = np.zeros(int(n))
alpha[j["point_rows"]] = j["alpha"]
a_ref = np.loadtxt(ref)
diff = np.abs(alpha - a_ref).max() / np.abs(a_ref).max()
print(f"{m:<6} {updates:10.6f} {process:10.4f} {numpy_s:10.4f} {numpy_s / updates:12.1f} {numpy_s / process:12.1f} "
      f"{diff:14.3e}")
PYEOF
done
