#!/usr/bin/env python3
"""Says where two videos' raw frames differ: which frames, and the pixels' bounding box.

    Tests/frame-diff.py WIDTH HEIGHT A.rgb B.rgb

A and B are the frames the lab handed to ffmpeg (rgb24, WIDTH x HEIGHT each, one after another), as
Tests/byte-identity.sh keeps them. An encoded video cannot say this: any change alters every frame
decoded after it. Exits 0 when the frames are identical, 1 when they differ, 2 on a bad input.
"""
import sys


def first_difference(a, b):
    """The first index where a and b (of one length, not equal) differ: a binary search over their slices."""
    lo, hi = 0, len(a)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] != b[lo:mid]:
            hi = mid
        else:
            lo = mid
    return lo


def frame_box(a, b, width, height):
    """The bounding box (x0, y0, x1, y1, inclusive) and pixel count of the pixels where a and b differ."""
    stride = width * 3
    box = None
    pixels = 0
    for y in range(height):
        row = slice(y * stride, (y + 1) * stride)
        ra, rb = a[row], b[row]
        if ra == rb:
            continue
        x0 = first_difference(ra, rb) // 3
        x1 = (stride - 1 - first_difference(ra[::-1], rb[::-1])) // 3
        pixels += sum(1 for x in range(x0, x1 + 1) if ra[x * 3:x * 3 + 3] != rb[x * 3:x * 3 + 3])
        box = (x0, y, x1, y) if box is None else (min(box[0], x0), box[1], max(box[2], x1), y)
    return box, pixels


def describe(box):
    x0, y0, x1, y1 = box
    return f"x {x0}-{x1}, y {y0}-{y1}"


def main(argv):
    if len(argv) != 5:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    width, height = int(argv[1]), int(argv[2])
    size = width * height * 3
    if size <= 0:
        print("frame-diff: the frame size must be positive", file=sys.stderr)
        return 2
    with open(argv[3], "rb") as fa, open(argv[4], "rb") as fb:
        index, differing, union, shown = 0, 0, None, 0
        while True:
            a, b = fa.read(size), fb.read(size)
            if not a and not b:
                break
            if len(a) != len(b):
                print(f"frame {index}: one video ends here ({len(a)} and {len(b)} bytes of it)")
                differing += 1
                index += 1
                break
            if a != b:
                if len(a) != size:
                    print(f"frame {index}: a partial frame differs")
                    differing += 1
                    index += 1
                    break
                box, pixels = frame_box(a, b, width, height)
                differing += 1
                union = box if union is None else (min(union[0], box[0]), min(union[1], box[1]),
                                                   max(union[2], box[2]), max(union[3], box[3]))
                if shown < 5:
                    print(f"frame {index}: {pixels} {'pixels differ' if pixels != 1 else 'pixel differs'}, {describe(box)}")
                    shown += 1
            index += 1
    if differing == 0:
        print(f"{index} frames identical")
        return 0
    where = f", all within {describe(union)}" if union else ""
    print(f"{differing} of {index} frames differ{where}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
