#!/bin/sh
# slurm-runner.sh: a runner of stratagem's lab (stratagem sprt/tune --runner slurm): plays the
# job file JOBS as a Slurm job array and writes the result lines to RESULTS.
#
#   sh slurm-runner.sh [--srun] JOBS RESULTS
#
# The job lines are split among SG_SLURM_TASKS array tasks (default: one per CPU of the
# allocation, or of the cluster as sinfo counts them; at most one per line and 1000), task i
# playing lines i, i + T, i + 2T, ... with `stratagem job -`; `sbatch --array=1-T` submits them
# and the script waits for them all (as sbatch --wait would, without its polling delay); their
# results are joined task by task into RESULTS.  With
# --srun the tasks are the T tasks of one `srun --ntasks=T` (inside an allocation from salloc
# or sbatch, or making one).  The work folder is made in SG_SLURM_DIR (default: the current
# folder), which the nodes must see; STRATAGEM names the program (default: stratagem on the
# PATH) and SG_SLURM_ARGS adds options to sbatch or srun (a partition, a time limit).  The exit
# status is sbatch's or srun's: a task that failed leaves its games without a result, which
# the lab plays again (--retries); so does a job that leaves the queue with tasks unfinished
# (exit status 1).
set -u
mode=sbatch
if [ "${1:-}" = "--srun" ]; then mode=srun; shift; fi
if [ $# -ne 2 ]; then
  echo "usage: sh slurm-runner.sh [--srun] JOBS RESULTS" >&2
  exit 2
fi
jobs=$1 results=$2
prog=${STRATAGEM:-stratagem}
n=$(grep -c . "$jobs") || { echo "slurm-runner: no job lines in $jobs" >&2; exit 2; }
# tasks: as many as the CPUs (of the allocation inside one, else the cluster's), so that one
# wave of tasks plays the batch and no task waits for a CPU (srun would wait for ever)
cpus=${SLURM_NTASKS:-$(sinfo -h -o %C 2>/dev/null | awk -F/ '{ t += $4 } END { print t + 0 }')}
[ "${cpus:-0}" -ge 1 ] 2>/dev/null || cpus=1
tasks=${SG_SLURM_TASKS:-$cpus}
[ "$tasks" -gt "$n" ] && tasks=$n
[ "$tasks" -gt 1000 ] && tasks=1000
work=$(mktemp -d "${SG_SLURM_DIR:-.}/sg-slurm.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cp "$jobs" "$work/jobs.txt" || exit 1
# one task: its lines of the job file, played in turn
cat > "$work/task.sh" <<TASK
#!/bin/sh
i=\${SLURM_ARRAY_TASK_ID:-\$((\${SLURM_PROCID:-0} + 1))}
awk -v i="\$i" -v t=$tasks 'NF && (NR - 1) % t + 1 == i' "$work/jobs.txt" |
  "$prog" job - > "$work/\$i.res"
touch "$work/\$i.done"
TASK
status=0
if [ "$mode" = srun ]; then
  # shellcheck disable=SC2086
  srun --ntasks="$tasks" ${SG_SLURM_ARGS:-} sh "$work/task.sh" || status=$?
else
  # sbatch --wait polls the job at intervals that grow to 10 s, which cost 5 to 20 s a batch
  # here (doc/lab.md, "Across machines"): each task marks its end with a file instead, seen
  # within 0.2 s, and squeue is asked every 2 s whether the job has left the queue (a task
  # that died leaves no mark)
  # shellcheck disable=SC2086
  id=$(sbatch --parsable --array="1-$tasks" --job-name=stratagem-lab \
         --output="$work/%a.out" --error="$work/%a.err" ${SG_SLURM_ARGS:-} "$work/task.sh") ||
    exit 1
  id=${id%%;*}
  trap 'scancel "$id" 2>/dev/null; rm -rf "$work"; exit 130' INT TERM
  k=0
  while :; do
    i=1 done=1
    while [ "$i" -le "$tasks" ]; do
      [ -f "$work/$i.done" ] || { done=0; break; }
      i=$((i + 1))
    done
    [ "$done" = 1 ] && break
    if [ $((k % 10)) = 9 ] && [ -z "$(squeue -h -j "$id" -o %i 2>/dev/null)" ]; then
      sleep 1   # a task's mark written just before the job left the queue
      i=1
      while [ "$i" -le "$tasks" ]; do
        [ -f "$work/$i.done" ] || { echo "slurm-runner: task $i of job $id ended without" \
                                      "finishing its games" >&2; status=1; }
        i=$((i + 1))
      done
      break
    fi
    sleep 0.2
    k=$((k + 1))
  done
  cat "$work"/*.err >&2 2>/dev/null
fi
i=1
: > "$results"
while [ "$i" -le "$tasks" ]; do
  [ -f "$work/$i.res" ] && cat "$work/$i.res" >> "$results"
  i=$((i + 1))
done
exit "$status"
