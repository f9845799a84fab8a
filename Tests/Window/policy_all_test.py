"""A fair comparison headless (issue 22): `replay FILE --headless --policy all` plays the same gesture under
every policy in turn, on the same clock from the same offset, and prints the callbacks once and one `end`
line per policy with its name, each equal to that policy's own run. Headless: no display needed.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, policies

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gesture = os.path.join(root, "Assets", "Gestures", "rapid-flings.jsonl")
policies = policies(binary)


def replay(*extra):
    result = subprocess.run([binary, "replay", gesture, "--headless", *extra], capture_output=True, text=True, timeout=120)
    check(result.returncode == 0, "replay %s ran (%s)" % (" ".join(extra), result.stderr.strip()))
    return [json.loads(line) for line in result.stdout.splitlines()]


everything = replay("--policy", "all")
ends = [line for line in everything if line["event"] == "end"]
check([e["policy"] for e in ends] == policies, "one end line per policy, in order: %s" % [e.get("policy") for e in ends])
callbacks = [line for line in everything if line["event"] != "end"]
for policy, end in zip(policies, ends):
    alone = replay("--policy", policy)
    check(alone[:-1] == callbacks, "%s: the same callbacks as its own run" % policy)
    mine = {k: v for k, v in end.items() if k != "policy"}
    check(mine == alone[-1], "%s: its end line equals its own run's" % policy)
