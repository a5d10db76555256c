#!/usr/bin/env bash
# The README's pictures (docs/pictures/) are up to date: scripts/readme_pictures.sh draws them
# again with the kreg under test, and each must be the committed file byte for byte.
#   bash tests/plot/readme_pictures_test.sh SOURCE_DIR KREG
set -uo pipefail
src="$1"
kreg="$2"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
bash "$src/scripts/readme_pictures.sh" --kreg "$kreg" --out "$out" || { echo "FAIL: readme_pictures.sh failed"; exit 1; }
status=0
for picture in cv path loo predictions; do
  if cmp -s "$out/$picture.svg" "$src/docs/pictures/$picture.svg"; then
    echo "docs/pictures/$picture.svg: up to date"
  else
    echo "FAIL: docs/pictures/$picture.svg differs from what kreg draws now; run scripts/readme_pictures.sh and commit"
    status=1
  fi
done
exit $status
