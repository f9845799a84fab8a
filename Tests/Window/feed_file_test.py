"""Feed files (B-FEED-1): `feed generate` writes a seeded feed for each layout that `feed check` reads back;
the same seed gives the same bytes on standard output and in a file; a bad line is refused naming its line
(exit 1), a missing file is exit 2; a million items are refused at the first past the limit, reading in
bounded memory. Headless: no display needed.
"""

import json
import re
import os
import resource
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, policies

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
os.makedirs(out, exist_ok=True)


def run(*args, stdin=None):
    result = subprocess.run([binary, *args], input=stdin, capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout, result.stderr.strip()


for layout, columns in [("list", 1), ("masonry", 2), ("carousels", 1), ("grid", 2)]:
    code, text, err = run("feed", "generate", "--layout", layout, "--count", "300", "--seed", "4")
    check(code == 0, "generate %s: exit 0 (%s)" % (layout, err))
    lines = text.splitlines()
    check(len(lines) == 301 and json.loads(lines[0])["layout"] == layout, "generate %s: a header and 300 items" % layout)
    path = os.path.join(out, "feed-%s.jsonl" % layout)
    code, _, err = run("feed", "generate", "--layout", layout, "--count", "300", "--seed", "4", "--out", path)
    check(code == 0 and open(path).read() == text, "generate %s --out: the same bytes as standard output (%s)" % (layout, err))
    code, summary, err = run("feed", "check", path)
    check(code == 0, "check %s: exit 0 (%s)" % (layout, err))
    info = json.loads(summary)
    check(info["items"] == 300 and info["images"] == 300 and info["layout"] == layout and info["columns"] == columns,
          "check %s: 300 items, 300 images, its layout (%r)" % (layout, info))
    check(info["contentHeight"] > 0 and 6000 * 300 <= info["bytes"] <= 1002000 * 300, "check %s: content and bytes (%r)" % (layout, info))

code, _, _ = run("feed", "generate", "--layout", "list", "--count", "5", "--seed", "5")
_, other, _ = run("feed", "generate", "--layout", "list", "--count", "5", "--seed", "6")
_, again, _ = run("feed", "generate", "--layout", "list", "--count", "5", "--seed", "5")
_, first, _ = run("feed", "generate", "--layout", "list", "--count", "5", "--seed", "5")
check(first == again and first != other, "a seed gives one feed, another seed another")

# The same file laid out another way: --layout overrides the header.
code, summary, err = run("feed", "check", os.path.join(out, "feed-masonry.jsonl"), "--layout", "list")
check(code == 0 and json.loads(summary)["layout"] == "list" and json.loads(summary)["rows"] == 300, "check --layout list (%s)" % err)

bad = os.path.join(out, "bad.jsonl")
with open(bad, "w") as f:
    f.write('{"layout":"list"}\n')
    f.write('{"width":310,"height":200,"image":"a.jpg","bytes":1000,"pixelWidth":100,"pixelHeight":64}\n')
    f.write('{"width":310,"height":-20,"image":"b.jpg","bytes":1000,"pixelWidth":100,"pixelHeight":64}\n')
code, _, err = run("feed", "check", bad)
check(code == 1 and err == 'scrolllab feed check: "%s" line 3: field "height" is -20: a size in points is above 0 and at most 10000' % bad,
      "a negative height is refused naming line 3: %d %r" % (code, err))
with open(bad, "w") as f:
    f.write('{"width":310,"image":"a.jpg","bytes":1000,"pixelWidth":100,"pixelHeight":64}\n')
code, _, err = run("feed", "check", bad)
check(code == 1 and err.endswith('line 1: missing field "height"'), "a missing field is named: %r" % err)
code, _, err = run("feed", "check", os.path.join(out, "no-such-feed.jsonl"))
check(code == 2 and "cannot read" in err, "a missing file is exit 2: %d %r" % (code, err))
code, _, err = run("feed", "generate", "--layout", "list", "--count", "0", "--seed", "1")
check(code == 64 and "--count must be between 1 and 100000" in err, "--count 0 is a usage error: %d %r" % (code, err))
code, _, err = run("feed", "generate", "--layout", "spiral", "--count", "3", "--seed", "1")
check(code == 64, "an unknown layout is a usage error: %d %r" % (code, err))

# A million items through a pipe: refused at the first past the limit, in bounded memory.
item = '{"width":310,"height":200,"image":"a.jpg","bytes":1000,"pixelWidth":100,"pixelHeight":64}\n'
before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
proc = subprocess.Popen([binary, "feed", "check", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
try:
    chunk = (item * 10000).encode()
    for _ in range(100):
        proc.stdin.write(chunk)
except BrokenPipeError:
    pass
try:
    proc.stdin.close()
except BrokenPipeError:
    pass
err = proc.stderr.read().decode().strip()
code = proc.wait(timeout=120)
peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
check(code == 1 and err == "scrolllab feed check: stdin line 100001: more than 100000 items (a feed holds at most 100000)",
      "a million items: refused at line 100001: %d %r" % (code, err))
check(peak_kib < 200 * 1024, "a million items read in bounded memory: peak %d MiB" % (peak_kib // 1024))
print("feed_file_test: ok")

# The verdict: one JSON line per layout and policy, exactly one recommendation per layout, and it obeys
# the stated rule, `sweep report --recommend`'s: on the frontier of blank time (tile·s) against bytes, the
# least blank, or a cheaper one the runs cannot tell from it gesture by gesture (a paired interval: the
# JSON rows do not carry each gesture's figures, so here: a frontier policy, the least blank or cheaper
# than it, and the unit tests check the pairing); none the phone rules out.
# Two sessions for the verdict (intervals need more than one); one for the sweeps further on.
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gestures, pair = os.path.join(out, "verdict-gestures"), os.path.join(out, "verdict-pair")
for folder, names in [(gestures, ["single-fling.jsonl"]), (pair, ["single-fling.jsonl", "fling-stop-reverse.jsonl"])]:
    os.makedirs(folder, exist_ok=True)
    for name in names:
        with open(os.path.join(root, "Assets", "Gestures", name)) as src, open(os.path.join(folder, name), "w") as dst:
            dst.write(src.read())
code, text, err = run("feed", "verdict", "--layouts", "list,masonry", "--count", "150", "--gestures", pair, "--json")
check(code == 0, "feed verdict: exit 0 (%s)" % err)
rows = [json.loads(line) for line in text.splitlines()]
known = policies(binary)
check(len(rows) == 2 * len(known) and {r["layout"] for r in rows} == {"list", "masonry"}
      and all(sorted(r["policy"] for r in rows if r["layout"] == layout) == sorted(known) for layout in ["list", "masonry"]),
      "feed verdict: every policy of the registry (%d) × 2 layouts (%r)" % (len(known), [(r["layout"], r["policy"]) for r in rows]))


def frontier_choices(mine):
    """The policies the rule may pick from feed verdict's JSON rows: on the frontier of the policies the phone
    allows, the least blank one or one cheaper than it."""
    allowed = [r for r in mine if r["hitchTimeRatioMsPerS"] <= 10 and r["memoryLimitExceeded"] == 0] or mine
    def point(r):
        return r["blankTileSeconds"]["mean"], r["perSession"]["networkBytes"]["mean"]
    frontier = [r for r in allowed if not any(point(o)[0] <= point(r)[0] and point(o)[1] <= point(r)[1] and point(o) != point(r)
                                              for o in allowed)]
    best = min(frontier, key=lambda r: point(r)[0])
    return [r["policy"] for r in frontier if r is best or point(r)[1] < point(best)[1]]


for layout in ["list", "masonry"]:
    mine = [r for r in rows if r["layout"] == layout]
    picked = [r["policy"] for r in mine if r["recommended"]]
    check(len(picked) == 1 and picked[0] in frontier_choices(mine) and all(r["sessions"] == 2 for r in mine),
          "%s: one recommendation, on the frontier (%r, the rule's choices: %s)" % (layout, picked, frontier_choices(mine)))
# Your own feed: judged as it is (its images' bytes), laid out as the file says or as --layouts names.
mine_feed = os.path.join(out, "verdict-mine.jsonl")
code, _, err = run("feed", "generate", "--layout", "masonry", "--count", "120", "--seed", "8", "--out", mine_feed)
code, text, err = run("feed", "verdict", "--feed", mine_feed, "--gestures", pair, "--json")
before = sum(json.loads(line)["networkBytes"] for line in text.splitlines())
with open(mine_feed) as f:
    lines = f.read().splitlines()
with open(mine_feed, "w") as f:   # every image twice its generated size: the verdict must move those bytes
    f.write("\n".join([lines[0]] + [re.sub(r'"bytes":([0-9]+)', lambda m: '"bytes":%d' % (2 * int(m.group(1))), l) for l in lines[1:]]) + "\n")
code, text, err = run("feed", "verdict", "--feed", mine_feed, "--gestures", pair, "--json")
own = [json.loads(line) for line in text.splitlines()]
check(code == 0 and {r["layout"] for r in own} == {"masonry"} and len(own) == len(known),
      "feed verdict --feed: the file's own layout, every policy (%d %r)" % (code, err))
check(sum(r["networkBytes"] for r in own) > 1.5 * before > 0,
      "feed verdict --feed moves the file's bytes: twice the sizes, %d bytes against %d" % (sum(r["networkBytes"] for r in own), before))
# The same runs swept and reported: the same decision, and every row's figures are sweep report --json's.
results = os.path.join(out, "verdict-mine-results.jsonl")
if os.path.exists(results):
    os.remove(results)
code, _, err = run("sweep", "run", "--gestures", pair, "--feed", mine_feed, "--network", "3g", "--policies", "all", "--out", results)
check(code == 0, "sweep run on the verdict's feed and gestures: exit 0 (%s)" % err)
code, text, err = run("sweep", "report", results, "--json")
report = {r["policy"]: r for r in map(json.loads, text.splitlines())}
code2, recommend, err2 = run("sweep", "report", results, "--recommend", "--json")
recommended = json.loads(recommend.splitlines()[0])["recommended"] if code2 == 0 and recommend else None
check(code == 0 and all(r["perSession"] == report.get(r["policy"]) and r["blankTileSeconds"] == report[r["policy"]]["blankTileSeconds"]
                        for r in own),
      "feed verdict --json's per-session figures are sweep report --json's for the same runs (%s %s)" % (err, [r["policy"] for r in own]))
check([r["policy"] for r in own if r["recommended"]] == [recommended],
      "feed verdict recommends what sweep report --recommend does on the same runs (%r, %r; %s)"
      % ([r["policy"] for r in own if r["recommended"]], recommended, err2))
code, text, err = run("feed", "verdict", "--feed", mine_feed, "--gestures", pair)
code2, paragraphs, err2 = run("sweep", "report", results, "--recommend")
check(code == 0 and code2 == 0 and paragraphs.strip() in text,
      "feed verdict prints sweep report --recommend's paragraph for the same runs (%s %s)" % (err, err2))
code, text, err = run("feed", "verdict", "--feed", mine_feed, "--layouts", "list", "--gestures", pair, "--json")
check(code == 0 and {json.loads(l)["layout"] for l in text.splitlines()} == {"list"}, "feed verdict --feed --layouts list lays it out as a list")
code, _, err = run("feed", "verdict", "--feed", mine_feed, "--layouts", "masonry-photos")
check(code == 64 and "--feed brings its own images" in err, "feed verdict --feed with LAYOUT-photos: refused (%d %r)" % (code, err))
code, _, err = run("feed", "verdict", "--layouts", "spiral")
check(code == 64 and "--layouts" in err, "feed verdict --layouts spiral: a usage error naming it (%d %r)" % (code, err))
print("feed_file_test: verdict ok")

# A sweep over a feed: --layout is a factor (deduplicated), each result names its feed and layout, and the
# report breaks results down by layout.
results = os.path.join(out, "feed-sweep.jsonl")
if os.path.exists(results):
    os.remove(results)
code, _, err = run("sweep", "run", "--gestures", gestures, "--policies", "target", "--network", "3g",
                   "--feed", os.path.join(out, "feed-masonry.jsonl"), "--layout", "list,masonry,list", "--out", results)
check(code == 0, "sweep run --feed --layout: exit 0 (%s)" % err)
lines = [json.loads(line) for line in open(results)]
check(sorted(r["layout"] for r in lines) == ["list", "masonry"] and all(r["feed"] == "feed-masonry.jsonl" for r in lines),
      "one result per layout, each naming its feed and layout: %r" % [(r["id"]) for r in lines])
check(all("|feed=feed-masonry.jsonl|layout=%s|" % r["layout"] in r["id"] for r in lines), "the layout is part of each id")
code, report, err = run("sweep", "report", results)
check(code == 0 and "by layout" in report, "sweep report breaks the results down by layout (%s)" % err)
code, _, err = run("sweep", "run", "--gestures", gestures, "--layout", "list", "--out", os.path.join(out, "nofeed.jsonl"))
check(code == 64 and "--layout lays out a --feed" in err, "sweep --layout without --feed is a usage error (%d %r)" % (code, err))
code, _, err = run("replay", os.path.join(gestures, "single-fling.jsonl"), "--headless", "--layout", "list")
check(code == 64 and "--layout without --feed: it lays out a --feed" in err, "replay --layout without --feed is a usage error (%d %r)" % (code, err))
print("feed_file_test: sweep ok")
