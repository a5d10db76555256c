#!/usr/bin/env bash
# Draws the README's pictures, one of each kind, with kreg on the bundled California housing
# sample (tests/fixtures/california_{train,test}.csv, target MedHouseVal):
#   cv.svg           kreg cv over 5 bandwidths x 11 lambdas, 5 folds (--plot)
#   path.svg         kreg path --method kl1, bandwidth 4, the test rows as validation (--plot)
#   loo.svg          kreg loo at bandwidth 4 (--plot)
#   predictions.svg  kreg fit --tune evidence, kreg predict --interval 0.9, then kreg plot
# into docs/pictures/ (or --out DIR). tests/plot/readme_pictures_test.sh draws them again and
# checks that the committed ones are the same bytes.
# Usage: scripts/readme_pictures.sh [--kreg PATH] [--out DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KREG="$root/build/kreg"
OUT="$root/docs/pictures"
USAGE="usage: $0 [--kreg PATH] [--out DIR]"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kreg) KREG="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    -h|--help) echo "$USAGE"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; $USAGE" >&2; exit 2 ;;
  esac
done
[[ -x "$KREG" ]] || { echo "$(basename "$0"): no kreg binary at $KREG (build it first: bash scripts/run_example.sh)" >&2; exit 2; }
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"  # the titles name the data files as given here, relative to the source tree
train=tests/fixtures/california_train.csv
test=tests/fixtures/california_test.csv
data=(--data "$train" --target MedHouseVal --quiet)
"$KREG" cv "${data[@]}" --bandwidth-grid logspace:-0.5:1.5:5 --lambda-grid logspace:-4:1:11 --folds 5 \
  --plot "$OUT/cv.svg"
"$KREG" path "${data[@]}" --method kl1 --bandwidth 4 --validation "$test" --plot "$OUT/path.svg"
"$KREG" loo "${data[@]}" --bandwidth 4 --plot "$OUT/loo.svg"
"$KREG" fit "${data[@]}" --tune evidence --model "$work/model.json"
"$KREG" predict --model "$work/model.json" --data "$test" --interval 0.9 --output "$work/predictions.csv" --quiet
"$KREG" plot "$work/predictions.csv" --data "$test" --target MedHouseVal --method krr --kernel gaussian \
  --output "$OUT/predictions.svg" --quiet
echo "pictures written to $OUT: cv.svg path.svg loo.svg predictions.svg"
