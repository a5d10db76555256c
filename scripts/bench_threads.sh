#!/usr/bin/env bash
# What the thread-count-independent linear algebra costs and gives (src/kreg/linalg/
# blas_threads.h): wall times of `kreg fit` (KRR: Gram matrix + blocked Cholesky, n = N_FIT)
# and `kreg loo` (Gram matrix + one eigendecomposition, 100 lambdas, n = N_EIG) at --threads 1
# and 2, medians of R interleaved runs, the speed-up from 1 to 2 threads, and, with --baseline
# PATH (another kreg binary, e.g. one built from an older commit), the ratio against it.
# Usage: scripts/bench_threads.sh [--n-fit N] [--n-eig N] [--reps R] [--kreg PATH] [--baseline PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"  # ROOT, PY, KREG, bench_start
N_FIT=8000
N_EIG=3000
REPS=3
BASELINE=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --n-fit) N_FIT="$2"; shift 2 ;;
    --n-eig) N_EIG="$2"; shift 2 ;;
    --reps) REPS="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    --baseline) BASELINE="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--n-fit N] [--n-eig N] [--reps R] [--kreg PATH] [--baseline PATH]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; usage: $0 [--n-fit N] [--n-eig N] [--reps R] [--kreg PATH] [--baseline PATH]" >&2; exit 2 ;;
  esac
done
bench_start
mkdir -p "$WORK/fit" "$WORK/eig"
"$PY" "$ROOT/scripts/bench_fit_data.py" "$WORK/fit" "$N_FIT" 10
"$PY" "$ROOT/scripts/bench_fit_data.py" "$WORK/eig" "$N_EIG" 10

binaries=("$KREG")
[[ -z "$BASELINE" ]] || binaries+=("$BASELINE")
: > "$WORK/times"
for ((r = 1; r <= REPS; r++)); do
  for b in "${!binaries[@]}"; do
    for t in 1 2; do
      start=$(date +%s%N)
      "${binaries[$b]}" fit --data "$WORK/fit/train.csv" --target y --bandwidth 3 --lambda 0.1 --standardize none \
        --threads "$t" --model "$WORK/m.json" --quiet
      echo "$b fit $t $(( $(date +%s%N) - start ))" >> "$WORK/times"
      start=$(date +%s%N)
      "${binaries[$b]}" loo --data "$WORK/eig/train.csv" --target y --bandwidth 3 --lambda-grid logspace:-6:1:100 \
        --threads "$t" --output "$WORK/loo.csv" --quiet
      echo "$b loo $t $(( $(date +%s%N) - start ))" >> "$WORK/times"
    done
  done
done

"$PY" - "$WORK/times" "$N_FIT" "$N_EIG" "${#binaries[@]}" <<'PYEOF'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    b, job, t, s = line.split()
    times.setdefault((int(b), job, int(t)), []).append(float(s) / 1e9)
med = {k: statistics.median(v) for k, v in times.items()}
print(f"n_fit: {sys.argv[2]}, n_eig: {sys.argv[3]}")
print("job  threads   kreg_s" + ("   baseline_s  ratio" if int(sys.argv[4]) > 1 else ""))
for job in ("fit", "loo"):
    for t in (1, 2):
        line = f"{job}  {t:7d} {med[(0, job, t)]:8.3f}"
        if int(sys.argv[4]) > 1:
            line += f" {med[(1, job, t)]:12.3f} {med[(0, job, t)] / med[(1, job, t)]:6.3f}"
        print(line)
    print(f"{job}  speed-up 1 -> 2 threads: {med[(0, job, 1)] / med[(0, job, 2)]:.3f}")
PYEOF
