#!/usr/bin/env python3
"""Catches a sweep shard mid-run for the hosts tests: stopped (SIGSTOP) with some of its results written and
not all, so that the test can kill its host or cancel its task at that point, however slow the machine.

    catch_mid_run.py --cmdline REGEX --part TEMPLATE --min N --below M
                     (--while-pid PID | --while-command CMD) [--netns NAME] [--every SECONDS]

Looks every SECONDS (0.02) for a process whose command line (arguments joined by spaces) matches REGEX, in
network namespace NAME if given. A process seen is stopped while its part (TEMPLATE with REGEX's named groups
filled in, e.g. part-{shard}.jsonl) is counted: holding at least N lines and fewer than M, it is left stopped,
"PID LINES" and the values of REGEX's groups are printed and the exit code is 0; otherwise it is continued and
looked at again. CMD is run every 0.5 s: exit code 0 says the run goes on, 1 that it ended, any other (the
state could not be read) is asked again. When the run ends (PID gone, or CMD says so) with nothing caught:
exit code 1 and what was seen on standard error.

The hosts tests run at the idle scheduling class beside the unit tests; a shell loop there that started a
dozen processes a look waited seconds for each look behind idle-class work that never sleeps, and whole
shards ran between two looks. So the tests start this watcher from the normal class (even starting a
process at the idle class took seconds), it keeps to that class (it moves itself there if started
otherwise), and a look is one pass over /proc with no process started (CMD's twice a second aside).
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time


def netns_inode(name):
    return os.stat(f"/run/netns/{name}").st_ino


def processes(inode):
    """(pid, command line) of every process, in the namespace whose inode is `inode` if given."""
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            if inode is not None and os.stat(f"/proc/{entry.name}/ns/net").st_ino != inode:
                continue
            with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                line = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        yield int(entry.name), line


def alive(pid):
    """Whether `pid` runs (a zombie, not yet waited for by its parent, has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def count_lines(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except OSError:
        return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cmdline", required=True)
    parser.add_argument("--part", required=True)
    parser.add_argument("--min", type=int, required=True)
    parser.add_argument("--below", type=int, required=True)
    parser.add_argument("--while-pid", type=int)
    parser.add_argument("--while-command")
    parser.add_argument("--netns")
    parser.add_argument("--every", type=float, default=0.02)
    args = parser.parse_args()
    if (args.while_pid is None) == (args.while_command is None):
        parser.error("give one of --while-pid and --while-command")
    try:
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    except OSError:
        pass  # not allowed (not root): the looks may come late, the outcome says so
    pattern = re.compile(args.cmdline)
    inode = netns_inode(args.netns) if args.netns else None

    looks = 0
    longest_gap = 0.0
    seen = {}  # pid -> the counts seen at its looks
    finished = set()  # pids whose part was whole when looked at
    codes = {}  # --while-command's exit codes -> how often
    last_look = time.monotonic()
    last_check = 0.0
    while True:
        now = time.monotonic()
        if args.while_pid is not None:
            running = alive(args.while_pid)
        elif now - last_check >= 0.5:
            last_check = now
            code = subprocess.run(args.while_command, shell=True).returncode
            codes[code] = codes.get(code, 0) + 1
            running = code != 1
        if not running:
            break
        looks += 1
        longest_gap = max(longest_gap, now - last_look)
        last_look = now
        for pid, line in processes(inode):
            match = pattern.search(line)
            if match is None or pid in finished or pid == os.getpid():
                continue
            try:
                os.kill(pid, signal.SIGSTOP)
            except ProcessLookupError:
                continue
            have = count_lines(args.part.format(**match.groupdict()))
            seen.setdefault(pid, []).append(have)
            if args.min <= have < args.below:
                print(pid, have, *match.groups(), flush=True)
                return 0
            if have >= args.below:
                finished.add(pid)
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        time.sleep(args.every)
    print(f"catch_mid_run: the run ended with nothing caught: {looks} looks, the longest gap between two "
          f"{longest_gap:.2f} s; seen: "
          + (", ".join(f"pid {pid} at {counts}" for pid, counts in seen.items()) or "no matching process")
          + (f"; --while-command exit codes (code: times): {codes}" if codes else ""),
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
