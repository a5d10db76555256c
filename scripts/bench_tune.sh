#!/usr/bin/env bash
# Benchmarks `kreg fit --tune evidence --ard --restarts 1` (one bandwidth per feature and lambda
# by the log evidence, L-BFGS-B, two starts) against scikit-learn's GaussianProcessRegressor
# (ConstantKernel() * RBF(per feature) + WhiteKernel(), n_restarts_optimizer=1), in one run, on
# make_friedman1 (noise 1, 10 features of which 5 do not enter y): 2,000 training and 5,000
# test rows, Gaussian kernel, features and target standardised. Prints both wall times (kreg's
# the median of --reps runs, scikit-learn's one run), both log evidences, the test R^2 of both
# and of kreg's isotropic `cv` choice (default grids), and kreg's tuning time at 5,000 training
# rows. Targets: kreg's log evidence >= scikit-learn's - 0.1; kreg >= 10x faster; ARD's test R^2
# above the isotropic cv choice's; 5,000 rows in <= 180 s.
# Usage: scripts/bench_tune.sh [--reps R] [--kreg PATH] [--no-peer]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"
REPS=3
PEER=1
usage="usage: $0 [--reps R] [--kreg PATH] [--no-peer]"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --reps) REPS="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    --no-peer) PEER=0; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; $usage" >&2; exit 2 ;;
  esac
done
bench_start
"$PY" "$ROOT/scripts/bench_tune_data.py" "$WORK" 2000 5000 5000

# Wall time of one kreg command, in seconds, appended to file $1.
timed() {
  local out="$1"; shift
  local start end
  start=$(date +%s.%N)
  "$KREG" "$@" --quiet
  end=$(date +%s.%N)
  echo "$start $end" >> "$out"
}

: > "$WORK/tune_times"
for ((r = 1; r <= REPS; r++)); do
  timed "$WORK/tune_times" fit --data "$WORK/train.csv" --target y --tune evidence --ard --restarts 1 \
    --model "$WORK/ard.json"
done
"$KREG" predict --model "$WORK/ard.json" --data "$WORK/test.csv" --keep y --output "$WORK/ard_pred.csv" --quiet
: > "$WORK/cv_times"
timed "$WORK/cv_times" cv --data "$WORK/train.csv" --target y --model "$WORK/iso.json" --output "$WORK/cv.csv"
"$KREG" predict --model "$WORK/iso.json" --data "$WORK/test.csv" --keep y --output "$WORK/iso_pred.csv" --quiet
: > "$WORK/large_times"
timed "$WORK/large_times" fit --data "$WORK/train_large.csv" --target y --tune evidence --ard --restarts 1 \
  --model "$WORK/large.json"
if ((PEER)); then
  "$PY" "$ROOT/scripts/bench_tune_peer.py" "$WORK/train.csv" "$WORK/test.csv" 1 2>/dev/null > "$WORK/peer.txt"
else
  : > "$WORK/peer.txt"
fi

"$PY" - "$WORK" <<'PYEOF'
import csv, json, statistics, sys
work = sys.argv[1]
def times(name):
    return [float(b) - float(a) for a, b in (line.split() for line in open(f"{work}/{name}") if line.strip())]
def r2(path):
    rows = list(csv.DictReader(open(path)))
    y = [float(r["y"]) for r in rows]
    p = [float(r["prediction"]) for r in rows]
    mean = sum(y) / len(y)
    return 1.0 - sum((a - b) ** 2 for a, b in zip(y, p)) / sum((a - mean) ** 2 for a in y)
ok = lambda c: "PASS" if c else "FAIL"
tuning = json.load(open(f"{work}/ard.json"))["tuning"]
iso = json.load(open(f"{work}/iso.json"))
large = json.load(open(f"{work}/large.json"))["tuning"]
kreg_s = statistics.median(times("tune_times"))
kreg_r2, iso_r2 = r2(f"{work}/ard_pred.csv"), r2(f"{work}/iso_pred.csv")
print("data: make_friedman1 (noise 1, 10 features), 2000 training rows, 5000 test rows, gaussian kernel")
print(f"kreg_tune_median_s: {kreg_s:.2f}  (runs: {', '.join(f'{t:.2f}' for t in times('tune_times'))})")
print(f"kreg_log_evidence: {tuning['log_evidence']:.4f}")
print(f"kreg_evaluations: {tuning['evaluations']} over {len(tuning['restarts'])} starts")
print(f"kreg_bandwidths: {', '.join(f'{b:.4g}' for b in tuning['bandwidth'])}; lambda {tuning['lambda']:.4g}")
print(f"kreg_ard_test_r2: {kreg_r2:.4f}")
print(f"kreg_isotropic_cv_s: {times('cv_times')[0]:.2f}  (bandwidth {iso['kernel']['bandwidth']:.4g}, "
      f"lambda {iso['parameters']['lambda']:.4g})")
print(f"kreg_isotropic_cv_test_r2: {iso_r2:.4f}")
large_s = times("large_times")[0]
print(f"kreg_tune_5000_rows_s: {large_s:.1f}  (log evidence {large['log_evidence']:.4f}, "
      f"{large['evaluations']} evaluations)")
peer = dict(line.split(": ", 1) for line in open(f"{work}/peer.txt").read().splitlines() if ": " in line)
checks = [f"ard_r2>iso_cv_r2 {ok(kreg_r2 > iso_r2)}", f"5000_rows<=180s {ok(large_s <= 180.0)}"]
if peer:
    sk_s, sk_lml = float(peer["seconds"]), float(peer["log_evidence"])
    print(f"sklearn_fit_s: {sk_s:.2f}")
    print(f"sklearn_log_evidence: {sk_lml:.4f}")
    print(f"sklearn_test_r2: {float(peer['test_r2']):.4f}")
    print(f"sklearn_kernel: {peer['kernel']}")
    print(f"ratio_sklearn_over_kreg: {sk_s / kreg_s:.1f}")
    print(f"log_evidence_kreg_minus_sklearn: {tuning['log_evidence'] - sk_lml:+.4f}")
    checks = [f"log_evidence>=sklearn-0.1 {ok(tuning['log_evidence'] >= sk_lml - 0.1)}",
              f"speed>=10x {ok(sk_s / kreg_s >= 10.0)}"] + checks
print("targets: " + ", ".join(checks))
PYEOF
