#!/usr/bin/env bash
# Benchmarks `kreg fit` (KRR, Gaussian kernel, bandwidth 3, lambda 0.1, --standardize none) against scikit-learn's
# KernelRidge(rbf, gamma=1/18, alpha=0.1) on seeded synthetic data (n x 8): median wall time over R runs, each timing
# CSV read + fit (kreg: whole process via /usr/bin/time; sklearn: np.loadtxt + fit() via perf_counter), kreg's peak RSS,
# and the prediction gap on 1,000 test rows. Usage: scripts/bench_fit.sh [--n N] [--reps R] [--kreg PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"  # ROOT, PY, KREG, share_kreg_blas_kernels

N=10000
REPS=3
BW=3
LAMBDA=0.1

usage() { echo "usage: $0 [--n N] [--reps R] [--kreg PATH]" >&2; exit 2; }
help() { echo "usage: $0 [--n N] [--reps R] [--kreg PATH]"; exit 0; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --n) [[ $# -ge 2 ]] || usage; N="$2"; shift 2 ;;
        --reps) [[ $# -ge 2 ]] || usage; REPS="$2"; shift 2 ;;
        --kreg) [[ $# -ge 2 ]] || usage; KREG="$2"; shift 2 ;;
        -h|--help) help ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done
[[ "$N" =~ ^[1-9][0-9]*$ && "$REPS" =~ ^[1-9][0-9]*$ ]] || { echo "--n and --reps must be positive integers" >&2; exit 2; }
[[ "$KREG" = /* ]] || KREG="$PWD/$KREG"
[[ -x "$KREG" ]] || { echo "kreg binary not found or not executable: $KREG" >&2; exit 1; }
share_kreg_blas_kernels

# GNU time (Debian package `time`) gives wall time and peak RSS of a child process.
if ! command -v /usr/bin/time >/dev/null; then
    { apt-get install -y time || { apt-get update && apt-get install -y time; }; } >&2
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

"$PY" "$ROOT/scripts/bench_fit_data.py" "$WORK" "$N" 1000

# kreg: REPS separate processes; record "%e %M" (wall seconds, peak RSS KiB) per run.
: > "$WORK/kreg_times"
for ((r = 1; r <= REPS; r++)); do
    rm -f "$WORK/model.json"
    if ! /usr/bin/time -f '%e %M' -o "$WORK/time_out" \
        "$KREG" fit --data "$WORK/train.csv" --target y --method krr --kernel gaussian \
        --bandwidth "$BW" --lambda "$LAMBDA" --standardize none --model "$WORK/model.json" --quiet >&2; then
        echo "kreg fit failed (run $r):" >&2
        cat "$WORK/time_out" >&2
        exit 1
    fi
    tail -n 1 "$WORK/time_out" >> "$WORK/kreg_times"
done
[[ -s "$WORK/model.json" ]] || { echo "kreg fit wrote no model" >&2; exit 1; }
if ! "$KREG" predict --model "$WORK/model.json" --data "$WORK/test.csv" --output "$WORK/kreg_pred.csv" >&2; then
    echo "kreg predict failed" >&2
    exit 1
fi

# scikit-learn: REPS times in one process; prints its median, writes the last fit's predictions.
SK_MEDIAN="$("$PY" "$ROOT/scripts/bench_fit_peer.py" "$WORK/train.csv" "$WORK/test.csv" "$WORK/sk_pred.csv" \
    "$REPS" "$BW" "$LAMBDA")"

"$PY" - "$N" "$SK_MEDIAN" "$WORK/kreg_times" "$WORK/kreg_pred.csv" "$WORK/sk_pred.csv" <<'PYEOF'
import statistics, sys
import numpy as np

n, sk_median = int(sys.argv[1]), float(sys.argv[2])
runs = [line.split() for line in open(sys.argv[3]) if line.strip()]
kreg_times = [float(r[0]) for r in runs]
kreg_rss_kib = max(int(r[1]) for r in runs)
print("kreg fit runs (wall s, peak RSS KiB): " + ", ".join(f"{r[0]} {r[1]}" for r in runs), file=sys.stderr)

with open(sys.argv[4]) as f:
    header = f.readline().strip()
if header.strip('"') != "prediction":
    print(f"warning: kreg pred.csv header is {header!r}, expected 'prediction'", file=sys.stderr)
kp = np.loadtxt(sys.argv[4], delimiter=",", skiprows=1, ndmin=1)
sp = np.loadtxt(sys.argv[5], delimiter=",", skiprows=1, ndmin=1)
if kp.shape != sp.shape:
    sys.exit(f"kreg predictions have shape {kp.shape}, expected {sp.shape}")

kreg_median = statistics.median(kreg_times)
ratio = kreg_median / sk_median
rss_ratio = kreg_rss_kib * 1024.0 / (8.0 * n * n)
max_abs = float(np.max(np.abs(kp - sp)))
max_rel = max_abs / float(np.max(np.abs(sp)))
ok = lambda c: "PASS" if c else "FAIL"
print(f"n: {n}")
print(f"kreg_fit_median_s: {kreg_median:.3f}")
print(f"sklearn_fit_median_s: {sk_median:.3f}")
print(f"ratio_kreg_over_sklearn: {ratio:.3f}")
print(f"kreg_peak_rss_over_8n2: {rss_ratio:.3f}")
print(f"max_abs_pred_diff: {max_abs:.3e}")
print(f"max_rel_pred_diff: {max_rel:.3e}")
print(f"targets: ratio<=1.0 {ok(ratio <= 1.0)}, rss<=2.2 {ok(rss_ratio <= 2.2)}")
PYEOF
