#!/usr/bin/env bash
# Regenerates some methods' rows of an existing reproduction (e.g. after a solver changed): for
# every result file of WORKDIR (in the order of --datasets, then table, then split), runs
# run_job.py --methods M,... --replace, which reruns only those methods and replaces their rows;
# the other methods' rows stay as they are. Resumable: each finished job is recorded in
# WORKDIR/reruns/TAG.done, and a rerun of the same command skips those. Stop between jobs with
# `touch WORKDIR/stop`. Each invocation is logged in WORKDIR/reruns.csv (one cut off, killed or
# its machine lost, by the next: WORKDIR/running, invocation_log.sh); one runs at a time in a
# WORKDIR (nor while a Slurm array submitted there is queued: WORKDIR/slurm_jobs), a second
# stops with exit status 2; aggregate.py runs last;
# the jobs left and an estimate of their time are printed at the start and the end (remaining.py).
# --seeds "0 1 ..." restricts the rerun to those splits (default: every split 0-100 that exists).
# --slurm FILE writes the jobs as a Slurm job array FILE instead, with a job after it that
# records the finished ones, logs and aggregates (scripts/slurm/rerun_array.sh, which takes
# --slurm-options; --submit there submits at once). --finish-slurm EPOCH is that job's step.
# Usage: scripts/reproduce/rerun_methods.sh --workdir DIR --methods "kl1_paper klinf_paper"
#          --tag NAME [--datasets "synthetic wood ..."] [--kernels "gaussian"] [--seeds "0 1 ..."]
#          [--jobs N] [--kreg PATH] [--slurm FILE [--slurm-options "--cpus C --time T ... --submit"]]
set -euo pipefail
# The whole script is read before it runs (the braces): a run of hours must not pick up an edit
# or a checkout of this file made while it runs (bash reads a script as it goes).
{
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
# shellcheck source=../blas_kernel_set.sh
source "$ROOT/scripts/blas_kernel_set.sh"
# shellcheck source=invocation_log.sh
source "$HERE/invocation_log.sh"
PY=/usr/bin/python3
WORK=""
METHODS=""
TAG=""
DATASETS="synthetic wood california_housing casp black_smoke"
KERNELS="gaussian"
SEEDS="$(seq 0 100)"
JOBS="$(nproc 2>/dev/null || echo 2)"
KREG="$ROOT/build/kreg"
SLURM=""
SLURM_OPTS=""
FINISH_SLURM=""
usage="usage: $0 --workdir DIR --methods \"M ...\" --tag NAME [--datasets D] [--kernels K] [--seeds S] [--jobs N] [--kreg PATH] [--slurm FILE [--slurm-options OPTS]]"
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
    --slurm) SLURM="$2"; shift 2 ;;
    --slurm-options) SLURM_OPTS="$2"; shift 2 ;;
    --finish-slurm) FINISH_SLURM="$2"; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "rerun_methods.sh: unknown argument '$1'; $usage" >&2; exit 2 ;;
  esac
done
[[ -n "$WORK" && -n "$METHODS" && -n "$TAG" ]] || { echo "$usage" >&2; exit 2; }
[[ -d "$WORK/results" ]] || { echo "rerun_methods.sh: error: $WORK/results does not exist" >&2; exit 2; }
RUNS="$WORK/reruns.csv"
open_invocation_log "$RUNS" "started_utc,tag,methods,datasets,kernels,seeds,workers,jobs,done_after,wall_s,kreg_binary,checkout,blas_kernels,cpu" \
  || exit 2
# One invocation at a time in WORKDIR, and the log line of one that was cut off
# (invocation_log.sh); not for the Slurm array's finishing job, which runs on a node.
if [[ -z "$FINISH_SLURM" ]]; then
  claim_workdir "$WORK" || exit 2
  log_cut_off_invocation "$WORK"
fi
# The splits as ranges, for the log: "0 1 2 3 7" -> "0-3 7".
seed_ranges=$(tr -s ' \n' '\n\n' <<< "$SEEDS" | awk 'NF {
  if (started && $1 == last + 1) { last = $1; next }
  if (started) out = out (out == "" ? "" : " ") (first == last ? first : first "-" last)
  first = last = $1; started = 1 }
  END { if (started) out = out (out == "" ? "" : " ") (first == last ? first : first "-" last); print out }')
mkdir -p "$WORK/reruns"
DONE="$WORK/reruns/$TAG.done"
touch "$DONE"
LIST="$WORK/reruns/$TAG.todo"
# Jobs that a Slurm array's tasks marked finished (rerun_array.sh) go into the done list here,
# when the array's last job runs this script with --finish-slurm, or else at the next invocation.
# A mark holds the job (line 1) and the processor of the node that ran it (line 2).
FINISHED="$WORK/reruns/$TAG.finished"
node_cpus=""
if [[ -d "$FINISHED" ]]; then
  for mark in "$FINISHED"/*; do
    [[ -f "$mark" ]] || continue
    job=$(head -n 1 "$mark")
    grep -qxF "$job" "$DONE" || echo "$job" >> "$DONE"
    node_cpus+="$(sed -n 2p "$mark")"$'\n'
    rm -f "$mark"
  done
fi
# What this invocation runs, read before it starts (the checkout may move on while it runs);
# blas: the OpenBLAS kernel set of the jobs (`kreg --version`; OPENBLAS_CORETYPE chooses it).
checkout=$(binary_checkout "$KREG" "$ROOT")  # the binary's commit (invocation_log.sh)
blas=$("$KREG" --version | blas_kernel_set)
# invocation_line STARTED_UTC WORKERS JOBS DONE_AFTER WALL_S CPU: one line of reruns.csv.
invocation_line() {
  echo "$1,$TAG,$METHODS,$DATASETS,$KERNELS,$seed_ranges,$2,$3,$4,$5,$KREG,$checkout,${blas:-unknown},$6"
}
# log_invocation STARTED_UTC WORKERS JOBS WALL_S CPU: log this invocation, the done list as it is.
log_invocation() {
  invocation_line "$1" "$2" "$3" "$(wc -l < "$DONE")" "$4" "$5" >> "$RUNS"
}
if [[ -n "$FINISH_SLURM" ]]; then
  N=$(grep -c . "$LIST" || true)
  # The array's nodes' processors, from the marks taken in above (" | " between several).
  cpus=$({ grep -v '^$' <<< "$node_cpus" || true; } | sort -u | paste -sd '|' | sed 's/|/ | /g')
  log_invocation "$(date -u -d "@$FINISH_SLURM" +%Y-%m-%dT%H:%M:%SZ)" slurm "$N" $(( $(date +%s) - FINISH_SLURM )) "${cpus:-unknown}"
  echo "$(wc -l < "$DONE") jobs done under tag $TAG"
  "$PY" "$HERE/aggregate.py" "$WORK"
  exit 0
fi
rm -f "$WORK/stop"
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
if [[ -n "$SLURM" ]]; then
  [[ $N -gt 0 ]] || { echo "nothing to rerun: every job of the list is done under tag $TAG"; exit 0; }
  # The array's last job: this script with --finish-slurm and the start time (for the log's wall time).
  finish=(bash "$HERE/rerun_methods.sh" --workdir "$(cd "$WORK" && pwd)" --methods "$METHODS" --tag "$TAG"
          --datasets "$DATASETS" --kernels "$KERNELS" --seeds "$SEEDS" --kreg "$KREG" --finish-slurm "$(date +%s)")
  # shellcheck disable=SC2086  # SLURM_OPTS are words by design
  exec bash "$ROOT/scripts/slurm/rerun_array.sh" --work "$WORK" --tag "$TAG" --methods "$METHODS" \
    --script "$SLURM" --kreg "$KREG" $SLURM_OPTS -- "${finish[@]}"
fi
echo "rerunning ${METHODS// /, } in $N result files of $WORK ($(wc -l < "$DONE") done already, tag $TAG) on $JOBS workers"
estimate() { "$PY" "$HERE/remaining.py" "$WORK" --rerun "$TAG" --methods "$METHODS" --workers "$JOBS" || echo "(no estimate of the time left: remaining.py failed)"; }
estimate
started_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
start=$(date +%s)
mark_invocation "$WORK" "$start" reruns.csv "$(wc -l < "$DONE")" \
  "$(invocation_line "$started_utc" "$JOBS" "$N" @DONE_AFTER@ @WALL_S@ "$(cpu_model)")"
status=0
# One job: rerun, then record it as done (appends of one short line are atomic), and as
# finished by this invocation in WORKDIR/running -- unless
# run_job.py did not start it because WORKDIR/stop exists: then its result file is older than
# the job (a job that started before the stop and finished counts). xargs -r: a resumed rerun
# with every job done runs nothing (without it, xargs runs the command once).
# shellcheck disable=SC2016
xargs -r -P "$JOBS" -L 1 sh -c 'began=$(mktemp)
    "$0" "$1/run_job.py" "$2" "$3" "$4" "$5" "$6" --kreg "$7" --threads-per-job 1 --methods "$8" --replace
    rc=$?
    if [ $rc -eq 0 ] && { [ ! -e "$6/stop" ] || [ "$6/results/$2_$3_$4_$5.csv" -nt "$began" ]; }; then
      echo "$2 $3 $4 $5" >> "$9"
      echo "finished $(date +%s)" >> "$6/running"
    fi
    rm -f "$began"
    exit $rc' \
    "$PY" "$HERE" < <(awk -v w="$WORK" -v k="$KREG" -v m="${METHODS// /,}" -v d="$DONE" \
    '{print $1, $2, $3, $4, w, k, m, d}' "$LIST") || status=$?
wall=$(( $(date +%s) - start ))
echo "wall time: $wall s"
estimate
log_invocation "$started_utc" "$JOBS" "$N" "$wall" "$(cpu_model)"
end_invocation "$WORK"
"$PY" "$HERE/aggregate.py" "$WORK"
exit "$status"
}
