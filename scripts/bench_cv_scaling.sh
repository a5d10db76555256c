#!/usr/bin/env bash
# `kreg cv` against scikit-learn's GridSearchCV at the sizes users bring. Synthetic data
# (bench_cv_scaling_data.py: p = 8 features on different scales, 5 folds given by a fold column),
# Gaussian kernel, krr; for each n in SIZES, the 5 bandwidths x 10 lambdas grid (and 10 x 50 at
# n = 2,000), with `--standardize both` (kreg's default: statistics of each training fold; the
# peer standardises features and target in a pipeline) and `--standardize none`:
#   - kreg cv on all cores (wall time, peak RSS) and with --threads 1 (what the second core gives),
#   - GridSearchCV(KernelRidge(rbf), n_jobs=1) and n_jobs=-1 on the same data, grid and folds,
#   - the ratios, kreg's peak RSS / (8 n^2) against the target 3 x 8 n^2 + 64 MiB, and whether
#     both chose the same (bandwidth, lambda).
# Targets (issue "sizes users bring"): at n = 2,000 kreg >= 10x faster than n_jobs=1 on 5 x 10
# and >= 30x on 10 x 50, in both standardisation modes; peak RSS within the limit everywhere.
# One run per cell, in one invocation (the machine is shared: compare ratios within one run).
# About 35 minutes with the default sizes, almost all of it in scikit-learn.
# With --other-methods N: only the other methods' cv at n = N (no peer): kgf on the 5 x 10 grid,
# kl1 and klinf on 1 bandwidth x 10 lambdas in [1, 1000] (the paper's range in kreg's units),
# the early-stopping methods (kgd, ksgd, kcd, kegd: t chosen per fold, step 1e-4, patience 100,
# t_max 1000) on 1 bandwidth; wall time and peak RSS of each (each stopped after 2 minutes).
# Usage: scripts/bench_cv_scaling.sh [--sizes "400 2000 5000"] [--no-long-grid] [--other-methods N] [--kreg PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"  # ROOT, PY, KREG, bench_start
SIZES="400 2000 5000"
LONG_GRID=1
OTHER=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --sizes) SIZES="$2"; shift 2 ;;
    --no-long-grid) LONG_GRID=0; shift ;;
    --other-methods) OTHER="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--sizes \"400 2000 5000\"] [--no-long-grid] [--other-methods N] [--kreg PATH]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; usage: $0 [--sizes \"400 2000 5000\"] [--no-long-grid] [--other-methods N] [--kreg PATH]" >&2; exit 2 ;;
  esac
done
bench_start

if [[ $OTHER != 0 ]]; then
  data="$WORK/data_$OTHER.csv"
  "$PY" "$ROOT/scripts/bench_cv_scaling_data.py" "$data" "$OTHER" 5
  echo "| n | method | grid | kreg s | peak RSS MiB | fits that fell short |"
  echo "|---|---|---|---|---|---|"
  for m in kgf kl1 klinf kgd ksgd kcd kegd; do
    case $m in
      kgf) grid=(--bandwidth-grid logspace:0:2:5 --t-grid logspace:0:6:10); shape="5 × 10" ;;
      kl1|klinf) grid=(--bandwidth 10 --lambda-grid logspace:0:3:10); shape="1 × 10" ;;
      *) grid=(--bandwidth 10 --step-size 1e-4 --patience 100 --t-max 1000); shape="1 (t per fold)" ;;
    esac
    start=$(date +%s.%N)
    status=0
    timeout 120 /usr/bin/time -f "%M" -o "$WORK/rss" "$KREG" cv --data "$data" --target y --fold-column fold \
      --method "$m" "${grid[@]}" --quiet --output "$WORK/cv.csv" 2> "$WORK/kreg.err" || status=$?
    secs=$(echo "$start $(date +%s.%N)" | awk '{printf "%.2f", $2 - $1}')
    short=$(grep -oE "[0-9]+ of [0-9]+ [a-z0-9 ]*(fits|runs) \([a-z ]+x fold\) (did not converge|reached --t-max)" \
      "$WORK/kreg.err" | head -1 || true)
    if [[ $status == 124 ]]; then secs="> 120 (stopped)"; fi
    rss=$(grep -E "^[0-9]+$" "$WORK/rss" 2>/dev/null || true)
    if [[ -n $rss ]]; then rss=$((rss / 1024)); else rss="?"; fi
    echo "| $OTHER | $m | $shape | $secs | $rss | ${short:-none} |"
    rm -f "$WORK/rss"
  done
  exit 0
fi

seconds_since() { echo "$1 $(date +%s.%N)" | awk '{printf "%.3f", $2 - $1}'; }

# kreg cv with the grid GRID_BW x GRID_LAMBDA; prints 'seconds peak_rss_kib bandwidth lambda'.
run_kreg() {
  local data="$1" mode="$2" threads="$3" bw="$4" lambda="$5" start
  start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$WORK/rss" "$KREG" cv --data "$data" --target y --fold-column fold --kernel gaussian \
    --standardize "$mode" --bandwidth-grid "$bw" --lambda-grid "$lambda" --threads "$threads" --quiet \
    --output "$WORK/cv.csv" --best "$WORK/best.json" 2> "$WORK/kreg.err" || { cat "$WORK/kreg.err" >&2; exit 1; }
  local secs
  secs=$(seconds_since "$start")
  "$PY" -c 'import json, sys; b = json.load(open(sys.argv[1]))["min"]; print(sys.argv[2], sys.argv[3], b["bandwidth"], b["lambda"])' \
    "$WORK/best.json" "$secs" "$(cat "$WORK/rss")"
}

# Writes a kreg grid "logspace:a:b:k" as the numbers numpy makes of it (for the peer).
grid_file() { "$PY" -c 'import sys, numpy as np; a, b, k = sys.argv[1].split(":")[1:]; np.savetxt(sys.argv[2], np.logspace(float(a), float(b), int(k)), fmt="%.17g")' "$1" "$2"; }

echo "| n | grid | standardize | kreg s | kreg 1 thread s | 2nd core | sklearn n_jobs=1 s | ratio | sklearn n_jobs=-1 s | ratio | kreg peak RSS / 8n² | RSS ≤ 3·8n² + 64 MiB | same choice |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
: > "$WORK/targets"
for n in $SIZES; do
  data="$WORK/data_$n.csv"
  "$PY" "$ROOT/scripts/bench_cv_scaling_data.py" "$data" "$n" 5
  grids=("logspace:0:2:5 logspace:-6:0:10")
  [[ $n == 2000 && $LONG_GRID == 1 ]] && grids+=("logspace:0:2:10 logspace:-6:0:50")
  for g in "${grids[@]}"; do
    read -r bw lambda <<< "$g"
    grid_file "$bw" "$WORK/bandwidths"
    grid_file "$lambda" "$WORK/lambdas"
    shape="${bw##*:} × ${lambda##*:}"
    # kreg first, for both modes, then the peer: scikit-learn's n_jobs=-1 leaves worker
    # processes behind for a moment, which would take the second core from a kreg run after it.
    declare -A K_S K1_S K_RSS K_BW K_LAMBDA S1_S SA_S S_BW S_LAMBDA
    for mode in both none; do
      read -r "K_S[$mode]" "K_RSS[$mode]" "K_BW[$mode]" "K_LAMBDA[$mode]" < <(run_kreg "$data" "$mode" 0 "$bw" "$lambda")
      read -r "K1_S[$mode]" _ _ _ < <(run_kreg "$data" "$mode" 1 "$bw" "$lambda")
    done
    for mode in both none; do
      read -r "S1_S[$mode]" "S_BW[$mode]" "S_LAMBDA[$mode]" < <("$PY" "$ROOT/scripts/bench_cv_scaling_peer.py" "$data" "$mode" 1 "$WORK/bandwidths" "$WORK/lambdas")
      read -r "SA_S[$mode]" _ _ < <("$PY" "$ROOT/scripts/bench_cv_scaling_peer.py" "$data" "$mode" -1 "$WORK/bandwidths" "$WORK/lambdas")
      sleep 5
    done
    for mode in both none; do
      k_s=${K_S[$mode]} k1_s=${K1_S[$mode]} k_rss=${K_RSS[$mode]} k_bw=${K_BW[$mode]} k_lambda=${K_LAMBDA[$mode]}
      s1_s=${S1_S[$mode]} sa_s=${SA_S[$mode]} s_bw=${S_BW[$mode]} s_lambda=${S_LAMBDA[$mode]}
      "$PY" - "$n" "$shape" "$mode" "$k_s" "$k1_s" "$s1_s" "$sa_s" "$k_rss" "$k_bw" "$k_lambda" "$s_bw" "$s_lambda" \
        >> "$WORK/targets" <<'PYEOF'
import math, sys
n, shape, mode = int(sys.argv[1]), sys.argv[2], sys.argv[3]
k_s, k1_s, s1_s, sa_s, rss_kib, k_bw, k_lam, s_bw, s_lam = map(float, sys.argv[4:13])
square = 8.0 * n * n
rss = rss_kib * 1024.0
limit = 3.0 * square + 64 * 2**20
same = math.isclose(k_bw, s_bw, rel_tol=1e-9) and math.isclose(k_lam, s_lam, rel_tol=1e-9)
r1, ra = s1_s / k_s, sa_s / k_s
print(f"| {n:,} | {shape} | {mode} | {k_s:.2f} | {k1_s:.2f} | {k1_s / k_s:.2f}× | {s1_s:.1f} | {r1:.1f}× | "
      f"{sa_s:.1f} | {ra:.1f}× | {rss / square:.2f} ({rss / 2**20:.0f} MiB) | "
      f"{'yes' if rss <= limit else 'NO'} ({limit / 2**20:.0f} MiB) | {'yes' if same else 'no'} |", file=sys.stderr)
target = {"5 × 10": 10.0, "10 × 50": 30.0}.get(shape) if n == 2000 else None
if target is not None:
    print(f"target n = 2,000, {shape}, --standardize {mode}: kreg {r1:.1f}× faster than n_jobs=1 "
          f"(target >= {target:.0f}×): {'met' if r1 >= target else 'missed'}")
PYEOF
    done
  done
done 2>&1
echo
cat "$WORK/targets"
