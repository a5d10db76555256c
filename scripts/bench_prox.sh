#!/usr/bin/env bash
# Benchmarks 50-point kl1 and klinf paths (kreg path with its default solver: the exact
# homotopy path, each point certified by its KKT conditions to 1e-7) on n = 400 rows of California housing (a training
# set of the paper's protocol: 400 random rows, standardised features, centred response;
# Gaussian kernel, bandwidth 2), against the same 50 problems solved cold with the authors'
# settings in straightforward numpy (fixed step 1e-3, <= 1,000 iterations), in one run.
# Prints wall times, their ratio and how many points converged in each.
# Usage: scripts/bench_prox.sh [--n N] [--kreg PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"
N=400
while [[ $# -gt 0 ]]; do
  case "$1" in
    --n) N="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--n N] [--kreg PATH]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; usage: $0 [--n N] [--kreg PATH]" >&2; exit 2 ;;
  esac
done
bench_start

"$PY" - "$WORK/train.csv" "$N" "$ROOT/data/california_housing.csv" <<'PYEOF'
import sys
import numpy as np
path, n, source = sys.argv[1], int(sys.argv[2]), sys.argv[3]
table = np.loadtxt(source, delimiter=",", skiprows=1)
rows = table[np.random.default_rng(0).permutation(len(table))[:n]]
y, x = rows[:, 0] - rows[:, 0].mean(), rows[:, 1:]
x = (x - x.mean(axis=0)) / x.std(axis=0)
header = ",".join([f"x{i + 1}" for i in range(x.shape[1])] + ["y"])
np.savetxt(path, np.column_stack([x, y]), delimiter=",", header=header, comments="", fmt="%.17g")
PYEOF

echo "n: $N, 50 lambdas per path (lambda_max down 3 decades), Gaussian kernel, bandwidth 2"
printf "%-6s %10s %10s %8s %16s %17s\n" method kreg_s numpy_s speedup kreg_converged numpy_converged
declare -A KT KC
for m in kl1 klinf; do
  start=$(date +%s.%N)
  "$KREG" path --data "$WORK/train.csv" --target y --method "$m" --kernel gaussian --bandwidth 2 \
    --standardize none --output "$WORK/$m.csv" --quiet
  end=$(date +%s.%N)
  KT[$m]=$(echo "$start $end" | awk '{print $2 - $1}')
  KC[$m]=$(awk -F, 'NR > 1 && $NF == 1' "$WORK/$m.csv" | wc -l)
  awk -F, 'NR > 1 {print $1}' "$WORK/$m.csv" > "$WORK/lambdas.$m"
done
"$PY" "$ROOT/scripts/bench_prox_peer.py" "$WORK/train.csv" 2 "$WORK/lambdas" > "$WORK/numpy"
while read -r m secs conv; do
  printf "%-6s %10.3f %10.3f %8.1f %13s/50 %14s/50\n" "$m" "${KT[$m]}" "$secs" \
    "$(echo "$secs ${KT[$m]}" | awk '{print $1 / $2}')" "${KC[$m]}" "$conv"
done < "$WORK/numpy"
