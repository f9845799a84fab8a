"""docs/extending.md's "Adding a scene" and "Adding a policy" are true: a copy of the tree gets a throwaway
policy and a throwaway scene (with a key of its own) through exactly the places those sections name, and
nothing else; the copy builds, a real-window test passes on its binary, and the policy and the scene are picked up everywhere a user meets them:

- `--policy throwaway` and `--scene list` (the option parser), `--help` (the key table: key 9, and 0 cycling);
- `replay --headless` under the new policy, and `--policy all` with its own `end` line;
- `bench --json` (its rows) and `bench --plot` (its declared colour drawn in the plot);
- the window (headless: the HUD's policy table has its row, the trace its policy segment), and the new
  scene (with a key and a HUD row of its own: in the help, and drawn) in the window and in `replay`.

Usage: extension_test.py [SCRATCH]   (SCRATCH: a folder for the copy and its build; default a new temporary one)
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
scratch = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="scrolllab-extension-")
copy = os.path.join(scratch, "tree")
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what, flush=True)
    if not ok:
        failures.append(what)


def edit(path, anchor, text, after=True):
    """Inserts `text` after (or before) the only occurrence of `anchor` in the copy's `path`."""
    full = os.path.join(copy, path)
    with open(full) as f:
        source = f.read()
    if source.count(anchor) != 1:
        sys.exit("FAIL: %s: the README's anchor %r is not there exactly once" % (path, anchor))
    with open(full, "w") as f:
        f.write(source.replace(anchor, anchor + text if after else text + anchor))


def write(path, text):
    full = os.path.join(copy, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


# The tree as git has it (tracked files, as they are in the working tree).
if os.path.exists(copy):
    shutil.rmtree(copy)
files = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout.split(b"\0")
for name in filter(None, files):
    name = name.decode()
    source = os.path.join(root, name)
    if os.path.isfile(source):
        os.makedirs(os.path.dirname(os.path.join(copy, name)), exist_ok=True)
        shutil.copy2(source, os.path.join(copy, name))

# Adding a policy: its file, and its case (the case, its `makePolicy` line, its declaration).
write("Sources/LabKit/Loading/ThrowawayPolicy.swift", """
/// A policy added by the extension test: loads every bound item, like Eager.
public struct ThrowawayPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .throwaway }
    private var storage = DecisionStorage()

    public init() {}

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        if case let .bind(items) = trigger { return storage.load(items) }
        return .none
    }
}
""")
kind_file = "Sources/LabKit/Loading/LoadingPolicyKind.swift"
edit(kind_file, "    case glide\n", "    /// The extension test's policy.\n    case throwaway\n")
edit(kind_file, "        case .glide: return GlidePolicy()\n", "        case .throwaway: return ThrowawayPolicy()\n")
edit(kind_file, "    /// This policy's declaration.\n    public var declaration: Declaration {\n        switch self {\n",
     "        case .throwaway:\n"
     "            Declaration(summary: \"the extension test's\", origin: .lab, system: \"\", colour: (1, 254, 127))\n")

# Adding a scene: the model, its kind, its window side, and one entry in the registry.
write("Sources/LabKit/Scenes/ThrowawayScene.swift", """import ScrollKit

/// A scene added by the extension test: a plain vertical scroll view.
public final class ThrowawayScene: LabScene {
    public let name = "throwaway"
    public let scrollView = ScrollView(frame: Rect(x: 0, y: 30, width: 320, height: 450),
                                       contentSize: Size(width: 320, height: 5000))

    public init() {}

    public func pointer(_ event: PointerEvent) { scrollView.handle(event) }
    public func advance(to time: Double) { scrollView.advance(to: time) }
    public var isSettled: Bool { !scrollView.isTracking && !scrollView.isDecelerating && scrollView.targetContentOffset == nil }
    public var settingLines: [JSONValue] { [] }
    public var summary: [(String, JSONValue)] { [] }
}
""")
write("Sources/ScrollLabCore/Scenes/SceneKind+Throwaway.swift", """import LabKit
import ScrollKit

extension SceneKind {
    /// The extension test's scene, with a key of its own.
    public static let throwaway = SceneKind(name: "throwaway", axis: .vertical, keys: [
        KeyBinding(id: "throwaway-count", key: "j", description: "the extension test's key: count one more",
                   footer: "J count", action: .scene("throwaway-count")),
    ]) { _ in ThrowawayScene() }
}
""")
write("Sources/ScrollLabApp/Scenes/ThrowawayScene+Window.swift", """import LabKit
import ScrollLabCore

extension ThrowawayScene: WindowPresentable {
    @MainActor func windowScene(kind: SceneKind, images: ImageLoader, options: SceneConfiguration) -> any WindowScene {
        ThrowawayWindowScene(scene: self, kind: kind)
    }
}

/// The throwaway scene in the window: a HUD row and a key of its own.
final class ThrowawayWindowScene: LabSceneAdapter {
    private var count = 0

    override func content() -> SceneContent {
        SceneContent(rows: [HUDRow(label: "count J", value: "\\(count)")])
    }

    override func perform(_ action: SceneAction) -> SceneActionResult {
        guard action.id == "throwaway-count" else { return super.perform(action) }
        count += 1
        return SceneActionResult(changes: [("throwawayCount", .int(count))], toast: "J: count \\(count)")
    }
}
""")
edit("Sources/ScrollLabCore/Scenes/SceneKind.swift", "public static let all: [SceneKind] = [.grid, .pager, .photos",
     ", .throwaway")

build = subprocess.run(["swift", "build", "--scratch-path", os.path.join(scratch, "build")], cwd=copy,
                       capture_output=True, text=True)
if build.returncode != 0:
    print(build.stdout[-4000:], build.stderr[-4000:])
    sys.exit("FAIL: the tree with a throwaway policy and scene does not build")
binary = os.path.join(scratch, "build", "debug", "scrolllab")
gesture = os.path.join(copy, "Assets", "Gestures", "single-fling.jsonl")


def run(*args, env=None):
    return subprocess.run([binary, *args], cwd=copy, capture_output=True, text=True, env=env)


top_help = run("--help").stdout
window_help = run("window", "--help").stdout
check("throwaway" in window_help and re.search(r"--scene .*throwaway", " ".join(window_help.split())) is not None,
      "the window's help names the policy and the scene")
check("9 the extension test's" in " ".join(top_help.split()) or "1–5, 9 loading policy" in " ".join(top_help.split()),
      "the key help gives the policy key 9")
check("cycling through all 9" in " ".join(top_help.split()), "0 cycles through all nine policies")
check("the extension test's key: count one more" in " ".join(top_help.split()), "the key help lists the scene's own key")

replay = run("replay", gesture, "--headless", "--policy", "throwaway")
ends = [json.loads(line) for line in replay.stdout.splitlines() if '"event":"end"' in line]
check(replay.returncode == 0 and len(ends) == 1 and ends[0]["metrics"]["loadsIssued"] > 0,
      "replay --policy throwaway runs and loads (%s)" % (ends[:1] or replay.stderr.strip()))
every = run("replay", gesture, "--headless", "--policy", "all")
policies = [json.loads(line).get("policy") for line in every.stdout.splitlines() if '"event":"end"' in line]
check(policies[-1:] == ["throwaway"] and len(policies) == 9, "replay --policy all ends with the throwaway's line (%s)" % policies)

bench = run("bench", "--json")
rows = {json.loads(line).get("policy") for line in bench.stdout.splitlines() if line.strip()} if bench.returncode == 0 else set()
check("throwaway" in rows, "bench --json has the throwaway's rows")
plot = os.path.join(scratch, "plot.png")
run("bench", "--plot", plot)
pixels = subprocess.run(["convert", plot, "-depth", "8", "txt:-"], capture_output=True, text=True).stdout
check("#01FE7F" in pixels.upper(), "bench --plot draws the throwaway in its declared colour (its legend marker)")

scene = run("replay", gesture, "--headless", "--scene", "throwaway")
check(scene.returncode == 0 and '"willEndDragging"' in scene.stdout, "replay --scene throwaway plays the gesture")

env = dict(os.environ, SDL_VIDEODRIVER="offscreen")
trace = os.path.join(scratch, "trace.jsonl")
window = run("--headless", "--policy", "throwaway", "--frames", "30", "--trace-out", trace,
             "--screenshot", os.path.join(scratch, "hud.png"), env=env)
with open(trace) if os.path.exists(trace) else open(os.devnull) as f:
    lines = [json.loads(line) for line in f if line.strip()]
segments = [l.get("policy") for l in lines if l.get("event") == "policySegment"]
check(window.returncode == 0 and segments == ["throwaway"], "the window runs the throwaway policy (%s)" % segments)
scene_window = run("--headless", "--scene", "throwaway", "--frames", "10", env=env)
check(scene_window.returncode == 0, "the window shows the throwaway scene (%s)" % scene_window.stderr.strip()[-200:])

# A real window under Xvfb on the copy's binary.
smoke = subprocess.run([os.path.join(copy, "Tests", "Window", "run-all.sh"), "--only", "hud_test", binary], cwd=copy,
                       capture_output=True, text=True)
check(smoke.returncode == 0, "a real-window test passes on the copy's binary (%s)" % (smoke.stdout + smoke.stderr)[-1500:])

print("docs/extending.md's extension points: a policy and a scene added where it says, picked up everywhere")
sys.exit(1 if failures else 0)
