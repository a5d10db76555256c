#!/usr/bin/env bash
# `kreg fit --solver nystrom` at the sizes exact kernel ridge regression cannot reach.
#   --california  the full California housing data (20,640 rows, data/california_housing.csv),
#                 a fixed 80/20 split (numpy default_rng(0)); bandwidth and lambda chosen by exact
#                 `kreg cv` (5 folds, 9 bandwidths x 13 lambdas) on a 4,000-row sample of the
#                 training part; then exact KRR and Nystrom with m = 500, 1,000, 2,000, 4,000
#                 centres on the whole training part: test MSE and wall time of each (target:
#                 Nystrom at m = 2,000 within 3% of exact); with --cv also `kreg cv --solver
#                 nystrom` on the training part, 5 bandwidths x 10 lambdas x 5 folds, and the
#                 test MSE of its best point.
#   --peer N      synthetic data (scripts/bench_nystrom_data.py, p = 8) with N training and
#                 20,000 test rows, m = 2,000: kreg fit + predict against scikit-learn's
#                 Nystroem(n_components=2000) + Ridge on the same bandwidth and lambda
#                 (scripts/bench_nystrom_peer.py): both times, the ratio (target >= 5x) and both
#                 test MSEs (target: kreg's no worse than 1% above theirs).
#   --scale N     synthetic, N training rows (10^6 by default), m = 4,000, prediction of 100,000
#                 rows: wall time, conjugate-gradient iterations, relative residual and peak RSS
#                 from /usr/bin/time -v (targets: <= 10 minutes and <= 3 GB at N = 10^6).
# One run per cell, in one invocation (the machine is shared: compare within one run).
# Usage: scripts/bench_nystrom.sh [--california] [--cv] [--peer N] [--scale N] [--kreg PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"  # ROOT, PY, KREG, bench_start
CALIFORNIA=0 CV=0 PEER=0 SCALE=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --california) CALIFORNIA=1; shift ;;
    --cv) CV=1; shift ;;
    --peer) PEER="$2"; shift 2 ;;
    --scale) SCALE="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--california] [--cv] [--peer N] [--scale N] [--kreg PATH]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; usage: $0 [--california] [--cv] [--peer N] [--scale N] [--kreg PATH]" >&2; exit 2 ;;
  esac
done
if [[ $CALIFORNIA == 0 && $PEER == 0 && $SCALE == 0 ]]; then CALIFORNIA=1; PEER=200000; SCALE=1000000; fi
bench_start

seconds_since() { echo "$1 $(date +%s.%N)" | awk '{printf "%.2f", $2 - $1}'; }

# Test MSE of the predictions file $1 (kreg predict's CSV: the last column) against the test CSV $2.
test_mse() {
  "$PY" - "$1" "$2" <<'PYEOF'
import sys
import numpy as np
pred = np.genfromtxt(sys.argv[1], delimiter=",", skip_header=1)
pred = pred[:, -1] if pred.ndim > 1 else pred
y = np.genfromtxt(sys.argv[2], delimiter=",", skip_header=1)[:, -1]
print(f"{np.mean((pred - y) ** 2):.6g}")
PYEOF
}

# A JSON field of a model's training_summary.
summary_field() { "$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["training_summary"][sys.argv[2]])' "$1" "$2"; }

# kreg fit (+ predict) on $1 with the remaining arguments; prints "seconds test_mse iterations residual".
fit_predict() {
  local train="$1" test="$2" start secs
  shift 2
  start=$(date +%s.%N)
  "$KREG" fit --data "$train" --target y --quiet --model "$WORK/model.json" "$@"
  "$KREG" predict --model "$WORK/model.json" --data "$test" --quiet --output "$WORK/pred.csv"
  secs=$(seconds_since "$start")
  echo "$secs $(test_mse "$WORK/pred.csv" "$test") $(summary_field "$WORK/model.json" iterations) $(summary_field "$WORK/model.json" relative_residual)"
}

if [[ $CALIFORNIA == 1 ]]; then
  echo "## California housing: exact KRR against Nystrom"
  "$PY" - "$ROOT/data/california_housing.csv" "$WORK" <<'PYEOF'
import sys
import numpy as np
src, work = sys.argv[1], sys.argv[2]
with open(src) as f:
    header = f.readline().strip().split(",")
data = np.loadtxt(src, delimiter=",", skiprows=1)
# Target last, renamed y (kreg --target y, and the MSE helper reads the last column).
cols = header[1:] + ["y"]
data = np.column_stack([data[:, 1:], data[:, 0]])
perm = np.random.default_rng(0).permutation(len(data))
n_train = int(round(0.8 * len(data)))
train, test = data[perm[:n_train]], data[perm[n_train:]]
fmt = "%.17g"
np.savetxt(f"{work}/train.csv", train, fmt=fmt, delimiter=",", header=",".join(cols), comments="")
np.savetxt(f"{work}/test.csv", test, fmt=fmt, delimiter=",", header=",".join(cols), comments="")
np.savetxt(f"{work}/sample.csv", train[np.random.default_rng(1).permutation(n_train)[:4000]], fmt=fmt,
           delimiter=",", header=",".join(cols), comments="")
print(f"train {len(train)} rows, test {len(test)} rows, cv sample 4000 rows")
PYEOF
  "$KREG" cv --data "$WORK/sample.csv" --target y --kernel gaussian --folds 5 --seed 0 \
    --bandwidth-grid logspace:-1:1:9 --lambda-grid logspace:-6:0:13 --quiet \
    --output "$WORK/cv_sample.csv" --best "$WORK/best_sample.json"
  read -r BW LAMBDA < <("$PY" -c 'import json, sys; b = json.load(open(sys.argv[1]))["min"]; print(b["bandwidth"], b["lambda"])' "$WORK/best_sample.json")
  echo "bandwidth $BW, lambda $LAMBDA (exact kreg cv on the 4,000-row sample)"
  echo
  echo "| solver | centres m | fit + predict s | test MSE | vs exact | CG iterations | relative residual |"
  echo "|---|---|---|---|---|---|---|"
  read -r e_s e_mse _ _ < <(fit_predict "$WORK/train.csv" "$WORK/test.csv" --kernel gaussian --bandwidth "$BW" --lambda "$LAMBDA")
  echo "| exact (Cholesky) | — | $e_s | $e_mse | 1 | — | — |"
  for m in 500 1000 2000 4000; do
    read -r s mse it res < <(fit_predict "$WORK/train.csv" "$WORK/test.csv" --kernel gaussian --bandwidth "$BW" \
      --lambda "$LAMBDA" --solver nystrom --centers "$m")
    ratio=$(echo "$mse $e_mse" | awk '{printf "%.4f", $1 / $2}')
    echo "| nystrom | $m | $s | $mse | $ratio | $it | $res |"
    [[ $m == 2000 ]] && M2000="$ratio"
  done
  echo
  echo "target: Nystrom at m = 2,000 within 3% of exact: test MSE ratio $M2000: $(echo "$M2000" | awk '{print ($1 <= 1.03) ? "met" : "missed"}')"
  if [[ $CV == 1 ]]; then
    start=$(date +%s.%N)
    "$KREG" cv --data "$WORK/train.csv" --target y --kernel gaussian --folds 5 --seed 0 --solver nystrom \
      --bandwidth-grid logspace:-0.5:0.5:5 --lambda-grid logspace:-6:0:10 --quiet \
      --output "$WORK/cv_nystrom.csv" --best "$WORK/best_nystrom.json" --model "$WORK/refit.json"
    secs=$(seconds_since "$start")
    "$KREG" predict --model "$WORK/refit.json" --data "$WORK/test.csv" --quiet --output "$WORK/pred.csv"
    read -r cbw clambda < <("$PY" -c 'import json, sys; b = json.load(open(sys.argv[1]))["min"]; print(b["bandwidth"], b["lambda"])' "$WORK/best_nystrom.json")
    echo "kreg cv --solver nystrom (2,000 centres), 5 bandwidths x 10 lambdas x 5 folds on $(($(wc -l < "$WORK/train.csv") - 1)) rows: $secs s;" \
      "best bandwidth $cbw, lambda $clambda; its refit's test MSE $(test_mse "$WORK/pred.csv" "$WORK/test.csv") (exact KRR above: $e_mse)"
  fi
  echo
fi

if [[ $PEER != 0 ]]; then
  echo "## n = $PEER synthetic rows, m = 2,000: kreg against scikit-learn's Nystroem + Ridge"
  "$PY" "$ROOT/scripts/bench_nystrom_data.py" "$WORK/syn_train.csv" "$PEER" "$WORK/syn_test.csv" 20000
  BW=2 LAMBDA=1
  read -r k_s k_mse k_it k_res < <(fit_predict "$WORK/syn_train.csv" "$WORK/syn_test.csv" --kernel gaussian \
    --bandwidth $BW --lambda $LAMBDA --solver nystrom --centers 2000)
  read -r s_s s_mse < <("$PY" "$ROOT/scripts/bench_nystrom_peer.py" "$WORK/syn_train.csv" "$WORK/syn_test.csv" $BW $LAMBDA 2000)
  echo "| n | m | bandwidth | lambda | kreg fit + predict s | CG iterations | sklearn s | ratio | kreg test MSE | sklearn test MSE | MSE ratio |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  "$PY" - "$PEER" "$BW" "$LAMBDA" "$k_s" "$k_it" "$s_s" "$k_mse" "$s_mse" <<'PYEOF'
import sys
n, bw, lam = int(sys.argv[1]), sys.argv[2], sys.argv[3]
k_s, k_it, s_s, k_mse, s_mse = float(sys.argv[4]), sys.argv[5], float(sys.argv[6]), float(sys.argv[7]), float(sys.argv[8])
print(f"| {n:,} | 2,000 | {bw} | {lam} | {k_s:.1f} | {k_it} | {s_s:.1f} | {s_s / k_s:.1f}× | {k_mse:.5g} | {s_mse:.5g} | {k_mse / s_mse:.4f} |")
print()
print(f"target: kreg >= 5x faster: {s_s / k_s:.1f}x: {'met' if s_s / k_s >= 5 else 'missed'}; "
      f"test MSE no worse than 1% above scikit-learn's: {k_mse / s_mse:.4f}: {'met' if k_mse <= 1.01 * s_mse else 'missed'}")
PYEOF
  echo
fi

if [[ $SCALE != 0 ]]; then
  echo "## n = $SCALE synthetic rows, m = 4,000, 100,000 predictions"
  "$PY" "$ROOT/scripts/bench_nystrom_data.py" "$WORK/big_train.csv" "$SCALE" "$WORK/big_test.csv" 100000
  start=$(date +%s.%N)
  /usr/bin/time -v -o "$WORK/fit_time" "$KREG" fit --data "$WORK/big_train.csv" --target y --kernel gaussian \
    --bandwidth 2 --lambda 1 --solver nystrom --centers 4000 --quiet --model "$WORK/big_model.json"
  fit_s=$(seconds_since "$start")
  start=$(date +%s.%N)
  /usr/bin/time -v -o "$WORK/predict_time" "$KREG" predict --model "$WORK/big_model.json" --data "$WORK/big_test.csv" \
    --quiet --output "$WORK/big_pred.csv"
  predict_s=$(seconds_since "$start")
  rss_fit=$(awk -F': ' '/Maximum resident/ {print $2}' "$WORK/fit_time")
  rss_pred=$(awk -F': ' '/Maximum resident/ {print $2}' "$WORK/predict_time")
  "$PY" - "$SCALE" "$fit_s" "$predict_s" "$(summary_field "$WORK/big_model.json" iterations)" \
    "$(summary_field "$WORK/big_model.json" relative_residual)" "$rss_fit" "$rss_pred" \
    "$(test_mse "$WORK/big_pred.csv" "$WORK/big_test.csv")" <<'PYEOF'
import sys
n, fit_s, pred_s, it, res = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
rss_fit, rss_pred, mse = int(sys.argv[6]) / 2**20, int(sys.argv[7]) / 2**20, sys.argv[8]
total = fit_s + pred_s
print("| n | m | fit s | predict 100,000 s | total s | CG iterations | relative residual | peak RSS fit GiB | peak RSS predict GiB | test MSE |")
print("|---|---|---|---|---|---|---|---|---|---|")
print(f"| {n:,} | 4,000 | {fit_s:.1f} | {pred_s:.1f} | {total:.1f} | {it} | {float(res):.2e} | {rss_fit:.2f} | {rss_pred:.2f} | {mse} |")
print()
peak = max(rss_fit, rss_pred)
print(f"target: <= 10 minutes and <= 3 GB: {total / 60:.1f} min, {peak:.2f} GiB: "
      f"{'met' if total <= 600 and peak * 2**30 <= 3e9 else 'missed'}")
PYEOF
fi
