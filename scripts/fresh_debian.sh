# A fresh Debian 12 (bookworm) to try kreg in, as a new user's machine: sourced by
# scripts/check_package.sh (the .deb) and scripts/check_quick_start.sh (the README's two
# commands). Root only. Sets the globals base, work and keep for its cleanup.

# apt_uri SUITE: the first archive URI this machine's apt sources use for SUITE (one-line
# sources.list files and deb822 .sources files).
apt_uri() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -r "$f" ]] || continue
    awk -v s="$1" '$1 == "deb" {
      i = 2
      if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
      if ($(i + 1) == s) print $i
    }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -r "$f" ]] || continue
    awk -v s="$1" 'BEGIN { RS = ""; FS = "\n" } {
      uri = ""; deb = 0; has = 0; off = 0
      for (k = 1; k <= NF; k++) {
        line = $k
        if (line ~ /^Types:/ && line ~ /[ \t]deb([ \t]|$)/) deb = 1
        if (line ~ /^Enabled:[ \t]*no/) off = 1
        if (line ~ /^URIs:/) { sub(/^URIs:[ \t]*/, "", line); split(line, u, /[ \t]+/); uri = u[1] }
        if (line ~ /^Suites:/) { sub(/^Suites:/, "", line); n = split(line, w, /[ \t]+/)
                                 for (j = 1; j <= n; j++) if (w[j] == s) has = 1 }
      }
      if (deb && has && !off && uri != "") print uri
    }' "$f"
  done
}
# fresh_debian_copy BASE WORK KEEP: makes BASE once (debootstrap --variant=minbase bookworm from
# the mirror this machine's apt uses, with its bookworm-updates and -security lines), then lays
# a fresh copy of it in WORK with /proc, /dev/pts and resolv.conf, removed on exit unless KEEP
# is 1.
fresh_debian_copy() {
  base="$1" work="$2" keep="$3"
  local mirror updates security cache
  cache="$(dirname "$base")"
  mirror="$(apt_uri bookworm | awk 'NR == 1')"
  mirror="${mirror:-http://deb.debian.org/debian}"
  if [[ ! -e "$base/.kreg-complete" ]]; then
    echo "== debootstrap --variant=minbase bookworm $base $mirror (once; cached)"
    rm -rf --one-file-system "$base.tmp"
    mkdir -p "$cache"
    debootstrap --variant=minbase bookworm "$base.tmp" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
      { tail -20 "$cache/debootstrap.log"; echo "kreg: error: debootstrap failed (log: $cache/debootstrap.log)" >&2; exit 1; }
    {
      echo "deb $mirror bookworm main"
      updates="$(apt_uri bookworm-updates | awk 'NR == 1')"
      security="$(apt_uri bookworm-security | awk 'NR == 1')"
      [[ -z "$updates" ]] || echo "deb $updates bookworm-updates main"
      [[ -z "$security" ]] || echo "deb $security bookworm-security main"
    } >"$base.tmp/etc/apt/sources.list"
    touch "$base.tmp/.kreg-complete"
    mv "$base.tmp" "$base"
  else
    echo "== using the cached Debian 12 chroot $base"
  fi
  if [[ -d "$work" ]]; then
    fresh_debian_unmount
    rm -rf --one-file-system "$work"
  fi
  trap fresh_debian_cleanup EXIT
  trap 'exit 130' INT TERM HUP
  cp -a "$base" "$work"
  cp /etc/resolv.conf "$work/etc/resolv.conf"
  mount -t proc proc "$work/proc"
  mkdir -p "$work/dev/pts"
  mount --bind /dev/pts "$work/dev/pts"  # apt's terminal log
}

fresh_debian_unmount() {
  local m
  for m in "$work/dev/pts" "$work/proc"; do
    if mountpoint -q "$m"; then umount "$m"; fi
  done
}
# shellcheck disable=SC2317  # (called by the trap)
fresh_debian_cleanup() {
  fresh_debian_unmount
  if [[ $keep -eq 0 ]]; then rm -rf --one-file-system "$work"; else echo "chroot kept in $work"; fi
}
