#!/usr/bin/env bash
# kreg cv as a Slurm job array: task I of N runs `kreg cv ... --shard I/N` into
# WORK/parts/part_I.csv, then one merge job (afterok on the array) runs `kreg cv --merge`,
# whose outputs are byte for byte those of the same cv run in one process.
# Usage: scripts/slurm/cv_array.sh --shards N --work DIR [--kreg PATH] [--cpus C]
#          [--partition P] [--time T] [--mem M] [--submit] -- KREG_CV_OPTIONS...
#   KREG_CV_OPTIONS: the options of the unsharded run, its outputs included (--output,
#   --best, --model, --per-fold go to the merge job; --output defaults to WORK/cv.csv);
#   --threads is set from the tasks' --cpus-per-task (C, default 1).
# Writes WORK/cv_array.sbatch, WORK/cv_merge.sbatch and WORK/submit.sh; --submit runs
# submit.sh (sbatch --parsable the array, then the merge with --dependency=afterok). Each
# task logs to WORK/logs/cv_<array job>_<task>.log, computes in node-local scratch
# ($SLURM_TMPDIR, $TMPDIR or /tmp) and moves its finished part into WORK/parts at once; a
# task whose part exists does nothing, so running submit.sh again reruns only unfinished ones.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/slurm/common.sh
source "$HERE/common.sh"
usage="usage: cv_array.sh --shards N --work DIR [--kreg PATH] [--cpus C] [--partition P] [--time T] [--mem M] [--submit] -- KREG_CV_OPTIONS..."
fail() { echo "cv_array.sh: error: $*" >&2; exit 2; }

SHARDS="" WORK="" SUBMIT=0
KREG="$(cd "$HERE/../.." && pwd)/build/kreg"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --) shift; break ;;
    -h|--help) echo "$usage"; exit 0 ;;
    --shards) SHARDS="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    --kreg) KREG="$2"; shift 2 ;;
    --submit) SUBMIT=1; shift ;;
    --cpus|--partition|--time|--mem) [[ $# -ge 2 ]] || fail "$1 needs a value"; resource_option "$1" "$2"; shift 2 ;;
    *) fail "unknown option '$1' before -- ($usage)" ;;
  esac
done
[[ "$SHARDS" =~ ^[1-9][0-9]*$ ]] || fail "--shards N (a positive integer) is required"
[[ -n "$WORK" ]] || fail "--work DIR is required"
[[ $# -gt 0 ]] || fail "no kreg cv options after -- ($usage)"
[[ -x "$KREG" ]] || fail "no kreg binary at $KREG (--kreg PATH)"
mkdir -p "$WORK/parts" "$WORK/logs"
WORK="$(cd "$WORK" && pwd)"
KREG="$(cd "$(dirname "$KREG")" && pwd)/$(basename "$KREG")"

# Split the cv options: outputs go to the merge, --threads is the tasks' own, the rest
# (data, method, grids, folds, seed, ...) describes the run and goes to every shard.
OUTPUT="$WORK/cv.csv" BEST="" MODEL="" PER_FOLD="" DATA=""
shard_opts=()
while [[ $# -gt 0 ]]; do
  opt="$1" value="" inline=0
  if [[ "$opt" == --*=* ]]; then value="${opt#*=}"; opt="${opt%%=*}"; inline=1; fi
  case "$opt" in
    --output|--best|--model|--per-fold|--threads|--shard|--merge)
      if [[ $inline -eq 0 ]]; then [[ $# -ge 2 ]] || fail "$opt needs a value"; value="$2"; shift; fi
      shift
      case "$opt" in
        --output) OUTPUT="$value" ;;
        --best) BEST="$value" ;;
        --model) MODEL="$value" ;;
        --per-fold) PER_FOLD="$value" ;;
        --threads) ;;  # replaced by the task's --cpus-per-task
        *) fail "$opt is for the tasks this script writes, not for its options" ;;
      esac ;;
    --data)  # the shards name it; given again to the merge, it is checked against them
      if [[ $inline -eq 0 ]]; then value="$2"; shard_opts+=("$1" "$2"); shift 2; else shard_opts+=("$1"); shift; fi
      DATA="$value" ;;
    *) shard_opts+=("$1"); shift ;;
  esac
done
[[ "$OUTPUT" == - ]] && fail "--output - (standard output) is not a file the merge job can write"
# Parts of an earlier submission are kept (that is how a resubmission skips finished tasks);
# if they belong to another run, the merge refuses them and names the setting that differs.
existing=$(find "$WORK/parts" -maxdepth 1 -name 'part_*.csv' | wc -l)
[[ $existing -gt 0 ]] && echo "note: $WORK/parts holds $existing part(s) already: their tasks will not run again (remove them for a new run)"

ARRAY="$WORK/cv_array.sbatch" MERGE="$WORK/cv_merge.sbatch"
{
  sbatch_header kreg-cv "$WORK/logs/cv_%A_%a.log" "--array=1-$SHARDS"
  cat <<EOF
# Task I (+ KREG_TASK_OFFSET) of $SHARDS: that shard of the cv run (written by scripts/slurm/cv_array.sh).
i=$TASK_INDEX
part=$(quoted "$WORK/parts")/part_\$i.csv
if [[ -e "\$part" ]]; then echo "shard \$i/$SHARDS: \$part exists, nothing to do"; exit 0; fi
EOF
  task_scratch_lines
  cat <<EOF
echo "shard \$i/$SHARDS on \$(hostname) with \${SLURM_CPUS_PER_TASK:-1} threads, scratch \$scratch"
$(quoted "$KREG") cv $(quoted "${shard_opts[@]}") --shard "\$i/$SHARDS" --output "\$scratch/part.csv" --threads "\${SLURM_CPUS_PER_TASK:-1}"
publish "\$scratch/part.csv" "\$part"
echo "shard \$i/$SHARDS: wrote \$part"
EOF
} > "$ARRAY"

merge_args=(cv --merge)
for ((i = 1; i <= SHARDS; i++)); do merge_args+=("$WORK/parts/part_$i.csv"); done
merge_args+=(--output "$OUTPUT")
[[ -n "$BEST" ]] && merge_args+=(--best "$BEST")
[[ -n "$PER_FOLD" ]] && merge_args+=(--per-fold "$PER_FOLD")
[[ -n "$MODEL" ]] && merge_args+=(--model "$MODEL")
[[ -n "$MODEL" && -n "$DATA" ]] && merge_args+=(--data "$DATA")
{
  sbatch_header kreg-cv-merge "$WORK/logs/cv_merge_%j.log"
  cat <<EOF
# The shards of $(basename "$ARRAY") put together: the outputs of the unsharded cv run (a
# missing, repeated or foreign shard stops it with exit status 2 and nothing written).
$(quoted "$KREG") $(quoted "${merge_args[@]}") --threads "\${SLURM_CPUS_PER_TASK:-1}"
EOF
} > "$MERGE"

write_submit "$WORK/submit.sh" "$ARRAY" "$SHARDS" "$MERGE" merge "$SUBMIT"
