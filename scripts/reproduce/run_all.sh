#!/usr/bin/env bash
# Runs (or emits as a Slurm array) the jobs of the reproduction of Allerbo (2023)'s tables: every
# (data set, table, kernel, split) through run_job.py, in parallel on this machine, skipping
# jobs already done; then aggregate.py writes the tables next to the paper's numbers.
# Usage: scripts/reproduce/run_all.sh [--mode quick|full|smoke] [--kernels "gaussian ..."]
#          [--datasets "synthetic wood ..."] [--workdir DIR] [--jobs N] [--kreg PATH]
#          [--slurm FILE [--slurm-options "--cpus C --partition P --time T --mem M --submit"]]
#   quick: 10 splits (seeds 0-9), Gaussian kernel;  full: 101 splits (seeds 0-100);
#   smoke: 1 split, 3-point grids, t_max 1, at most 300 iterations of kreg's penalised solver
#          (a CI-sized check that the pipeline runs end to end; its numbers mean nothing).
# To stop a long run without losing the jobs in flight: touch WORKDIR/stop; they finish, no
# other job starts, and the run is logged and aggregated as usual. The next run removes it.
# One invocation runs at a time in a WORKDIR, and none while a Slurm array submitted there is
# queued (WORKDIR/slurm_jobs; a second stops with exit status 2); one cut off
# (killed, or its machine lost) is logged by the next (WORKDIR/running, invocation_log.sh).
# On starting and on such a stop it prints the jobs left and an estimate of their time
# (remaining.py: the median time per finished job of each data set and table, here or, for the
# groups with none here yet, in the other work directories beside WORKDIR).
# --slurm FILE writes the jobs as a Slurm job array FILE instead, with an aggregate job after
# it and a script that submits both (scripts/slurm/reproduce_array.sh, which takes
# --slurm-options; --submit there submits at once).
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
MODE=quick
KERNELS=gaussian
DATASETS="synthetic wood california_housing casp black_smoke"
WORK="$ROOT/results/reproduction"
JOBS="$(nproc 2>/dev/null || echo 2)"
SLURM=""
SLURM_OPTS=""
KREG="$ROOT/build/kreg"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mode) MODE="$2"; shift 2 ;;
    --kernels) KERNELS="$2"; shift 2 ;;
    --datasets) DATASETS="$2"; shift 2 ;;
    --workdir) WORK="$2"; shift 2 ;;
    --jobs) JOBS="$2"; shift 2 ;;
    --slurm) SLURM="$2"; shift 2 ;;
    --slurm-options) SLURM_OPTS="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--mode quick|full|smoke] [--kernels K] [--datasets D] [--workdir DIR] [--jobs N] [--slurm FILE [--slurm-options OPTS]] [--kreg PATH]"; exit 0 ;;
    *) echo "run_all.sh: unknown argument '$1'; usage: $0 [--mode quick|full|smoke] [--kernels K] [--datasets D] [--workdir DIR] [--jobs N] [--slurm FILE [--slurm-options OPTS]] [--kreg PATH]" >&2; exit 2 ;;
  esac
done
case "$MODE" in
  quick) SEEDS=$(seq 0 9); OPTS="" ;;
  full) SEEDS=$(seq 0 100); OPTS="" ;;
  smoke) SEEDS=0; OPTS="--grid 3 --t-max 1 --max-iter 300" ;;
  *) echo "unknown mode: $MODE" >&2; exit 2 ;;
esac
mkdir -p "$WORK"
# One invocation at a time in WORKDIR (before the stop file and the job list, which a running
# one uses), and the log line of one that was cut off (invocation_log.sh).
claim_workdir "$WORK" || exit 2
rm -f "$WORK/stop"
LIST="$WORK/jobs.txt"
: > "$LIST"
for kernel in $KERNELS; do
  for dataset in $DATASETS; do
    for table in robust sparse; do
      for seed in $SEEDS; do echo "$dataset $table $kernel $seed" >> "$LIST"; done
    done
  done
done
N=$(wc -l < "$LIST")
if [[ -n "$SLURM" ]]; then
  # A Slurm job array of the same jobs and an aggregate job after it (scripts/slurm/).
  # shellcheck disable=SC2086  # SLURM_OPTS are words by design
  exec bash "$ROOT/scripts/slurm/reproduce_array.sh" --work "$WORK" --script "$SLURM" --kreg "$KREG" \
    --job-options "$OPTS" $SLURM_OPTS
fi
# A job's result exists once the job has finished (run_job.py writes it last, atomically).
count_results() {
  local k=0 dataset table kernel seed
  while read -r dataset table kernel seed; do
    [[ -e "$WORK/results/${dataset}_${table}_${kernel}_${seed}.csv" ]] && k=$((k + 1))
  done < "$LIST"
  echo "$k"
}
before=$(count_results)
echo "running $N jobs ($before done already) on $JOBS workers (each kreg call uses one thread), results in $WORK/results"
# The other work directories beside this one (e.g. the Gaussian runs) give the estimate for
# data sets and tables with no finished job here yet.
REFERENCES=()
for other in "$(dirname "$WORK")"/*/; do
  [[ -d "$other/results" && "$(cd "$other" && pwd)" != "$(cd "$WORK" && pwd)" ]] && REFERENCES+=(--reference "$other")
done
"$PY" "$HERE/remaining.py" "$WORK" --workers "$JOBS" "${REFERENCES[@]}" || echo "(no estimate of the time left: remaining.py failed)"
# One line per invocation, so that a run resumed over several invocations has its total wall
# time; the log is opened (or refused) before the jobs run.
RUNS="$WORK/runs.csv"
open_invocation_log "$RUNS" "started_utc,mode,datasets,kernels,workers,jobs,done_before,done_after,wall_s,kreg_binary,checkout,blas_kernels,cpu" \
  || exit 2
log_cut_off_invocation "$WORK"
started_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# What this invocation runs, read before it starts (the checkout may move on while it runs).
# blas_kernels: the OpenBLAS kernel set of the jobs (`kreg --version`; OPENBLAS_CORETYPE chooses it).
checkout=$(binary_checkout "$KREG" "$ROOT")  # the binary's commit (invocation_log.sh)
blas=$("$KREG" --version | blas_kernel_set)
cpu=$(cpu_model)
start=$(date +%s)
# invocation_line DONE_AFTER WALL_S: this invocation's line of runs.csv.
invocation_line() { echo "$started_utc,$MODE,$DATASETS,$KERNELS,$JOBS,$N,$before,$1,$2,$KREG,$checkout,${blas:-unknown},$cpu"; }
mark_invocation "$WORK" "$start" runs.csv "$before" "$(invocation_line @DONE_AFTER@ @WALL_S@)"
status=0
# One job; a job that wrote its result (newer than the job's start) counts as finished in
# WORKDIR/running. Jobs with a result already, or not started after a stop, are not.
# shellcheck disable=SC2086
xargs -r -P "$JOBS" -L 1 sh -c "began=\$(mktemp)
    $PY '$HERE/run_job.py' \"\$0\" \"\$1\" \"\$2\" \"\$3\" '$WORK' $OPTS --kreg '$KREG' --threads-per-job 1
    rc=\$?
    if [ \$rc -eq 0 ] && [ '$WORK/results/'\"\$0_\$1_\$2_\$3.csv\" -nt \"\$began\" ]; then
      echo \"finished \$(date +%s)\" >> '$WORK/running'
    fi
    rm -f \"\$began\"
    exit \$rc" < "$LIST" || status=$?
wall=$(( $(date +%s) - start ))
after=$(count_results)
echo "wall time: $wall s"
invocation_line "$after" "$wall" >> "$RUNS"
end_invocation "$WORK"
"$PY" "$HERE/aggregate.py" "$WORK"
if [[ "$after" -lt "$N" && -e "$WORK/stop" ]]; then
  echo "stopped on request ($WORK/stop): $((N - after)) of $N jobs left; run the same command again to go on" >&2
  "$PY" "$HERE/remaining.py" "$WORK" --workers "$JOBS" "${REFERENCES[@]}" >&2
  exit "$status"  # non-zero still when a job failed before the stop
elif [[ "$after" -lt "$N" ]]; then
  echo "$((N - after)) of $N jobs have no result (failed or interrupted; see above): run the same command again to retry them" >&2
  exit 1
fi
exit "$status"
}
