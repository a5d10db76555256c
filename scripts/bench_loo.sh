#!/usr/bin/env bash
# Benchmarks `kreg loo` (100 lambdas, Gaussian kernel, n = 3,000, p = 8: CSV read, Gram
# matrix, one eigendecomposition, LOO/GCV/df for every lambda) against the physical floor of
# the job, one eigendecomposition (numpy eigh) of the same Gram matrix, in one run: median wall
# times, their ratio (target <= 1.3) and kreg's peak RSS / 8n^2 (target <= 3.5).
# Usage: scripts/bench_loo.sh [--n N] [--reps R] [--kreg PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"
N=3000
REPS=3
BW=3
while [[ $# -gt 0 ]]; do
  case "$1" in
    --n) N="$2"; shift 2 ;;
    --reps) REPS="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--n N] [--reps R] [--kreg PATH]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; usage: $0 [--n N] [--reps R] [--kreg PATH]" >&2; exit 2 ;;
  esac
done
bench_start
command -v /usr/bin/time >/dev/null || apt-get install -y -qq time >&2
"$PY" "$ROOT/scripts/bench_fit_data.py" "$WORK" "$N" 10

: > "$WORK/kreg_times"
for ((r = 1; r <= REPS; r++)); do
  /usr/bin/time -f '%e %M' -o "$WORK/time_out" "$KREG" loo --data "$WORK/train.csv" --target y --kernel gaussian \
    --bandwidth "$BW" --lambda-grid logspace:-6:1:100 --output "$WORK/loo.csv" --quiet >&2 \
    || { echo "kreg loo failed" >&2; cat "$WORK/time_out" >&2; exit 1; }
  tail -n 1 "$WORK/time_out" >> "$WORK/kreg_times"
done
EIG_MEDIAN="$("$PY" "$ROOT/scripts/bench_loo_peer.py" "$WORK/train.csv" "$BW" "$REPS")"

"$PY" - "$N" "$EIG_MEDIAN" "$WORK/kreg_times" "$WORK/loo.csv" <<'PYEOF'
import statistics, sys
n, eig = int(sys.argv[1]), float(sys.argv[2])
runs = [line.split() for line in open(sys.argv[3]) if line.strip()]
kreg = statistics.median(float(r[0]) for r in runs)
rss = max(int(r[1]) for r in runs) * 1024.0 / (8.0 * n * n)
rows = sum(1 for _ in open(sys.argv[4])) - 1
ok = lambda c: "PASS" if c else "FAIL"
print(f"n: {n}")
print(f"lambdas: {rows}")
print(f"kreg_loo_median_s: {kreg:.3f}")
print(f"one_eigh_median_s: {eig:.3f}")
print(f"ratio_kreg_loo_over_one_eigh: {kreg / eig:.3f}")
print(f"kreg_peak_rss_over_8n2: {rss:.3f}")
print(f"targets: ratio<=1.3 {ok(kreg / eig <= 1.3)}, rss<=3.5 {ok(rss <= 3.5)}")
PYEOF
