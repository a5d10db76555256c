#!/usr/bin/env bash
# A single-node Slurm on this machine, for testing the job-array scripts of scripts/slurm/
# against a real scheduler: munged, slurmctld and slurmd from Debian's packages (installed
# here, with apt-get, when missing), one node that is this host, everything of Slurm's own
# (slurm.conf, state, spool, logs, pid files) in one private directory.
# Usage: scripts/slurm/local_cluster.sh start|stop|status|env
#   start   install what is missing, start the daemons, wait until the node is idle
#   stop    stop the daemons this script started (by their pid files)
#   status  the daemons' pids and sinfo; exit 0 when the node answers, 3 otherwise
#   env     print the line to source for Slurm's commands: export SLURM_CONF=...
# Clients need SLURM_CONF=$KREG_SLURM_DIR/slurm.conf (start prints it; `env` too).
# When Slurm cannot start here (not root, packages not installable, a daemon fails) start
# prints one line "local slurm: cannot start: REASON" and exits with status 77.
# Needs root: Slurm runs with SlurmUser=root, without systemd and without cgroups
# (ProctrackType=proctrack/linuxproc, TaskPlugin=task/none). Not for production use.
set -uo pipefail
DIR="${KREG_SLURM_DIR:-/var/tmp/kreg-slurm}"
CONF="$DIR/slurm.conf"
SKIP=77
export SLURM_CONF="$CONF"

cannot_start() { echo "local slurm: cannot start: $*" >&2; exit "$SKIP"; }

alive() { [[ -s "$1" ]] && kill -0 "$(cat "$1")" 2>/dev/null; }

# Debian's slurmctld, slurmd (which bring sinfo, sbatch, ... in slurm-client) and munge.
install_packages() {
  local missing=() cmd
  for cmd in slurmctld:slurmctld slurmd:slurmd munged:munge sbatch:slurm-client; do
    command -v "${cmd%%:*}" > /dev/null || missing+=("${cmd#*:}")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  command -v apt-get > /dev/null || cannot_start "no apt-get to install ${missing[*]}"
  echo "local slurm: installing ${missing[*]} (log: $DIR/apt.log)"
  # The packages' scripts would try to start the services: policy-rc.d (exit 101) tells
  # invoke-rc.d not to, as a container image usually does already.
  local policy=/usr/sbin/policy-rc.d made_policy=0
  if [[ ! -e "$policy" ]]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && made_policy=1
  fi
  local ok=1
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      "${missing[@]}"; } > "$DIR/apt.log" 2>&1 || ok=0
  [[ $made_policy -eq 1 ]] && rm -f "$policy"
  [[ $ok -eq 1 ]] || cannot_start "apt-get could not install ${missing[*]} (see $DIR/apt.log)"
}

# munged as root (--force: it would rather run as the munge user), with a key of its own
# making when the package left none. Checked by encoding and decoding a credential.
start_munge() {
  if munge -n 2>/dev/null | unmunge > /dev/null 2>&1; then return 0; fi
  mkdir -p /run/munge /var/log/munge /var/lib/munge /etc/munge
  if [[ ! -s /etc/munge/munge.key ]]; then
    if command -v mungekey > /dev/null; then mungekey --create --keyfile=/etc/munge/munge.key
    elif command -v create-munge-key > /dev/null; then create-munge-key -f
    else cannot_start "no munge key and no mungekey to make one"; fi
  fi
  chmod 0400 /etc/munge/munge.key
  munged --force --pid-file="$DIR/munged.pid" > "$DIR/munged.out" 2>&1 \
    || cannot_start "munged failed: $(tail -1 "$DIR/munged.out")"
  echo "$DIR/munged.pid" > "$DIR/munged.ours"   # stop ends only a munged that start started
  for _ in $(seq 1 20); do
    munge -n 2>/dev/null | unmunge > /dev/null 2>&1 && return 0
    sleep 0.5
  done
  cannot_start "munged does not answer (munge -n | unmunge)"
}

# slurm.conf for one node, this host, reached on 127.0.0.1; its hardware line is the one
# `slurmd -C` reports. Jobs leave a line each in jobcomp.txt (there is no accounting
# database, so sacct has nothing: completed jobs stay visible to scontrol for MinJobAge s).
write_conf() {
  local host node name
  host=$(hostname -s)
  node=$(slurmd -C 2>/dev/null | grep '^NodeName=') || cannot_start "slurmd -C prints no NodeName line"
  name=${node%% *}; name=${name#NodeName=}
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/logs"
  cat > "$CONF" <<EOF
# Written by scripts/slurm/local_cluster.sh: a single-node test cluster.
ClusterName=kreglocal
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/logs/slurmctld.log
SlurmdLogFile=$DIR/logs/slurmd.log
SlurmctldPort=${KREG_SLURM_PORT:-6817}
SlurmdPort=$(( ${KREG_SLURM_PORT:-6817} + 1 ))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=kill_invalid_depend
MpiDefault=none
ReturnToService=2
MinJobAge=3600
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$DIR/logs/jobcomp.txt
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=$name Default=YES MaxTime=INFINITE State=UP
EOF
}

node_state() { sinfo -h -N -o '%T' 2>/dev/null | head -1; }

start() {
  [[ $(id -u) -eq 0 ]] || cannot_start "needs root (Slurm's daemons run as SlurmUser=root here)"
  mkdir -p "$DIR" || cannot_start "cannot create $DIR"
  install_packages
  start_munge
  if alive "$DIR/slurmctld.pid" && alive "$DIR/slurmd.pid" && [[ "$(node_state)" == idle* ]]; then
    echo "local slurm: running already (export SLURM_CONF=$CONF)"; return 0
  fi
  write_conf
  alive "$DIR/slurmctld.pid" || slurmctld > "$DIR/logs/slurmctld.out" 2>&1 \
    || cannot_start "slurmctld failed: $(tail -1 "$DIR/logs/slurmctld.log" 2>/dev/null)"
  alive "$DIR/slurmd.pid" || slurmd > "$DIR/logs/slurmd.out" 2>&1 \
    || cannot_start "slurmd failed: $(tail -1 "$DIR/logs/slurmd.log" 2>/dev/null)"
  local state=""
  for _ in $(seq 1 60); do
    state=$(node_state)
    [[ "$state" == idle* ]] && { echo "local slurm: node $(hostname -s) idle (export SLURM_CONF=$CONF)"; return 0; }
    sleep 1
  done
  cannot_start "the node is not idle after 60 s (state: ${state:-no answer}; logs in $DIR/logs)"
}

# Ends the daemons by the pids they wrote, first asking slurmctld to shut the cluster down.
stop() {
  if alive "$DIR/slurmctld.pid"; then scontrol shutdown > /dev/null 2>&1 || true; fi
  local pidfile
  for pidfile in "$DIR/slurmd.pid" "$DIR/slurmctld.pid" $(cat "$DIR/munged.ours" 2>/dev/null); do
    alive "$pidfile" || continue
    kill "$(cat "$pidfile")" 2>/dev/null
    for _ in $(seq 1 20); do alive "$pidfile" || break; sleep 0.5; done
    alive "$pidfile" && kill -9 "$(cat "$pidfile")" 2>/dev/null
  done
  rm -f "$DIR/munged.ours"
  echo "local slurm: stopped"
}

status() {
  local d ok=0
  for d in munged slurmctld slurmd; do
    if alive "$DIR/$d.pid"; then echo "$d: running (pid $(cat "$DIR/$d.pid"))"; else echo "$d: not running (by this script)"; fi
  done
  sinfo 2>/dev/null && ok=1
  [[ $ok -eq 1 ]] || { echo "sinfo: no answer"; return 3; }
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) echo "export SLURM_CONF=$CONF" ;;
  -h|--help) echo "usage: local_cluster.sh start|stop|status|env" ;;
  *) echo "local_cluster.sh: error: usage: local_cluster.sh start|stop|status|env" >&2; exit 2 ;;
esac
