#!/usr/bin/env python3
"""Counts the stored properties of every type in Sources/ and fails when one passes the limit.

Usage: Tests/stored-properties.py [--list] [--limit N]   (from anywhere; default limit 14)

A stored property is a `var` or `let` declared directly in a struct's, class's or actor's body, not
`static`/`class`, without a getter body (`var x: T { … }` is computed; a body of `willSet`/`didSet` is an
observed stored property); `var a = 0, b = 0` counts two. Comments and string literals are skipped.
A type over the limit fails unless it is listed in `EXEMPT` with the reason: plain records (structs that
only carry configuration or result fields), and `ScrollView`, whose state is UIKit's. Every target is held
to it (the window's and the command line's types were split too).
`--list` prints every type with its count, most first.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources")
LIMIT = 14

# Types allowed over the limit, and why.
EXEMPT = {
    "ScrollView": "UIKit's UIScrollView state, modelled property for property",
    "AdaptiveTuning": "a plain record: Adaptive's constants",
    "LoadMetrics": "a plain record: one run's figures",
    "Result": "a plain record: one sweep result line's figures (SweepSummary.Result)",
    "LoadingContext": "a plain record: what a policy may read at one decision (its methods only read it)",
    "GridSceneConfiguration": "a plain record: the grid's settings",
    "RunCondition": "a plain record: one run's factors (policy, source, cache, rate, … the phone, placeholder, Low Data Mode)",
    "SceneConfiguration": "a plain record: the command line's scene settings",
    "WindowOptions": "a plain record: the command line's window settings",
}

TYPE_RE = re.compile(r"\b(struct|class|actor|enum|extension|protocol)\s+([A-Za-z_][A-Za-z0-9_.]*)")
DECL_RE = re.compile(r"^(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*((?:[a-z]+(?:\([a-z]+\))?\s+)*)(var|let)\s+(.*)$", re.S)


def strip(text):
    """The source with comments and string literals blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    block = 0
    while i < n:
        c = text[i]
        if block:
            if text.startswith("*/", i):
                block -= 1
                i += 2
            elif text.startswith("/*", i):
                block += 1
                i += 2
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            block = 1
            i += 2
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def statements(body):
    """Top-level statements of a type's body: (text, nested block after it or None)."""
    result, depth, start, i = [], 0, 0, 0
    paren = 0
    while i < len(body):
        c = body[i]
        if c in "([":
            paren += 1
        elif c in ")]":
            paren -= 1
        elif c == "{":
            if depth == 0:
                head = body[start:i]
                j, d = i, 0
                while j < len(body):
                    if body[j] == "{":
                        d += 1
                    elif body[j] == "}":
                        d -= 1
                        if d == 0:
                            break
                    j += 1
                result.append((head, body[i + 1:j]))
                start = j + 1
                i = j
            depth = 0
        elif c in ";\n" and paren == 0:
            text = body[start:i]
            # A declaration continued on the next line (an operator or comma at the end or the start).
            rest = body[i + 1:].lstrip()
            if text.strip() and not re.search(r"[=,:(\[]\s*$", text) and not re.match(r"^[.=,?:)\]&|+\-*/]", rest):
                result.append((text, None))
                start = i + 1
            elif not text.strip():
                start = i + 1
        i += 1
    if body[start:].strip():
        result.append((body[start:], None))
    return result


def split_top(text, sep=","):
    parts, depth, cur = [], 0, []
    for c in text:
        if c in "([<{":
            depth += 1
        elif c in ")]>}":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return parts


def stored(head, block):
    """How many stored properties the statement declares (0 for anything else)."""
    m = DECL_RE.match(head.strip())
    if not m:
        return 0
    modifiers = m.group(1).split()
    if "static" in modifiers or "class" in modifiers:
        return 0
    rest = m.group(3)
    if block is not None:
        if "=" not in rest and not re.match(r"\s*(willSet|didSet)\b", block):
            return 0  # a computed property
    names = [p for p in split_top(rest) if re.match(r"\s*[A-Za-z_]", p)]
    return max(1, len(names))


def types(text):
    """(kind, name, body) of every type declared in `text`, nested ones included."""
    found = []
    for m in TYPE_RE.finditer(text):
        kind, name = m.group(1), m.group(2)
        if name in ("func", "var", "let", "subscript", "init"):
            continue
        brace = text.find("{", m.end())
        if brace < 0:
            continue
        # Not a type declaration when something else ends it first (e.g. `class func`).
        between = text[m.end():brace]
        if ";" in between or re.search(r"\b(func|var|let)\b", between):
            continue
        d, j = 0, brace
        while j < len(text):
            if text[j] == "{":
                d += 1
            elif text[j] == "}":
                d -= 1
                if d == 0:
                    break
            j += 1
        found.append((kind, name, text[brace + 1:j]))
    return found


def audit():
    counts = []
    for dirpath, _, files in os.walk(SOURCES):
        for f in sorted(files):
            if not f.endswith(".swift"):
                continue
            path = os.path.join(dirpath, f)
            with open(path, encoding="utf-8") as fh:
                text = strip(fh.read())
            for kind, name, body in types(text):
                if kind not in ("struct", "class", "actor"):
                    continue
                n = sum(stored(h, b) for h, b in statements(body))
                counts.append((n, name, kind, os.path.relpath(path, ROOT)))
    return sorted(counts, key=lambda c: (-c[0], c[1]))


def main():
    limit = LIMIT
    if "--limit" in sys.argv:
        limit = int(sys.argv[sys.argv.index("--limit") + 1])
    counts = audit()
    if "--list" in sys.argv:
        for n, name, kind, path in counts:
            print(f"{n:4d}  {kind} {name}  {path}")
        return 0
    failed = False
    for n, name, kind, path in counts:
        if n <= limit:
            continue
        if name in EXEMPT:
            continue
        print(f"{kind} {name} has {n} stored properties ({path}), over {limit}: split it, or list it in EXEMPT if it is a plain record")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
