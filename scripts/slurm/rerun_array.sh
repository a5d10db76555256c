#!/usr/bin/env bash
# A rerun of some methods' rows (scripts/reproduce/rerun_methods.sh) as a Slurm job array, one
# task per line of WORK/reruns/TAG.todo, then one job afterok on the array that records the
# finished tasks in TAG.done, logs the invocation in reruns.csv and aggregates (the command
# after --, which rerun_methods.sh --slurm gives). rerun_methods.sh --slurm calls this with the
# list it has written.
# Usage: scripts/slurm/rerun_array.sh --work WORK --tag TAG --methods "M ..." --script FILE
#          [--kreg PATH] [--cpus C] [--partition P] [--time T] [--mem M] [--submit] -- FINISH...
# Task I takes line I ("dataset table kernel seed"), copies that result file to node-local
# scratch, runs run_job.py --methods M,... --replace there with --threads-per-job C, copies the
# split's files back to WORK/splits and the result, at once, to WORK/results, and then marks
# the job finished with a file WORK/reruns/TAG.finished/NAME holding its line and the node's
# processor (the finishing job logs the processors in reruns.csv; tasks do not
# append to TAG.done: tasks on several nodes would write one file at once; rerun_methods.sh
# moves the marks into it). A task whose job is in TAG.done or marked finished does nothing,
# so submitting again reruns only the unfinished jobs; none starts while WORK/stop exists.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
# shellcheck source=scripts/slurm/common.sh
source "$HERE/common.sh"
fail() { echo "rerun_array.sh: error: $*" >&2; exit 2; }
PY=/usr/bin/python3

WORK="" TAG="" METHODS="" SCRIPT="" SUBMIT=0 FINISH=()
KREG="$ROOT/build/kreg"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --work) WORK="$2"; shift 2 ;;
    --tag) TAG="$2"; shift 2 ;;
    --methods) METHODS="$2"; shift 2 ;;
    --script) SCRIPT="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    --submit) SUBMIT=1; shift ;;
    --cpus|--partition|--time|--mem) [[ $# -ge 2 ]] || fail "$1 needs a value"; resource_option "$1" "$2"; shift 2 ;;
    --) shift; FINISH=("$@"); break ;;
    -h|--help) echo "usage: rerun_array.sh --work WORK --tag TAG --methods \"M ...\" --script FILE [--kreg PATH] [--cpus C] [--partition P] [--time T] [--mem M] [--submit] -- FINISH..."; exit 0 ;;
    *) fail "unknown option '$1' (usage: rerun_array.sh --work WORK --tag TAG --methods \"M ...\" --script FILE [--kreg PATH] [--cpus C] [--partition P] [--time T] [--mem M] [--submit] -- FINISH...)" ;;
  esac
done
[[ -n "$WORK" && -n "$TAG" && -n "$METHODS" && -n "$SCRIPT" ]] || fail "--work, --tag, --methods and --script are required"
[[ ${#FINISH[@]} -gt 0 ]] || fail "no finishing command after -- (rerun_methods.sh --slurm gives it)"
[[ -s "$WORK/reruns/$TAG.todo" ]] || fail "no job list $WORK/reruns/$TAG.todo (rerun_methods.sh --slurm writes it)"
reproduction_paths
mkdir -p "$WORK/reruns/$TAG.finished"
N=$(grep -c . "$WORK/reruns/$TAG.todo")

{
  sbatch_header kreg-rerun "$WORK/logs/rerun_%A_%a.log" "--array=1-$N"
  cat <<EOF
# Task I: line I (+ KREG_TASK_OFFSET) of reruns/$TAG.todo through run_job.py --replace (written by scripts/slurm/rerun_array.sh).
EOF
  job_task_lines "reruns/$TAG.todo"
  cat <<EOF
source $(quoted "$ROOT/scripts/reproduce/invocation_log.sh")  # cpu_model
finished="\$work/reruns/$TAG.finished/\$name"
if [[ -e "\$finished" ]] || grep -qxF "\$dataset \$table \$kernel \$seed" "\$work/reruns/$TAG.done" 2> /dev/null; then
  echo "\$name: done already"; exit 0
fi
if [[ -e "\$work/stop" ]]; then echo "\$name: not started (\$work/stop exists)"; exit 0; fi
EOF
  task_scratch_lines
  cat <<EOF
mkdir -p "\$scratch/results"
cp "\$work/results/\$name.csv" "\$scratch/results/\$name.csv"
echo "\$name on \$(hostname) with \${SLURM_CPUS_PER_TASK:-1} threads, scratch \$scratch: rerunning $METHODS"
$PY $(quoted "$ROOT/scripts/reproduce/run_job.py") "\$dataset" "\$table" "\$kernel" "\$seed" "\$scratch" \\
  --methods $(quoted "${METHODS// /,}") --replace --kreg $(quoted "$KREG") --threads-per-job "\${SLURM_CPUS_PER_TASK:-1}"
EOF
  keep_split_lines
  cat <<EOF
publish "\$scratch/results/\$name.csv" "\$work/results/\$name.csv"
# The mark: the job, and this node's processor for the invocation's log (rerun_methods.sh).
printf "%s\\n%s\\n" "\$dataset \$table \$kernel \$seed" "\$(cpu_model)" > "\$finished.tmp" && mv -f "\$finished.tmp" "\$finished"
echo "\$name: done; \$(find "\$work/reruns/$TAG.finished" -type f | wc -l) of $N jobs of the list finished"
EOF
} > "$SCRIPT"

{
  sbatch_header kreg-rerun-finish "$WORK/logs/rerun_finish_%j.log"
  cat <<EOF
# After every task of $(basename "$SCRIPT"): the finished jobs into reruns/$TAG.done, the
# invocation into reruns.csv, and the tables.
$(quoted "${FINISH[@]}")
EOF
} > "${STEM}_finish.sbatch"

write_submit "${STEM}_submit.sh" "$SCRIPT" "$N" "${STEM}_finish.sbatch" finish "$SUBMIT" "$WORK"
