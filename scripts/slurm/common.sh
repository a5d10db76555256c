# shellcheck shell=bash
# Shared by the writers of Slurm scripts (cv_array.sh, reproduce_array.sh); sourced, not run.
# They write an array script (one task per shard or job, a log file per task, a task whose
# result exists already does nothing), a follow-up script (merge or aggregate) and submit.sh,
# which submits the array and then the follow-up with --dependency=afterok on it: running
# submit.sh again after a failure reruns only the unfinished tasks.

# claim_workdir, for the submit scripts of a reproduction's work directory (write_submit).
INVOCATION_LOG="$(cd "$(dirname "${BASH_SOURCE[0]}")/../reproduce" && pwd)/invocation_log.sh"

# The resources of one job, set by the writers' options --cpus, --partition, --time, --mem.
SLURM_CPUS=1
SLURM_PARTITION=""
SLURM_TIME=""
SLURM_MEM=""

# resource_option OPTION VALUE: takes --cpus/--partition/--time/--mem; returns 1 for others.
resource_option() {
  case "$1" in
    --cpus) SLURM_CPUS="$2" ;;
    --partition) SLURM_PARTITION="$2" ;;
    --time) SLURM_TIME="$2" ;;
    --mem) SLURM_MEM="$2" ;;
    *) return 1 ;;
  esac
  [[ "$SLURM_CPUS" =~ ^[1-9][0-9]*$ ]] || { echo "$(basename "$0"): error: --cpus must be a positive integer, not '$SLURM_CPUS'" >&2; exit 2; }
}

# sbatch_header JOB_NAME LOG [EXTRA_DIRECTIVE...]: the #SBATCH lines. The job runs in the
# directory the writer ran in, so relative paths of the command line mean the same files.
sbatch_header() {
  local name="$1" log="$2"; shift 2
  echo "#!/usr/bin/env bash"
  echo "#SBATCH --job-name=$name"
  echo "#SBATCH --output=$log"
  echo "#SBATCH --chdir=$PWD"
  echo "#SBATCH --cpus-per-task=$SLURM_CPUS"
  [[ -n "$SLURM_PARTITION" ]] && echo "#SBATCH --partition=$SLURM_PARTITION"
  [[ -n "$SLURM_TIME" ]] && echo "#SBATCH --time=$SLURM_TIME"
  [[ -n "$SLURM_MEM" ]] && echo "#SBATCH --mem=$SLURM_MEM"
  local directive
  for directive in "$@"; do echo "#SBATCH $directive"; done
  echo "set -euo pipefail"
}

# The lines of a task that make its node-local scratch directory ($scratch, removed on exit)
# and define publish SRC DEST: copy next to DEST (same file system), then rename, so DEST
# appears whole or not at all, even when the task is killed while copying.
task_scratch_lines() {
  cat <<'EOF'
scratch=$(mktemp -d "${SLURM_TMPDIR:-${TMPDIR:-/tmp}}/kreg.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
publish() { cp "$1" "$2.tmp.$SLURM_JOB_ID" && mv -f "$2.tmp.$SLURM_JOB_ID" "$2"; }
EOF
}

# The line of an array task's list (or its shard): SLURM_ARRAY_TASK_ID plus the offset that
# submit.sh gives an array when it splits a long list into several (KREG_TASK_OFFSET).
TASK_INDEX='$((SLURM_ARRAY_TASK_ID + ${KREG_TASK_OFFSET:-0}))'

# write_submit SUBMIT ARRAY_SCRIPT TASKS FOLLOW_SCRIPT FOLLOW_LABEL NOW [WORKDIR]: writes SUBMIT,
# which submits the tasks as one job array, or as several where TASKS exceeds what the cluster
# allows in one (MaxArraySize - 1 task indices; Slurm's default MaxArraySize is 1001, and a full
# reproduction has 1,010 jobs), then FOLLOW, afterok on all of them. It prints "array job ID"
# per array and "FOLLOW_LABEL job ID"; runs it when NOW is 1. With WORKDIR (a reproduction's
# work directory), SUBMIT first claims it as a local invocation would (claim_workdir,
# scripts/reproduce/invocation_log.sh: not while one runs there or jobs submitted on it are
# queued), and lists each job it submits in WORKDIR/slurm_jobs, which guards it from then on.
write_submit() {
  local submit="$1" array="$2" tasks="$3" follow="$4" label="$5" now="$6" guard="${7:-}"
  local guard_lines="" record_array="" record_follow=""
  if [[ -n "$guard" ]]; then
    guard_lines="# The work directory: not while an invocation runs there or jobs submitted on it are queued.
source $(quoted "$INVOCATION_LOG")
claim_workdir $(quoted "$guard") || exit 2
unset KREG_CLAIMED_WORKDIR  # not for the jobs' environment"
    record_array="  echo \"\$id\" >> $(quoted "$guard/slurm_jobs")"
    record_follow="echo \"\$follow\" >> $(quoted "$guard/slurm_jobs")"
  fi
  cat > "$submit" <<EOF
#!/usr/bin/env bash
# Submits $(basename "$array")'s $tasks tasks as job arrays of at most the cluster's
# MaxArraySize - 1 tasks (KREG_SLURM_ARRAY_TASKS=N sets another bound), each told its first
# line by KREG_TASK_OFFSET, then $(basename "$follow"), which starts once every task has
# succeeded (afterok). Run it again after a failure: tasks whose results exist finish at once,
# the others run again.
set -euo pipefail
$guard_lines
tasks=$tasks
per_array=\${KREG_SLURM_ARRAY_TASKS:-}
if [[ -z "\$per_array" ]]; then
  max=\$(scontrol show config 2> /dev/null | sed -n 's/^MaxArraySize *= *\([0-9]*\).*/\1/p' || true)
  per_array=\$(( \${max:-1001} - 1 ))
fi
[[ "\$per_array" =~ ^[1-9][0-9]*\$ ]] || { echo "submit: error: KREG_SLURM_ARRAY_TASKS must be a positive integer, not '\$per_array'" >&2; exit 2; }
ids=()
for ((first = 1; first <= tasks; first += per_array)); do
  count=\$(( tasks - first + 1 < per_array ? tasks - first + 1 : per_array ))
  id=\$(sbatch --parsable --array=1-\$count --export=ALL,KREG_TASK_OFFSET=\$((first - 1)) $(printf '%q' "$array")); id=\${id%%;*}
$record_array
  echo "array job \$id"
  [[ \$count -lt \$tasks ]] && echo "  (its tasks are lines \$first-\$((first + count - 1)) of \$tasks)"
  ids+=("\$id")
done
follow=\$(sbatch --parsable --dependency=afterok:\$(IFS=:; echo "\${ids[*]}") $(printf '%q' "$follow")); follow=\${follow%%;*}
$record_follow
echo "$label job \$follow"
EOF
  chmod +x "$submit"
  echo "wrote $array ($tasks tasks), $follow and $submit"
  if [[ "$now" -eq 1 ]]; then bash "$submit"; else echo "submit both with: bash $submit"; fi
}

# For the reproduction's arrays (reproduce_array.sh, rerun_array.sh), whose tasks each take one
# job "dataset table kernel seed" of a list and run scripts/reproduce/run_job.py on it.
# reproduction_paths: WORK, KREG and SCRIPT made absolute (tasks run elsewhere), WORK/logs,
# WORK/splits and SCRIPT's directory made, and STEM, SCRIPT without its extension.
reproduction_paths() {
  WORK="$(cd "$WORK" && pwd)"
  KREG="$(cd "$(dirname "$KREG")" && pwd)/$(basename "$KREG")"
  mkdir -p "$WORK/logs" "$WORK/splits" "$(dirname "$SCRIPT")"
  SCRIPT="$(cd "$(dirname "$SCRIPT")" && pwd)/$(basename "$SCRIPT")"
  STEM="${SCRIPT%.*}"
}

# job_task_lines LIST: the task's job, its line ($TASK_INDEX) of WORK/LIST, as $dataset, $table,
# $kernel, $seed and $name (the result file's stem); $work is WORK.
job_task_lines() {
  cat <<EOF
work=$(quoted "$WORK")
line=$TASK_INDEX
read -r dataset table kernel seed < <(sed -n "\${line}p" "\$work/$1")
name=\${dataset}_\${table}_\${kernel}_\${seed}
EOF
}

# keep_split_lines: the lines that copy the split's files (data, cv tables, models,
# predictions) from the task's scratch to WORK/splits, as a local run leaves them.
keep_split_lines() {
  cat <<'EOF'
rm -rf "$work/splits/$name" "$work/splits/$name.tmp.$SLURM_JOB_ID"
cp -r "$scratch/splits/$name" "$work/splits/$name.tmp.$SLURM_JOB_ID"
mv "$work/splits/$name.tmp.$SLURM_JOB_ID" "$work/splits/$name"
EOF
}

# quoted ARG...: the arguments as one line of shell words (for a generated command line).
quoted() { local s; s=$(printf '%q ' "$@"); echo "${s% }"; }
