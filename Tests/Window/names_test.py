"""Names in messages are quoted and escaped (§7, issue 23): an asset named with a newline and a fake
"scrolllab: warning: …" cannot forge a second warning line, and one with an escape sequence cannot paint
the terminal. Headless: no display needed.
"""

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
assets = os.path.join(out, "hostile-names")
shutil.rmtree(assets, ignore_errors=True)
os.makedirs(assets)
forged = "a.png\nscrolllab: warning: forged.png"
painted = "b\x1b[31mred.png"
for name in (forged, painted):
    with open(os.path.join(assets, name), "wb") as f:
        f.write(b"not an image")
result = subprocess.run([binary, "--headless", "--assets", assets, "--quit-after", "1.5"], capture_output=True,
                        timeout=60)
stderr = result.stderr.decode("utf-8", "replace")
check(result.returncode == 0, "the window ran with the hostile names (%d)" % result.returncode)
check("\x1b" not in stderr, "no escape character reaches the terminal")
check(not any(line.startswith("scrolllab: warning: forged") for line in stderr.splitlines()),
      "no forged warning line: %r" % stderr)
check(any('a.png\\nscrolllab: warning: forged.png"' in line for line in stderr.splitlines()),
      "the name is quoted with its newline escaped: %r" % stderr)
check(any('b\\u{1b}[31mred.png"' in line for line in stderr.splitlines()), "the escape is shown escaped")
