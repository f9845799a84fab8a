"""replay holds its output in bounded memory until the input has parsed (§7, issue 23): past 8 MiB the
held lines go to an unlinked temporary file. The held output equals the streamed one line for line, also
when that file cannot take them (a file-size limit cuts its first or its second write part-way: what it
did not take stays in memory), and a file with a bad last line still prints nothing but the error.
Headless: no display needed.
"""

import os
import resource
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
os.makedirs(out, exist_ok=True)
dense = os.path.join(out, "dense.jsonl")
with open(dense, "w") as f:
    for i in range(40_000):   # taps: down and up at one instant, ten to a millisecond
        f.write('{"t_ms":%d,"x":100,"y":200,"phase":"down"}\n{"t_ms":%d,"x":100,"y":200,"phase":"up"}\n' % (i // 10, i // 10))
held = subprocess.run([binary, "replay", dense, "--headless"], capture_output=True, timeout=300)
streamed = subprocess.run([binary, "replay", dense, "--headless", "--stream"], capture_output=True, timeout=300)
check(held.returncode == 0 and streamed.returncode == 0, "both replays ran")
check(len(held.stdout) > 8 << 20, "the output is larger than what is held in memory (%d bytes)" % len(held.stdout))
check(held.stdout == streamed.stdout, "the held output equals the streamed one (%d lines)" % held.stdout.count(b"\n"))
# 3 MiB: the first spill (8 MiB) fails; 8.6 MB: it is taken, and the last lines' (at the end) fail.
for limit in (3 << 20, 8_600_000):
    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    cut = subprocess.run([binary, "replay", dense, "--headless"], capture_output=True, timeout=300, preexec_fn=limited)
    check(cut.returncode == 0 and cut.stdout == streamed.stdout,
          "the spill file cut at %d bytes: the output is still every line once, in order (exit %d, %d bytes of %d; %r)"
          % (limit, cut.returncode, len(cut.stdout), len(streamed.stdout), cut.stderr[-200:]))
with open(dense, "a") as f:
    f.write("not json\n")
bad = subprocess.run([binary, "replay", dense, "--headless"], capture_output=True, timeout=300)
check(bad.returncode == 1 and bad.stdout == b"" and b"line 80001" in bad.stderr,
      "a bad last line: nothing printed but the error (%r)" % bad.stderr[:120])
