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

# A corrupt image asked for again and again says so once: the decoder's own error line (libpng's) is not
# repeated each time a tile asks for it (a long browse over two images asks for it dozens of times).
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
corrupt = os.path.join(out, "corrupt-png")
shutil.rmtree(corrupt, ignore_errors=True)
os.makedirs(corrupt)
image = sorted(os.listdir(os.path.join(root, "Assets", "Images")))[0]
full = os.path.join(out, "full.png")
subprocess.run(["convert", os.path.join(root, "Assets", "Images", image), full], check=True)
with open(full, "rb") as f:
    data = f.read()
with open(os.path.join(corrupt, "bad.png"), "wb") as f:
    f.write(data[:3000])
shutil.copy(os.path.join(root, "Assets", "Images", image), os.path.join(corrupt, "good.jpg"))
result = subprocess.run([binary, "--headless", "--assets", corrupt, "--replay",
                         os.path.join(root, "Assets", "Gestures", "long-browse.jsonl"), "--quit-after", "6"],
                        capture_output=True, timeout=60)
lines = result.stderr.decode("utf-8", "replace").splitlines()
check(result.returncode == 0, "the window ran with a corrupt image")
check(sum("bad.png" in line for line in lines) == 1, "one warning names the corrupt image: %r" % lines)
check(sum(line.startswith("libpng error") for line in lines) <= 1, "the decoder's error is not repeated: %r" % lines)
