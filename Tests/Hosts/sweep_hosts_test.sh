#!/usr/bin/env bash
# A sweep that outgrows one machine, run for real (B-SCALE-1): two hosts on this machine, each a network
# namespace joined to this one by a veth pair and running its own sshd (Debian's openssh-server), run the
# sweep documented in docs/sweeps.md with GNU Parallel over `--sshlogin`, `scrolllab-headless` on each.
#
#   1. The parts, merged, are byte-equal to the same sweep run on one machine.
#   Where the binary links the Swift runtime statically (a release build), host 2 has no Swift toolchain:
#   its sshd runs with the toolchain's runtime directory covered by an empty one, so each shard there shows
#   the binary needs none.
#   2. A host killed mid-sweep (every process in its namespace, its sshd included), then brought back and
#      the sweep resumed (`parallel --resume-failed`, each shard's `sweep run` resuming its own part), loses
#      nothing and doubles nothing: the merge is again byte-equal to the one-machine run.
#
# Usage: Tests/Hosts/sweep_hosts_test.sh path/to/scrolllab-headless
# Needs root (network namespaces), ip, sshd, ssh, rsync and parallel; where it cannot make a namespace it says
# so in one line and exits 0 (a developer's machine without root), unless SCROLLLAB_REQUIRE_HOSTS=1.
# The hosts' addresses are 10.A.N.2 inside namespaces this script makes and removes, A the first from 231 on
# whose two /24s no route of this machine covers but its default one (another run's hosts, a real network):
# no traffic leaves the machine.
set -euo pipefail

binary="$(realpath "${1:?usage: sweep_hosts_test.sh path/to/scrolllab-headless}")"
catch_mid_run="$(cd "$(dirname "$0")" && pwd)/catch_mid_run.py"   # beside this script
tag="sl$$"
work="$(mktemp -d /tmp/scrolllab-hosts.XXXXXX)"
remote="/tmp/scrolllab-hosts-remote-$$"   # each host's --workdir: the parts are written there, then returned
hosts=(1 2)

skip() {
  echo "sweep_hosts_test: skipped: $1"
  [ "${SCROLLLAB_REQUIRE_HOSTS:-0}" = 1 ] && exit 1
  exit 0
}
fail() { echo "FAIL: $1"; exit 1; }
ok() { echo "ok: $1"; }

cleanup() {
  local n
  for n in "${hosts[@]}"; do
    ip netns pids "$tag-h$n" 2>/dev/null | xargs -r kill -KILL 2>/dev/null || true
    ip netns del "$tag-h$n" 2>/dev/null || true
    ip link del "$tag-v$n" 2>/dev/null || true
  done
  rm -rf "$work" "$remote"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

[ "$(id -u)" = 0 ] || skip "needs root for network namespaces"
for tool in ip /usr/sbin/sshd ssh ssh-keygen rsync parallel; do
  command -v "$tool" > /dev/null || skip "$tool is not installed (make test-deps installs it)"
done
ip netns add "$tag-probe" 2>/dev/null || skip "cannot make a network namespace here"
ip netns del "$tag-probe"

# The hosts' network: 10.A.1.0/24 and 10.A.2.0/24, free on this machine (a route covering an address, a
# stale namespace's link for one, would take the packets meant for a host: connections refused).
net=""
for a in $(seq 231 254); do
  free=1
  for n in "${hosts[@]}"; do
    [ -z "$(ip -4 route show match "10.$a.$n.2" | grep -v '^default' || true)" ] || free=0
  done
  [ "$free" = 1 ] && { net="10.$a"; break; }
done
[ -n "$net" ] || fail "no free 10.A.1.0/24 and 10.A.2.0/24 for the hosts (A from 231 to 254): $(ip -4 route)"

# Keys: one for the hosts, one for the client, authorised for root on every host.
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/client_key"
cp "$work/client_key.pub" "$work/authorized_keys"
mkdir -p /run/sshd "$remote" "$work/local"
chmod 755 /run/sshd
# The timeouts are for a starved host, not a dead one: in `make test` the hosts' sshd runs at the idle class
# beside a loaded machine, where a banner took more than 5 s; a host killed here is seen at once (its
# namespace's kernel closes the connections of the processes killed, and refuses new ones).
cat > "$work/ssh" <<EOF
#!/bin/sh
exec ssh -i "$work/client_key" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes \
  -o LogLevel=ERROR -o ConnectTimeout=120 -o ServerAliveInterval=10 -o ServerAliveCountMax=12 "\$@"
EOF
chmod +x "$work/ssh"

# Host 2 without the Swift runtime: the directory the toolchain's shared runtime lives in, covered (inside
# that host's mount namespace only) when the binary does not need it.
hidden_runtime=""
if ! readelf -d "$binary" | grep 'libswiftCore' > /dev/null; then  # the whole input read: no SIGPIPE under pipefail
  hidden_runtime=$(swift -print-target-info 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeLibraryPaths"][0])' || true)
  [ -f "$hidden_runtime/libswiftCore.so" ] || fail "cannot find the toolchain's shared runtime to hide from host 2 ($hidden_runtime)"
fi

# start_host N: the namespace, its link ($net.N.1 here, $net.N.2 there) and its sshd.
start_host() {
  local n=$1 ns="$tag-h$1" pid
  if ! ip netns list | grep -w "$ns" > /dev/null; then
    ip netns add "$ns"
    ip link add "$tag-v$n" type veth peer name eth0 netns "$ns"
    ip addr add "$net.$n.1/24" dev "$tag-v$n"
    ip link set "$tag-v$n" up
    ip netns exec "$ns" ip addr add "$net.$n.2/24" dev eth0
    ip netns exec "$ns" ip link set eth0 up
    ip netns exec "$ns" ip link set lo up
  fi
  cat > "$work/sshd-$n.conf" <<EOF
ListenAddress $net.$n.2
Port 22
HostKey $work/host_key
AuthorizedKeysFile $work/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile $work/sshd-$n.pid
EOF
  local cover=""   # `ip netns exec` runs the host in a mount namespace of its own: the cover stays there
  [ "$n" = 2 ] && [ -n "$hidden_runtime" ] && cover="mount -t tmpfs -o size=1m,mode=755 none '$hidden_runtime' &&"
  rm -f "$work/sshd-$n.log"   # a host brought back: its last sshd's "listening" is not this one's
  ip netns exec "$ns" sh -c "$cover exec /usr/sbin/sshd -D -e -f '$work/sshd-$n.conf'" 2> "$work/sshd-$n.log" &
  pid=$!
  disown "$pid"   # killed with its host, on purpose: no "Killed" notice from this shell
  # Up when it says it listens, however long that takes while it lives: it runs at this test's class, in
  # `make test` the idle one, where a loaded machine kept it from listening for over a minute (a count of
  # tries ran out). Ten minutes at most, so that a hung sshd fails the test rather than the CI's time limit.
  local began=$SECONDS
  until grep -qF "Server listening on $net.$n.2 port 22." "$work/sshd-$n.log"; do
    kill -0 "$pid" 2>/dev/null || { cat "$work/sshd-$n.log"; fail "host $n's sshd ended before it listened"; }
    [ $((SECONDS - began)) -lt 600 ] || { cat "$work/sshd-$n.log"; fail "host $n's sshd did not listen in 10 minutes"; }
    sleep 0.1
  done
  "$work/ssh" "root@$net.$n.2" true 2> "$work/ssh-$n.err" && return 0
  cat "$work/sshd-$n.log" "$work/ssh-$n.err"
  fail "host $n's sshd listens and does not let the client in"
}

# stop_host N: every process in host N's namespace killed at once (a machine that dies).
# A process may end between the listing and the kill (kill then fails, and xargs with it): listed again
# until none is left.
stop_host() {
  local pids tries=0
  while pids=$(ip netns pids "$tag-h$1") && [ -n "$pids" ]; do
    tries=$((tries + 1))
    [ "$tries" -le 200 ] || fail "host $1's processes outlived 200 kills: $pids"
    kill -KILL $pids 2>/dev/null || true
    sleep 0.02
  done
}

for n in "${hosts[@]}"; do start_host "$n"; done
if [ -n "$hidden_runtime" ]; then
  # The cover holds on host 2 (a dynamically linked Swift program there would not start) and not here.
  "$work/ssh" root@$net.2.2 "test ! -e '$hidden_runtime/libswiftCore.so'" || fail "host 2 still sees $hidden_runtime/libswiftCore.so"
  [ -f "$hidden_runtime/libswiftCore.so" ] || fail "hiding the runtime from host 2 hid it here too"
  "$work/ssh" root@$net.2.2 "'$binary' sweep --help" > /dev/null || fail "$binary does not start on host 2, which has no Swift runtime"
  ok "host 2 has no Swift runtime ($hidden_runtime covered there): the binary starts on it"
else
  echo "note: $(basename "$binary") links the Swift runtime dynamically (a debug build): both hosts keep the toolchain"
fi
ok "two hosts up: $(for n in "${hosts[@]}"; do "$work/ssh" "root@$net.$n.2" 'echo -n "$(ip -o -4 addr show eth0 | awk "{print \$4}") "'; done)"

# The population and the one-machine run.
# 192 sessions: each shard about a second of work in the release build (3 of them on host 2).
"$binary" gestures generate --kind mixed --count 192 --seed 20261129 --out "$work/pop" > /dev/null
sweep_args=(--gestures "$work/pop" --policies all --latency-ms 0,80 --jobs 1)
"$binary" sweep run "${sweep_args[@]}" --out "$work/one.jsonl" 2> /dev/null
"$binary" sweep merge "$work/one.jsonl" --out "$work/one-merged.jsonl"
lines=$(wc -l < "$work/one-merged.jsonl")
# 192 sessions × every policy × 2 latencies (however many policies the registry holds).
[ "$lines" -gt 0 ] && [ $((lines % 384)) -eq 0 ] || fail "the one-machine run has $lines results, not 192 sessions × 2 latencies × the policies"

shards=6
logins="1/root@$net.1.2,1/root@$net.2.2"
# run_sweep LOCAL_DIR [PARALLEL OPTIONS…]: the documented command, each shard's part returned to LOCAL_DIR.
run_sweep() {
  local dir=$1; shift
  (cd "$dir" && parallel --ssh "$work/ssh" --sshlogin "$logins" --workdir "$remote" --return "part-{}.jsonl" "$@" \
    "$binary" sweep run "${sweep_args[@]}" --shard "{}/$shards" --out "part-{}.jsonl" ::: $(seq 1 "$shards"))
}
merge_parts() { "$binary" sweep merge "$1"/part-*.jsonl --out "$1/merged.jsonl"; }

# 1. Across two hosts.
mkdir -p "$work/local/clean"
run_sweep "$work/local/clean" --joblog "$work/clean.joblog" 2> "$work/clean.err" || { cat "$work/clean.err"; fail "the sweep across two hosts failed"; }
ran_on=$(awk 'NR > 1 { print $2 }' "$work/clean.joblog" | sort -u | tr '\n' ' ')
[ "$(awk 'NR > 1 { print $2 }' "$work/clean.joblog" | sort -u | wc -l)" -eq 2 ] || fail "the shards did not run on both hosts: $ran_on"
merge_parts "$work/local/clean"
cmp -s "$work/one-merged.jsonl" "$work/local/clean/merged.jsonl" || fail "the parts merged differ from the one-machine run"
ok "$shards shards on two hosts ($ran_on), returned and merged: byte-equal to the one-machine run ($lines results)"

# 2. Host 2 killed mid-sweep, brought back, the sweep resumed.
rm -rf "$remote"/part-*.jsonl
mkdir -p "$work/local/killed"
# From the start of this run to the kill this shell runs at the normal class, so that the watcher below starts
# at once (at the idle class beside the unit tests, starting a process took seconds: a shard's whole run);
# the shards run at the class of the sshd that starts them, this test's. The class is restored after.
shell_class=$(chrt -p $$ | awk -F': ' 'NR == 1 { print $2 }')
chrt --other -p 0 $$ > /dev/null 2>&1 || true
run_sweep "$work/local/killed" --joblog "$work/killed.joblog" > /dev/null 2> "$work/killed.err" &
sweep=$!
# Kill host 2 while one of its shards is mid-run, however slow or fast the machine (no time limit, only the
# sweep's own end). Tests/Hosts/catch_mid_run.py looks at host 2 from the normal class and stops a shard it
# sees there (SIGSTOP) while its part is counted, so the shard cannot finish between the look and the kill:
# once its part holds some of its results and not all, the host is killed; otherwise it goes on and is looked
# at again.
shard_lines=$((lines / shards))   # 192 sessions in 6 shards: 32 sessions each
caught=$("$catch_mid_run" --netns "$tag-h2" --while-pid "$sweep" \
  --cmdline 'sweep run .*--shard (?P<shard>[0-9]+)/' --part "$remote/part-{shard}.jsonl" \
  --min 1 --below "$shard_lines" 2> "$work/catch.err") \
  || { cat "$work/catch.err" "$work/killed.joblog" "$work/killed.err"; fail "host 2 never ran a shard to kill"; }
read -r _ have shard <<< "$caught"
stop_host 2
[ "$shell_class" = SCHED_IDLE ] && chrt --idle -p 0 $$
wait "$sweep" && fail "the sweep reported success with a host killed mid-run" || true
failed=$(awk 'NR > 1 && $7 != 0 { n++ } END { print n + 0 }' "$work/killed.joblog")
[ "$failed" -ge 1 ] || fail "no shard failed when host 2 died"
partial=$(cat "$remote"/part-*.jsonl | wc -l)
ok "host 2 killed mid-sweep, its shard $shard at $have of $shard_lines results: $failed shard(s) failed, $partial of $lines results on the hosts' disks"
start_host 2
run_sweep "$work/local/killed" --joblog "$work/killed.joblog" --resume-failed > /dev/null 2> "$work/resumed.err" \
  || { cat "$work/resumed.err"; fail "the resumed sweep failed"; }
merge_parts "$work/local/killed"
cmp -s "$work/one-merged.jsonl" "$work/local/killed/merged.jsonl" || fail "after the resume the merge differs from the one-machine run"
ok "resumed with parallel --resume-failed: every result once, byte-equal to the one-machine run"
echo "sweep hosts test: all checks passed"
