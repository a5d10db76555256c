#!/usr/bin/env bash
# A model of many features loads and predicts in time linear in their number: `fit` writes a
# model of F features (8 rows), then `predict` reads it and the data, and must finish within S
# seconds. Model loading once compared every pair of feature names (and the data's columns),
# minutes at 10^5 features; linear, it takes a second or two.
#   tests/wide_model_test.sh KREG [--features F] [--seconds S]     (default 200000 features, 30 s)
set -uo pipefail
kreg=${1:?usage: wide_model_test.sh KREG [--features F] [--seconds S]}
shift
features=200000 seconds=30
while [ $# -gt 0 ]; do
  case "$1" in
    --features) features=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "wide_model_test: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# (printf field by field: building a line by concatenation would be quadratic in awk)
awk -v f="$features" 'BEGIN { srand(3);
  printf "f1"; for (j = 2; j <= f; j++) printf ",f%d", j; print ",y";
  for (i = 0; i < 8; i++) { x = rand(); printf "%.3f", x; s = x;
    for (j = 2; j <= f; j++) { x = rand(); printf ",%.3f", x; if (j <= 3) s += x }
    printf ",%.4f\n", s } }' >"$work/data.csv"
elapsed() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
start=$(date +%s%N)
timeout "$((seconds * 4))" "$kreg" fit --data "$work/data.csv" --model "$work/model.json" --kernel linear --lambda 1 --quiet ||
  { echo "wide_model_test: fit on $features features failed (exit $?)"; exit 1; }
fit_ms=$(elapsed "$start")
start=$(date +%s%N)
timeout -k 5 "$seconds" "$kreg" predict --model "$work/model.json" --data "$work/data.csv" --output "$work/p.csv" --quiet
status=$?
predict_ms=$(elapsed "$start")
rows=$(($(wc -l <"$work/p.csv" 2>/dev/null || echo 0) - 1))
echo "$features features: fit $((fit_ms / 1000)).$(printf %03d $((fit_ms % 1000))) s; model load and predict $((predict_ms / 1000)).$(printf %03d $((predict_ms % 1000))) s (limit $seconds s), exit status $status, $rows predictions"
[ "$status" = 0 ] && [ "$rows" = 8 ] || { echo "FAIL: predict did not finish within $seconds s with 8 predictions"; exit 1; }
