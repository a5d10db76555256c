#!/usr/bin/env bash
# Regenerates some methods' rows of an existing reproduction (e.g. after a solver changed): for
# every result file of WORKDIR (in the order of --datasets, then table, then split), runs
# run_job.py --methods M,... --replace, which reruns only those methods and replaces their rows;
# the other methods' rows stay as they are. Resumable: each finished job is recorded in
# WORKDIR/reruns/TAG.done, and a rerun of the same command skips those. Stop between jobs with
# `touch WORKDIR/stop`. Each invocation is logged in WORKDIR/reruns.csv; aggregate.py runs last.
# --seeds "0 1 ..." restricts the rerun to those splits (default: every split 0-100 that exists).
# Usage: scripts/reproduce/rerun_methods.sh --workdir DIR --methods "kl1_paper klinf_paper"
#          --tag NAME [--datasets "synthetic wood ..."] [--kernels "gaussian"] [--seeds "0 1 ..."]
#          [--jobs N] [--kreg PATH]
set -euo pipefail
# The whole script is read before it runs (the braces): a run of hours must not pick up an edit
# or a checkout of this file made while it runs (bash reads a script as it goes).
{
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
# shellcheck source=../blas_kernel_set.sh
source "$ROOT/scripts/blas_kernel_set.sh"
PY=/usr/bin/python3
WORK=""
METHODS=""
TAG=""
DATASETS="synthetic wood california_housing casp black_smoke"
KERNELS="gaussian"
SEEDS="$(seq 0 100)"
JOBS="$(nproc 2>/dev/null || echo 2)"
KREG="$ROOT/build/kreg"
usage="usage: $0 --workdir DIR --methods \"M ...\" --tag NAME [--datasets D] [--kernels K] [--seeds S] [--jobs N] [--kreg PATH]"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --workdir) WORK="$2"; shift 2 ;;
    --methods) METHODS="$2"; shift 2 ;;
    --tag) TAG="$2"; shift 2 ;;
    --datasets) DATASETS="$2"; shift 2 ;;
    --kernels) KERNELS="$2"; shift 2 ;;
    --seeds) SEEDS="$2"; shift 2 ;;
    --jobs) JOBS="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
[[ -n "$WORK" && -n "$METHODS" && -n "$TAG" ]] || { echo "$usage" >&2; exit 2; }
[[ -d "$WORK/results" ]] || { echo "rerun_methods.sh: error: $WORK/results does not exist" >&2; exit 2; }
RUNS="$WORK/reruns.csv"
RUNS_HEADER="started_utc,tag,methods,datasets,kernels,seeds,workers,jobs,done_after,wall_s,kreg_binary,checkout,blas_kernels"
if [[ -e "$RUNS" && "$(head -n 1 "$RUNS")" != "$RUNS_HEADER" ]]; then
  echo "rerun_methods.sh: error: $RUNS: line 1 is not the log's header ($RUNS_HEADER)" >&2
  exit 2
fi
# The splits as ranges, for the log: "0 1 2 3 7" -> "0-3 7".
seed_ranges=$(tr -s ' \n' '\n\n' <<< "$SEEDS" | awk 'NF {
  if (started && $1 == last + 1) { last = $1; next }
  if (started) out = out (out == "" ? "" : " ") (first == last ? first : first "-" last)
  first = last = $1; started = 1 }
  END { if (started) out = out (out == "" ? "" : " ") (first == last ? first : first "-" last); print out }')
mkdir -p "$WORK/reruns"
rm -f "$WORK/stop"
DONE="$WORK/reruns/$TAG.done"
touch "$DONE"
LIST="$WORK/reruns/$TAG.todo"
: > "$LIST"
for kernel in $KERNELS; do
  for dataset in $DATASETS; do
    for table in robust sparse; do
      for seed in $SEEDS; do
        job="$dataset $table $kernel $seed"
        [[ -e "$WORK/results/${dataset}_${table}_${kernel}_${seed}.csv" ]] || continue
        grep -qxF "$job" "$DONE" || echo "$job" >> "$LIST"
      done
    done
  done
done
N=$(wc -l < "$LIST")
echo "rerunning ${METHODS// /, } in $N result files of $WORK ($(wc -l < "$DONE") done already, tag $TAG) on $JOBS workers"
started_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
checkout=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
blas=$("$KREG" --version | blas_kernel_set)
start=$(date +%s)
status=0
# One job: rerun, then record it as done (appends of one short line are atomic). xargs -r:
# a resumed rerun with every job done runs nothing (without it, xargs runs the command once).
# shellcheck disable=SC2016
xargs -r -P "$JOBS" -L 1 sh -c '"$0" "$1/run_job.py" "$2" "$3" "$4" "$5" "$6" --kreg "$7" --threads-per-job 1 \
    --methods "$8" --replace && { [ -e "$6/stop" ] || echo "$2 $3 $4 $5" >> "$9"; }' \
    "$PY" "$HERE" < <(awk -v w="$WORK" -v k="$KREG" -v m="${METHODS// /,}" -v d="$DONE" \
    '{print $1, $2, $3, $4, w, k, m, d}' "$LIST") || status=$?
wall=$(( $(date +%s) - start ))
echo "wall time: $wall s"
[[ -e "$RUNS" ]] || echo "$RUNS_HEADER" > "$RUNS"
echo "$started_utc,$TAG,$METHODS,$DATASETS,$KERNELS,$seed_ranges,$JOBS,$N,$(wc -l < "$DONE"),$wall,$KREG,$checkout,${blas:-unknown}" >> "$RUNS"
"$PY" "$HERE/aggregate.py" "$WORK"
exit "$status"
}
