#!/usr/bin/env bash
# The Slurm job array of docs/sweeps.md, run for real on a one-node cluster made here (B-SCALE-1): munged,
# slurmctld and slurmd from Debian's slurm-wlm and munge, with their own key, ports, state and logs in a
# temporary folder (nothing in /etc is read or changed). One shard per array task:
#
#   1. The parts, merged, are byte-equal to the same sweep run in one process.
#   2. A task killed mid-run (scancel) and submitted again resumes its own part: nothing lost or doubled.
#
# Usage: Tests/Hosts/slurm_array_test.sh path/to/scrolllab-headless
# Needs root (the daemons run as root) and slurm-wlm; where either is missing it says so in one line and
# exits 0, unless SCROLLLAB_REQUIRE_HOSTS=1.
set -euo pipefail

binary="$(realpath "${1:?usage: slurm_array_test.sh path/to/scrolllab-headless}")"
catch_mid_run="$(cd "$(dirname "$0")" && pwd)/catch_mid_run.py"   # the test moves to its work folder
work="$(mktemp -d /tmp/scrolllab-slurm.XXXXXX)"

skip() {
  echo "slurm_array_test: skipped: $1"
  [ "${SCROLLLAB_REQUIRE_HOSTS:-0}" = 1 ] && exit 1
  exit 0
}
fail() {
  echo "FAIL: $1"
  for log in "$work"/log/*.log; do [ -f "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }; done
  exit 1
}
ok() { echo "ok: $1"; }

stop_daemons() {
  local f
  for f in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munged.pid"; do
    [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
  done
  sleep 0.3
  for f in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munged.pid"; do
    [ -s "$f" ] && kill -KILL "$(cat "$f")" 2>/dev/null || true
  done
}
trap 'stop_daemons; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

[ "$(id -u)" = 0 ] || skip "needs root to run slurmctld and slurmd"
for tool in munged mungekey slurmctld slurmd sbatch squeue scancel; do
  command -v "$tool" > /dev/null || skip "$tool is not installed (make test-deps installs slurm-wlm and munge)"
done

# The cluster: one node, this machine, on ports chosen free.
mkdir -p "$work/state" "$work/spool" "$work/log" "$work/job"
mungekey -c -k "$work/munge.key" -f > /dev/null 2>&1 || fail "mungekey could not make a key"
chmod 600 "$work/munge.key"
munged -f --socket="$work/munge.sock" --key-file="$work/munge.key" --log-file="$work/log/munged.log" \
  --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" || fail "munged did not start"
# Two ports in a row, both free, below the kernel's ephemeral range: a port the kernel hands out (port 0,
# a client's connection) never lands there, so nothing running beside this test takes one between this
# check and the daemons' binds. (A free port from the range, and the next one unchecked, once found
# slurmd's taken by another test's connection: slurmd could not listen and the node never came up.)
port=$(python3 - <<'PY'
import random, socket
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
def free(port):
    with socket.socket() as s:
        try:
            s.bind(("0.0.0.0", port))
            return True
        except OSError:
            return False
while True:
    port = random.randrange(10000, max(10002, low - 2))
    if free(port) and free(port + 1):
        print(port)
        break
PY
)
node=$(hostname -s)
cat > "$work/slurm.conf" <<EOF
ClusterName=scrolllab
SlurmctldHost=$node
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$node CPUs=$(nproc) State=UNKNOWN
PartitionName=lab Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
slurmctld -c || fail "slurmctld did not start"
slurmd || fail "slurmd did not start"
# Up when the node is idle, however long that takes while both daemons live: they run at this test's class,
# the idle one in `make test`, where a loaded machine can hold a start back for minutes (a count of tries
# can run out). Ten minutes at most, so that a hung daemon fails the test rather than the CI's time limit.
began=$SECONDS
until sinfo -h -o %t 2>/dev/null | grep -x idle > /dev/null; do
  for daemon in slurmctld slurmd; do   # its pid file is written by the daemon, a moment after it forks
    if [ -s "$work/$daemon.pid" ] && ! kill -0 "$(cat "$work/$daemon.pid")" 2>/dev/null; then
      fail "$daemon ended before the node was idle"
    fi
  done
  # A daemon that cannot listen stays up but never serves: say so now rather than in ten minutes.
  grep -qs "Unable to bind listen port" "$work"/log/slurm*.log && fail "a daemon could not listen on its port"
  [ $((SECONDS - began)) -lt 600 ] || fail "the node is not idle after 10 minutes: $(sinfo -h 2>&1)"
  sleep 0.1
done
ok "a one-node cluster: $(sinfo -h -o '%P %D node(s) %c CPUs %t')"

# The population and the one-process run.
cd "$work/job"
"$binary" gestures generate --kind mixed --count 8 --seed 20261130 --out pop > /dev/null
sweep=(sweep run --gestures pop --policies all --latency-ms 0,80)
"$binary" "${sweep[@]}" --jobs 1 --out one.jsonl 2> /dev/null
"$binary" sweep merge one.jsonl --out one-merged.jsonl 2> /dev/null
lines=$(wc -l < one-merged.jsonl)

# The array script as docs/sweeps.md gives it (4 shards here).
cat > array.sh <<EOF
#!/bin/bash
#SBATCH --array=1-4
#SBATCH --cpus-per-task=1
#SBATCH --output=task-%a.out
"$binary" ${sweep[*]} --jobs "\$SLURM_CPUS_PER_TASK" --shard "\$SLURM_ARRAY_TASK_ID/4" \\
    --out "part-\$SLURM_ARRAY_TASK_ID.jsonl"
EOF
# The queue's state: exit code 0 when it is empty, 1 when it holds a job, 2 when it cannot be read (slurmctld
# busy: the daemons run at this test's class, the idle one in `make test`), never taken for empty.
queue_empty() { local jobs; jobs=$(squeue -h 2>/dev/null) || return 2; [ -z "$jobs" ]; }
wait_for_queue() {
  # 20 minutes: a queue stuck that long is a defect, not a slow machine.
  for _ in $(seq 1 6000); do queue_empty && return 0; sleep 0.2; done
  fail "the queue did not empty in 20 minutes: $(squeue -h)"
}

# 1. The array, then the merge.
sbatch --parsable --chdir="$work/job" array.sh > job.id
wait_for_queue
"$binary" sweep merge part-*.jsonl --out merged.jsonl 2> /dev/null
cmp -s one-merged.jsonl merged.jsonl || fail "the array's parts merged differ from the one-process run"
ok "job array of 4 tasks: parts merged byte-equal to the one-process run ($lines results)"

# 2. Task 1 killed mid-run, submitted again: it resumes its own part. Its shard is made long (a population
# of 400 sessions, 100 of them task 1's: 2 200 results, seconds of work even in the release build), so that
# the cancel lands mid-run however fast the binary; only task 1 is submitted, and its part is compared with
# the same shard run in one process.
"$binary" gestures generate --kind mixed --count 400 --seed 20261130 --out long > /dev/null
sed "s|--gestures pop |--gestures long |" array.sh > long-array.sh
grep -q -- "--gestures long " long-array.sh || fail "the long array script does not read the long population"
"$binary" sweep run --gestures long --policies all --latency-ms 0,80 --jobs 1 --shard 1/4 --out long-one.jsonl 2> /dev/null
"$binary" sweep merge long-one.jsonl --out long-one-merged.jsonl 2> /dev/null
shard_lines=$(wc -l < long-one-merged.jsonl)
rm -f part-*.jsonl task-*.out
# From the submission to the cancel this shell runs at the normal class, so that the watcher below starts at
# once (at the idle class beside the unit tests, starting a process took seconds: the task's whole run); the
# task runs at the class of the daemons that start it, this test's. The class is restored after the cancel.
shell_class=$(chrt -p $$ | awk -F': ' 'NR == 1 { print $2 }')
chrt --other -p 0 $$ > /dev/null 2>&1 || true
job=$(sbatch --parsable --chdir="$work/job" --array=1 long-array.sh)
# Cancel task 1 mid-run, however slow or fast the machine (no time limit, only the task's own end).
# Tests/Hosts/catch_mid_run.py looks from the normal class and stops the task's process (SIGSTOP) while its
# part is counted, so it cannot finish between the look and the cancel: once its part holds 3 results and not
# all, it is cancelled stopped (slurmd sends a job's tasks SIGCONT before SIGTERM); otherwise it goes on and
# is looked at again.
"$catch_mid_run" --while-command 'jobs=$(squeue -h 2>/dev/null) || exit 2; [ -n "$jobs" ]' \
  --cmdline "$(basename "$binary") sweep run --gestures long " --part "$work/job/part-1.jsonl" --min 3 --below "$shard_lines" \
  > /dev/null 2> "$work/catch.err" || { cat "$work/catch.err"; fail "task 1 was never seen mid-run"; }
[ -s part-1.jsonl ] || fail "task 1 left the queue without a result: $(cat task-1.out 2>/dev/null)"
before=$(wc -l < part-1.jsonl)
scancel "${job}_1"
[ "$shell_class" = SCHED_IDLE ] && chrt --idle -p 0 $$
wait_for_queue
grep -q "stopped by SIGTERM" task-1.out || fail "task 1 was not stopped mid-run: $(cat task-1.out)"
partial=$(wc -l < part-1.jsonl)
[ "$partial" -lt "$shard_lines" ] || fail "task 1 finished before it was killed"
sbatch --parsable --chdir="$work/job" --array=1 long-array.sh > /dev/null
wait_for_queue
grep -q "$partial already in" task-1.out || fail "the task submitted again did not resume: $(cat task-1.out)"
"$binary" sweep merge part-1.jsonl --out merged.jsonl 2> /dev/null
cmp -s long-one-merged.jsonl merged.jsonl || fail "after the resume task 1's part differs from its shard run in one process"
ok "task 1 cancelled at $before+ of its $shard_lines results ($partial kept, every line whole) and submitted again: it resumed, its part byte-equal to the shard run in one process"
echo "slurm array test: all checks passed"
