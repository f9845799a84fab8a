"""One rule for the command line: the README's exit-code table, run on every subcommand.

- The codes are read from the README's table (a unit test keeps it equal to the code's): for every
  subcommand that reads a file, a missing one is the "missing or unreadable" row's code and a bad one
  the "content is bad" row's; for every one that writes a file, an output that cannot be opened is the
  "cannot be opened" row's; for every one, a mistyped option is the "unknown command or option" row's
  and its line suggests the nearest name; a mistyped subcommand too; a value a command cannot use too.
- Every error is one line in one form: `scrolllab COMMAND: …`.
- `-` is standard input or output wherever a file is read or written.
- The subcommands listed here are every subcommand `--help` lists.
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
work = os.path.join(out, "exit-codes")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

with open(os.path.join(root, "README.md")) as f:
    table = f.read().split("<!-- exit codes -->\n")[1].split("\n<!-- /exit codes -->")[0].splitlines()[2:]
rows = {int(cells[0]): cells[1] for cells in ([c.strip() for c in row.strip("|").split("|")] for row in table)}


def code_for(words):
    matches = [code for code, meaning in rows.items() if words in meaning]
    check(len(matches) == 1, "the README's table has one row for %r: %s" % (words, matches))
    return matches[0]


MISSING, CONTENT, OUTPUT, USAGE = (code_for("missing or unreadable"), code_for("content is bad"),
                                   code_for("cannot be opened"), code_for("unknown command or option"))

gesture = os.path.join(root, "Assets", "Gestures", "single-fling.jsonl")
good_dir, bad_dir = os.path.join(work, "good"), os.path.join(work, "bad")
os.makedirs(good_dir)
os.makedirs(bad_dir)
shutil.copy(gesture, good_dir)
bad = os.path.join(bad_dir, "bad.jsonl")
with open(bad, "w") as f:
    f.write("garbage\n")
missing, missing_dir = os.path.join(work, "missing.jsonl"), os.path.join(work, "missing-folder")
empty_dir = os.path.join(work, "empty-assets")
os.makedirs(empty_dir)
nowhere = os.path.join(work, "no-such-folder", "out")


def run(args, stdin=subprocess.DEVNULL, timeout=120):
    return subprocess.run([binary] + args, capture_output=True, stdin=stdin, timeout=timeout, cwd=work)


results = os.path.join(work, "results.jsonl")
r = run(["sweep", "--gestures", good_dir, "--policies", "eager", "--out", results])
check(r.returncode == 0, "a small sweep for the results file (%s)" % r.stderr.decode().strip())

# Every subcommand: its words, the prefix of its messages, and its cases (arguments, expected code, standard input).
leaves = {
    "window": ("scrolllab", [
        (["--headless", "--frames", "1", "--replay", missing], MISSING, None),
        (["--headless", "--frames", "1", "--replay", bad], CONTENT, None),
        (["--headless", "--frames", "1", "--trace-out", nowhere], OUTPUT, None),
        (["--headless", "--frames", "1", "--feed", missing], MISSING, None),
        (["--headless", "--frames", "1", "--device", missing + "-device.json"], MISSING, None),
    ]),
    "velocity": ("scrolllab velocity", [
        ([], MISSING, "closed"),
        ([], CONTENT, bad),
    ]),
    "bench": ("scrolllab bench", [
        (["--gestures", missing_dir], MISSING, None),
        (["--gestures", bad_dir], CONTENT, None),
        (["--gestures", good_dir, "--policies", "eager", "--plot", nowhere + ".png"], OUTPUT, None),
        (["--device", missing + "-device.json"], MISSING, None),
        (["--device", bad], CONTENT, None),
    ]),
    "replay": ("scrolllab replay", [
        ([missing, "--headless"], MISSING, None),
        ([bad, "--headless"], CONTENT, None),
        ([gesture, "--headless", "--device", missing + "-device.json"], MISSING, None),
        ([gesture, "--headless", "--device", bad], CONTENT, None),
        ([gesture, "--headless", "--assets", empty_dir], MISSING, None),
        ([gesture, "--video", os.path.join(work, "v.mp4"), "--assets", empty_dir], MISSING, None),
    ]),
    "soak": ("scrolllab soak", [
        (["--headless", "--gestures", missing_dir], MISSING, None),
        (["--headless", "--gestures", bad_dir], CONTENT, None),
    ]),
    "physics-compare": ("scrolllab physics-compare", [
        ([missing], MISSING, None),
        ([bad], CONTENT, None),
        ([gesture, "--scene", "photos", "--rate", "fast"], USAGE, None),
    ]),
    "serve": ("scrolllab serve", [
        (["--assets", missing_dir, "--port", "0"], MISSING, None),
    ]),
    "sweep run": ("scrolllab sweep", [
        (["--gestures", missing_dir, "--out", "x.jsonl"], MISSING, None),
        (["--gestures", bad_dir, "--out", "x.jsonl"], CONTENT, None),
        (["--gestures", good_dir, "--policies", "eager", "--out", nowhere], OUTPUT, None),
        (["--gestures", good_dir, "--out", "x.jsonl", "--refresh", "5"], USAGE, None),
        (["--gestures", good_dir, "--out", "x.jsonl", "--device", missing + "-device.json"], MISSING, None),
        (["--gestures", good_dir, "--out", "x.jsonl", "--device", bad], CONTENT, None),
    ]),
    "sweep merge": ("scrolllab sweep merge", [
        ([missing, "--out", "m.jsonl"], MISSING, None),
        ([bad, "--out", "m.jsonl"], CONTENT, None),
        ([results, "--out", nowhere], OUTPUT, None),
    ]),
    "sweep report": ("scrolllab sweep report", [
        ([missing], MISSING, None),
        ([bad], CONTENT, None),
        ([results, "--plot", nowhere + ".png"], OUTPUT, None),
    ]),
    "sweep repair": ("scrolllab sweep repair", [
        ([missing], MISSING, None),
        (["-"], USAGE, None),
    ]),
    "gestures generate": ("scrolllab gestures generate", [
        (["--count", "1", "--seed", "1", "--out", "/dev/null/pop"], OUTPUT, None),
    ]),
    "gestures import": ("scrolllab gestures import", [
        ([missing, "--out", "imported", "--max-x", "1079", "--max-y", "2399"], MISSING, None),
        ([bad, "--out", "imported", "--max-x", "1079", "--max-y", "2399"], CONTENT, None),
    ]),
    "feed generate": ("scrolllab feed generate", [
        (["--layout", "list", "--count", "3", "--seed", "1", "--out", nowhere], OUTPUT, None),
    ]),
    "feed check": ("scrolllab feed check", [
        ([missing], MISSING, None),
        ([bad], CONTENT, None),
    ]),
    "feed html": ("scrolllab feed html", [
        ([missing, "--out", "p.html"], MISSING, None),
        ([bad, "--out", "p.html"], CONTENT, None),
        ([bad, "--out", "p.html", "--network", "3g"], USAGE, None),
    ]),
    "feed verdict": ("scrolllab feed verdict", [
        (["--gestures", missing_dir], MISSING, None),
        (["--gestures", bad_dir, "--count", "5"], CONTENT, None),
        (["--device", missing + "-device.json"], MISSING, None),
    ]),
}


def subcommands(*words):
    """The subcommands `scrolllab WORDS --help` lists."""
    text = run(list(words) + ["--help"]).stdout.decode()
    section = text.split("SUBCOMMANDS:")[1] if "SUBCOMMANDS:" in text else ""
    return [m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]*)", section, re.M)]


listed = set()
for name in subcommands():
    inner = subcommands(name) if name != "window" else []
    listed |= {name + " " + sub for sub in inner} if inner else {name}
check(listed == set(leaves), "every subcommand --help lists is checked: %s" % sorted(listed ^ set(leaves)))

for name, (prefix, cases) in leaves.items():
    words = [] if name == "window" else name.split()
    # A mistyped option (after the first case's arguments): a usage error naming the nearest option.
    typo = cases[0][0] + ["--jsno"]
    for args, code, stdin in cases + [(typo, USAGE, None)]:
        if stdin == "closed":
            r = subprocess.run([binary] + words + args, capture_output=True, stdin=subprocess.DEVNULL, timeout=60, cwd=work,
                               preexec_fn=lambda: os.close(0))
        elif stdin:
            with open(stdin, "rb") as f:
                r = run(words + args, stdin=f)
        else:
            r = run(words + args)
        err = r.stderr.decode().strip().splitlines()
        first = err[0] if err else ""
        label = "%s %s" % (name, " ".join(a.replace(work + "/", "") for a in args))
        check(r.returncode == code, "%s: exit %d (the table says %d; %s)" % (label, r.returncode, code, first))
        check(first.startswith(prefix + ": "), "%s: its line is %r… (%s)" % (label, prefix + ": ", first))
        if code != USAGE:
            check(len(err) == 1, "%s: one line (%d)" % (label, len(err)))
        if args is typo:
            check("Unknown option '--jsno'" in first and ("Did you mean '--json'?" in first or name not in ("bench", "sweep report", "feed verdict")),
                  "%s --jsno: %s" % (name, first))
    check(not os.path.exists(nowhere), "%s wrote nothing where it could not" % name)

# A mistyped subcommand names the nearest one, not the window's usage.
for args, line in ((["replya", "x"], "scrolllab: Unknown command 'replya'. Did you mean 'replay'?"),
                   (["sweep", "reprot", "x"], "scrolllab sweep: Unknown subcommand 'reprot'. Did you mean 'report'?"),
                   (["feed", "chek", "x"], "scrolllab feed: Unknown subcommand 'chek'. Did you mean 'check'?"),
                   (["gestures", "generat"], "scrolllab gestures: Unknown subcommand 'generat'. Did you mean 'generate'?")):
    r = run(args)
    first = r.stderr.decode().strip().splitlines()[0]
    check(r.returncode == USAGE and first == line, "%s: exit %d, %s" % (" ".join(args), r.returncode, first))

# `-` is standard input or output wherever a file is read or written.
with open(gesture, "rb") as f:
    expected = run(["replay", gesture, "--headless"]).stdout
    r = run(["replay", "-", "--headless"], stdin=f)
check(r.returncode == 0 and r.stdout == expected, "replay - reads standard input")
with open(gesture, "rb") as f:
    r = run(["physics-compare", "-", "--json"], stdin=f)
check(r.returncode == 0 and r.stdout.count(b'"physics"') >= 2, "physics-compare - reads standard input")
with open(results, "rb") as f:
    r = run(["sweep", "report", "-", "--json"], stdin=f)
check(r.returncode == 0 and r.stdout == run(["sweep", "report", results, "--json"]).stdout, "sweep report - reads standard input")
with open(results, "rb") as f:
    r = run(["sweep", "merge", "-", "--out", "-"], stdin=f)
with open(results, "rb") as f:
    lines = sorted(f.read().splitlines(keepends=True))
check(r.returncode == 0 and r.stdout.splitlines(keepends=True) == lines, "sweep merge - --out - : stdin to stdout, sorted")
r = run(["sweep", "--gestures", good_dir, "--policies", "eager", "--out", "-"])
with open(results, "rb") as f:
    check(r.returncode == 0 and sorted(r.stdout.splitlines()) == sorted(f.read().splitlines()) and not os.path.exists(os.path.join(work, "-")),
          "sweep --out - writes the results to standard output, no file named -")
r = run(["feed", "generate", "--layout", "list", "--count", "3", "--seed", "1", "--out", "-"])
feed = r.stdout
check(r.returncode == 0 and feed.count(b"\n") == 4 and not os.path.exists(os.path.join(work, "-")), "feed generate --out - writes standard output")
feed_file = os.path.join(work, "feed.jsonl")
with open(feed_file, "wb") as f:
    f.write(feed)
with open(feed_file, "rb") as f:
    r = run(["feed", "check", "-"], stdin=f)
check(r.returncode == 0 and b'"items":3' in r.stdout, "feed check - reads standard input")
r = run(["--headless", "--frames", "2", "--trace-out", "-"])
check(r.returncode == 0 and b'"event":"summary"' in r.stdout, "--trace-out - writes standard output")
# A closed standard output stays closed: the page a report writes cannot take its number (was: the table went
# into the page, exit 0), and the report fails as a closed output does. An earlier page is kept.
page = os.path.join(work, "closed.html")
with open(page, "w") as f:
    f.write("the last page")
r = subprocess.run([binary, "sweep", "report", results, "--html", page], stdout=None, stderr=subprocess.PIPE, timeout=60, cwd=work,
                   preexec_fn=lambda: os.close(1))
check(r.returncode == OUTPUT and b"cannot write standard output" in r.stderr and open(page).read() == "the last page",
      "sweep report --html with standard output closed: exit %d, %s, page %r" % (r.returncode, r.stderr.decode().strip(), open(page).read()[:40]))
# A missing or bad results file leaves the last page and plot as they were.
for bad_input, code in ((missing, MISSING), (bad, CONTENT)):
    r = run(["sweep", "report", bad_input, "--html", page])
    check(r.returncode == code and open(page).read() == "the last page", "sweep report %s --html: exit %d, the last page kept" % (os.path.basename(bad_input), r.returncode))
    # Where there was no page, none is left (was: an empty one, which a script could publish).
    new_page = os.path.join(work, "never-made.html")
    r = run(["sweep", "report", bad_input, "--html", new_page])
    check(r.returncode == code and not os.path.exists(new_page), "sweep report %s --html NEW: exit %d, no page made" % (os.path.basename(bad_input), r.returncode))
# A feed whose image folder cannot be made is refused before its --out is touched (was: emptied).
with open(feed_file, "rb") as f:
    kept_feed = f.read()
r = run(["feed", "generate", "--layout", "list", "--count", "3", "--seed", "2", "--out", feed_file, "--write-images", feed_file + "/images"])
check(r.returncode == OUTPUT and b'cannot make the folder' in r.stderr and b"Not a directory" in r.stderr and open(feed_file, "rb").read() == kept_feed,
      "feed generate with an image folder that cannot be made: exit %d, %s, the feed kept" % (r.returncode, r.stderr.decode().strip()))
print("exit codes: the README's table on %d subcommands, mistyped names, one form, - for standard input and output" % len(leaves))
