#!/usr/bin/env bash
# The bash completion (cmake/docs.cmake) against the binary's own --help: sourced into bash,
# its function _kreg is called as bash calls it (COMP_WORDS, COMP_CWORD) and must complete
#   kreg c            -> cv (only)
#   kreg fit --meth   -> --method (only)
#   kreg SUB --method -> the methods that `kreg SUB --help` names, for fit and loo
#   kreg SUB --       -> every option that `kreg SUB --help` prints, for every subcommand
#   kreg fit --data D -> the files under D
# Usage: completion_test.sh KREG COMPLETION_SCRIPT
set -uo pipefail
kreg="$1"
# shellcheck source=/dev/null
source "$2" || { echo "FAIL: cannot source $2"; exit 1; }
failures=0

# complete WORD...: prints the sorted completions of the command line WORD... (the last word
# is the one completed).
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _kreg
  printf '%s\n' "${COMPREPLY[@]}" | sort
}

expect() {  # expect "WORDS" "EXPECTED (newline-separated)" GOT
  if [[ "$3" == "$2" ]]; then
    echo "ok: kreg ${1#kreg } -> $(echo "$3" | tr '\n' ' ')"
  else
    echo "FAIL: $1: expected [$(echo "$2" | tr '\n' ' ')], got [$(echo "$3" | tr '\n' ' ')]"
    failures=$((failures + 1))
  fi
}

expect "kreg c" "cv" "$(complete_words kreg c)"
expect "kreg fit --meth" "--method" "$(complete_words kreg fit --meth)"

for sub in fit loo; do
  # "--method TEXT=krr   regression method: krr|kgf|... (...)": the names after "method: "
  methods=$("$kreg" "$sub" --help | sed -n 's/^  --method .*regression method: \([a-z0-9|, ]*\).*/\1/p' |
            sed 's/[|,]/\n/g; s/ //g' | grep . | sort)
  [[ -n "$methods" ]] || { echo "FAIL: no methods in 'kreg $sub --help'"; failures=$((failures + 1)); }
  expect "kreg $sub --method ''" "$methods" "$(complete_words kreg "$sub" --method "")"
done

subs=$("$kreg" --help | sed -n '/^Subcommands:/,$p' | sed -n 's/^  \([a-z]\+\) .*/\1/p')
for sub in $subs; do
  options=$("$kreg" "$sub" --help | grep -oE '^  (-[A-Za-z],)?--[a-z0-9-]+' | tr ',' '\n' | sed 's/^ *//' | sort)
  got=$(complete_words kreg "$sub" -)
  if [[ "$got" == "$options" ]]; then
    echo "ok: kreg $sub - -> all $(echo "$options" | wc -l) options of 'kreg $sub --help'"
  else
    echo "FAIL: kreg $sub -: differs from 'kreg $sub --help':"
    diff <(echo "$options") <(echo "$got") | sed 's/^/  /'
    failures=$((failures + 1))
  fi
done

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
touch "$dir/train.csv" "$dir/test.csv"
expect "kreg fit --data $dir/t" "$(printf '%s\n' "$dir/test.csv" "$dir/train.csv")" \
  "$(complete_words kreg fit --data "$dir/t")"
expect "kreg fit --bandwidth ''" "" "$(complete_words kreg fit --bandwidth "")"
# cv --merge takes several shard files: every word after it is a file until the next option.
expect "kreg cv --merge $dir/train.csv $dir/t" "$(printf '%s\n' "$dir/test.csv" "$dir/train.csv")" \
  "$(complete_words kreg cv --merge "$dir/train.csv" "$dir/t")"
expect "kreg cv --merge $dir/train.csv $dir/test.csv $dir/t" "$(printf '%s\n' "$dir/test.csv" "$dir/train.csv")" \
  "$(complete_words kreg cv --merge "$dir/train.csv" "$dir/test.csv" "$dir/t")"
# ... but not after a file option that takes one file.
expect "kreg fit --data $dir/train.csv $dir/t" "" "$(complete_words kreg fit --data "$dir/train.csv" "$dir/t")"

echo "$failures failure(s)"
[[ $failures -eq 0 ]]
