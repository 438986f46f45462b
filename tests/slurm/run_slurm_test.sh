#!/usr/bin/env bash
# The Slurm integration test (ctest -L slurm; docs/slurm.md).
#
# Starts a single-node Slurm cluster from Debian's packages (munged,
# slurmctld, slurmd) on localhost, as root, in a private directory, on
# private ports, without systemd. Writes a small sweep's batch scripts with
# `anesim sweep --slurm-script DIR --shards N`, submits them (a job array
# with one shard per task and an afterok merge job), waits with a deadline,
# and compares the merged CSV byte for byte with an unsharded local run.
#
# Every wait has a wall-clock deadline and every Slurm client call a
# timeout. On every exit path (pass, fail, deadline, Ctrl-C) the trap
# cancels the jobs, stops the daemons (KILL after a grace period), kills any
# process still carrying this run's marker in its environment, and removes
# the directory: nothing is left behind.
#
# usage: run_slurm_test.sh ANESIM [SWEEP OPTIONS...]
#   default sweep: --lines-range 256:4096:256 --cores 1 (32 points)
#   ANESIM_SLURM_SHARDS   array tasks (default 4)
#   ANESIM_SLURM_JOBS     -j of each shard task, and its CPUs (default 1)
#   ANESIM_SLURM_DEADLINE seconds for the whole test (default 200)
# Exit 0: passed; 1: failed; 77: skipped (not root, or the packages missing).
set -uo pipefail
umask 022

t0=$SECONDS
log() { echo "slurm-test: [$((SECONDS - t0)) s] $*"; }
fail() {
  log "FAIL: $*"
  exit 1
}

anesim=$(readlink -f "${1:?usage: $0 ANESIM [SWEEP OPTIONS...]}")
shift
sweep=("$@")
[ ${#sweep[@]} -gt 0 ] || sweep=(--lines-range 256:4096:256 --cores 1)
shards=${ANESIM_SLURM_SHARDS:-4}
jobs=${ANESIM_SLURM_JOBS:-1}
deadline=$((SECONDS + ${ANESIM_SLURM_DEADLINE:-200}))

if [ "$(id -u)" -ne 0 ]; then
  log "SKIP: needs root (slurmd runs jobs as root here)"
  exit 77
fi
for tool in munged mungekey munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol scancel \
  python3 timeout; do
  command -v "$tool" > /dev/null || {
    log "SKIP: $tool is missing (.ci/install-deps installs slurmctld slurmd slurm-client munge)"
    exit 77
  }
done
[ -x "$anesim" ] || fail "$anesim is not an executable"

# mktemp -d gives 0700; munged refuses a socket below a directory others
# cannot search (clients then stall on "Munge encode failed").
D=$(mktemp -d /tmp/anesim-slurm-XXXXXX) || fail "mktemp"
chmod 0755 "$D"
marker="ANESIM_SLURM_TEST=$D"  # in the environment of every daemon and job
conf=$D/slurm.conf
export SLURM_CONF=$conf
munge_pid="" ctld_pid="" slurmd_pid=""

alive() {  # alive PID: running and not a zombie
  [ -n "$1" ] && [ -r "/proc/$1/stat" ] && [ "$(sed 's/^.*) //' "/proc/$1/stat" | cut -c1)" != Z ]
}

stop() {  # stop PID: TERM, up to 15 s, then KILL; reaps it
  local pid=$1
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2> /dev/null
  for _ in $(seq 150); do
    alive "$pid" || break
    sleep 0.1
  done
  alive "$pid" && kill -KILL "$pid" 2> /dev/null
  wait "$pid" 2> /dev/null
  return 0
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [ -n "$ctld_pid" ] && alive "$ctld_pid"; then
    local ids
    ids=$(timeout 5 squeue -h -o %A 2> /dev/null | tr '\n' ' ')
    [ -n "${ids// /}" ] && timeout 5 scancel $ids 2> /dev/null
    local until=$((SECONDS + 20))
    while [ $SECONDS -lt $until ] && [ -n "$(timeout 5 squeue -h -o %A 2> /dev/null)" ]; do
      sleep 0.5
    done
  fi
  stop "$slurmd_pid"
  stop "$ctld_pid"
  stop "$munge_pid"
  # Job steps outlive a killed slurmd: find them by this run's marker.
  local p
  for p in /proc/[0-9]*; do
    if [ "${p#/proc/}" != $$ ] &&
      [[ $'\n'$(tr '\0' '\n' < "$p/environ" 2> /dev/null)$'\n' == *$'\n'"$marker"$'\n'* ]]; then
      kill -KILL "${p#/proc/}" 2> /dev/null && log "killed leftover process ${p#/proc/}"
    fi
  done
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
    for f in "$D"/log/* "$D"/job/logs/*; do
      [ -f "$f" ] && { echo "--- $f (last 20 lines)"; tail -n 20 "$f"; }
    done
  fi
  rm -rf "$D"
  log "torn down (exit $rc)"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

wait_for() {  # wait_for SECONDS WHAT COMMAND...: poll until COMMAND succeeds
  local limit=$(($1 + SECONDS)) what=$2
  shift 2
  [ $limit -gt $deadline ] && limit=$deadline
  until "$@"; do
    for pid in $munge_pid $ctld_pid $slurmd_pid; do
      alive "$pid" || fail "waiting for $what: a daemon (pid $pid) exited"
    done
    [ $SECONDS -ge $limit ] && fail "waiting for $what: deadline"
    sleep 0.2
  done
}

# --- munge, with a private key and socket.
mkdir -p "$D/munge" "$D/state" "$D/spool" "$D/log" "$D/out"
mungekey -c -k "$D/munge/munge.key" || fail "mungekey"
env "$marker" munged -F --key-file="$D/munge/munge.key" --socket="$D/munge/munge.sock" \
  --pid-file="$D/munge/munged.pid" --log-file="$D/log/munged.log" \
  --seed-file="$D/munge/munged.seed" --origin=127.0.0.1 > "$D/log/munged.out" 2>&1 &
munge_pid=$!
munge_ok() {
  timeout 5 munge -S "$D/munge/munge.sock" -n 2> /dev/null |
    timeout 5 unmunge -S "$D/munge/munge.sock" > /dev/null 2>&1
}
wait_for 15 "munged" munge_ok

# --- slurmctld and slurmd on two free private ports.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
cat > "$conf" << EOF
ClusterName=anesimtest
SlurmctldHost=localhost
SlurmUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$D/munge/munge.sock
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
SchedulerParameters=batch_sched_delay=0
MinJobAge=600
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=anesim Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
env "$marker" slurmctld -D -f "$conf" > "$D/log/slurmctld.out" 2>&1 &
ctld_pid=$!
env "$marker" slurmd -D -N localhost -f "$conf" > "$D/log/slurmd.out" 2>&1 &
slurmd_pid=$!
node_idle() { [ "$(timeout 5 sinfo -h -N -o %t 2> /dev/null)" = idle ]; }
wait_for 60 "the node to be idle" node_idle
log "cluster up: munged $munge_pid, slurmctld $ctld_pid (port $ctld_port), slurmd $slurmd_pid (port $slurmd_port)"

# --- the sweep as a job array plus an afterok merge.
"$anesim" sweep "${sweep[@]}" -j "$jobs" --csv "$D/out/merged.csv" \
  --slurm-script "$D/job" --shards "$shards" || fail "anesim sweep --slurm-script"
t_submit=$SECONDS
submitted=$(env "$marker" timeout 30 "$D/job/submit.sh") || fail "submit.sh: $submitted"
echo "$submitted"
array=$(sed -n 's/.*array job \([0-9]*\).*/\1/p' <<< "$submitted")
merge=$(sed -n 's/.*merge job \([0-9]*\).*/\1/p' <<< "$submitted")
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in submit.sh's output"

merge_state() { timeout 5 scontrol -o show job "$merge" 2> /dev/null | grep -o 'JobState=[A-Z_]*'; }
merge_done() {
  local s
  s=$(merge_state)
  case "$s" in
    JobState=COMPLETED) return 0 ;;
    JobState=PENDING | JobState=RUNNING | JobState=CONFIGURING | JobState=COMPLETING | "")
      if [[ $(timeout 5 scontrol -o show job "$merge" 2> /dev/null) == *DependencyNeverSatisfied* ]]; then
        fail "a shard failed: the merge can never run"
      fi
      return 1 ;;
    *) fail "merge job $merge ended in $s" ;;
  esac
}
wait_for $((deadline - SECONDS)) "the job array and the merge" merge_done
t_slurm=$((SECONDS - t_submit))
log "array job $array ($shards shards) and merge job $merge completed in $t_slurm s"

# --- the same sweep, unsharded, here.
t_local0=$SECONDS
timeout $((deadline - SECONDS)) "$anesim" sweep "${sweep[@]}" -j 2 --csv "$D/out/local.csv" \
  > /dev/null || fail "the local sweep"
t_local=$((SECONDS - t_local0))
for i in $(seq "$shards"); do
  [ -s "$D/job/parts/part-$i-of-$shards.csv" ] || fail "part $i of $shards missing"
done
cmp "$D/out/merged.csv" "$D/out/local.csv" || fail "the merged CSV differs from the local run's"
log "PASS: merged CSV ($(($(wc -l < "$D/out/local.csv") - 1)) rows) identical to the local run;" \
  "Slurm ($shards shards, -j $jobs each) $t_slurm s, local (-j 2) $t_local s"
exit 0
