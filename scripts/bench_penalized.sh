#!/usr/bin/env bash
# Benchmarks 20-point kl1 and klinf paths (`kreg path`, default solver, lambda_max down to
# 1e-3 lambda_max) on synthetic data (p = 8, 5% Cauchy outliers in y, standardised; Gaussian
# kernel, bandwidth 2; scripts/bench_penalized_data.py) at each size, and kl1 against
# scikit-learn's lasso_path on the same problem and lambdas (design K^(1/2), response
# K^(-1/2) y, alpha = lambda / n, precompute = K, tol 1e-7; scripts/bench_penalized_peer.py).
# Both kl1 solutions are scored by one numpy objective, 1/2 a'Ka - y'a + lambda ||a||_1.
# Prints wall times (kreg: the whole run, CSV to path; scikit-learn: the lasso_path call only),
# points converged, the objectives per lambda, the speed ratio and PASS/FAIL for the targets:
# kl1 >= 5x faster than scikit-learn with an objective no worse than scikit-learn's by a
# relative 1e-9 at every lambda; each 20-point path at n = 2,000 within 3 s.
# Usage: scripts/bench_penalized.sh [--sizes "2000 5000"] [--sklearn-max-iter M] [--kreg PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"
SIZES="2000 5000"
SK_MAX_ITER=1000
BW=2
USAGE="usage: $0 [--sizes \"2000 5000\"] [--sklearn-max-iter M] [--kreg PATH]"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --sizes) SIZES="$2"; shift 2 ;;
    --sklearn-max-iter) SK_MAX_ITER="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    -h|--help) echo "$USAGE"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; $USAGE" >&2; exit 2 ;;
  esac
done
bench_start

for n in $SIZES; do
  mkdir -p "$WORK/$n"
  "$PY" "$ROOT/scripts/bench_penalized_data.py" "$WORK/$n" "$n"
  for m in kl1 klinf; do
    start=$(date +%s.%N)
    "$KREG" path --data "$WORK/$n/train.csv" --target y --method "$m" --kernel gaussian --bandwidth "$BW" \
      --standardize none --lambda-grid "$(cat "$WORK/$n/grid.$m")" --output "$WORK/$n/$m.csv" \
      --coefficients "$WORK/$n/$m.alpha.csv" --quiet
    end=$(date +%s.%N)
    echo "$start $end" | awk '{printf "%.6f\n", $2 - $1}' > "$WORK/$n/$m.seconds"
  done
  "$PY" "$ROOT/scripts/bench_penalized_peer.py" "$WORK/$n/train.csv" "$BW" "$WORK/$n/kl1.alpha.csv" \
    "$SK_MAX_ITER" > "$WORK/$n/sklearn"
  "$PY" - "$WORK/$n" "$n" "$SK_MAX_ITER" <<'PYEOF'
import csv, sys
d, n, max_iter = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ok = lambda c: "PASS" if c else "FAIL"
secs = {m: float(open(f"{d}/{m}.seconds").read()) for m in ("kl1", "klinf")}
conv = {}
for m in secs:
    rows = list(csv.DictReader(open(f"{d}/{m}.csv")))
    conv[m] = (sum(r["converged"] == "1" for r in rows), len(rows))
peer = [line.split() for line in open(f"{d}/sklearn")]
sk_s = float(next(p[1] for p in peer if p[0] == "sklearn_s"))
sk_unconv = int(next(p[1] for p in peer if p[0] == "sklearn_unconverged"))
points = [(float(p[1]), float(p[2]), float(p[3])) for p in peer if p[0] == "point"]
print(f"n: {n}, 20 lambdas per path (lambda_max down to 1e-3 lambda_max), Gaussian kernel, bandwidth 2")
print(f"kreg kl1 path: {secs['kl1']:.3f} s, converged {conv['kl1'][0]}/{conv['kl1'][1]}")
print(f"kreg klinf path: {secs['klinf']:.3f} s, converged {conv['klinf'][0]}/{conv['klinf'][1]}")
print(f"scikit-learn lasso_path (kl1): {sk_s:.3f} s, max_iter {max_iter}, "
      f"converged {len(points) - sk_unconv}/{len(points)} (duality gap within tol)")
print(f"{'lambda':>12} {'objective_kreg':>24} {'objective_sklearn':>24} {'(kreg-sk)/|sk|':>15}")
worst = float("-inf")
for lam, fk, fs in points:
    rel = (fk - fs) / abs(fs) if fs != 0.0 else fk - fs
    worst = max(worst, rel)
    print(f"{lam:12.6g} {fk:24.16g} {fs:24.16g} {rel:15.3e}")
speed = sk_s / secs["kl1"]
print(f"kl1 speed ratio (scikit-learn / kreg): {speed:.2f}")
print(f"kl1 largest (kreg - sklearn) / |sklearn| objective: {worst:.3e}")
print(f"targets: kl1 >=5x faster {ok(speed >= 5)}, kl1 objective no worse by 1e-9 {ok(worst <= 1e-9)}"
      + (f", kl1 path <=3 s {ok(secs['kl1'] <= 3)}, klinf path <=3 s {ok(secs['klinf'] <= 3)}" if n == 2000 else ""))
PYEOF
done
