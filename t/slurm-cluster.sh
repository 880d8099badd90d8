#!/bin/sh
# slurm-cluster.sh: a one-node Slurm cluster for the tests (t/078-runner.lua) and the lab's
# throughput figures: munged, slurmctld and slurmd on this machine with a key, a socket,
# ports and state of their own in DIR (Debian's packages slurm-wlm and munge; root).
#
#   sh t/slurm-cluster.sh start DIR [PORT]   prints SLURM_CONF=DIR/slurm.conf when the node is
#                                            up (within 30 s), else why not, and exits 1
#   sh t/slurm-cluster.sh stop DIR           ends the three daemons (by their pid files)
set -u
cmd=${1:-} dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: slurm-cluster.sh start|stop DIR [PORT]" >&2; exit 2; }
stop() {   # TERM, then KILL after 5 s; back when the three are gone (10 s at most)
  pids=
  for d in slurmd slurmctld munged; do
    [ -f "$dir/$d.pid" ] && pids="$pids $(cat "$dir/$d.pid")"
  done
  [ -n "$pids" ] || return 0
  # shellcheck disable=SC2086
  kill $pids 2>/dev/null
  i=0
  while [ $i -lt 50 ]; do
    alive=
    for p in $pids; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
    [ -z "$alive" ] && break
    # shellcheck disable=SC2086
    [ $i = 25 ] && kill -9 $alive 2>/dev/null
    sleep 0.2
    i=$((i + 1))
  done
  for d in slurmd slurmctld munged; do rm -f "$dir/$d.pid"; done
  return 0
}
if [ "$cmd" = stop ]; then stop; exit 0; fi
[ "$cmd" = start ] || { echo "slurm-cluster: unknown command '$cmd' (start or stop)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "not root (slurmd must be)"; exit 1; }
for p in munged slurmctld slurmd sbatch srun sinfo; do
  command -v "$p" >/dev/null 2>&1 || [ -x "/usr/sbin/$p" ] ||
    { echo "$p is not installed (Debian packages slurm-wlm and munge)"; exit 1; }
done
PATH=$PATH:/usr/sbin
port=${3:-$((20000 + $$ % 20000))}
host=$(hostname -s)
mkdir -p "$dir/state" "$dir/spool" "$dir/log" || exit 1
chmod 700 "$dir"
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 2>/dev/null && chmod 400 "$dir/munge.key"
munged --force --socket="$dir/munge.sock" --key-file="$dir/munge.key" \
  --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" \
  --seed-file="$dir/munge.seed" >"$dir/log/munged.out" 2>&1 ||
  { echo "munged did not start: $(tail -n 3 "$dir/log/munged.out")"; exit 1; }
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
mem=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)
cat > "$dir/slurm.conf" <<CONF
ClusterName=sgtest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.sock
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MaxArraySize=10001
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=lab Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -c -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 ||
  { echo "slurmctld did not start: $(tail -n 3 "$dir/log/slurmctld.out")"; stop; exit 1; }
slurmd -f "$SLURM_CONF" >"$dir/log/slurmd.out" 2>&1 ||
  { echo "slurmd did not start: $(tail -n 3 "$dir/log/slurmd.out")"; stop; exit 1; }
i=0
while [ $i -lt 30 ]; do
  if sinfo -h -o %t 2>/dev/null | grep -q idle; then echo "SLURM_CONF=$SLURM_CONF"; exit 0; fi
  sleep 1
  i=$((i + 1))
done
echo "the node did not come up within 30 s: $(tail -n 2 "$dir/log/slurmctld.log" 2>/dev/null)"
stop
exit 1
