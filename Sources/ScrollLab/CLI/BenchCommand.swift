import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `scrolllab bench` (issue 4, B-POL-2): replays the bundled gesture files through the grid under
/// every loading policy, headless on the virtual clock, and prints one table per gesture with the two
/// bounds (`bound-min-loads`, `bound-oracle`) — or, with `--json`, one line per gesture and policy. Under
/// each table, the two achievable schedules that bracket the optimum above the oracle.
///
/// Gesture files are `*.jsonl` in `--gestures DIR`; by default `Assets/Gestures` found from the current
/// directory or, failing that, from the executable's directory and its parents (so `swift run` and
/// `.build/debug/scrolllab` both work from anywhere inside the repository). Pager gestures (`pager-*`)
/// are skipped: they are not grid gestures.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Compare the image-loading policies on the bundled gestures (headless, deterministic).",
        // Paragraphs are single lines (backslash continuations): the help wraps them to the terminal.
        discussion: """
            Columns: loads issued / completed / cancelled / wasted, blank tile-seconds, settle latency \
            (mean and max, seconds), fades on cache hits, stale frames, peak decoded bytes (MB).

            Bounds: bound-min-loads, the images on screen at rest (no policy that shows every resting \
            screen loads fewer); bound-oracle, the least blank time any schedule reaches knowing the \
            frames in advance, with the same load time and 4 loads at once (an unbounded-cache \
            relaxation solved exactly). Under each table, Cao et al.'s aggressive and conservative \
            offline schedules with the cache: the optimum lies between the oracle and the better of them.

            With --json: one line per gesture and policy with the keys "gesture", "policy" and \
            loadsIssued, loadsCompleted, loadsCancelled, loadsWasted, blankTileSeconds, settleLatency, \
            cacheHitFades, staleFrames, peakDecodedBytes (null where a bound has no such number).

            --frames: frame times of the window's own drawing instead (no display needed). The grid \
            scene with the images of Assets/Images plays rapid-flings.jsonl (or --frames-gesture FILE) \
            at 960×600 in SDL's offscreen video driver, once with the software renderer and once with \
            the OpenGL one; frames are paced at 60 Hz on the replay's clock after 30 warm-up frames at \
            rest. Prints frame time p50/p99/max (image pump + model step + drawing + present, CPU time \
            from SDL's performance counter) and the worst main-thread image stall (draining decodes and \
            uploading textures in one frame). With --json one line per renderer: \
            {"renderer":…,"p50Ms":…,"p99Ms":…,"maxMs":…,"worstImageStallMs":…}; a renderer SDL cannot \
            create gets nulls and "unavailable" with the reason.
            """
    )

    @Flag(name: .long, help: "One JSON line per gesture and policy instead of tables.")
    var json = false

    @Option(name: .long, help: "Directory of gesture files (*.jsonl). Default: Assets/Gestures.")
    var gestures: String?

    @Option(name: .customLong("latency-ms"), parsing: .unconditional, help: "Simulated source latency in milliseconds.")
    var latencyMs: Double = 80

    @Option(help: ArgumentHelp("Scroll physics of the fling: " + ScrollPhysicsKind.allCases.map(\.rawValue).joined(separator: ", ") + " (default ios)."))
    var physics: ScrollPhysicsKind = .ios

    @Option(parsing: .unconditional, help: "Display refresh rate in Hz: the replay clock's frame rate (default 60).")
    var refresh: Double = 60

    @Option(name: .customLong("touch-hz"), parsing: .unconditional, help: "Resample the gestures to this touch rate in Hz first.")
    var touchHz: Double?

    @Option(name: .long, help: "Also draw loads issued against blank tile-seconds per gesture as a PNG (\"-\": standard output, then no tables).")
    var plot: String?

    @Flag(name: .long, help: "Measure frame times instead: the grid with real images through a fling, offscreen, per renderer.")
    var frames = false

    @Option(name: .customLong("frames-gesture"), help: "With --frames: the gesture file to play (default: rapid-flings.jsonl of the gestures directory).")
    var framesGesture: String?

    @Option(name: .customLong("renderer"), help: "With --frames: measure only this SDL renderer (software, opengl, opengles2); repeatable.")
    var renderers: [String] = []

    func validate() throws {
        try OptionRules.latencyMs(latencyMs)
        try OptionRules.refresh(refresh)
        try OptionRules.touchHz(touchHz)
    }

    func run() throws {
        defer { finishStandardOutput(command: "bench") }
        // `--plot` onto a gesture file the bench reads is refused before anything is written (§7).
        var paths = PathConflicts()
        if let directory = gestures.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.directory("Gestures") {
            for file in Self.gestureFiles(in: directory) { paths.input(file.path, "--gestures") }
        }
        paths.input(framesGesture, "--frames-gesture")
        paths.output(plot, "--plot")
        if let conflict = paths.firstConflict() { fail("scrolllab bench: " + conflict, code: 64) }
        if frames {
            runFrames(gestureDirectory: gestures.map { URL(fileURLWithPath: $0) } ?? AssetLocator.directory("Gestures"))
            return
        }
        guard let directory = gestures.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.directory("Gestures") else {
            fail("scrolllab bench: no Assets/Gestures found from the current directory or the executable; use --gestures DIR")
        }
        let files = Self.gestureFiles(in: directory)
        guard !files.isEmpty else {
            fail("scrolllab bench: no grid gesture files (*.jsonl) in \(MessageText.quoted(directory.path))", code: OptionRules.Exit.input)
        }

        var config = GridSceneConfiguration()
        config.latency = latencyMs / 1000
        config.physics = physics
        var clock = HeadlessReplay()
        clock.frameRate = refresh
        let bench = GridBench(configuration: config, replay: clock)
        let printsTables = plot != "-"
        var panels: [BenchPlot.Panel] = []
        if !json && printsTables {
            print("scrolllab bench — latency \(Self.format(latencyMs, 0)) ms + decode \(Self.format(config.decodeCost * 1000, 0)) ms, "
                  + "\(config.maxConcurrentLoads) loads at once, cache \(config.cacheByteLimit / config.bytesPerImage) images")
        }
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let text: String
            do { text = try String(contentsOf: file, encoding: .utf8) } catch {
                fail("scrolllab bench: cannot read \(file.path): \(error.localizedDescription)")
            }
            var events: [PointerEvent]
            do { events = try GestureFile.parse(text) } catch { fail("scrolllab bench: \(file.lastPathComponent) \(error.description)") }
            if let touchHz { events = TouchResampler.resample(events, rate: touchHz) }
            let rows = bench.rows(events)
            panels.append(BenchPlot.Panel(gesture: name, rows: rows))
            if !printsTables {
                continue
            } else if json {
                for row in rows { print(row.json(gesture: name).serialized) }
            } else {
                print("")
                print(Self.table(gesture: name, rows: rows))
                print(Self.bracket(bench.oracle(events)))
            }
        }
        if let plot {
            let subtitle = "scrolllab bench: latency \(Self.format(latencyMs, 0)) ms + decode \(Self.format(config.decodeCost * 1000, 0)) ms, "
                + "\(config.maxConcurrentLoads) loads at once unless the peer's system runs more (texture 10, flutter no cap), cache "
                + "\(config.cacheByteLimit / config.bytesPerImage) images"
            let error = MainActor.assumeIsolated { BenchPlot(panels: panels, subtitle: subtitle).write(to: plot) }
            if let error { fail("scrolllab bench: --plot: \(error)") }
            if printsTables && !json { print("\nplot written to \(plot)") }
        }
    }

    /// The table of one gesture.
    static func table(gesture: String, rows: [GridBenchRow]) -> String {
        let header = ["policy", "issued", "done", "cancel", "wasted", "blank t·s", "settle s", "settle max", "hit fades", "stale", "peak MB"]
        var lines: [[String]] = [header]
        for row in rows {
            let m = row.metrics
            lines.append([
                row.policy, "\(m.loadsIssued)", "\(m.loadsCompleted)", "\(m.loadsCancelled)", "\(m.loadsWasted)",
                row.hasTiming ? format(m.blankTileSeconds, 3) : "-",
                row.hasSettle ? format(m.settleLatency, 3) : "-",
                row.hasSettle ? format(m.settleLatencyMax, 3) : "-",
                "\(m.cacheHitFades)", "\(m.staleFrames)",
                row.hasMemory ? format(Double(m.peakDecodedBytes) / 1_000_000, 2) : "-",
            ])
        }
        let widths = header.indices.map { c in lines.map { $0[c].count }.max() ?? 0 }
        var out = "gesture \(gesture)"
        for (i, line) in lines.enumerated() {
            out += "\n" + line.enumerated().map { c, cell in
                c == 0 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                       : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ")
            if i == 0 { out += "\n" + String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)) }
        }
        return out
    }

    /// The line under a table: where the least blank time with the cache lies (B-ORACLE-1).
    static func bracket(_ oracle: BlankTimeOracle) -> String {
        "least blank t·s with the cache: ≥ \(format(oracle.blankTileSeconds, 3)) (bound-oracle), "
            + "≤ \(format(min(oracle.aggressive.blankTileSeconds, oracle.conservative.blankTileSeconds), 3)) "
            + "(aggressive \(format(oracle.aggressive.blankTileSeconds, 3)) in \(oracle.aggressive.loads) loads, "
            + "conservative \(format(oracle.conservative.blankTileSeconds, 3)) in \(oracle.conservative.loads))"
    }

    /// The bench's gesture order: the five named gestures first, then any others by name; no pager-*.
    static func gestureFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let order = ["slow-drag", "single-fling", "rapid-flings", "fling-stop-reverse", "long-browse"]
        let grid = names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("pager-") }
        let sorted = grid.sorted { a, b in
            let ia = order.firstIndex(of: String(a.dropLast(6))) ?? order.count
            let ib = order.firstIndex(of: String(b.dropLast(6))) ?? order.count
            return (ia, a) < (ib, b)
        }
        return sorted.map { directory.appendingPathComponent($0) }
    }


    static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
