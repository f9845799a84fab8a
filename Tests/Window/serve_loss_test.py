"""`scrolllab serve --network very-bad` (B-SERVE-1), with a plain HTTP client: it answers everything, late
(loss as retransmission timeouts), or 504 after four lost attempts; SIGINT ends it with exit code 0.
Nothing here is timed (the waits are the profile's), so it shares the machine; the timed 3G checks are
serve_test.py's.
"""

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary = os.path.abspath(sys.argv[1])


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


p = subprocess.Popen([binary, "serve", "--port", "0", "--network", "very-bad", "--seed", "3"],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
first = json.loads(p.stdout.readline())
base = first["source"]
outcomes = [get(base.replace("{asset}", str(i)))[0] for i in range(6)]
check(all(s in (200, 504) for s in outcomes) and outcomes.count(200) >= 3, "very-bad: answers or 504s: %s" % outcomes)
p.send_signal(signal.SIGINT)
p.communicate(timeout=10)
check(p.returncode == 0, "serve ends with exit code 0 on SIGINT")
print("serve: very-bad answers or gives up with 504, and stops on SIGINT")
