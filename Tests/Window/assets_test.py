"""--assets with the user's own folder (issue 7): a missing folder ends with one line and exit code 2;
an empty folder runs with "no images" placeholders; bad files (truncated PNG, zero bytes, text named
.png, a 12000×12000 image, a JPEG cut short) each give one warning line and a placeholder naming the problem, and the
good image still shows. The folder of bad files is built here. A CMYK JPEG decodes; under a modelled network
the tiles of files that do not decode say so."""

import os
import struct
import subprocess
import sys
import zlib

import windowlib as w

binary, out = sys.argv[1], sys.argv[2]
base = os.path.join(out, "assets")


def png(path, width, height, rows=None):
    """Writes a grey PNG of width×height, streaming the compression so huge images stay cheap."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    comp = zlib.compressobj(9)
    body = bytearray()
    row = b"\x00" + b"\x80" * (width * 3)
    for _ in range(height if rows is None else rows):
        body += comp.compress(row)
    body += comp.flush()
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", bytes(body)))
        f.write(chunk(b"IEND", b""))


def run(*args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=60)


# Missing folder: one line, exit 2.
missing = run("--headless", "--assets", os.path.join(base, "does-not-exist"), "--frames", "2")
w.check(missing.returncode == 2, "missing assets folder exits with code 2 (got %d)" % missing.returncode)
lines = [l for l in missing.stderr.splitlines() if l.strip()]
w.check(len(lines) == 1 and "does not exist" in lines[0], "missing folder: one clear line (%r)" % lines)
# The same from a command names the command, as its other refusals do.
fling = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Gestures", "single-fling.jsonl")
for args, prefix in [(["replay", fling, "--headless"], "scrolllab replay: ")]:
    r = run(*args, "--assets", os.path.join(base, "does-not-exist"))
    w.check(r.returncode == 2 and r.stderr.startswith(prefix + "assets folder"),
            "%s: a missing folder is named by the command (exit %d, %r)" % (args[0], r.returncode, r.stderr.strip()))

# Empty folder: runs, tiles say "no images".
empty = os.path.join(base, "empty")
os.makedirs(empty, exist_ok=True)
trace = os.path.join(out, "assets-empty.jsonl")
result = run("--headless", "--assets", empty, "--quit-after", "1", "--trace-out", trace, "--policy", "eager")
w.check(result.returncode == 0, "empty folder runs (exit %d, %s)" % (result.returncode, result.stderr.strip()))
summary = w.read_trace(trace)[-1]
w.check(summary["event"] == "summary" and summary["viewsCreated"] == 6, "empty folder: six views, summary written")

# Bad files beside one good image.
bad = os.path.join(base, "bad")
os.makedirs(bad, exist_ok=True)
png(os.path.join(bad, "a-good.png"), 300, 440)
png(os.path.join(bad, "b-truncated.png"), 300, 440)
with open(os.path.join(bad, "b-truncated.png"), "r+b") as f:
    f.truncate(60)
open(os.path.join(bad, "c-empty.png"), "wb").close()
with open(os.path.join(bad, "d-text.png"), "w") as f:
    f.write("this is not an image\n")
png(os.path.join(bad, "e-huge.png"), 12000, 12000)
# A JPEG cut short: libjpeg decodes it grey with a warning only; the window refuses it by its markers.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Images", "img-001.jpg"), "rb") as src, open(os.path.join(bad, "f-cut.jpg"), "wb") as f:
    f.write(src.read(3000))
trace = os.path.join(out, "assets-bad.jsonl")
shot = os.path.join(out, "assets-bad.png")
result = run("--headless", "--assets", bad, "--policy", "eager", "--latency-ms", "0", "--quit-after", "1.5",
             "--trace-out", trace, "--screenshot", shot)
w.check(result.returncode == 0, "bad files: the window runs to the end (exit %d)" % result.returncode)
warnings = [l for l in result.stderr.splitlines() if "warning" in l]
for name, reason in [("b-truncated.png", "truncated"), ("c-empty.png", "empty file"),
                     ("d-text.png", "not an image"), ("e-huge.png", "too large (12000×12000)"),
                     ("f-cut.jpg", "truncated JPEG (no end marker)")]:
    mine = [l for l in warnings if name in l]
    w.check(len(mine) == 1 and reason in mine[0], "%s: one warning naming '%s' (%r)" % (name, reason, mine))
w.check(not any("a-good.png" in l for l in warnings), "the good image gives no warning")
summary = w.read_trace(trace)[-1]
w.check(summary["viewsCreated"] == 6 and summary["metrics"]["staleFrames"] == 0, "bad files: six views, no stale frame")
w.check(w.png_size(shot) == (960, 600), "bad files: screenshot saved")

# A print-sourced CMYK JPEG twice its tile's pixels each way (scaled at decode) is no bad file: it decodes.
cmyk = os.path.join(base, "cmyk")
os.makedirs(cmyk, exist_ok=True)
subprocess.run(["convert", "-size", "1200x1760", "xc:cyan", "-colorspace", "CMYK", os.path.join(cmyk, "cyan.jpg")], check=True)
trace = os.path.join(out, "assets-cmyk.jsonl")
result = run("--headless", "--assets", cmyk, "--policy", "eager", "--latency-ms", "0", "--quit-after", "1", "--trace-out", trace)
summary = w.read_trace(trace)[-1]
w.check(result.returncode == 0 and "warning" not in result.stderr and summary["metrics"]["failedLoads"] == 0,
        "a CMYK JPEG decoded at a scale: no warning, no failed load (%s)" % result.stderr.strip())

# Under a modelled network the model passes a load on before its file decodes (as headless counts it): a
# file that does not decode leaves its tile naming why, not "decoding…" for ever, and the summary says so.
trace = os.path.join(out, "assets-bad-network.jsonl")
result = run("--headless", "--assets", bad, "--policy", "eager", "--network", "lte", "--disk-cache", "off",
             "--quit-after", "2", "--trace-out", trace)
w.check(result.returncode == 0, "bad files under a network: the window runs to the end (exit %d)" % result.returncode)
summary = w.read_trace(trace)[-1]
w.check(0 < summary["shownUndecodable"] <= summary["shownWithoutTexture"],
        "bad files under a network: the tiles shown without a texture are those whose file did not decode (%d of %d)"
        % (summary["shownUndecodable"], summary["shownWithoutTexture"]))
print("assets test: all checks passed")
