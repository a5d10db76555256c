#!/usr/bin/env bash
# The Slurm job arrays of scripts/slurm/ on a real, single-node Slurm started on this machine
# (scripts/slurm/local_cluster.sh; needs root, installs Debian's slurm packages when missing):
#  (a) kreg cv split into 3 shards (krr: 3 bandwidths x 4 lambdas, and kgd: 3 bandwidths;
#      5 folds) with the merge job after each array; the merged files must equal, byte for
#      byte, those of one local kreg cv run; then a shard's part is removed and the array
#      resubmitted: only that task may run again, and the merge must give the same files;
#  (b) the reproduction's smoke run (run_all.sh --mode smoke --slurm, in three arrays of at most
#      4 tasks: KREG_SLURM_ARRAY_TASKS) with its aggregate job;
#      its results must equal a local smoke run's;
#  (c) then a rerun of two methods' rows of that run's synthetic split 0 (rerun_methods.sh
#      --slurm) with its finishing job: the same files and done list as the same rerun of the
#      local run, the invocation logged, the jobs listed in WORKDIR/slurm_jobs (the guard of
#      the work directory); submitted again, both tasks find their jobs done.
# Prints the job ids, every array task's state and exit code, the logs, and each check.
# Usage: tests/slurm/run_slurm_test.sh KREG_BINARY   (KREG_SLURM_TIMEOUT: seconds to wait, 600)
# Exit status 0 when every check passes, 1 when one fails, 77 (skipped) when Slurm cannot start.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
KREG="$(cd "$(dirname "${1:?usage: run_slurm_test.sh KREG_BINARY}")" && pwd)/$(basename "$1")"
CLUSTER="$ROOT/scripts/slurm/local_cluster.sh"
SAME_TABLE=(/usr/bin/python3 "$ROOT/tests/slurm/same_table.py")
TIMEOUT="${KREG_SLURM_TIMEOUT:-600}"
failures=0

# --- the cluster: started here (or skipped with the reason), stopped at the end -----------
was_running=0
bash "$CLUSTER" status > /dev/null 2>&1 && was_running=1
out=$(bash "$CLUSTER" start 2>&1); rc=$?
if [[ $rc -eq 77 ]]; then
  echo "skipped: $(tail -1 <<< "$out" | sed 's/^local slurm: cannot start: //')"
  exit 77
elif [[ $rc -ne 0 ]]; then
  echo "$out"; echo "FAIL: local_cluster.sh start exited with $rc"; exit 1
fi
echo "$out" | tail -1
eval "$(bash "$CLUSTER" env)"
WORK=$(mktemp -d /var/tmp/kreg-slurm-test.XXXXXX)
finish() {
  if [[ $was_running -eq 0 ]]; then bash "$CLUSTER" stop; else echo "local slurm: left running (it was before the test)"; fi
  if [[ $failures -eq 0 ]]; then rm -rf "$WORK"; else echo "files of the failed run kept in $WORK"; fi
}
trap finish EXIT

check() {  # check DESCRIPTION COMMAND...: runs the command, prints the description and PASS/FAIL
  local description="$1" result; shift
  if result=$("$@" 2>&1); then echo "PASS $description${result:+: $result}"
  else echo "FAIL $description: ${result:-exit status $?}"; failures=$((failures + 1)); fi
}

# wait_for ID...: until none of the jobs is pending or running (or TIMEOUT seconds). A job
# left waiting on a failed one (DependencyNeverSatisfied) is cancelled: the checks report it.
wait_for() {
  local deadline=$(( $(date +%s) + TIMEOUT )) ids left stuck; ids=$(IFS=,; echo "$*")
  while left=$(squeue -h -j "$ids" -o '%i %r' 2>/dev/null) && [[ -n "$left" ]]; do
    if ! grep -qv DependencyNeverSatisfied <<< "$left"; then
      mapfile -t stuck < <(cut -d' ' -f1 <<< "$left")
      echo "cancelling job(s) ${stuck[*]}: a job they wait for failed"
      scancel "${stuck[@]}"; sleep 1; return 0
    fi
    if [[ $(date +%s) -ge $deadline ]]; then
      echo "FAIL jobs $ids still queued or running after $TIMEOUT s:"; squeue -j "$ids"
      scancel "$@"; failures=$((failures + 1)); return 1
    fi
    sleep 2
  done
}

# job_lines ID...: the controller's record of each job and array task (kept MinJobAge s).
job_lines() {
  local id
  for id in "$@"; do
    scontrol show job -o "$id" | awk '{ for (i = 1; i <= NF; i++)
      if ($i ~ /^(JobId|ArrayJobId|ArrayTaskId|JobName|JobState|ExitCode)=/) printf "%s ", $i; print "" }'
  done
}

# job_states ID...: one line per job and array task with its state and exit code: sacct when
# the cluster keeps accounting, the controller's record otherwise.
job_states() {
  local ids; ids=$(IFS=,; echo "$*")
  if sacct -n -X -j "$ids" > /dev/null 2>&1; then sacct -X -j "$ids" -o JobID,JobName%24,State,ExitCode; return; fi
  echo "(no accounting database here, so no sacct: states from scontrol show job)"
  job_lines "$@"
}

# all_completed ID...: every job and array task COMPLETED with exit code 0:0.
all_completed() {
  local lines bad
  lines=$(job_lines "$@")
  bad=$(grep -v 'JobState=COMPLETED ExitCode=0:0' <<< "$lines" | head -3)
  [[ -z "$bad" && -n "$lines" ]] || { echo "${bad:-no job records}"; return 1; }
  echo "$(wc -l <<< "$lines") jobs and tasks"
}

show_logs() {  # show_logs DIR: each log file with its size and last line
  local f
  for f in "$1"/*.log; do echo "  $(basename "$f") ($(wc -c < "$f") bytes): $(tail -1 "$f")"; done
}

logs_say() {  # logs_say PATTERN LOG...: each log holds a line matching PATTERN
  local pattern="$1" f; shift
  for f in "$@"; do grep -q -- "$pattern" "$f" || { echo "$(basename "$f"): no line '$pattern'"; return 1; }; done
  echo "in $(for f in "$@"; do basename "$f"; done | paste -sd ' ')"
}

job_id() { sed -n "s/^$1 job \([0-9]*\)$/\1/p"; }  # job_id LABEL < submit output

same_files() {  # same_files DIR_A DIR_B FILE...: cmp of each
  local a="$1" b="$2" f; shift 2
  for f in "$@"; do cmp "$a/$f" "$b/$f" || return 1; done
  echo "$* identical"
}

DATA="$ROOT/tests/fixtures/california_train.csv"
CV_COMMON=(--data "$DATA" --target MedHouseVal --folds 5 --seed 7 --bandwidth-grid logspace:-0.5:0.5:3 --quiet)
CV_KRR=(--method krr --lambda-grid logspace:-3:0:4)
CV_KGD=(--method kgd)
CV_OUTPUTS=(cv.csv best.json model.json per_fold.csv)

# --- submit everything ---------------------------------------------------------------------
cv_ids=()
if "$KREG" cv --help | grep -q -e --shard; then
  HAVE_SHARD=1
  for m in krr kgd; do
    opts=("${CV_COMMON[@]}"); [[ $m == krr ]] && opts+=("${CV_KRR[@]}") || opts+=("${CV_KGD[@]}")
    cpus=2; [[ $m == kgd ]] && cpus=1
    w="$WORK/cv_$m"; mkdir -p "$w/out"
    sub=$(bash "$ROOT/scripts/slurm/cv_array.sh" --shards 3 --work "$w" --kreg "$KREG" --cpus $cpus --time 10 --submit \
          -- "${opts[@]}" --output "$w/out/cv.csv" --best "$w/out/best.json" --model "$w/out/model.json" \
          --per-fold "$w/out/per_fold.csv") || { echo "FAIL cv_array.sh ($m): $sub"; exit 1; }
    array=$(job_id array <<< "$sub"); merge=$(job_id merge <<< "$sub")
    echo "cv $m: array job $array (3 tasks, --cpus-per-task $cpus), merge job $merge (afterok:$array)"
    cv_ids+=("$array" "$merge")
  done
else
  HAVE_SHARD=0
  echo "cv part skipped: kreg cv has no --shard"
fi
R="$WORK/repro_slurm"
# At most 4 tasks per array: the 10 jobs go in three arrays (4, 4, 2), as a list longer than the
# cluster's MaxArraySize would (a full reproduction has 1,010 jobs; Slurm's default allows 1,000).
sub=$(KREG_SLURM_ARRAY_TASKS=4 bash "$ROOT/scripts/reproduce/run_all.sh" --mode smoke --workdir "$R" --kreg "$KREG" \
      --slurm "$R/repro.sbatch" --slurm-options "--cpus 1 --time 10 --submit") || { echo "FAIL run_all.sh --slurm: $sub"; exit 1; }
mapfile -t repro_arrays < <(job_id array <<< "$sub"); repro_aggregate=$(job_id aggregate <<< "$sub")
echo "reproduction smoke: array jobs ${repro_arrays[*]} ($(wc -l < "$R/jobs.txt") tasks), aggregate job $repro_aggregate (afterok on all)"

# --- the same runs locally, while the cluster works -----------------------------------------
start=$(date +%s)
if [[ $HAVE_SHARD -eq 1 ]]; then
  for m in krr kgd; do
    opts=("${CV_COMMON[@]}"); [[ $m == krr ]] && opts+=("${CV_KRR[@]}") || opts+=("${CV_KGD[@]}")
    l="$WORK/cv_$m/local"; mkdir -p "$l"
    "$KREG" cv "${opts[@]}" --output "$l/cv.csv" --best "$l/best.json" --model "$l/model.json" \
      --per-fold "$l/per_fold.csv" 2> /dev/null || echo "FAIL local kreg cv ($m)"
  done
fi
L="$WORK/repro_local"
bash "$ROOT/scripts/reproduce/run_all.sh" --mode smoke --workdir "$L" --jobs 2 --kreg "$KREG" > "$WORK/repro_local.log" 2>&1 \
  || { echo "FAIL local smoke run (log: $WORK/repro_local.log)"; failures=$((failures + 1)); }
echo "local reference runs done in $(( $(date +%s) - start )) s"

wait_for "${cv_ids[@]}" "${repro_arrays[@]}" "$repro_aggregate"
echo "cluster jobs done after $(( $(date +%s) - start )) s"

# --- what the cluster did ------------------------------------------------------------------
echo "== job and array task states"
job_states "${cv_ids[@]}" "${repro_arrays[@]}" "$repro_aggregate"
echo "== logs (one per array task, one per merge/aggregate job)"
[[ $HAVE_SHARD -eq 1 ]] && for m in krr kgd; do echo " cv $m:"; show_logs "$WORK/cv_$m/logs"; done
echo " reproduction:"; show_logs "$R/logs"

# --- checks --------------------------------------------------------------------------------
echo "== checks"
check "every job and array task COMPLETED with exit code 0" all_completed "${cv_ids[@]}" "${repro_arrays[@]}" "$repro_aggregate"
if [[ $HAVE_SHARD -eq 1 ]]; then
  for m in krr kgd; do
    check "cv $m: merged shards = one local kreg cv run (cmp)" same_files "$WORK/cv_$m/out" "$WORK/cv_$m/local" "${CV_OUTPUTS[@]}"
  done
  # Resubmission: remove part 2 and the outputs; only task 2 computes again.
  w="$WORK/cv_krr"; rm -f "$w/parts/part_2.csv" "${CV_OUTPUTS[@]/#/$w/out/}"
  sub=$(bash "$w/submit.sh"); array=$(job_id array <<< "$sub"); merge=$(job_id merge <<< "$sub")
  echo "cv krr resubmitted without part 2: array job $array, merge job $merge"
  wait_for "$array" "$merge"
  job_states "$array" "$merge"
  check "resubmission: tasks 1 and 3 found their parts and did nothing" \
    logs_say "exists, nothing to do" "$w/logs/cv_${array}_1.log" "$w/logs/cv_${array}_3.log"
  check "resubmission: task 2 computed its shard again" logs_say "wrote .*part_2.csv" "$w/logs/cv_${array}_2.log"
  check "resubmission: merged outputs again = the local run (cmp)" same_files "$w/out" "$w/local" "${CV_OUTPUTS[@]}"
fi
check "reproduction: the 10 jobs went in three arrays" bash -c '[[ $# -eq 3 ]] && echo "$*"' _ "${repro_arrays[@]}"
# The reproduction: every result table, but for time_s (the wall time of each method's cv,
# which differs from run to run), the split's files (data, cv tables, best points, models,
# predictions: all deterministic), and the aggregated tables but for their time_* columns
# (medians, quartiles and totals of those wall times, and their ratio to the paper's).
for f in "$L"/results/*.csv; do
  check "reproduction $(basename "$f" .csv): results = local smoke run" "${SAME_TABLE[@]}" "$f" "$R/results/$(basename "$f")" --ignore time_
done
check "reproduction: result files, same set" diff <(cd "$L/results" && ls) <(cd "$R/results" && ls)
check "reproduction: every split's files (cv tables, models, predictions) = local (diff -r)" diff -r "$L/splits" "$R/splits"
check "reproduction: aggregate job's tables.csv = local" "${SAME_TABLE[@]}" "$L/tables.csv" "$R/tables.csv" --ignore time_

# --- (c) a rerun of krr's and kgd's rows on the cluster and locally ------------------------
RERUN=(--methods "krr kgd" --tag check --datasets synthetic --seeds 0 --kreg "$KREG")
sub=$(bash "$ROOT/scripts/reproduce/rerun_methods.sh" --workdir "$R" "${RERUN[@]}" --slurm "$R/rerun.sbatch" \
      --slurm-options "--cpus 1 --time 10 --submit") || { echo "FAIL rerun_methods.sh --slurm: $sub"; exit 1; }
rerun_array=$(job_id array <<< "$sub"); rerun_finish=$(job_id finish <<< "$sub")
echo "rerun: array job $rerun_array ($(wc -l < "$R/reruns/check.todo") tasks), finish job $rerun_finish (afterok:$rerun_array)"
# The submit script guards the work directory with the jobs it submitted (the reproduction's
# jobs, which had left the queue, are no longer listed); tests/slurm/workdir_guard_test.sh checks the guard.
check "rerun: WORKDIR/slurm_jobs lists the array and its finishing job" bash -c \
  'got=$(paste -sd " " "$1"); echo "$got"; [[ "$got" == "$2 $3" ]]' _ "$R/slurm_jobs" "$rerun_array" "$rerun_finish"
bash "$ROOT/scripts/reproduce/rerun_methods.sh" --workdir "$L" "${RERUN[@]}" --jobs 1 > "$WORK/rerun_local.log" 2>&1 \
  || { echo "FAIL local rerun (log: $WORK/rerun_local.log)"; failures=$((failures + 1)); }
wait_for "$rerun_array" "$rerun_finish"
job_states "$rerun_array" "$rerun_finish"
echo " rerun:"; show_logs "$R/logs"
check "rerun: every job and array task COMPLETED with exit code 0" all_completed "$rerun_array" "$rerun_finish"
for f in "$L"/results/synthetic_*_0.csv; do
  check "rerun $(basename "$f" .csv): results = local rerun" "${SAME_TABLE[@]}" "$f" "$R/results/$(basename "$f")" --ignore time_
done
check "rerun: done list = local rerun's (2 jobs)" bash -c '[[ $(wc -l < "$1") -eq 2 ]] && diff "$1" "$2" && echo "2 jobs"' _ \
  "$L/reruns/check.done" "$R/reruns/check.done"
check "rerun: the finishing job logged the invocation" bash -c 'tail -1 "$1" | grep -E "^[^,]+,check,krr kgd,synthetic,gaussian,0,slurm,2,2,"' _ "$R/reruns.csv"
check "rerun: the log names the processor the tasks' marks carried (this machine's)" bash -c \
  'source "$2"; last=$(tail -1 "$1" | awk -F, "{print \$NF}"); echo "$last"; [[ "$last" == "$(cpu_model)" ]]' _ \
  "$R/reruns.csv" "$ROOT/scripts/reproduce/invocation_log.sh"
sub=$(bash "$R/rerun_submit.sh"); rerun_array=$(job_id array <<< "$sub"); rerun_finish=$(job_id finish <<< "$sub")
echo "rerun submitted again: array job $rerun_array, finish job $rerun_finish"
wait_for "$rerun_array" "$rerun_finish"
check "rerun submitted again: both tasks found their jobs done" \
  logs_say "done already" "$R/logs/rerun_${rerun_array}_1.log" "$R/logs/rerun_${rerun_array}_2.log"

echo "== $failures check(s) failed"
[[ $failures -eq 0 ]]
