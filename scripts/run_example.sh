#!/usr/bin/env bash
# The main job in one command: set up (the missing Debian packages, then a Release build of the
# kreg binary only: no test suite, no man page), then fit kernel ridge regression on bundled data
# and predict held-out rows, printing the test metrics.
#   1. the kernel-methods notes' sine example (Gaussian kernel, bandwidth 0.5, lambda 0.01, no
#      standardisation)
#   2. California housing, 300 training rows -> 100 test rows (Gaussian kernel, standardised)
#   3. cross-validation of (bandwidth, lambda) on the sine data, then the refitted model on its test set
#   bash scripts/run_example.sh     (no arguments; -h, --help: this text)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "${1:-}" in
  "") ;;
  -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "run_example.sh: error: unknown argument '$1' (it takes none; see --help)" >&2; exit 2 ;;
esac
bash "$root/scripts/setup.sh" --target kreg
kreg="$root/build/kreg"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

echo "== sine (the kernel-methods notes' example): gaussian, bandwidth 0.5, lambda 0.01, --standardize none"
"$kreg" fit --data "$root/data/sine_train.csv" --target y --method krr --kernel gaussian \
  --bandwidth 0.5 --lambda 0.01 --standardize none --model "$out/sine.json"
"$kreg" predict --model "$out/sine.json" --data "$root/data/sine_test.csv" --output "$out/sine_pred.csv"

echo "== California housing: gaussian, bandwidth 2, lambda 0.1 (config file), standardised"
"$kreg" fit --config "$root/configs/california_krr.json" --data "$root/tests/fixtures/california_train.csv" \
  --model "$out/california.json"
"$kreg" predict --model "$out/california.json" --data "$root/tests/fixtures/california_test.csv" \
  --output "$out/california_pred.csv"

echo "== sine: 10-fold cross-validation of bandwidth x lambda (krr), refit of the best point"
"$kreg" cv --data "$root/data/sine_train.csv" --target y --method krr --standardize none \
  --bandwidth-grid logspace:-2:0:9 --lambda-grid logspace:-6:0:13 --folds 10 --seed 1 \
  --output "$out/cv.csv" --best "$out/best.json" --model "$out/cv_model.json"
"$kreg" predict --model "$out/cv_model.json" --data "$root/data/sine_test.csv" --output "$out/cv_pred.csv"
