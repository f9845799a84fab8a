"""docs/extending.md is true: a copy of the tree gets a throwaway policy, a throwaway scene (with a key of its
own), a key in an existing scene, a key of every scene and a throwaway physics through exactly the places its
sections name, and
nothing else; the copy builds, its whole `swift test` passes with no test edited, a real-window test passes on
its binary, and each addition is picked up everywhere a user meets it:

- `--policy throwaway`, `--scene throwaway` and `--physics throwaway-fling` (the option parser), `--help`
  (the key table: its digit while there are at most nine policies, and 0 cycling; the scene's key, the pager's new key and the key of every scene);
- `replay --headless` under the new policy, and `--policy all` with its own `end` line;
- `bench --json` (its rows) and `bench --plot` (its declared colour drawn in the plot);
- `physics-compare --json` (the physics' row, and in the throwaway scene) and `replay --physics throwaway-fling` (a physics that carries momentum);
- the window (headless: the HUD's policy table has its row, the trace its policy segment), and the new
  scene (with a key and a HUD row of its own: in the help, and drawn) in the window and in `replay`.

Usage: extension_test.py [--build-only | --unit-tests-only | --unit-tests-done] [SCRATCH]   (SCRATCH: a folder
for the copy and its build; default .build/extension-test. The build is incremental when SCRATCH holds an
earlier run's build. --build-only writes the copy and builds it with its tests, checking nothing (a build
folder warmed for a later run).
--unit-tests-only writes the copy and runs its `swift test`, recording the outcome with a digest of the copy's
files in SCRATCH/unit-tests.json; --unit-tests-done then takes that outcome instead of running the tests again,
and fails if the record is missing or was made from other files: `make test` runs the copy's unit tests beside
the window tests that measure time, at the idle scheduling class (its build too), and the rest of this
test after them.)

Where a mount namespace can be made (root; Tests/in-place.sh), the copy is built and tested seen at the
checkout's own path with its build folder at the checkout's .build, starting from a copy of the checkout's
debug build (the files the copy shares with the checkout keep their times): only what the additions
change is compiled again, an ordinary incremental build. Elsewhere the copy is built at its own path, from
nothing the first time. Under `make test` the checkout's build is its one release build with testability in
.build-test (`SCROLLLAB_TEST_SCRATCH`, `SCROLLLAB_TEST_CONFIG`: Tests/in-place.sh), and the copy is built
the same way.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# By default the copy and its build stay under .build, so the next run rebuilds only what changed.
MODES = ["--build-only", "--unit-tests-only", "--unit-tests-done"]
build_only = "--build-only" in sys.argv[1:]
unit_tests_only = "--unit-tests-only" in sys.argv[1:]
unit_tests_done = "--unit-tests-done" in sys.argv[1:]
arguments = [a for a in sys.argv[1:] if a not in MODES]
scratch = arguments[0] if arguments else os.path.join(root, ".build", "extension-test")
copy = os.path.join(scratch, "tree")
failures = []
# The copy's files, path -> text: the tree as git has it, then the additions; written out at the end.
tree = {}
# Their permissions (the scripts stay executable); a file the test writes is 0644.
modes = {}
# The checkout's text and times of the files the copy takes from it: a file left as it is keeps its time.
originals = {}


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what, flush=True)
    if not ok:
        failures.append(what)


def edit(path, anchor, text, after=True):
    """Inserts `text` after (or before) the only occurrence of `anchor` in the copy's `path`."""
    source = tree[path].decode()
    if source.count(anchor) != 1:
        sys.exit("FAIL: %s: the docs' anchor %r is not there exactly once" % (path, anchor))
    tree[path] = source.replace(anchor, anchor + text if after else text + anchor).encode()


def add_to_registry(path, anchor, word):
    """Appends `word` to the list that the only occurrence of `anchor` in the copy's `path` opens."""
    source = tree[path].decode()
    if source.count(anchor) != 1:
        sys.exit("FAIL: %s: the registry %r is not there exactly once" % (path, anchor))
    close = source.index("]", source.index(anchor) + len(anchor))
    tree[path] = (source[:close] + ", " + word + source[close:]).encode()


def write(path, text):
    tree[path] = text.encode()


def sync_copy():
    """Makes the copy hold exactly `tree`, rewriting only the files whose text differs (a file left alone
    keeps its time, so the build after an earlier run's is incremental)."""
    for path, text in tree.items():
        full = os.path.join(copy, path)
        if os.path.isfile(full):
            with open(full, "rb") as f:
                if f.read() == text:
                    continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(text)
    for path in tree:
        os.chmod(os.path.join(copy, path), modes.get(path, 0o644))
        if path in originals and originals[path][0] == tree[path]:
            os.utime(os.path.join(copy, path), ns=originals[path][1])
    for folder, _, names in os.walk(copy):
        for name in names:
            full = os.path.join(folder, name)
            if os.path.relpath(full, copy) not in tree:
                os.remove(full)


# The tree as git has it (tracked files, as they are in the working tree).
files = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout.split(b"\0")
for name in filter(None, files):
    name = name.decode()
    source = os.path.join(root, name)
    if os.path.isfile(source) and not os.path.islink(source):
        with open(source, "rb") as f:
            tree[name] = f.read()
        status = os.stat(source)
        modes[name] = status.st_mode & 0o777
        originals[name] = (tree[name], (status.st_atime_ns, status.st_mtime_ns))

# Adding a policy: its file (the policy and its declaration), and its name in `LoadingPolicyKind.all`.
write("Sources/LabKit/Loading/Policies/ThrowawayPolicy.swift", """
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

extension LoadingPolicyKind {
    /// The extension test's policy.
    public static let throwaway = LoadingPolicyKind(name: "throwaway", declaration: Declaration(
        summary: "the extension test's", origin: .lab, system: "", colour: (1, 254, 127))) { _ in ThrowawayPolicy() }
}
""")
add_to_registry("Sources/LabKit/Loading/Policies/LoadingPolicyKind.swift", "public static let all: [LoadingPolicyKind] = [", ".throwaway")
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
        return SceneActionResult(changes: [("throwawayCount", .int(count))], toast: "J: the throwaway scene has counted \\(count)")
    }
}
""")
add_to_registry("Sources/ScrollLabCore/Scenes/SceneKind.swift", "public static let all: [SceneKind] = [", ".throwaway")

# Adding a key (to an existing scene, the pager): its binding in the scene's kind, its case in the scene's perform.
edit("Sources/ScrollLabCore/Scenes/SceneKind+Pager.swift", "    ]) { settings in\n",
     "        KeyBinding(id: \"pager-count\", key: \"g\", description: \"the extension test's pager key: count one more\",\n"
     "                   footer: \"G count\", action: .scene(\"pager-count\")),\n", after=False)
edit("Sources/ScrollLabApp/Scenes/PagerScene+Window.swift", "        default:\n            return super.perform(action)\n",
     "        case \"pager-count\":\n"
     "            return SceneActionResult(toast: \"G: the extension test's key works in the pager\")\n", after=False)

# Adding a key of every scene: its type (its binding), its name in `KeyTable.windowKeys`, and its window side.
write("Sources/ScrollLabCore/Keys/ThrowawayKey.swift", """
/// The extension test's key of every scene.
public enum ThrowawayKey: WindowKey {
    public static let bindings = [binding(id: "throwaway-everywhere", key: "y", description: "the extension test's key of every scene",
                                          footer: "Y everywhere")]
}
""")
add_to_registry("Sources/ScrollLabCore/Keys/KeyTable.swift", "public static let windowKeys: [any WindowKey.Type] = [", "ThrowawayKey.self")
write("Sources/ScrollLabApp/App/Keys/ThrowawayKey+Window.swift", """import LabKit
import ScrollLabCore

extension ThrowawayKey: WindowPerformable {
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.logSetting("throwawayEverywhere", .bool(true), at: now.model)
        app.toast(answers[0], at: now.real)
    }

    static var answers: [String] { ["Y: the extension test's key works in every scene"] }
}
""")

# Adding a physics: its file (its simulation and its declaration), and its name in `ScrollPhysicsKind.all`.
write("Sources/ScrollKit/Physics/ThrowawayFlingSimulation.swift", """
/// A fling added by the extension test: a constant deceleration of 2000 pt/s², stopped at the content edge.
struct ThrowawayFlingSimulation: FlingSimulation {
    static let deceleration = 2000.0
    let start: Double, speed: Double, direction: Double
    let duration: Double?
    let finalPosition: Double

    init(_ fling: FlingStart) {
        start = fling.position
        speed = abs(fling.velocity)
        direction = fling.velocity < 0 ? -1 : 1
        let a = Self.deceleration
        let natural = start + direction * speed * speed / (2 * a)
        let edge = natural < fling.lower ? fling.lower : (natural > fling.upper ? fling.upper : natural)
        let travel = abs(edge - start)
        // The time at which it has travelled to `edge`: its stop, or the edge's crossing.
        duration = (speed - (Swift.max(0, speed * speed - 2 * a * travel)).squareRoot()) / a
        finalPosition = edge
    }

    func position(at time: Double) -> Double {
        guard let end = duration, time < end else { return finalPosition }
        return start + direction * (speed * time - Self.deceleration * time * time / 2)
    }

    func velocity(at time: Double) -> Double {
        guard let end = duration, time < end else { return 0 }
        return direction * (speed - Self.deceleration * time)
    }

    func isDone(at time: Double) -> Bool { time >= (duration ?? 0) }
}

extension ScrollPhysicsKind {
    /// The extension test's physics.
    public static let throwawayFling = ScrollPhysicsKind(
        name: "throwaway-fling", minimumFlingVelocity: 50, bounces: false, carriesMomentum: true,
        summary: "the extension test's: constant deceleration, clamped at the edge"
    ) { .fling(ThrowawayFlingSimulation($0)) }
}
""")
add_to_registry("Sources/ScrollKit/Physics/ScrollPhysicsKind.swift", "public static let all: [ScrollPhysicsKind] = [", ".throwawayFling")

sync_copy()
build_folder = os.path.join(scratch, "build")
# The checkout's build the copy starts from, and its configuration (Tests/in-place.sh).
checkout_scratch = os.environ.get("SCROLLLAB_TEST_SCRATCH", ".build")
config = os.environ.get("SCROLLLAB_TEST_CONFIG", "debug")
# The checkout's build flags (Tests/make-test.sh says them), so the copy's build reuses what it can.
config_flags = (os.environ["SCROLLLAB_TEST_BUILD_FLAGS"].split() if "SCROLLLAB_TEST_BUILD_FLAGS" in os.environ
                else ["-c", "release", "-Xswiftc", "-enable-testing"] if config == "release" else [])
in_place = os.path.join(root, "Tests", "in-place.sh")
# Seen at the checkout's paths, the copy's build starts from the checkout's debug build (seeded once; a
# build folder of a run at the copy's own path is replaced).
seen_in_place = subprocess.run([in_place, "--check"]).returncode == 0
if seen_in_place and not os.path.exists(os.path.join(build_folder, ".seeded-in-place")):
    subprocess.run([in_place, "--seed", build_folder], check=True)
elif not seen_in_place and os.path.exists(os.path.join(build_folder, ".seeded-in-place")):
    shutil.rmtree(build_folder)
# The package's dependencies as the tree's own build resolved them (no network needed).
for part in ["checkouts", "repositories"]:
    here, there = os.path.join(root, checkout_scratch, part), os.path.join(build_folder, part)
    if os.path.isdir(here) and not os.path.exists(there):
        shutil.copytree(here, there, symlinks=True)
if os.path.isfile(os.path.join(root, "Package.resolved")):
    shutil.copy2(os.path.join(root, "Package.resolved"), os.path.join(copy, "Package.resolved"))


def swift(*args):
    """`swift ARGS` on the copy: seen in place where it can be, else at the copy's own path."""
    if seen_in_place:
        return subprocess.run([in_place, copy, build_folder, "swift", *args, *config_flags, "--scratch-path", checkout_scratch],
                              capture_output=True, text=True)
    return subprocess.run(["swift", *args, *config_flags, "--scratch-path", build_folder], cwd=copy, capture_output=True, text=True)


def tree_digest():
    """A digest of the copy's files (paths and texts): a recorded unit-test outcome holds only for these."""
    digest = hashlib.sha256()
    for path in sorted(tree):
        digest.update(path.encode() + b"\0" + tree[path] + b"\0")
    return digest.hexdigest()


unit_tests_record = os.path.join(scratch, "unit-tests.json")


def unit_tests():
    """The copy's whole `swift test`: (passed, what failed). Built first with `swift build --build-tests`,
    as every other step builds it: `swift test` building by itself compiles with flags of its own
    (testable imports), and the next `swift build` would compile every module again."""
    built = swift("build", "--build-tests")
    if built.returncode != 0:
        return False, "the copy does not build with its tests:\n" + (built.stdout + built.stderr)[-1500:]
    tests = swift("test", "--skip-build")
    failed = [line for line in (tests.stdout + tests.stderr).splitlines() if "✘" in line or " error:" in line]
    return tests.returncode == 0, "\n".join(failed[:20] or [tests.stderr[-1500:]])


if unit_tests_only:
    if os.path.exists(unit_tests_record):
        os.remove(unit_tests_record)
    passed, failed = unit_tests()
    with open(unit_tests_record, "w") as f:
        json.dump({"tree": tree_digest(), "passed": passed, "failed": "" if passed else failed}, f)
    print("the copy's swift test: %s" % ("passed" if passed else "FAILED\n" + failed))
    sys.exit(0 if passed else 1)
if build_only:
    built = swift("build", "--build-tests")
    if built.returncode != 0:
        print(built.stdout[-4000:], built.stderr[-4000:])
    print("the copy with a throwaway policy, scene, key and physics: %s" % ("built with its tests" if built.returncode == 0 else "FAILED to build"))
    sys.exit(built.returncode)
# With its tests, as the unit tests' step built it (a no-op after it).
build = swift("build", "--build-tests")
if build.returncode != 0:
    print(build.stdout[-4000:], build.stderr[-4000:])
    sys.exit("FAIL: the tree with a throwaway policy, scene, key and physics does not build")
binary = os.path.join(build_folder, config, "scrolllab")
gesture = os.path.join(copy, "Assets", "Gestures", "single-fling.jsonl")


def run(*args, env=None):
    return subprocess.run([binary, *args], cwd=copy, capture_output=True, text=True, env=env)


top_help = run("--help").stdout
window_help = run("window", "--help").stdout
check("throwaway" in window_help and re.search(r"--scene .*throwaway", " ".join(window_help.split())) is not None,
      "the window's help names the policy and the scene")
# The throwaway policy's key is its position: a digit up to 9, past that only 0, which cycles through all.
with open(os.path.join(copy, "Sources/LabKit/Loading/Policies/LoadingPolicyKind.swift")) as f:
    registry = f.read().split("public static let all: [LoadingPolicyKind] = [", 1)[1].split("]", 1)[0]
count = registry.count(".")
flat_help = " ".join(top_help.split())
if count <= 9:
    check("%d the extension test's" % count in flat_help or "1–5, %d loading policy" % count in flat_help,
          "the key help gives the policy key %d" % count)
check("cycling through all %d" % count in flat_help, "0 cycles through all %d policies" % count)
check("the extension test's key: count one more" in " ".join(top_help.split()), "the key help lists the scene's own key")
check("the extension test's pager key" in " ".join(top_help.split()), "the key help lists the pager's new key")
check("Y the extension test's key of every scene." in " ".join(top_help.split()), "the key help lists the key of every scene, last")
check("throwaway-fling" in " ".join(window_help.split()), "the window's help names the physics")

physics = run("physics-compare", gesture, "--json")
names = [json.loads(line).get("physics") for line in physics.stdout.splitlines() if line.strip()] if physics.returncode == 0 else []
check(names[-1:] == ["throwaway-fling"], "physics-compare has the physics' row (%s)" % (names or physics.stderr.strip()[-300:]))
in_scene = run("physics-compare", gesture, "--json", "--scene", "throwaway")
check(in_scene.returncode == 0 and len(in_scene.stdout.splitlines()) == len(names),
      "physics-compare takes the throwaway scene (%s)" % in_scene.stderr.strip()[-300:])
flung = run("replay", gesture, "--headless", "--physics", "throwaway-fling")
check(flung.returncode == 0 and '"didEndDecelerating"' in flung.stdout, "replay --physics throwaway-fling flings and comes to rest")

replay = run("replay", gesture, "--headless", "--policy", "throwaway")
ends = [json.loads(line) for line in replay.stdout.splitlines() if '"event":"end"' in line]
check(replay.returncode == 0 and len(ends) == 1 and ends[0]["metrics"]["loadsIssued"] > 0,
      "replay --policy throwaway runs and loads (%s)" % (ends[:1] or replay.stderr.strip()))
every = run("replay", gesture, "--headless", "--policy", "all")
policies = [json.loads(line).get("policy") for line in every.stdout.splitlines() if '"event":"end"' in line]
check(policies[-1:] == ["throwaway"] and len(policies) == count, "replay --policy all ends with the throwaway's line (%s)" % policies)

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

# No existing test needs an edit: the copy's unit tests, and a real window under Xvfb on its binary.
if unit_tests_done:
    try:
        with open(unit_tests_record) as f:
            record = json.load(f)
    except (OSError, ValueError):
        record = {}
    check(record.get("tree") == tree_digest(),
          "the copy's swift test ran on these files (%s)"
          % ("no record in " + unit_tests_record if not record else "recorded" if record.get("tree") == tree_digest()
             else "the record is of other files"))
    passed, failed = record.get("passed") is True, record.get("failed", "")
else:
    passed, failed = unit_tests()
check(passed, "the copy's swift test passes unchanged (%s)" % failed)
smoke = subprocess.run([os.path.join(copy, "Tests", "Window", "run-all.sh"), "--only", "hud_test", binary], cwd=copy,
                       capture_output=True, text=True)
check(smoke.returncode == 0, "a real-window test passes on the copy's binary (%s)" % (smoke.stdout + smoke.stderr)[-1500:])

print("docs/extending.md's extension points: a policy, a scene, a key and a physics added where it says, picked up everywhere")
sys.exit(1 if failures else 0)
