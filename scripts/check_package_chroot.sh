#!/usr/bin/env bash
# Run by scripts/check_package.sh inside a fresh Debian 12 chroot: installs kreg's .deb as a
# user would, then checks what the user gets. Prints each command and its output; exits 0 only
# when every check passes.
# Usage: check_package_chroot.sh /tmp/kreg_VERSION_ARCH.deb
set -uo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *.deb) [[ $# -eq 1 ]] || { echo "check_package_chroot.sh: error: one .deb file only" >&2; exit 2; } ;;
  *) echo "check_package_chroot.sh: error: usage: check_package_chroot.sh /tmp/kreg_VERSION_ARCH.deb" >&2; exit 2 ;;
esac
deb="$1"
export DEBIAN_FRONTEND=noninteractive
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
show() { echo; echo "\$ $*"; }

show apt-get update
apt-get update -q 2>&1 | tail -5 || fail "apt-get update"
dpkg-query -W -f='${Package}\n' | sort >/tmp/before

# The package alone first: apt lists the NEW packages it pulls.
cd "$(dirname "$deb")" || exit 1
show apt-get install -y "./$(basename "$deb")"
apt-get install -y "./$(basename "$deb")" >/tmp/apt_kreg.log 2>&1 || fail "apt-get install ./$(basename "$deb")"
grep -v "^\(Get\|Selecting\|Preparing\|Unpacking\|Setting up\|Processing\|(Reading\)" /tmp/apt_kreg.log
dpkg-query -W -f='${Package}\n' | sort >/tmp/after_kreg
dpkg-query -W kreg >/dev/null 2>&1 || { fail "kreg is not installed"; exit 1; }

# What a user's system also has: man-db and bash-completion.
show apt-get install -y man-db bash-completion
apt-get install -y man-db bash-completion >/tmp/apt_user.log 2>&1 || fail "apt-get install man-db bash-completion"
sed -n '/^The following NEW/,/^[0-9]* upgraded/p' /tmp/apt_user.log

show "packages the kreg package pulled, with the archive each came from"
pulled=0
while read -r p; do
  [[ "$p" == kreg ]] && continue
  pulled=$((pulled + 1))
  version="$(dpkg-query -W -f='${Version}' "$p")"
  # apt-cache policy: the line after " *** VERSION" names the archive of the installed version.
  origin="$(apt-cache policy "$p" | awk '/^ \*\*\* / { on = 1; next } on && $2 !~ /dpkg\/status/ { print $2, $3; exit }')"
  echo "  $p $version  ${origin:-(no archive)}"
  case "$origin" in
    http*://*debian*) ;;
    *) fail "$p $version does not come from a Debian archive" ;;
  esac
done < <(comm -13 /tmp/before /tmp/after_kreg)
ok "$pulled packages pulled by kreg, all from Debian archives"

show kreg --version
version_text="$(kreg --version 2>&1)"
echo "$version_text"
if [[ "$version_text" =~ ^kreg\ [0-9]+\.[0-9]+\.[0-9]+ ]]; then ok "kreg --version"; else fail "kreg --version"; fi

show "man kreg | head -20"
man_text="$(MANWIDTH=80 man kreg 2>/tmp/man_err)"
echo "$man_text" | head -20
[[ -s /tmp/man_err ]] && { cat /tmp/man_err; fail "man kreg wrote to stderr"; }
if grep -q "kreg - fit, select and evaluate kernel regressors" <<<"$man_text" &&
   grep -q "EXIT STATUS" <<<"$man_text"; then
  ok "man kreg ($(man -w kreg))"
else
  fail "man kreg"
fi

data=/usr/share/kreg/data
show kreg fit --data $data/sine_train.csv --target y --bandwidth 0.5 --lambda 0.01 --standardize none --model /tmp/sine.json
fit_text="$(kreg fit --data $data/sine_train.csv --target y --bandwidth 0.5 --lambda 0.01 --standardize none \
  --model /tmp/sine.json 2>&1)" || fail "kreg fit exit status $?"
echo "$fit_text"
show kreg predict --model /tmp/sine.json --data $data/sine_test.csv --output /tmp/pred.csv
predict_text="$(kreg predict --model /tmp/sine.json --data $data/sine_test.csv --output /tmp/pred.csv 2>&1)" ||
  fail "kreg predict exit status $?"
echo "$predict_text"
rows="$(($(wc -l </tmp/pred.csv) - 1))"
r2="$(sed -n 's/^R2: \([-0-9.e]*\)$/\1/p' <<<"$predict_text")"
if grep -q "^fitted krr (gaussian(bandwidth=0.5)) on 40 rows x 1 features" <<<"$fit_text" && [[ $rows -eq 200 ]] &&
   awk -v r="$r2" 'BEGIN { exit !(r > 0.8) }'; then
  ok "kreg fit + predict on the bundled sine data: 40 training rows, $rows predictions, test R2 $r2"
else
  fail "kreg fit + predict on the bundled sine data (rows $rows, R2 '$r2')"
fi

# The completion as bash loads it: bash-completion's loader finds
# /usr/share/bash-completion/completions/kreg by the command's name.
show "bash: source bash_completion; _completion_loader kreg; COMP_WORDS=(kreg c) COMP_CWORD=1 _kreg"
reply="$(bash -c 'source /usr/share/bash-completion/bash_completion
  _completion_loader kreg
  complete -p kreg >&2
  COMP_WORDS=(kreg c); COMP_CWORD=1; COMP_LINE="kreg c"; COMP_POINT=6
  _kreg kreg c kreg
  echo "${COMPREPLY[*]}"')"
echo "COMPREPLY: $reply"
if [[ "$reply" == cv ]]; then ok "kreg c<TAB> completes to cv"; else fail "kreg c<TAB> gave '$reply', not 'cv'"; fi

echo
echo "$failures failure(s)"
[[ $failures -eq 0 ]]
