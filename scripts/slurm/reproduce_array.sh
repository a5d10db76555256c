#!/usr/bin/env bash
# The reproduction's jobs (scripts/reproduce/run_job.py, one line of WORK/jobs.txt each) as
# a Slurm job array, then aggregate.py as one job afterok on the array. run_all.sh --slurm
# calls this with the job list it has written; it can also be run on such a list directly.
# Usage: scripts/slurm/reproduce_array.sh --work WORK --script FILE [--kreg PATH]
#          [--job-options "OPTS"] [--cpus C] [--partition P] [--time T] [--mem M] [--submit]
#   WORK/jobs.txt: "dataset table kernel seed" per line (task I runs line I);
#   --job-options: run_job.py's options of the mode (e.g. smoke's "--grid 3 --t-max 1 ...").
# Writes FILE (the array), FILE's stem + _aggregate.sbatch and + _submit.sh; --submit runs
# the latter. Each task logs to WORK/logs/repro_<array job>_<task>.log, runs run_job.py with
# --threads-per-job = --cpus-per-task (C, default 1) in node-local scratch ($SLURM_TMPDIR,
# $TMPDIR or /tmp), then copies the split's files to WORK/splits and the result, last and
# at once, to WORK/results. A task whose result exists does nothing (resubmitting reruns only
# the unfinished jobs); none starts while WORK/stop exists, as in run_all.sh.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
# shellcheck source=scripts/slurm/common.sh
source "$HERE/common.sh"
fail() { echo "reproduce_array.sh: error: $*" >&2; exit 2; }
PY=/usr/bin/python3

WORK="" SCRIPT="" JOB_OPTS="" SUBMIT=0
KREG="$ROOT/build/kreg"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --work) WORK="$2"; shift 2 ;;
    --script) SCRIPT="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    --job-options) JOB_OPTS="$2"; shift 2 ;;
    --submit) SUBMIT=1; shift ;;
    --cpus|--partition|--time|--mem) [[ $# -ge 2 ]] || fail "$1 needs a value"; resource_option "$1" "$2"; shift 2 ;;
    -h|--help) echo "usage: reproduce_array.sh --work WORK --script FILE [--kreg PATH] [--job-options OPTS] [--cpus C] [--partition P] [--time T] [--mem M] [--submit]"; exit 0 ;;
    *) fail "unknown option '$1' (usage: reproduce_array.sh --work WORK --script FILE [--kreg PATH] [--job-options OPTS] [--cpus C] [--partition P] [--time T] [--mem M] [--submit])" ;;
  esac
done
[[ -n "$WORK" && -n "$SCRIPT" ]] || fail "--work WORK and --script FILE are required"
[[ -s "$WORK/jobs.txt" ]] || fail "no job list $WORK/jobs.txt (run_all.sh --slurm writes it)"
reproduction_paths
mkdir -p "$WORK/results"
N=$(grep -c . "$WORK/jobs.txt")

{
  sbatch_header kreg-repro "$WORK/logs/repro_%A_%a.log" "--array=1-$N"
  cat <<EOF
# Task I: line I (+ KREG_TASK_OFFSET) of $WORK/jobs.txt through run_job.py (written by scripts/slurm/reproduce_array.sh).
EOF
  job_task_lines jobs.txt
  cat <<EOF
result="\$work/results/\$name.csv"
if [[ -e "\$result" ]]; then echo "\$name: done already"; exit 0; fi
if [[ -e "\$work/stop" ]]; then echo "\$name: not started (\$work/stop exists)"; exit 0; fi
EOF
  task_scratch_lines
  cat <<EOF
echo "\$name on \$(hostname) with \${SLURM_CPUS_PER_TASK:-1} threads, scratch \$scratch"
$PY $(quoted "$ROOT/scripts/reproduce/run_job.py") "\$dataset" "\$table" "\$kernel" "\$seed" "\$scratch" $JOB_OPTS \\
  --kreg $(quoted "$KREG") --threads-per-job "\${SLURM_CPUS_PER_TASK:-1}"
# The split's files as a local run leaves them, then the result, the mark of a finished job, last.
EOF
  keep_split_lines
  cat <<EOF
publish "\$scratch/results/\$name.csv" "\$result"
echo "\$name: done; \$(find "\$work/results" -name '*.csv' | wc -l) of $N jobs of the list have results"
EOF
} > "$SCRIPT"

{
  sbatch_header kreg-repro-aggregate "$WORK/logs/repro_aggregate_%j.log"
  cat <<EOF
# The tables of the results of $(basename "$SCRIPT")'s tasks, next to the paper's numbers.
$PY $(quoted "$ROOT/scripts/reproduce/aggregate.py") $(quoted "$WORK")
EOF
} > "${STEM}_aggregate.sbatch"

write_submit "${STEM}_submit.sh" "$SCRIPT" "$N" "${STEM}_aggregate.sbatch" aggregate "$SUBMIT" "$WORK"
