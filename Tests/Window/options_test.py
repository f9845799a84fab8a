"""One option, one rule (§7, issue 23): shared options are checked once, with one exit-code table
(0 ok, 1 failed, 2 input missing or unreadable, 64 usage). The same bad value gives the same code and a
message saying what is wrong in every command; a negative number is a value, not an option name; a
pinch's scale must lie between 0.001 and 1000. Headless: no display needed.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gesture = os.path.join(root, "Assets", "Gestures", "single-fling.jsonl")
os.makedirs(out, exist_ok=True)


def run(*args):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    return result.returncode, (result.stderr + result.stdout).strip().splitlines()[:1]


bare_feed = os.path.join(out, "feed-without-previews.jsonl")
with open(bare_feed, "w") as f:
    f.write('{"layout":"list"}\n{"width":300,"height":200,"image":"big.jpg","bytes":2000000,"pixelWidth":4000,"pixelHeight":3000}\n')

cases = [
    (["bench", "--latency-ms", "1e12"], 64, "--latency-ms must be between 0 and 60000"),
    (["bench", "--latency-ms=-1"], 64, "--latency-ms must be between 0 and 60000"),
    (["replay", gesture, "--headless", "--latency-ms=-1"], 64, "--latency-ms must be between 0 and 60000"),
    (["replay", gesture, "--headless", "--latency-ms", "-5"], 64, "--latency-ms must be between 0 and 60000"),
    (["soak", "--headless", "--latency-ms", "-5"], 64, "--latency-ms must be between 0 and 60000"),
    (["--headless", "--latency-ms", "70000"], 64, "--latency-ms must be between 0 and 60000"),
    (["replay", gesture, "--headless", "--items", "-3"], 64, "--items must be between 0 and 1000000"),
    (["replay", gesture, "--headless", "--refresh", "5"], 64, "--refresh must be between 10 and 1000"),
    (["bench", "--refresh", "5"], 64, "--refresh must be between 10 and 1000"),
    (["bench", "--gestures", "/no/such/folder"], 2, "no grid gesture files"),
    (["soak", "--headless", "--minutes", "0.1", "--gestures", "/no/such/folder"], 2, "no grid gestures"),
    (["replay", gesture, "--headless", "--assets", gesture], 2, "is a file, not a folder"),
    (["replay", gesture, "--headless", "--assets", "/no/such/folder"], 2, "does not exist"),
    (["replay", gesture, "--headless", "--policy", "glide", "--seed-problem", "1"], 64,
     "--seed-problem applies to the seed's policies, deferred and target; glide has none"),
    # A placeholder where no image has a preview would show nothing but the fill (B-COST-2).
    (["replay", gesture, "--headless", "--feed", bare_feed, "--placeholder", "thumbhash"], 64,
     "--placeholder needs previews: no image of the --feed has a thumbhash"),
    (["bench", "--feed", bare_feed, "--placeholder", "color"], 64, "--placeholder needs previews: no image of the --feed has a thumbhash"),
    (["replay", gesture, "--headless", "--assets", os.path.dirname(gesture), "--placeholder", "color"], 64,
     "--placeholder needs previews: the images of --assets have none built in"),
]
for args, code, message in cases:
    got, lines = run(*args)
    check(got == code and lines and message in lines[0], "%s: exit %d, %r (got %d, %r)" % (" ".join(args[-3:]), code, message, got, lines))

for scale, ok in [("-1", False), ("0", False), ("5e-324", False), ("0.0005", False), ("1.5", True), ("2000", False)]:
    path = os.path.join(out, "pinch-%s.jsonl" % scale)
    with open(path, "w") as f:
        f.write('{"t_ms":0,"x":150,"y":200,"phase":"pinch","scale":1}\n')
        f.write('{"t_ms":16,"x":150,"y":200,"phase":"pinch","scale":%s}\n' % scale)
        f.write('{"t_ms":32,"phase":"pinchEnd"}\n')
    got, lines = run("replay", path, "--headless", "--scene", "photos")
    if ok:
        check(got == 0, "scale %s is a pinch (%r)" % (scale, lines))
    else:
        check(got == 1 and "a pinch's scale lies between 0.001 and 1000" in lines[0],
              "scale %s is refused with what a scale must be: %r" % (scale, lines))
