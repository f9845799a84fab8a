"""A negative number is a value, never an option's name (docs/command-line.md): `--minutes -1`,
`--quit-after -1`, `serve --seed -1` and `sweep run --shard -1/2` are judged by the option's own rule
(exit 64, the rule's message), `--out -1` writes the file `-1`, and no option of any command (every
one ArgumentParser describes, hidden ones included) answers a negative value with "Missing value".
"""

import concurrent.futures
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.abspath(os.path.join(here, "..", ".."))
gesture = os.path.join(repo, "Assets", "Gestures", "single-fling.jsonl")
# No display: a window that did start would stop at once instead of waiting.
env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}


def run(*args):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=out, env=env, timeout=60)


for args, words in [(["soak", "--minutes", "-1"], "--minutes must be"),
                    (["--quit-after", "-1"], "--quit-after must be"),
                    (["serve", "--seed", "-1"], "'-1' is invalid for '--seed"),
                    (["sweep", "run", "--gestures", out, "--out", "x.jsonl", "--shard", "-1/2"], "--shard must be K/N"),
                    (["replay", gesture, "--headless", "--latency-ms", "-5"], "--latency-ms must be between 0 and 60000 (got -5.0)")]:
    r = run(*args)
    check(r.returncode == 64 and words in r.stderr and "Missing value" not in r.stderr,
          "%s: exit %d, %s" % (" ".join(args), r.returncode, r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""))

# A value that looks like a negative number, taken where the option's rule accepts it: a file named -1.
r = run("feed", "generate", "--layout", "list", "--count", "3", "--seed", "1", "--out", "-1")
check(r.returncode == 0 and os.path.getsize(os.path.join(out, "-1")) > 0, "feed generate --out -1 writes the file -1 (exit %d: %s)"
      % (r.returncode, r.stderr.strip()[-200:]))
os.unlink(os.path.join(out, "-1"))

# Every option that takes a value, in every command: `-1` is its value. An unknown option after it keeps
# any command from running.
dump = json.loads(run("--experimental-dump-help").stdout)
cases = []


def walk(command, path):
    for argument in command.get("arguments") or []:
        if argument["kind"] == "option":
            longs = [n["name"] for n in argument.get("names") or [] if n["kind"] == "long"]
            if longs:
                cases.append((path, "--" + longs[0]))
    for sub in command.get("subcommands") or []:
        walk(sub, path + [sub["commandName"]])


walk(dump["command"], [])
check(len(cases) > 100, "%d options that take a value" % len(cases))


def missing_value(case):
    path, option = case
    r = run(*path, option, "-1", "--no-such-option-here")
    if "Missing value" in r.stderr or r.returncode == 0:
        return "%s %s: %s" % (" ".join(path), option, r.stderr.strip().splitlines()[0] if r.stderr.strip() else r.returncode)
    return None


# Parsing only: two at a time.
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    missing = [m for m in pool.map(missing_value, cases) if m]
check(missing == [], "no option reads -1 as a missing value (%d tried): %s" % (len(cases), missing[:5]))
print("a negative number is an option's value everywhere")
