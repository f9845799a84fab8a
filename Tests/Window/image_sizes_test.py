"""The bytes a modelled network moves, and a device's decode reads, are the image files' sizes, wherever the
command runs.

- A binary copied out of the repository, run where no Assets/Images can be found: `sweep`, `bench` and
  headless `replay` under `--network` refuse (exit code 2) with one line naming the fix (run inside the
  repository, or pass --assets DIR), and write no results; a latency-only sweep needs no images and gives
  the lines the repository's binary gives from the repository root.
- `--assets DIR` with files of known sizes: every request moves its file's size (`networkBytes` equals
  requests × the size when nothing is cancelled) and `imageBytesMean` is the files' mean, in `sweep` and
  `bench`; `bench`'s network heading names the folder.
- From the repository root, `imageBytesMean` is the mean size of Assets/Images, and the outside binary with
  `--assets` naming that folder gives the same lines.
- On a device at a constant latency (no network) the decodes read the files too (B-COST-1): outside the
  repository `replay`, `sweep` and `bench` with `--device` refuse as above; with `--assets`, a device file
  whose only cost is 100 ms a megabyte and `--decode-on-main`, `mainThreadMs` is exactly loads × the
  files' megabytes × 100, in `replay` and `sweep`, for files of 10 000 and 1 010 000 bytes.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
images = os.path.join(root, "Assets", "Images")
work = os.path.join(out, "image-sizes")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

# Outside the repository: a folder of its own under the system's temporary directory, holding a copy of
# the binary, with no Assets/Images in it or in any parent.
outside = tempfile.mkdtemp(prefix="scrolllab-outside-")
loose = os.path.join(outside, "bin", "scrolllab")
os.makedirs(os.path.dirname(loose))
shutil.copy(binary, loose)
parents = [os.path.dirname(loose)]
while parents[-1] != os.path.dirname(parents[-1]):
    parents.append(os.path.dirname(parents[-1]))
check(not any(os.path.isdir(os.path.join(p, "Assets", "Images")) for p in parents),
      "no Assets/Images beside the copied binary or in its parents (%s)" % outside)


def run(*args, code=0, exe=binary, cwd=work):
    r = subprocess.run([exe] + list(args), capture_output=True, text=True, timeout=300, cwd=cwd)
    check(r.returncode == code, "scrolllab %s: exit code %d (expected %d; %s)" % (" ".join(args[:3]), r.returncode, code, r.stderr.strip()[-300:]))
    return r


def lines(path):
    with open(path) as f:
        return [json.loads(l) for l in f.read().splitlines()]


run("gestures", "generate", "--kind", "read", "--count", "3", "--seed", "5151", "--out", os.path.join(work, "g"))
gestures = os.path.join(work, "g")
single = os.path.join(root, "Assets", "Gestures", "single-fling.jsonl")

# 1. No images to size: refused, the fix named, nothing written.
for args in (["sweep", "--gestures", gestures, "--policies", "adaptive", "--network", "3g", "--out", os.path.join(outside, "a.jsonl")],
             ["bench", "--gestures", os.path.join(root, "Assets", "Gestures"), "--network", "3g", "--json"],
             ["replay", single, "--headless", "--network", "3g"]):
    r = run(*args, code=2, exe=loose, cwd=outside)
    message = r.stderr.strip()
    check(len(message.splitlines()) == 1 and message.startswith("scrolllab %s: " % args[0])
          and "no Assets/Images was found" in message and "run it inside the repository, or pass --assets DIR" in message,
          "%s --network outside the repository: one line naming the fix: %s" % (args[0], message))
    check(r.stdout == "", "%s: nothing on standard output" % args[0])
check(not os.path.exists(os.path.join(outside, "a.jsonl")), "the refused sweep created no results file")

# 2. A latency-only sweep needs no images: the same lines from anywhere.
run("sweep", "--gestures", gestures, "--policies", "eager,adaptive", "--latency-ms", "0,250", "--out", os.path.join(outside, "lat.jsonl"),
    exe=loose, cwd=outside)
run("sweep", "--gestures", gestures, "--policies", "eager,adaptive", "--latency-ms", "0,250", "--out", os.path.join(work, "lat.jsonl"), cwd=root)
with open(os.path.join(outside, "lat.jsonl")) as a, open(os.path.join(work, "lat.jsonl")) as b:
    check(sorted(a.read().splitlines()) == sorted(b.read().splitlines()), "a latency-only sweep: the same lines outside and in the repository")
check(all("imageBytesMean" not in row for row in lines(os.path.join(work, "lat.jsonl"))), "no imageBytesMean without a network")

# 3. --assets DIR with files of known sizes: each request moves its file's size.
size = 12345
known = os.path.join(outside, "known")
os.makedirs(known)
for k in range(3):
    with open(os.path.join(known, "img-%d.jpg" % k), "wb") as f:
        f.write(os.urandom(size))
run("sweep", "--gestures", gestures, "--policies", "eager,deferred,adaptive", "--network", "3g", "--assets", known,
    "--out", os.path.join(outside, "known.jsonl"), exe=loose, cwd=outside)
rows = lines(os.path.join(outside, "known.jsonl"))
check(len(rows) == 9 and all(row["imageBytesMean"] == size for row in rows), "sweep --assets: imageBytesMean is the files' size on every line")
whole = [row for row in rows if row["loadsCancelled"] == 0 and row["failedLoads"] == 0 and row["requests"] > 0]
check(len(whole) > 0 and all(row["networkBytes"] == row["requests"] * size for row in whole),
      "sweep --assets: networkBytes = requests × %d on the %d lines without a cancel (%s)"
      % (size, len(whole), [(row["requests"], row["networkBytes"]) for row in whole][:3]))
r = run("bench", "--gestures", os.path.join(root, "Assets", "Gestures"), "--network", "3g", "--assets", known, "--json", exe=loose, cwd=outside)
bench = [json.loads(l) for l in r.stdout.splitlines() if not json.loads(l)["policy"].startswith("bound-")]
whole = [row for row in bench if row["loadsCancelled"] == 0 and row["failedLoads"] == 0 and row["requests"] > 0]
check(len(whole) > 0 and all(row["networkBytes"] == row["requests"] * size for row in whole),
      "bench --assets: networkBytes = requests × %d on the %d rows without a cancel" % (size, len(whole)))
r = run("bench", "--gestures", os.path.join(root, "Assets", "Gestures"), "--network", "3g", "--assets", known, "--policies", "eager",
        exe=loose, cwd=outside)
heading = [l for l in r.stdout.splitlines() if l.startswith("scrolllab bench — network 3g")]
check(len(heading) == 1 and ('images of "%s" (3 files, mean %d bytes)' % (known, size)) in heading[0],
      "bench's network heading names the images: %s" % heading[:1])
# Sizes that differ: the line's mean is theirs, rounded.
mixed = os.path.join(outside, "mixed")
os.makedirs(mixed)
for k, n in enumerate([1000, 2000, 4001]):
    with open(os.path.join(mixed, "img-%d.png" % k), "wb") as f:
        f.write(os.urandom(n))
run("sweep", "--gestures", gestures, "--policies", "eager", "--network", "edge", "--assets", mixed,
    "--out", os.path.join(outside, "mixed.jsonl"), exe=loose, cwd=outside)
check(all(row["imageBytesMean"] == 2334 for row in lines(os.path.join(outside, "mixed.jsonl"))),
      "sweep --assets: imageBytesMean is the mean of 1000, 2000 and 4001 bytes, 2334")
empty = os.path.join(outside, "empty")
os.makedirs(empty)
r = run("sweep", "--gestures", gestures, "--policies", "eager", "--network", "3g", "--assets", empty, "--out", os.path.join(outside, "e.jsonl"),
        code=2, exe=loose, cwd=outside)
check("holds no image files" in r.stderr and not os.path.exists(os.path.join(outside, "e.jsonl")),
      "a network over a folder with no images is refused: %s" % r.stderr.strip())

# 4. The repository's images: imageBytesMean is their mean size, and the outside binary naming them agrees.
sizes = [os.path.getsize(os.path.join(images, n)) for n in sorted(os.listdir(images)) if not n.startswith(".")]
mean = (sum(sizes) * 2 + len(sizes)) // (len(sizes) * 2)
run("sweep", "--gestures", gestures, "--policies", "eager,adaptive", "--network", "3g,edge", "--out", os.path.join(work, "repo.jsonl"), cwd=root)
inside = lines(os.path.join(work, "repo.jsonl"))
check(len(inside) == 12 and all(row["imageBytesMean"] == mean for row in inside),
      "from the repository root: imageBytesMean %d, the mean of the %d bundled images" % (mean, len(sizes)))
run("sweep", "--gestures", gestures, "--policies", "eager,adaptive", "--network", "3g,edge", "--assets", images,
    "--out", os.path.join(outside, "named.jsonl"), exe=loose, cwd=outside)
with open(os.path.join(outside, "named.jsonl")) as a, open(os.path.join(work, "repo.jsonl")) as b:
    check(sorted(a.read().splitlines()) == sorted(b.read().splitlines()),
          "outside the repository with --assets naming Assets/Images: the repository's lines, byte for byte")

# 5. A device at a latency: its decodes read the files' bytes.
device = os.path.join(outside, "bytes-only.json")
with open(device, "w") as f:
    json.dump({"name": "bytes-only", "decodeMsPerMegapixel": 0, "downsampleMsPerMegapixel": 0, "decodeMsPerMegabyte": 100,
               "downsampleMsPerMegabyte": 100, "decodeMsPerImage": 0, "downsampleMsPerImage": 0, "uploadMsPerMegapixel": 0,
               "completionMs": 0, "frameMs": 0, "memoryLimitBytes": None, "source": "image_sizes_test"}, f)
for args in (["sweep", "--gestures", gestures, "--policies", "eager", "--device", device, "--out", os.path.join(outside, "d.jsonl")],
             ["bench", "--gestures", os.path.join(root, "Assets", "Gestures"), "--device", device, "--json"],
             ["replay", single, "--headless", "--device", device]):
    r = run(*args, code=2, exe=loose, cwd=outside)
    check("no Assets/Images was found" in r.stderr and r.stdout == "",
          "%s --device at a latency outside the repository: refused with the fix named: %s" % (args[0], r.stderr.strip()))
for name, n in (("small", 10_000), ("large", 1_010_000)):
    folder = os.path.join(outside, name)
    os.makedirs(folder)
    for k in range(3):
        with open(os.path.join(folder, "img-%d.jpg" % k), "wb") as f:
            f.write(os.urandom(n))
    r = run("replay", single, "--headless", "--policy", "eager", "--device", device, "--decode-on-main", "--assets", folder, exe=loose, cwd=outside)
    m = json.loads(r.stdout.splitlines()[-1])["metrics"]
    check(m["loadsCompleted"] > 0 and abs(m["mainThreadMs"] - m["loadsCompleted"] * n / 1e6 * 100) < 1e-6,
          "replay --device at a latency, files of %d bytes: mainThreadMs %s = %d loads × %g MB × 100" % (n, m["mainThreadMs"], m["loadsCompleted"], n / 1e6))
    run("sweep", "--gestures", gestures, "--policies", "eager,adaptive", "--device", device, "--decode-on-main", "--assets", folder,
        "--out", os.path.join(outside, name + ".jsonl"), exe=loose, cwd=outside)
    rows = lines(os.path.join(outside, name + ".jsonl"))
    check(len(rows) == 6 and all(abs(row["mainThreadMs"] - row["loadsCompleted"] * n / 1e6 * 100) < 1e-6 for row in rows),
          "sweep --device at a latency, files of %d bytes: mainThreadMs = loads × %g MB × 100 on every line (%s)"
          % (n, n / 1e6, [(row["mainThreadMs"], row["loadsCompleted"]) for row in rows]))

shutil.rmtree(outside, ignore_errors=True)
print("image sizes: the files', from anywhere, under a network and on a device; none found is refused with the fix named")
