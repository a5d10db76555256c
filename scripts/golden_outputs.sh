#!/usr/bin/env bash
# A fixed list of kreg commands covering every subcommand, method and kernel, for checking
# that a change which should not change results does not: `write DIR` stores every output file
# in DIR; `check DIR` runs the same commands into a scratch directory and compares each output
# with DIR's byte for byte, listing the files that differ (exit 1) or are missing.
# Outputs depend on the machine's BLAS kernels and compiler flags: compare runs of one machine.
#   bash scripts/golden_outputs.sh [--kreg PATH] write|check DIR
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kreg="$root/build/kreg"
case "${1:-}" in
  -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
if [[ "${1:-}" == --kreg ]]; then
  [[ $# -ge 2 ]] || { echo "usage: $0 [--kreg PATH] write|check DIR" >&2; exit 2; }
  kreg="$2"
  shift 2
fi
mode="${1:-}"
dir="${2:-}"
if [[ "$mode" != write && "$mode" != check ]] || [[ -z "$dir" ]] || [[ $# -gt 2 ]]; then
  echo "usage: $0 [--kreg PATH] write|check DIR" >&2
  exit 2
fi
[[ -x "$kreg" ]] || { echo "kreg binary not found: $kreg (run scripts/setup.sh)" >&2; exit 2; }

train="$root/tests/fixtures/california_train.csv"
test="$root/tests/fixtures/california_test.csv"
sine_train="$root/data/sine_train.csv"
sine_test="$root/data/sine_test.csv"

if [[ "$mode" == write ]]; then
  out="$dir"
  mkdir -p "$out"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi

count=0
run() {  # run NAME ARGS...: one command; its outputs are named after NAME
  count=$((count + 1))
  "$kreg" "${@:2}" --quiet --threads 2 2> "$out/$1.stderr" || {
    echo "golden: command $1 failed: kreg ${*:2}" >&2
    cat "$out/$1.stderr" >&2
    exit 1
  }
}
fit_and_predict() {  # fit_and_predict NAME FIT-ARGS...
  run "fit_$1" fit --data "$train" --target MedHouseVal "${@:2}" --model "$out/fit_$1.json"
  run "predict_$1" predict --model "$out/fit_$1.json" --data "$test" --output "$out/predict_$1.csv"
}

# fit + predict: every method, every kernel
fit_and_predict krr_gaussian --method krr --kernel gaussian --bandwidth 2 --lambda 0.1
fit_and_predict krr_linear --method krr --kernel linear --lambda 1
fit_and_predict krr_polynomial --method krr --kernel polynomial --degree 3 --offset 1 --lambda 10
fit_and_predict krr_lambda_n --method krr --kernel matern52 --bandwidth 3 --lambda 1e-3 --lambda-scaling n
fit_and_predict kgf_laplace --method kgf --kernel laplace --bandwidth 3 --t 20
fit_and_predict kgf_momentum --method kgf --kernel cauchy --bandwidth 2 --t 5 --momentum 0.5
fit_and_predict kgd_matern32 --method kgd --kernel matern32 --bandwidth 2 --t 2 --step-size 1e-3
fit_and_predict kgd_nesterov --method kgd --kernel gaussian --bandwidth 2 --t 1 --momentum 0.5 --nesterov
fit_and_predict kgd_holdout --method kgd --kernel gaussian --bandwidth 2 --holdout 0.25 --seed 3 --step-size 1e-2 \
  --t-max 50
fit_and_predict ksgd_matern52 --method ksgd --kernel matern52 --bandwidth 2 --t 0.5
fit_and_predict kcd_cauchy --method kcd --kernel cauchy --bandwidth 2 --t 0.5
fit_and_predict kegd_gaussian --method kegd --kernel gaussian --bandwidth 2 --t 0.5 --elastic-alpha 0.5
fit_and_predict kl1_gaussian --method kl1 --kernel gaussian --bandwidth 2 --lambda 5
fit_and_predict kl1_fista --method kl1 --kernel laplace --bandwidth 2 --lambda 5 --solver fista
fit_and_predict klinf_laplace --method klinf --kernel laplace --bandwidth 2 --lambda 20
fit_and_predict klinf_paper --method klinf --kernel gaussian --bandwidth 2 --lambda 20 --solver paper
fit_and_predict krr_features --method krr --kernel gaussian --bandwidth 1 --lambda 0.1 \
  --features MedInc,HouseAge,Latitude,Longitude --standardize features
run fit_sine fit --data "$sine_train" --kernel gaussian --bandwidth 0.5 --lambda 1e-3 --standardize none \
  --model "$out/fit_sine.json"
run predict_sine predict --model "$out/fit_sine.json" --data "$sine_test" --output "$out/predict_sine.csv"
seasonal_train="$root/tests/fixtures/seasonal_train.csv"
seasonal_test="$root/tests/fixtures/seasonal_test.csv"
seasonal="$root/tests/fixtures/seasonal.csv"
fit_and_predict krr_rational_quadratic --method krr --kernel rational_quadratic --bandwidth 2 --shape 0.7 \
  --lambda 0.1
fit_and_predict kgf_gaussian_plus_linear --method kgf --kernel gaussian+linear --bandwidth 2 --t 10
run fit_seasonal fit --data "$seasonal_train" --target y --kernel "gaussian(bandwidth=3)*periodic+linear" \
  --bandwidth 1.5 --period 0.35 --lambda 0.05 --model "$out/fit_seasonal.json"
run predict_seasonal predict --model "$out/fit_seasonal.json" --data "$seasonal_test" \
  --output "$out/predict_seasonal.csv"

# path: spectral, iterative and penalised
run path_krr path --data "$train" --target MedHouseVal --bandwidth 2 --lambda-grid logspace:-4:1:12 \
  --validation "$test" --output "$out/path_krr.csv" --coefficients "$out/path_krr_alpha.csv"
run path_kgf path --data "$train" --target MedHouseVal --method kgf --kernel matern32 --bandwidth 2 \
  --output "$out/path_kgf.csv"
run path_ksgd path --data "$train" --target MedHouseVal --method ksgd --bandwidth 2 --t-max 1 --record-every 500 \
  --output "$out/path_ksgd.csv"
run path_kl1 path --data "$train" --target MedHouseVal --method kl1 --bandwidth 2 --lambda-grid logspace:0:2:8 \
  --output "$out/path_kl1.csv" --coefficients "$out/path_kl1_alpha.csv"
run path_klinf path --data "$train" --target MedHouseVal --method klinf --kernel cauchy --bandwidth 2 \
  --lambda-grid logspace:0:2:8 --output "$out/path_klinf.csv"

# loo
run loo_krr loo --data "$train" --target MedHouseVal --bandwidth 2 --lambda-grid logspace:-4:1:20 \
  --output "$out/loo_krr.csv"
run loo_polynomial loo --data "$train" --target MedHouseVal --kernel polynomial --degree 2 \
  --lambda-grid logspace:-2:3:10 --output "$out/loo_polynomial.csv"

# cv: grids over kernel parameters and regularisers, both rules, refit, per-fold rows
run cv_krr cv --data "$train" --target MedHouseVal --bandwidth-grid 1,2,4 --lambda-grid logspace:-3:0:6 --folds 5 \
  --seed 1 --output "$out/cv_krr.csv" --per-fold "$out/cv_krr_folds.csv" --best "$out/cv_krr_best.json" \
  --model "$out/cv_krr_model.json"
run cv_kgf cv --data "$train" --target MedHouseVal --method kgf --kernel laplace --bandwidth-grid 2,4 \
  --t-grid logspace:0:3:5 --folds 4 --statistics all --output "$out/cv_kgf.csv" --best "$out/cv_kgf_best.json" \
  --refit-rule 1se --model "$out/cv_kgf_model.json"
run cv_polynomial cv --data "$train" --target MedHouseVal --kernel polynomial --degree-grid 1,2,3 \
  --offset-grid 0.5,1 --lambda-grid 1,10,100 --folds 3 --output "$out/cv_polynomial.csv"
run cv_kgd cv --data "$train" --target MedHouseVal --method kgd --bandwidth-grid 2 --step-size 1e-2 --t-max 20 \
  --folds 3 --output "$out/cv_kgd.csv" --model "$out/cv_kgd_model.json"
run cv_kl1 cv --data "$train" --target MedHouseVal --method kl1 --bandwidth-grid 2 --lambda-grid 1,5,25 --folds 3 \
  --output "$out/cv_kl1.csv" --best "$out/cv_kl1_best.json"

run cv_seasonal cv --data "$seasonal" --target y --fold-column fold --kernel "gaussian(bandwidth=3)*periodic" \
  --bandwidth-grid 1,2 --period-grid 0.33,0.35 --lambda-grid 0.01,0.1 --output "$out/cv_seasonal.csv" \
  --best "$out/cv_seasonal_best.json"
run cv_rational_quadratic cv --data "$seasonal" --target y --fold-column fold --kernel rational_quadratic \
  --shape-grid 0.5,2 --bandwidth 0.3 --lambda-grid 0.01 --output "$out/cv_rational_quadratic.csv"

if [[ "$mode" == write ]]; then
  echo "golden: $count commands, $(find "$out" -type f | wc -l) files written to $out"
  exit 0
fi
status=0
differ=0
for f in "$dir"/*; do
  name="$(basename "$f")"
  [[ "$name" != README.md ]] || continue
  if [[ ! -e "$out/$name" ]]; then
    echo "golden: missing: $name"
    status=1
  elif ! cmp -s "$f" "$out/$name"; then
    echo "golden: differs: $name"
    differ=$((differ + 1))
    status=1
  fi
done
for f in "$out"/*; do
  [[ -e "$dir/$(basename "$f")" ]] || { echo "golden: new file: $(basename "$f")"; status=1; }
done
echo "golden: $count commands, $(find "$out" -type f | wc -l) files compared, $differ differ"
exit $status
