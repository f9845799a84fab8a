"""Every option of the headless commands changes the output the way it means, or is declared not to
(B-OPT-1: honoured or refused, never ignored).

- The options of `replay --headless`, `bench`, `sweep run` and `feed verdict` are read from each command's
  `--help`. Every one is either in the command's CHANGES table (a check below: the command run once with
  the option's default and once with another value, and the output changes the way the option says: more
  blank time on a slower network, more loads with a smaller cache, hitches with decodes on the main thread,
  …) or in its DECLARED table (an option that by design leaves the results alone: output paths, format,
  threads, the mode switch, with the reason); an option in neither, or a table entry the help no longer
  lists, fails the test, so a new option cannot go unclassified. The declared options are run too: their
  result numbers equal the run without them (`--help` aside; `--headless`: replay without it is refused).
- Where an option's effect has a certain direction (a slower network, a later first byte, a smaller
  cache) the direction is asserted; elsewhere that the numbers differ.
- Every row runs even after one fails (each prints ok:/FAIL:), so one run names every option ignored.
- No display is needed: DISPLAY is removed for every run (`--video`, `bench --plot`, `bench --frames` and
  `--calibrate` draw offscreen with the window binary); `--source` runs against `scrolllab serve` on a port
  the system picks.
"""

import atexit
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

started = time.monotonic()
binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
headless = os.path.join(os.path.dirname(binary), "scrolllab-headless")
model = headless if os.path.exists(headless) else binary   # the model's runs; drawing needs the window binary
root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
gestures_dir = os.path.join(root, "Assets", "Gestures")
FLING = os.path.join(gestures_dir, "single-fling.jsonl")
PAGER = os.path.join(gestures_dir, "pager-flings.jsonl")
RAPID = os.path.join(gestures_dir, "rapid-flings.jsonl")
work = os.path.join(out, "options-honoured")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}

failures = []


def expect(condition, message):
    """check() that goes on: every row runs, the test fails at the end if any did."""
    if condition:
        print("ok: " + message)
    else:
        print("FAIL: " + message)
        failures.append(message)
    sys.stdout.flush()


def folder(name, *files):
    path = os.path.join(work, name)
    os.makedirs(path, exist_ok=True)
    for f in files:
        shutil.copy(f, path)
    return path


ONE = folder("one", FLING)                                            # one gesture
TWO = folder("two", FLING, os.path.join(gestures_dir, "fling-stop-reverse.jsonl"))
tap = os.path.join(work, "tap.jsonl")                                 # a touch, no scroll: the real-time runs end quickly
with open(tap, "w") as f:
    f.write('{"t_ms":0,"x":150,"y":300,"phase":"down"}\n{"t_ms":16,"x":150,"y":300,"phase":"up"}\n')
TAP = folder("tap")
shutil.copy(tap, TAP)
images = sorted(n for n in os.listdir(os.path.join(root, "Assets", "Images")) if n.endswith(".jpg"))
ASSETS = folder("assets", *[os.path.join(root, "Assets", "Images", n) for n in images[:3]])   # 3 of the 72 bundled images
FEED = os.path.join(work, "feed.jsonl")
subprocess.run([model, "feed", "generate", "--layout", "masonry", "--count", "30", "--seed", "1", "--out", FEED],
               check=True, timeout=60, env=env)
FEED7 = os.path.join(work, "feed-7.jsonl")   # feed verdict's generated feeds are seed 1's: another seed's images
subprocess.run([model, "feed", "generate", "--layout", "masonry", "--count", "30", "--seed", "7", "--out", FEED7],
               check=True, timeout=60, env=env)


def run(args, exe=None, timeout=120):
    return subprocess.run([exe or model] + list(args), capture_output=True, text=True, timeout=timeout, cwd=root, env=env)


class Result:
    """One run: its exit code, its JSON lines, and `m`, the metrics the command's rows compare."""

    def __init__(self, done, pick):
        self.code, self.stdout, self.stderr = done.returncode, done.stdout, done.stderr
        self.lines = []
        for line in done.stdout.splitlines():
            try:
                self.lines.append(json.loads(line))
            except ValueError:
                pass
        self.m = pick(self) if self.code == 0 or self.lines else {}

    def __getitem__(self, key):
        return self.m.get(key)


def replay_pick(r):
    ends = [l for l in r.lines if l.get("event") in ("end", "video")]
    r.end = ends[-1] if ends else {}
    return dict(r.end.get("metrics", {}), offsetY=r.end.get("offset", {}).get("y"), offsetX=r.end.get("offset", {}).get("x"),
                viewsCreated=r.end.get("viewsCreated"))


def bench_pick(r):
    rows = [l for l in r.lines if l.get("policy") == "eager"] or r.lines
    return rows[0] if rows else {}


def sweep_pick(r):
    return r.lines[0] if r.lines else {}


def verdict_pick(r):
    rows = [l for l in r.lines if l.get("policy") == "eager"] or [l for l in r.lines if l.get("policy") == "adaptive"]
    return rows[0] if rows else {}


COMMANDS = {
    "replay": (lambda *a: ["replay", FLING, "--headless"] + list(a), replay_pick),
    "bench": (lambda *a: ["bench", "--gestures", ONE, "--json"] + list(a), bench_pick),
    "sweep run": (lambda *a: ["sweep", "run", "--gestures", ONE, "--out", "-"] + list(a), sweep_pick),
    "feed verdict": (lambda *a: ["feed", "verdict", "--gestures", ONE, "--layouts", "grid", "--json"] + list(a),
                     verdict_pick),
}
cache = {}


def go(command, *args, exe=None, line=None, codes=(0,)):
    """Runs `command` with `args` after its base arguments (`line`: the whole command line instead); expects
    an exit code of `codes`."""
    make, pick = COMMANDS[command]
    words = tuple(line) if line else tuple(make(*args))
    key = (exe, words)
    if key not in cache:
        cache[key] = Result(run(words, exe), pick)
    r = cache[key]
    if r.code not in codes:
        expect(False, "%s exits %s (got %d: %s)" % (" ".join(words[:2] + words[3:] if line is None else words), codes, r.code,
                                                   r.stderr.strip().splitlines()[:1]))
    return r


def pair(command, option, common, default, changed, predicate, meaning, exe=None):
    """Runs COMMAND COMMON DEFAULT and COMMAND COMMON CHANGED; expects predicate(a, b) (what `meaning` says)."""
    a, b = go(command, *(common + default), exe=exe), go(command, *(common + changed), exe=exe)
    try:
        holds = bool(predicate(a, b))
    except (KeyError, TypeError, IndexError) as e:
        holds = False
        meaning += " (%r)" % e
    expect(holds, "%s %s: %s → %s: %s" % (command, option, " ".join(default) or "(default)", " ".join(changed), meaning))
    return a, b


def gt(key):
    return lambda a, b: b[key] > a[key]


def lt(key):
    return lambda a, b: b[key] < a[key]


def differs(*keys):
    return lambda a, b: any(a[k] != b[k] for k in keys) if keys else a.m != b.m


def both(*predicates):
    return lambda a, b: all(p(a, b) for p in predicates)


NUMBERS = ("loadsIssued", "loadsCompleted", "blankTileSeconds", "networkBytes", "requests", "peakDecodedBytes", "mainThreadMs")


def help_options(*words):
    done = run(list(words) + ["--help"])
    return set(re.findall(r"^  (?:-\w, )?(--[a-z0-9][a-z0-9-]*)", done.stdout, re.M))


# The slow, real-time parts start at once beside the model's runs (2 cores: they mostly wait).
pool = concurrent.futures.ThreadPoolExecutor(max_workers=3)
frames_base = ["bench", "--frames", "--renderer", "software", "--frames-gesture", FLING, "--json"]
slow = {
    "frames": pool.submit(run, frames_base, binary),
    "frames+": pool.submit(run, frames_base + ["--compare", "2", "--scale", "0.5", "--control"], binary),
    "calibrate": pool.submit(run, ["bench", "--calibrate"], binary),
}


# ---------------------------------------------------------------------------------------------------- servers
servers = []


def serve(*args):
    """`scrolllab serve ARGS` on a port the system picks (`--port 0`); returns its serving line."""
    p = subprocess.Popen([model, "serve", "--port", "0"] + list(args), stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, cwd=root, env=env)
    first = p.stdout.readline()
    if not first.strip():
        raise SystemExit("FAIL: scrolllab serve %s gave no serving line" % " ".join(args))
    servers.append(p)
    return json.loads(first)


atexit.register(lambda: [p.kill() for p in servers if p.poll() is None])
plain = serve("--network", "wifi")
stalled = serve("--network", "wifi", "--stall", "1")
secure = serve("--network", "wifi", "--tls", "--http", "2")


def source_rows(command, common, tap_args):
    """--source, --http-timeout and --source-ca against the servers above (real time, a touch and no scroll)."""
    src = ["--network", "wifi", "--source", plain["source"]]
    line = lambda *a: COMMANDS[command][0](*a)
    # the command's line with the tap gesture instead of the fling
    def tapped(*a):
        return [w if w not in (FLING, ONE) else tap_args for w in line(*(common + list(a)))]
    a = go(command, line=tapped("--network", "wifi"))
    b = go(command, line=tapped(*src))
    expect("realNetwork" in json.dumps(b.lines) and "realNetwork" not in json.dumps(a.lines) and b["networkBytes"] > 0
           and b["failedLoads"] == 0, "%s --source: the images come from the server (realNetwork, %s bytes, no failure)"
           % (command, b["networkBytes"]))
    stall = ["--network", "wifi", "--source", stalled["source"]]
    a, b = go(command, line=tapped(*stall)), go(command, line=tapped(*(stall + ["--http-timeout", "0.2"])), codes=(0, 1))
    expect(a["failedLoads"] == 0 and failed(b, "timeout"),
           "%s --http-timeout 10 → 0.2 against a server stalling 1 s: no failure → every load a timeout" % command)
    tls = ["--network", "wifi", "--http", "2", "--source", secure["source"]]
    a = go(command, line=tapped(*tls), codes=(0, 1))
    b = go(command, line=tapped(*(tls + ["--source-ca", secure["certificate"]])))
    expect(failed(a, "CERTIFICATE_VERIFY_FAILED") and b["failedLoads"] == 0 and b["loadsCompleted"] > 0,
           "%s --source-ca: a self-signed server's loads fail without it, complete with it (%s)" % (command, b["loadsCompleted"]))


def failed(r, reason):
    """Every load of `r` failed for `reason`: in its line, or (sweep run, which writes no line then) in its error."""
    if r.lines:
        return r["failedLoads"] == r["loadsIssued"] > 0 and all(reason in k for k in r["failuresByReason"])
    return reason in r.stderr


def disk_rows(command, common):
    d = os.path.join(work, "disk-" + command.replace(" ", "-"))
    first, second = [Result(run(COMMANDS[command][0](*(common + ["--network", "3g", "--disk-cache", d]))), COMMANDS[command][1])
                     for _ in range(2)]
    expect(first["diskHits"] == 0 and second["diskHits"] > 0 and second["networkBytes"] < first["networkBytes"],
           "%s --disk-cache DIR: a second run reads the folder (%s disk hits) and moves fewer bytes (%s → %s)"
           % (command, second["diskHits"], first["networkBytes"], second["networkBytes"]))


def classify(command, words, changes, declared):
    listed = help_options(*words)
    missing = sorted(listed - set(changes) - set(declared))
    stale = sorted((set(changes) | set(declared)) - listed)
    expect(not missing, "%s: every option of --help is classified (unclassified: %s)" % (command, missing))
    expect(not stale, "%s: every classified option is in --help (not listed: %s)" % (command, stale))
    expect(not set(changes) & set(declared), "%s: no option both changes and is declared not to" % command)
    for option in sorted(listed & set(changes)):
        changes[option]()


# ---------------------------------------------------------------------------------------------------- replay
E, N3 = ["--policy", "eager"], ["--network", "3g"]


def replay_compare():
    r = go("replay", "--compare", "eager,adaptive")
    ends = {l.get("compare"): l["metrics"] for l in r.lines if l.get("event") == "end"}
    eager, adaptive = go("replay", *E), go("replay")
    expect(set(ends) == {"eager", "adaptive"} and ends["eager"] == eager.end["metrics"]
           and ends["adaptive"] == adaptive.end["metrics"],
           "replay --compare eager,adaptive: one end line per phone, each the single run's metrics")


def replay_video():
    v = lambda name, *a: Result(run(["replay", FLING, "--policy", "eager", "--video", os.path.join(work, name)] + list(a), binary),
                                replay_pick)
    def size(path):
        done = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height,nb_frames", "-of", "json", path],
                              capture_output=True, text=True)
        s = json.loads(done.stdout or "{}").get("streams", [{}])[0]
        return s.get("width"), s.get("height"), int(s.get("nb_frames", 0))
    plain_v = v("plain.mp4")
    expect(plain_v.code == 0 and os.path.getsize(os.path.join(work, "plain.mp4")) > 0
           and plain_v.end["metrics"] == go("replay", *E).end["metrics"],
           "replay --video: a video is written, and its figures are the headless replay's")
    w0, h0, n0 = size(os.path.join(work, "plain.mp4"))
    fps = v("fps.mp4", "--fps", "30")
    w1, h1, n1 = size(os.path.join(work, "fps.mp4"))
    expect(fps.end.get("fps") == 30 and abs(n1 * 2 - n0) <= 2 and fps.end["metrics"] == plain_v.end["metrics"],
           "replay --fps 60 → 30: half the frames (%d → %d), the same figures" % (n0, n1))
    v("scale.mp4", "--scale", "0.5")
    w2, h2, _ = size(os.path.join(work, "scale.mp4"))
    expect(w2 * 2 == w0 and h2 * 2 == h0, "replay --scale 1 → 0.5: half the size (%sx%s → %sx%s)" % (w0, h0, w2, h2))
    v("window.mp4", "--video-layout", "window")
    w3, h3, _ = size(os.path.join(work, "window.mp4"))
    expect(w3 > w0 and (w3, h3) != (w0, h0), "replay --video-layout phones → window: the whole window (%sx%s → %sx%s)"
           % (w0, h0, w3, h3))


fling_pager = lambda *a: ["replay", PAGER, "--headless"] + list(a)
rapid = lambda *a: ["replay", RAPID, "--headless"] + list(a)
REPLAY = {
    "--scene": lambda: expect((lambda a, b: a["offsetX"] == 0 and b["offsetX"] > 0)(go("replay", line=fling_pager()),
                                                                                    go("replay", line=fling_pager("--scene", "pager"))),
                              "replay --scene grid → pager: a sideways fling scrolls the pager, not the vertical grid"),
    "--paging": lambda: expect((lambda a, b: a["offsetX"] != b["offsetX"])(go("replay", line=fling_pager("--scene", "pager")),
                                                                           go("replay", line=fling_pager("--scene", "pager", "--paging", "none"))),
                               "replay --paging frame → none: the pager rests elsewhere (not on a page)"),
    "--rate": lambda: pair("replay", "--rate", E, [], ["--rate", "fast"], lt("offsetY"), "a faster deceleration flings less far"),
    "--policy": lambda: pair("replay", "--policy", [], [], E, differs(*NUMBERS), "another policy, other loads"),
    "--seed-problem": lambda: pair("replay", "--seed-problem", ["--policy", "deferred"], [], ["--seed-problem", "2"],
                                   lambda a, b: b["blankTileSeconds"] > a["blankTileSeconds"] and b.end.get("settled") is False,
                                   "no load at the end of deceleration: tiles stay blank, never settled"),
    "--latency-ms": lambda: pair("replay", "--latency-ms", E, [], ["--latency-ms", "500"],
                                 both(gt("timeToFirstImage"), gt("blankTileSeconds")), "later first image, more blank time"),
    "--network": lambda: (pair("replay", "--network", E, [], ["--network", "edge"],
                               lambda a, b: a["networkBytes"] == 0 and b["networkBytes"] > 0, "bytes move over a network"),
                          pair("replay", "--network", E, ["--network", "lte"], ["--network", "edge"],
                               both(gt("blankTileSeconds"), gt("timeToFirstImage")), "a slower network: more blank time, later first image")),
    "--disk-cache": lambda: (disk_rows("replay", E),
                             pair("replay", "--disk-cache", N3, [], ["--disk-cache", "off"], differs(*NUMBERS),
                                  "adaptive prefetches only with a disk cache: no disk cache, another plan")),
    "--request-order": lambda: (expect(differs(*NUMBERS)(go("replay", line=rapid("--policy", "texture@shipped", *N3, "--connections", "1")),
                                                         go("replay", line=rapid("--policy", "texture@shipped", *N3, "--connections", "1",
                                                                                 "--request-order", "lifo"))),
                                       "replay --request-order fifo → lifo (texture@shipped, 3g, 1 connection, rapid-flings): waiting requests go newest first"),
                                expect(differs(*NUMBERS)(go("replay", line=rapid(*N3, "--connections", "1")),
                                                         go("replay", line=rapid(*N3, "--connections", "1", "--request-order", "lifo"))),
                                       "replay --request-order fifo → lifo (the default policy, adaptive, on the shared pipeline; 3g, 1 connection, rapid-flings): waiting requests go newest first")),
    "--connections": lambda: pair("replay", "--connections", E + N3, [], ["--connections", "1"], differs(*NUMBERS),
                                  "one request in flight instead of 6"),
    "--http": lambda: pair("replay", "--http", E + N3, [], ["--http", "2"], differs(*NUMBERS), "one connection, streams sharing it"),
    "--tls": lambda: pair("replay", "--tls", E + N3, [], ["--tls"], gt("timeToFirstImage"), "a handshake round trip more: a later first image"),
    "--refresh": lambda: pair("replay", "--refresh", E, [], ["--refresh", "120"], gt("frameOverrunMsP99"),
                              "a 120 Hz frame's budget is half: frames overrun by more"),
    "--touch-hz": lambda: pair("replay", "--touch-hz", E, [], ["--touch-hz", "30"], differs("offsetY", "loadsIssued"),
                               "a gesture resampled at 30 Hz moves differently"),
    "--items": lambda: pair("replay", "--items", E, [], ["--items", "10"], lt("offsetY"), "10 items: the fling stops at their end"),
    "--physics": lambda: pair("replay", "--physics", E, [], ["--physics", "android"], differs("offsetY"), "another fling curve"),
    "--estimator": lambda: pair("replay", "--estimator", E, [], ["--estimator", "lsq"], differs("offsetY"), "another release velocity"),
    "--assets": lambda: pair("replay", "--assets", E + N3, [], ["--assets", ASSETS], differs("networkBytes"),
                             "3 images instead of the 72 bundled: other file sizes move"),
    "--delays-content-touches": lambda: pair("replay", "--delays-content-touches", E, [], ["--delays-content-touches", "off"],
                                             lambda a, b: not any(l.get("event") == "touchesBegan" for l in a.lines)
                                             and any(l.get("event") == "touchesBegan" for l in b.lines),
                                             "the tile gets the touch at once (touchesBegan)"),
    "--can-cancel-content-touches": lambda: pair("replay", "--can-cancel-content-touches", E + ["--delays-content-touches", "off"], [],
                                                 ["--can-cancel-content-touches", "off"],
                                                 lambda a, b: a["offsetY"] > 0 and b["offsetY"] == 0,
                                                 "the drag cannot take the touch from the tile: no scroll"),
    "--compare": replay_compare,
    "--feed": lambda: pair("replay", "--feed", E, [], ["--feed", FEED], differs("viewsCreated", "loadsIssued"), "the feed's items"),
    "--layout": lambda: pair("replay", "--layout", E + ["--feed", FEED], [], ["--layout", "list"], lt("viewsCreated"),
                             "a one-column list shows fewer items than the file's masonry"),
    "--columns": lambda: pair("replay", "--columns", E + ["--feed", FEED], [], ["--columns", "3"], gt("viewsCreated"),
                              "3 columns show more items than 2"),
    "--device": lambda: pair("replay", "--device", E, [], ["--device", "android-512mb"], gt("mainThreadMs"),
                             "a 512 MB Android phone's decode and upload cost more main-thread time than the lab's constant"),
    "--downsample": lambda: pair("replay", "--downsample", E + ["--feed", FEED], [], ["--downsample", "off"], gt("peakDecodedBytes"),
                                 "whole decodes of the feed's large images hold more bytes"),
    "--decode-on-main": lambda: pair("replay", "--decode-on-main", E, [], ["--decode-on-main"],
                                     both(gt("hitchTimeRatioMsPerS"), gt("mainThreadMs")), "decodes charged to frames: hitches"),
    "--cache-bytes": lambda: pair("replay", "--cache-bytes", [], [], ["--cache-bytes", "2000000"], lt("peakDecodedBytes"),
                                  "a 2 MB cache holds fewer decoded bytes than 12 images"),
    "--placeholder": lambda: pair("replay", "--placeholder", E, [], ["--placeholder", "color"],
                                  lambda a, b: a["placeholderTileSeconds"] == 0 and b["placeholderTileSeconds"] > 0
                                  and b["blankTileSeconds"] == a["blankTileSeconds"],
                                  "blank time is shown as placeholders (placeholderTileSeconds > 0)"),
    "--constrained": lambda: pair("replay", "--constrained", N3, [], ["--constrained"], both(lt("requests"), lt("networkBytes")),
                                  "Low Data Mode: adaptive loads nothing ahead, fewer requests and bytes"),
    "--did-scroll": lambda: pair("replay", "--did-scroll", E, [], ["--did-scroll"],
                                 lambda a, b: a.end["metrics"] == b.end["metrics"]
                                 and any(l.get("event") == "didScroll" for l in b.lines)
                                 and not any(l.get("event") == "didScroll" for l in a.lines),
                                 "didScroll events appear; the metrics are the same"),
    "--source": lambda: source_rows("replay", E, tap),
    "--http-timeout": lambda: None,   # with --source (source_rows)
    "--source-ca": lambda: None,      # with --source (source_rows)
    "--video": replay_video,
    "--fps": lambda: None,            # with --video (replay_video)
    "--scale": lambda: None,          # with --video (replay_video)
    "--video-layout": lambda: None,   # with --video (replay_video)
}
REPLAY_DECLARED = {
    "--help": "prints the help; runs nothing",
    "--headless": "the mode: replay without it is refused (the window replays with --replay); every run here has it",
    "--stream": "prints each event as it happens instead of at the end: the same lines",
}


def replay_declared():
    r = run(["replay", FLING, "--policy", "eager"])
    expect(r.returncode == 64 and "--headless" in r.stderr, "replay without --headless is refused (64), naming it")
    expect(go("replay", *E).stdout == go("replay", *(E + ["--stream"])).stdout, "replay --stream: the same lines")


# ---------------------------------------------------------------------------------------------------- bench
BE = ["--policies", "eager"]


def bench_policies():
    a, b = go("bench"), go("bench", "--policies", "eager,target")
    pa, pb = {l["policy"] for l in a.lines}, {l["policy"] for l in b.lines}
    expect({"eager", "target"} <= pb and pb < pa and "adaptive" not in pb,
           "bench --policies all → eager,target: only those rows (and the bounds)")


def bench_gestures():
    a, b = go("bench", *BE), go("bench", line=["bench", "--gestures", TWO, "--json", "--policies", "eager"])
    expect({l["gesture"] for l in a.lines} < {l["gesture"] for l in b.lines}, "bench --gestures: a folder of two gestures gives rows for both")


def bench_frames():
    a, b = slow["frames"].result(), slow["frames+"].result()
    la = [json.loads(l) for l in a.stdout.splitlines() if l.startswith("{")]
    lb = [json.loads(l) for l in b.stdout.splitlines() if l.startswith("{")]
    expect(a.returncode == 0 and [l.get("renderer") for l in la] == ["software"] and "p50Ms" in la[0] and "policy" not in la[0],
           "bench --frames (--renderer software): one frame-time line for that renderer, no policy rows")
    expect(b.returncode == 0 and lb and lb[0].get("phones") == 2 and lb[0].get("scale") == 0.5 and "phones" not in la[0]
           and "scale" not in la[0], "bench --frames --compare 2 --scale 0.5: the line says 2 phones at scale 0.5")
    expect([l.get("renderer") for l in lb] == ["software", "control"], "bench --frames --control: a control line after the renderer's")
    trace = os.path.join(work, "frames-trace.jsonl")
    t = run(["bench", "--frames", "--renderer", "software", "--frames-gesture", FLING, "--frames-trace", trace], binary)
    with open(trace) as f:
        traced = [json.loads(l) for l in f] if t.returncode == 0 else []
    expect(traced and {l["renderer"] for l in traced} == {"software"} and [l["frame"] for l in traced] == list(range(len(traced))),
           "bench --frames --frames-trace FILE: each measured frame of the run, a JSON line in FILE")
    missing = run(["bench", "--frames", "--renderer", "software", "--frames-gesture", os.path.join(work, "no-such.jsonl")], binary)
    expect(missing.returncode == 2 and "no-such.jsonl" in missing.stderr,
           "bench --frames-gesture: the file named is the one played (a missing one: exit 2, named)")


def bench_calibrate():
    r = slow["calibrate"].result()
    device = json.loads(r.stdout) if r.returncode == 0 else {}
    expect("decodeMsPerMegapixel" in device and "policy" not in r.stdout,
           "bench --calibrate: a device file of this machine's decode rates instead of policy rows")
    path = os.path.join(work, "calibrated.json")
    with open(path, "w") as f:
        f.write(r.stdout)
    a, b = go("bench", *BE), go("bench", *(BE + ["--device", path]))
    expect(a.m != b.m, "bench --device CALIBRATED.json: the calibrated device changes the numbers")


def bench_device_columns():
    plain_t = run(["bench", "--gestures", ONE, "--policies", "eager"]).stdout
    phone_t = run(["bench", "--gestures", ONE, "--policies", "eager", "--device", "android-512mb"]).stdout
    expect("killed" not in plain_t and "killed" in phone_t and "resident MB" in phone_t,
           "bench --device: the table gains the phone's columns (resident MB, hitch ms/s, killed)")
    # The hitch ratio in Apple's band and the frame overrun p99 (B-COST-1), equal to the JSON's.
    header = next((l for l in phone_t.splitlines() if l.startswith("policy")), "")
    row = next((l for l in phone_t.splitlines() if l.startswith("eager")), "").split()
    j = go("bench", "--policies", "eager", "--device", "android-512mb")
    hitch, overrun = j["hitchTimeRatioMsPerS"], j["frameOverrunMsP99"]
    band = "critical" if hitch > 10 else "warning" if hitch >= 5 else "good"
    expect(header.split()[-7:] == ["hitch", "ms/s", "band", "overrun", "p99", "ms", "killed"],
           "bench --device: hitch ms/s, band, overrun p99 ms, killed end the header (%s)" % header.split()[-6:])
    expect(overrun is not None and row[-4:-1] == ["%.1f" % hitch, band, "%.1f" % overrun],
           "bench --device: the row's hitch, band and overrun are the JSON's (%s; %s, %s)" % (row[-4:-1], hitch, overrun))


def bench_plot():
    png = os.path.join(work, "bench.png")
    a = go("bench", *BE)
    b = Result(run(COMMANDS["bench"][0](*(BE + ["--plot", png])), binary), bench_pick)
    expect(os.path.exists(png) and os.path.getsize(png) > 0 and a.lines == b.lines,
           "bench --plot FILE: a PNG is written; the rows are the same")


def bench_json():
    t = run(["bench", "--gestures", ONE, "--policies", "eager"]).stdout
    row = next((l.split() for l in t.splitlines() if l.startswith("eager ")), [])
    j = go("bench", *BE).m
    expect(row[1:5] == [str(j[k]) for k in ("loadsIssued", "loadsCompleted", "loadsCancelled", "loadsWasted")]
           and float(row[5]) == round(j["blankTileSeconds"], 3),
           "bench --json: the table's numbers in JSON (eager %s)" % row[1:6])


def model_rows(command, P):
    """The model's options shared by bench, sweep run (P: the policy option)."""
    cmd = command
    F = [P, "eager"]
    constrained = ["--constrained"] if command == "bench" else ["--constrained", "on"]
    tls = ["--tls"] if command == "bench" else ["--tls", "on"]
    return {
        "--latency-ms": lambda: pair(cmd, "--latency-ms", F, [], ["--latency-ms", "500"],
                                     both(gt("timeToFirstImage"), gt("blankTileSeconds")), "later first image, more blank time"),
        "--network": lambda: (pair(cmd, "--network", F, [], ["--network", "edge"],
                                   lambda a, b: a["networkBytes"] == 0 and b["networkBytes"] > 0, "bytes move over a network"),
                              pair(cmd, "--network", F, ["--network", "lte"], ["--network", "edge"],
                                   both(gt("blankTileSeconds"), gt("timeToFirstImage")), "a slower network: more blank time")),
        "--assets": lambda: pair(cmd, "--assets", F + N3, [], ["--assets", ASSETS], differs("networkBytes"),
                                 "3 images instead of the 72 bundled: other file sizes move"),
        "--disk-cache": lambda: disk_rows(cmd, F),
        "--connections": lambda: pair(cmd, "--connections", F + N3, [], ["--connections", "1"], differs(*NUMBERS),
                                      "one request in flight instead of 6"),
        "--http": lambda: pair(cmd, "--http", F + N3, [], ["--http", "2"], differs(*NUMBERS), "one connection, streams sharing it"),
        "--tls": lambda: pair(cmd, "--tls", F + N3, [], tls, gt("timeToFirstImage"), "a handshake round trip more: a later first image"),
        "--refresh": lambda: pair(cmd, "--refresh", F, [], ["--refresh", "120"], gt("frameOverrunMsP99"),
                                  "a 120 Hz frame's budget is half: frames overrun by more"),
        "--feed": lambda: pair(cmd, "--feed", F, [], ["--feed", FEED], differs(*NUMBERS), "the feed's items"),
        "--device": lambda: pair(cmd, "--device", F, [], ["--device", "android-512mb"], gt("mainThreadMs"),
                                 "a 512 MB Android phone's decode and upload cost more main-thread time"),
        "--downsample": lambda: pair(cmd, "--downsample", F + ["--feed", FEED], [], ["--downsample", "off"], gt("peakDecodedBytes"),
                                     "whole decodes of the feed's large images hold more bytes"),
        "--decode-on-main": lambda: pair(cmd, "--decode-on-main", F, [], ["--decode-on-main"],
                                         both(gt("hitchTimeRatioMsPerS"), gt("mainThreadMs")), "decodes charged to frames: hitches"),
        "--cache-bytes": lambda: pair(cmd, "--cache-bytes", [P, "adaptive"], [], ["--cache-bytes", "2000000"], lt("peakDecodedBytes"),
                                      "a 2 MB cache holds fewer decoded bytes than 12 images"),
        "--placeholder": lambda: pair(cmd, "--placeholder", F, [], ["--placeholder", "color"],
                                      lambda a, b: a["placeholderTileSeconds"] == 0 and b["placeholderTileSeconds"] > 0,
                                      "blank time is shown as placeholders"),
        "--constrained": lambda: pair(cmd, "--constrained", [P, "adaptive"] + N3, [], constrained,
                                      both(lt("requests"), lt("networkBytes")), "Low Data Mode: adaptive loads nothing ahead"),
        "--source": lambda: source_rows(cmd, F, TAP),
        "--http-timeout": lambda: None,   # source_rows
        "--source-ca": lambda: None,      # source_rows
    }


BENCH = dict(model_rows("bench", "--policies"), **{
    "--gestures": bench_gestures,
    "--policies": bench_policies,
    "--physics": lambda: pair("bench", "--physics", ["--policies", "eager"], [], ["--physics", "android"], differs(*NUMBERS),
                              "another fling curve, other loads"),
    "--touch-hz": lambda: pair("bench", "--touch-hz", ["--policies", "eager"], [], ["--touch-hz", "30"], differs(*NUMBERS),
                               "the gesture resampled at 30 Hz"),
    "--layout": lambda: pair("bench", "--layout", ["--policies", "eager", "--feed", FEED], [], ["--layout", "list"],
                             differs(*NUMBERS), "a list instead of the file's masonry"),
    "--columns": lambda: pair("bench", "--columns", ["--policies", "eager", "--feed", FEED], [], ["--columns", "3"],
                              differs(*NUMBERS), "3 columns instead of 2"),
    "--frames": bench_frames,
    "--compare": lambda: None,          # bench_frames
    "--frames-gesture": lambda: None,   # bench_frames
    "--renderer": lambda: None,         # bench_frames
    "--scale": lambda: None,            # bench_frames
    "--control": lambda: None,          # bench_frames
    "--frames-trace": lambda: None,     # bench_frames
    "--calibrate": bench_calibrate,
})
_bench_device = BENCH["--device"]
BENCH["--device"] = lambda: (_bench_device(), bench_device_columns())
BENCH_DECLARED = {
    "--help": "prints the help; runs nothing",
    "--json": "the format: the table's numbers as JSON lines",
    "--plot": "also draws the rows as a PNG: the rows are the same",
}

# ---------------------------------------------------------------------------------------------------- sweep run
def sweep_lines(*args, line=None):
    return go("sweep run", *args, line=line).lines


def sweep_declared():
    path = os.path.join(work, "sweep-out.jsonl")
    to_file = run(["sweep", "run", "--gestures", TWO, "--policies", "eager,adaptive", "--out", path])
    with open(path) as f:
        written = sorted(f.read().splitlines())
    to_stdout = sorted(run(["sweep", "run", "--gestures", TWO, "--policies", "eager,adaptive", "--out", "-"]).stdout.splitlines())
    expect(to_file.returncode == 0 and written == to_stdout and len(written) == 4, "sweep run --out FILE: the lines --out - prints")
    j = [sorted(run(["sweep", "run", "--gestures", TWO, "--policies", "eager,adaptive", "--latency-ms", "80,250", "--jobs", n,
                     "--out", "-"]).stdout.splitlines()) for n in ("1", "2")]
    expect(j[0] == j[1] and len(j[0]) == 8, "sweep run --jobs 1 → 2: the same 8 lines, sorted")


SWEEP = dict(model_rows("sweep run", "--policies"), **{
    "--gestures": lambda: expect(len(sweep_lines("--policies", "eager")) == 1 and
                                 len(go("sweep run", line=["sweep", "run", "--gestures", TWO, "--out", "-", "--policies", "eager"]).lines) == 2,
                                 "sweep run --gestures: a folder of two gestures gives two lines"),
    "--policies": lambda: pair("sweep run", "--policies", [], ["--policies", "eager"], ["--policies", "adaptive"],
                               lambda a, b: a["policy"] == "eager" and b["policy"] == "adaptive" and differs(*NUMBERS)(a, b),
                               "another policy, other loads"),
    "--cache-images": lambda: pair("sweep run", "--cache-images", ["--policies", "adaptive"], [], ["--cache-images", "2"],
                                   lambda a, b: b["cacheImages"] == 2 and b["loadsIssued"] > a["loadsIssued"] and b["memoryHits"] <= a["memoryHits"],
                                   "a 2-image cache: more loads, no more memory hits"),
    "--shard": lambda: (lambda whole, part: expect(len(part) == 1 and set(part) < set(whole),
                                                   "sweep run --shard 1/2: one of the two gestures' lines"))(
        [json.dumps(l, sort_keys=True) for l in go("sweep run", line=["sweep", "run", "--gestures", TWO, "--out", "-", "--policies", "eager"]).lines],
        [json.dumps(l, sort_keys=True) for l in go("sweep run", line=["sweep", "run", "--gestures", TWO, "--out", "-", "--policies", "eager",
                                                                     "--shard", "1/2"]).lines]),
    "--oracle": lambda: pair("sweep run", "--oracle", ["--policies", "eager"], [], ["--oracle"],
                             lambda a, b: "oracleBlankTileSeconds" not in a.m and b["oracleBlankTileSeconds"] <= b["blankTileSeconds"]
                             and {k: v for k, v in b.m.items() if k != "oracleBlankTileSeconds"} == a.m,
                             "each line gains the oracle's blank time (≤ the policy's); the rest is the same"),
    "--layout": lambda: pair("sweep run", "--layout", ["--policies", "eager", "--feed", FEED], [], ["--layout", "list"],
                             lambda a, b: b["id"] != a["id"] and differs(*NUMBERS)(a, b), "a list instead of the file's masonry"),
})
SWEEP_DECLARED = {
    "--help": "prints the help; runs nothing",
    "--out": "where the lines go: a file holds the lines standard output gets",
    "--jobs": "worker threads: the same lines in another order",
}

# ---------------------------------------------------------------------------------------------------- feed verdict
V = "feed verdict"
VERDICT = {
    "--layouts": lambda: pair(V, "--layouts", [], [], ["--layouts", "list"],
                              lambda a, b: a["layout"] == "grid" and b["layout"] == "list"
                              and (a["networkBytes"], a["loads"]) != (b["networkBytes"], b["loads"]), "another layout judged"),
    "--feed": lambda: pair(V, "--feed", [], [], ["--feed", FEED7], differs("networkBytes", "loads"), "your feed instead of the generated one"),
    "--network": lambda: pair(V, "--network", [], [], ["--network", "edge"], gt("blankScreenSeconds"), "edge instead of 3g: more blank time"),
    "--count": lambda: pair(V, "--count", [], [], ["--count", "8"], differs("networkBytes", "loads", "blankScreenSeconds"),
                            "8 items instead of 400: the fling ends at the feed's end"),
    "--seed": lambda: pair(V, "--seed", [], [], ["--seed", "2"], differs("networkBytes"), "other images: other bytes"),
    "--gestures": lambda: (lambda a, b: expect(a["sessions"] == 1 and b["sessions"] == 2,
                                               "feed verdict --gestures: a folder of two gestures, two sessions"))(
        go(V), go(V, line=["feed", "verdict", "--gestures", TWO, "--layouts", "grid", "--json"])),
    "--device": lambda: pair(V, "--device", [], [], ["--device", "android-512mb"], differs("peakResidentBytes", "blankScreenSeconds", "hitchTimeRatioMsPerS"),
                             "a phone's decode and memory"),
    "--downsample": lambda: pair(V, "--downsample", [], [], ["--downsample", "off"],
                                 gt("peakResidentBytes"), "whole decodes hold more bytes"),
    # Over 3g (the default) the images arrive after the fling: a decode on the main thread then hitches no
    # scroll. Over wifi they arrive while it scrolls.
    "--decode-on-main": lambda: pair(V, "--decode-on-main", ["--network", "wifi"], [], ["--decode-on-main"], gt("hitchTimeRatioMsPerS"),
                                     "decodes on the main thread while scrolling (wifi): hitches"),
    "--cache-bytes": lambda: (lambda a, b: expect(
        all(y["peakResidentBytes"] <= x["peakResidentBytes"] for x, y in zip(a.lines, b.lines))
        and any(y["peakResidentBytes"] < x["peakResidentBytes"] for x, y in zip(a.lines, b.lines)),
        "feed verdict --cache-bytes 500000: no policy's peak resident bytes grow, some shrink"))(go(V), go(V, "--cache-bytes", "500000")),
    "--constrained": lambda: (lambda a, b: expect(b["networkBytes"] < a["networkBytes"],
                                                  "feed verdict --constrained: adaptive loads nothing ahead, fewer bytes (%s → %s)"
                                                  % (a["networkBytes"], b["networkBytes"])))(
        Result(run(COMMANDS[V][0]()), lambda r: next(l for l in r.lines if l["policy"] == "adaptive")),
        Result(run(COMMANDS[V][0]("--constrained")), lambda r: next(l for l in r.lines if l["policy"] == "adaptive"))),
    "--tls": lambda: pair(V, "--tls", [], [], ["--tls"], lambda a, b: b["blankScreenSeconds"] >= a["blankScreenSeconds"] and a.m != b.m,
                          "a handshake round trip more: no less blank time"),
}
VERDICT_DECLARED = {
    "--help": "prints the help; runs nothing",
    "--json": "the format: the table's verdict as JSON lines",
}


def verdict_json():
    t = run(["feed", "verdict", "--gestures", ONE, "--layouts", "grid"])
    rows = {m.group(1): (m.group(2) == "*", float(m.group(3)), float(m.group(4)))
            for m in re.finditer(r"^  (\S+) ?(\*|x)?\s+([\d.]+) \[.*\]\s+([\d.]+)\s+[\d.]+ \[", t.stdout, re.M)}
    lines = {l["policy"]: (bool(l["recommended"]), round(l["blankTileSeconds"]["mean"], 2), float(l["loads"])) for l in go(V).lines}
    loads = {p: (r, b) for p, (r, b, _) in rows.items()}
    expect(t.returncode == 0 and len(rows) == len(lines) > 1
           and all(loads[p] == (r, b) for p, (r, b, _) in lines.items() if p in loads) and set(loads) == set(lines),
           "feed verdict --json: the table's policies, recommendation and blank tile·s (%d rows)" % len(rows))


# ---------------------------------------------------------------------------------------------------- run
classify("replay", ["replay"], REPLAY, REPLAY_DECLARED)
replay_declared()
classify("bench", ["bench"], BENCH, BENCH_DECLARED)
bench_plot()
bench_json()
classify("sweep run", ["sweep", "run"], SWEEP, SWEEP_DECLARED)
sweep_declared()
classify("feed verdict", ["feed", "verdict"], VERDICT, VERDICT_DECLARED)
verdict_json()

for p in servers:
    p.terminate()
    p.wait(timeout=10)
pool.shutdown()
check(not failures, "every option changes the output as it means or is declared not to (%d failed: %s)"
      % (len(failures), "; ".join(failures)))
print("options_honoured: %.1f s" % (time.monotonic() - started))
