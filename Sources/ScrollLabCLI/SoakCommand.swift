import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `scrolllab soak --minutes N --headless` (issue 7): a long session on the virtual clock. The bundled
/// grid gestures, each followed by its mirror image, are replayed over and over through the grid scene
/// under every loading policy in turn (N/5 virtual minutes each, after a short warm-up under each).
///
/// Every frame is checked: exactly six views, decoded bytes within the cache limit plus one image per
/// view, a finite offset. The resident set (from /proc/self/statm) is read after the warm-up and at the
/// end; it must grow less than 5%. Prints one JSON line per phase and a closing `soak` line; exits 1 if
/// any check failed.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Scroll the grid for a long virtual session under every policy and check memory stays flat."
    )

    @Option(help: ArgumentHelp("Virtual minutes to scroll (split evenly over the \(LoadingPolicyKind.allCases.count) policies)."))
    var minutes: Double = 30

    @Flag(help: "Run with no window on a virtual clock (required).")
    var headless = false

    @Option(name: .long, help: "Directory of gesture files (*.jsonl). Default: Assets/Gestures.")
    var gestures: String?

    @Option(name: .customLong("latency-ms"), parsing: .unconditional, help: "Simulated source latency in milliseconds (default 80).")
    var latencyMs: Double = 80

    /// Virtual seconds each policy scrolls before the resident set is first read.
    static let warmUpSecondsPerPolicy = 30.0
    /// Largest allowed growth of the resident set from the warm-up to the end, in percent.
    static let allowedGrowthPercent = 5.0

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else {
            throw ValidationError("--minutes must be more than 0 and at most 1440 (24 hours)")
        }
        try OptionRules.latencyMs(latencyMs)
    }

    func run() throws {
        guard headless else { fail("scrolllab soak: add --headless (the soak runs on the virtual clock only)", code: CommandExit.usage) }
        guard let directory = gestures.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.directory("Gestures") else {
            fail("scrolllab soak: no Assets/Gestures found from the current directory or the executable; use --gestures DIR", code: CommandExit.input)
        }
        var mix: [[PointerEvent]] = []
        for file in BenchCommand.regularGestureFiles(in: directory, command: "soak") {
            mix += GestureFile.gestures(loadGesture(file.path, command: "soak"))
        }
        guard !mix.isEmpty else { fail("scrolllab soak: no grid gestures in \(MessageText.quoted(directory.path))", code: CommandExit.input) }

        let output = CommandOutput(command: "soak")
        // A stop ends the soak between lines: the phase lines written are whole, and no verdict is given.
        let phasesWritten = Atomic(0)
        installStopSignals(command: "soak") { _ in
            "\(phasesWritten.load(ordering: .sequentiallyConsistent)) whole phase line(s) written, no closing soak line (no verdict)"
        }
        let condition = RunCondition(policy: .adaptive, source: .latency(latencyMs))
        let soak = SoakRun(gestures: SoakRun.mirroredMix(mix), configuration: condition.gridConfiguration())
        let clock = ContinuousClock()
        let started = clock.now

        for policy in LoadingPolicyKind.allCases { soak.run(policy: policy, seconds: Self.warmUpSecondsPerPolicy) }
        let warmFrames = soak.frames, warmGestures = soak.gesturesPlayed
        let rssWarm = Self.residentBytes()

        let perPolicy = minutes * 60 / Double(LoadingPolicyKind.allCases.count)
        // What the phases ran: a phase ends with its last gesture's replay, past its share when a run never
        // settles (the replay's 120 s cap).
        var virtualSeconds = 0.0
        for policy in LoadingPolicyKind.allCases {
            let phase = soak.run(policy: policy, seconds: perPolicy)
            virtualSeconds += phase.virtualSeconds
            StopSignals.whole {
                output.line(JSONValue.object([("event", .string("phase"))] + Self.fields(phase.json)).serialized)
                phasesWritten.add(1, ordering: .sequentiallyConsistent)
            }
        }
        let rssEnd = Self.residentBytes()
        let realSeconds = Self.seconds(clock.now - started)

        let growth = rssWarm > 0 ? Double(rssEnd - rssWarm) / Double(rssWarm) * 100 : 0
        let ok = soak.violations.isEmpty && growth < Self.allowedGrowthPercent
        for violation in soak.violations { writeStandardError("scrolllab soak: \(violation)") }
        let verdict = JSONValue.object([
            ("event", .string("soak")), ("virtualMinutes", .number(minutes)),
            ("virtualMinutesRun", .number((virtualSeconds / 60 * 100).rounded() / 100)), ("realSeconds", .number((realSeconds * 100).rounded() / 100)),
            ("gestures", .int(soak.gesturesPlayed - warmGestures)), ("frames", .int(soak.frames - warmFrames)),
            ("peakDecodedBytes", .int(soak.peakDecodedBytes)), ("decodedByteLimit", .int(soak.decodedByteLimit)),
            ("viewsCreated", .int(soak.scene.pool.viewsCreated)), ("violations", .int(soak.violations.count)),
            ("residentAfterWarmUpBytes", .int(rssWarm)), ("residentAtEndBytes", .int(rssEnd)),
            ("residentGrowthPercent", .number((growth * 100).rounded() / 100)), ("ok", .bool(ok)),
        ])
        StopSignals.whole { output.line(verdict.serialized) }
        if !ok { throw ExitCode(1) }
    }

    /// The resident set of this process in bytes (second field of /proc/self/statm, in pages); 0 if unreadable.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) / 1e18
    }

    private static func fields(_ value: JSONValue) -> [(String, JSONValue)] {
        if case let .object(pairs) = value { return pairs }
        return []
    }
}
