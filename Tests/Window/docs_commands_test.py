"""Every command the README and docs/*.md show runs as written.

Extracts each fenced ```sh block of README.md and docs/*.md (a line ending in `\\` continues on the next;
a ` # comment` is the reader's, not the shell's), and runs every command with `bash` against the binary
under test (each `scrolllab` word becomes its path), in order, one scratch folder per page (so a page's
`gestures generate` feeds its `sweep`), with the repository's Assets/ and Benchmarks/ linked into it.
Each must exit 0.

Short inputs: generated populations and feeds are cut to a few sessions (SHORTEN), so the whole page runs in
seconds on a debug build; nothing else is changed. The commands not run are listed in SKIP, each with why; a
SKIP entry no page shows any more fails the test, so the list stays the pages' own.

The README is also held to B-DOC-2: at most about 250 lines, with its "Choosing a policy" section.

Usage: docs_commands_test.py BINARY OUTDIR   (SCROLLLAB_RELEASE_BINARY, when set, is used instead of BINARY)
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import time

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
# `make test` builds the release binary too (SCROLLLAB_RELEASE_BINARY): the same commands, in a fraction of
# the debug build's time (`bench --network all` and the videos are most of it).
release = os.environ.get("SCROLLLAB_RELEASE_BINARY")
if release and os.access(release, os.X_OK):
    binary = os.path.abspath(release)
print("running the pages' commands with " + binary)
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WINDOW = "opens the window (the window tests drive it)"
SKIP = {
    "make run": "builds release and opens the window",
    "make test": "the whole suite, this test included",
    "make docs": "builds the DocC site from scratch: minutes",
    "make example": "builds the example product; example_test.py runs it",
    "Benchmarks/choose-policy.sh": "a release build and a 1000-session sweep: minutes; "
                                   "the three commands it runs are run below on a short population",
    "scrolllab --compare adaptive,deferred": WINDOW,
    "scrolllab --compare ios,android,flutter-bouncing --replay Assets/Gestures/single-fling.jsonl": WINDOW,
    "scrolllab --network edge": WINDOW,
    "scrolllab --source 'http://127.0.0.1:8080/img/{asset}.jpg'": WINDOW,
    "scrolllab --source 'http://127.0.0.1:8080/img/{asset}.jpg' --clear-disk-cache": WINDOW,
    "scrolllab --feed masonry.jsonl": WINDOW,
    "scrolllab serve --port 8080 --network 3g &": "a server that runs until stopped, on a fixed port "
                                                  "(serve_test.py starts one on a free port)",
    "adb shell getevent -p  > info.txt": "needs an Android device",
    "adb shell getevent -lt > capture.txt": "needs an Android device",
    "scrolllab gestures import capture.txt --info info.txt --density 2.625 --out recorded":
        "needs the device's capture (the unit tests import recorded captures)",
    "parallel --sshlogin 8/node1,8/node2 --workdir /srv/lab --return part-{}.jsonl "
    "scrolllab-headless sweep --gestures pop --policies all --latency-ms 0,80,250 --jobs 1 "
    "--shard {}/16 --out part-{}.jsonl ::: $(seq 1 16)": "needs two other machines",
}

# Short inputs: (pattern, replacement) applied to every command that runs.
SHORTEN = [
    (r"(gestures generate .*--count )\d+", r"\g<1>2"),
    (r"(feed generate .*--count )\d+", r"\g<1>40"),
    (r"(soak --minutes )\d+", r"\g<1>1"),
]


def commands(path):
    """The commands of `path`'s ```sh blocks, continuations joined, comments dropped, with line numbers."""
    found, block, pending, start = [], False, "", 0
    with open(path) as f:
        for number, line in enumerate(f.read().split("\n"), 1):
            if line.startswith("```"):
                block = (not block) and line[3:].strip() == "sh"
                continue
            if not block:
                continue
            text = re.sub(r"\s+#\s.*$", "", line).rstrip()
            if text.lstrip().startswith("#"):
                text = ""
            if not pending:
                start = number
            if text.endswith("\\"):
                pending += text[:-1].strip() + " "
                continue
            command = (pending + text.strip()).strip()
            pending = ""
            if command:
                found.append((start, command))
    return found


pages = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
failures, seen, ran, started = [], set(), 0, time.time()
for page in pages:
    name = os.path.relpath(page, root)
    found = commands(page)
    if not found:
        continue
    scratch = os.path.join(out, "docs-commands", name.replace("/", "_"))
    shutil.rmtree(scratch, ignore_errors=True)   # a page's commands start from nothing, run after run
    os.makedirs(scratch)
    for link in ("Assets", "Benchmarks"):
        if not os.path.exists(os.path.join(scratch, link)):
            os.symlink(os.path.join(root, link), os.path.join(scratch, link))
    for number, command in found:
        seen.add(command)
        if command in SKIP:
            print("skip: %s:%d %s (%s)" % (name, number, command, SKIP[command]))
            continue
        run = re.sub(r"(^|[\s|;&(])scrolllab(?=\s|$)", lambda m: m.group(1) + binary, command)
        for pattern, replacement in SHORTEN:
            run = re.sub(pattern, replacement, run)
        began = time.time()
        try:
            result = subprocess.run(["bash", "-o", "pipefail", "-c", run], cwd=scratch, capture_output=True,
                                    text=True, timeout=300, stdin=subprocess.DEVNULL)
            code, err = result.returncode, result.stderr
        except subprocess.TimeoutExpired:
            code, err = "timeout", ""
        ran += 1
        ok = code == 0
        print("%s: %s:%d %s (exit %s, %.1f s)" % ("ok" if ok else "FAIL", name, number, command, code,
                                                  time.time() - began), flush=True)
        if not ok:
            print("   ran: " + run + "\n   stderr: " + err.strip()[-800:])
            failures.append("%s:%d" % (name, number))

# B-DOC-2: the README stays a page a newcomer reads (about 250 lines at most) and says how to choose a policy.
with open(os.path.join(root, "README.md")) as f:
    readme = f.read().splitlines()
if len(readme) > 260 or "## Choosing a policy" not in readme:
    print("FAIL: README.md has %d lines (at most 260) and %s a \"## Choosing a policy\" section"
          % (len(readme), "has" if "## Choosing a policy" in readme else "no"))
    failures.append("README.md")

stale = sorted(set(SKIP) - seen)
for command in stale:
    print("FAIL: SKIP lists a command no page shows any more: " + command)
if ran < 20:
    failures.append("only %d commands ran" % ran)
print("%d commands run, %d skipped, in %.0f s" % (ran, len(seen & set(SKIP)), time.time() - started))
if failures or stale:
    sys.exit("FAIL: " + ", ".join(failures + ["stale SKIP entries"] * bool(stale)))
print("every command the README and docs show runs as written")
