"""What shows while waiting (B-COST-2): the window draws each waiting tile's placeholder and cross-fades the
image in over it. Under EDGE the first screen's images take seconds, so a screenshot half a second in shows
the placeholders: with `--placeholder color` each of the first tiles is filled with its image's average
colour (decoded here from the image's ThumbHash, as the lab decodes it), with `thumbhash` with the decoded
preview (not one flat colour), with `none` with neither; a feed whose items carry bytes that are no ThumbHash
shows the fallback grey (UIKit's systemGray5) and counts them (`undecodablePreviews`), without a crash.

Usage: placeholder_test.py path/to/scrolllab OUTDIR
"""

import base64
import json
import math
import os
import struct
import subprocess
import sys
import zlib

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, start

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.makedirs(out, exist_ok=True)


def png_pixels(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    pos, chunks, ihdr = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour = ihdr[0], ihdr[1], ihdr[2], ihdr[3]
    assert depth == 8 and colour in (2, 6), "8-bit RGB(A) PNG"
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prior = zlib.decompress(b"".join(chunks)), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prior[i], prior[i - bpp] if i >= bpp else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prior = line
    return width, height, rows


def average_colour(hash_bytes):
    """A ThumbHash's average colour, bytes 0–255, from its header (the format's reference's formulas)."""
    h = hash_bytes[0] | hash_bytes[1] << 8 | hash_bytes[2] << 16
    l, p, q = (h & 63) / 63, ((h >> 6) & 63) / 31.5 - 1, ((h >> 12) & 63) / 31.5 - 1
    b = l - 2 / 3 * p
    r = (3 * l - b + q) / 2
    return tuple(int(math.floor(min(1, max(0, v)) * 255 + 0.5)) for v in (r, r - q, b))


def bundled_hashes():
    source = open(os.path.join(root, "Sources", "LabKit", "Feed", "Preview", "BundledPreviews.swift")).read()
    return [base64.b64decode(line.strip().strip('",')) for line in source.splitlines() if line.strip().startswith('"')]


def screenshot(name, *args):
    shot = os.path.join(out, "placeholder-%s.png" % name)
    # No disk cache: another launch (this test's previous screenshot) may have stored the first images, and
    # a warm cache shows them at once, with no placeholder to see.
    with closing(start(binary, "--network", "edge", "--disk-cache", "off", "--screenshot", shot, "--screenshot-after", "0.6", "--quit-after", "1.5",
                       *args)) as app:
        app.wait(timeout=60)
        err = app.stderr.read().strip()
    check(app.returncode == 0 and os.path.exists(shot), "%s: a screenshot (exit %s, %r)" % (name, app.returncode, err[:300]))
    _, _, rows = png_pixels(shot)
    counts = {}
    for row in rows:
        for px in row:
            counts[px] = counts.get(px, 0) + 1
    return counts


colours = [average_colour(h) for h in bundled_hashes()[:4]]
check(len(set(colours)) == 4, "the first four images have four average colours %s" % colours)
plain, colour, thumb = screenshot("none"), screenshot("color", "--placeholder", "color"), screenshot("thumbhash", "--placeholder", "thumbhash")
for i, c in enumerate(colours):
    # A tile is 150×220 pt, a pixel a point here; its header band, heart and border cover some of it.
    check(colour.get(c, 0) > 15000, "color: tile %d is filled with its image's average colour %s (%d px)" % (i, c, colour.get(c, 0)))
    check(plain.get(c, 0) < 2000, "none: no tile is filled with %s (%d px)" % (c, plain.get(c, 0)))
    check(thumb.get(c, 0) < 15000, "thumbhash: tile %d shows a preview, not its flat average colour (%d px)" % (i, thumb.get(c, 0)))
check(len(thumb) > len(colour) + 500, "thumbhash: the previews' gradients draw many more colours (%d against %d)" % (len(thumb), len(colour)))

# A feed whose items carry bytes that are no ThumbHash: the fallback grey, counted, no crash.
feed = os.path.join(out, "placeholder-bad.jsonl")
with open(feed, "w") as f:
    for i in range(40):
        f.write(json.dumps({"width": 150, "height": 220, "image": "img-%03d.jpg" % (i % 72), "bytes": 25000, "pixelWidth": 300,
                            "pixelHeight": 440, "thumbhash": "AAEC" if i % 2 else "not base64"}) + "\n")
fallback = (229, 229, 234)
bad = screenshot("undecodable", "--feed", feed, "--layout", "grid", "--placeholder", "thumbhash")
check(bad.get(fallback, 0) > 4 * 15000, "undecodable previews: the tiles show the fallback grey (%d px)" % bad.get(fallback, 0))
gesture = os.path.join(root, "Assets", "Gestures", "single-fling.jsonl")
r = subprocess.run([binary, "replay", gesture, "--headless", "--feed", feed, "--layout", "grid", "--placeholder", "thumbhash"],
                   capture_output=True, text=True, timeout=60)
metrics = json.loads(r.stdout.strip().splitlines()[-1])["metrics"]
check(r.returncode == 0 and metrics["undecodablePreviews"] > 0 and metrics["emptyTileSeconds"] == 0,
      "replay counts the undecodable previews (%d) and no tile waits empty" % metrics["undecodablePreviews"])
print("placeholder_test: ok")
