import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `scrolllab gestures`: make gesture files — seeded populations of browsing sessions (B-GEN-1), or
/// imports of Android touch captures (B-IMPORT-1).
struct GesturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestures",
        abstract: "Make gesture files: generated browsing sessions, or imported Android captures.",
        subcommands: [Generate.self, Import.self]
    )

    /// Makes `directory` (and its parents) or ends with one line, exit code 1.
    static func makeDirectory(_ directory: String, command: String) {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            fail("scrolllab gestures \(command): cannot make \(MessageText.quoted(directory)): \(error.localizedDescription)")
        }
    }

    /// Writes `events` as a gesture file at `path`, or ends with one line, exit code 1.
    static func write(_ events: [PointerEvent], to path: String, command: String) {
        let text = GestureFile.serialize(events)
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            fail("scrolllab gestures \(command): cannot write \(MessageText.quoted(path))")
        }
    }

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Write N seeded browsing sessions as gesture files (DIR/session-00000.jsonl …).",
            discussion: """
                Kinds: browse (a feed: flings, reading drags, catches, the odd reversal), flings (searching: bursts \
                of fast flings), read (slow drags, long dwells), mixed (each session one of the three). The \
                distributions and their sources are in docs/gestures.md. Session i depends only on the seed and i: \
                the same seed gives the same files.
                """
        )

        @Option(help: "browse, flings, read or mixed.")
        var kind: BrowsingSessionGenerator.Kind = .browse

        @Option(parsing: .unconditional, help: "Number of sessions (1–1 000 000).")
        var count: Int

        @Option(parsing: .unconditional, help: "Seed.")
        var seed: UInt64

        @Option(help: "Folder to write the sessions to (made if missing).")
        var out: String

        func validate() throws {
            guard (1...1_000_000).contains(count) else { throw ValidationError("--count must be between 1 and 1000000 (got \(count))") }
        }

        func run() throws {
            GesturesCommand.makeDirectory(out, command: "generate")
            let generator = BrowsingSessionGenerator(kind: kind, seed: seed)
            let width = Swift.max(5, String(count - 1).count)
            for i in 0..<count {
                let number = String(i)
                let name = "session-" + String(repeating: "0", count: width - number.count) + number + ".jsonl"
                GesturesCommand.write(generator.session(i), to: (out as NSString).appendingPathComponent(name), command: "generate")
            }
            print("wrote \(count) \(kind.rawValue) sessions (seed \(seed)) to \(out)")
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn an Android `adb shell getevent -lt` capture into gesture files, one per touch sequence.",
            discussion: """
                The panel's range comes from `adb shell getevent -p` output (--info FILE) or --max-x/--max-y; \
                --density is the display's pixels per point (Android's dp: 2.625 at 420 dpi). Each sequence is \
                moved (not scaled: speeds are kept) to start at the same fraction of the lab's 320×480 phone as \
                on the device; a second finger becomes a pinch. Values outside the range are clamped (with a \
                note); a line that is not getevent's names its number, exit code 1.
                """
        )

        @Argument(help: "The capture (`adb shell getevent -lt > capture.txt`).")
        var capture: String

        @Option(help: "Folder to write the gestures to (made if missing).")
        var out: String

        @Option(help: "`adb shell getevent -p` output giving the panel's ABS_MT_POSITION_X/Y ranges.")
        var info: String?

        @Option(name: .customLong("max-x"), parsing: .unconditional, help: "The panel's largest X (without --info).")
        var maxX: Double?

        @Option(name: .customLong("max-y"), parsing: .unconditional, help: "The panel's largest Y (without --info).")
        var maxY: Double?

        @Option(parsing: .unconditional, help: "Display pixels per point (default 1).")
        var density: Double = 1

        @Option(name: .customLong("pixels-wide"), parsing: .unconditional, help: "The display's width in pixels, if the panel's range differs.")
        var pixelsWide: Double?

        @Option(name: .customLong("pixels-high"), parsing: .unconditional, help: "The display's height in pixels, if the panel's range differs.")
        var pixelsHigh: Double?

        func validate() throws {
            guard density.isFinite, density > 0, density <= 10 else { throw ValidationError("--density must be above 0 and at most 10") }
            if info == nil, maxX == nil || maxY == nil {
                throw ValidationError("give the panel's range: --info FILE (getevent -p) or --max-x and --max-y")
            }
            for (name, v) in [("--max-x", maxX), ("--max-y", maxY), ("--pixels-wide", pixelsWide), ("--pixels-high", pixelsHigh)] {
                if let v, !(v.isFinite && v >= 1 && v <= 1e6) { throw ValidationError("\(name) must be between 1 and 1000000") }
            }
        }

        func run() throws {
            let text: String
            do { text = try String(contentsOfFile: capture, encoding: .utf8) } catch {
                fail("scrolllab gestures import: cannot read \(MessageText.quoted(capture))", code: OptionRules.Exit.input)
            }
            var rangeX = 0...(maxX ?? 1), rangeY = 0...(maxY ?? 1)
            if let info {
                guard let infoText = try? String(contentsOfFile: info, encoding: .utf8) else {
                    fail("scrolllab gestures import: cannot read \(MessageText.quoted(info))", code: OptionRules.Exit.input)
                }
                guard let ranges = GeteventCapture.ranges(inDeviceInfo: infoText) else {
                    fail("scrolllab gestures import: \(MessageText.quoted(info)) gives no ABS_MT_POSITION_X and _Y ranges")
                }
                (rangeX, rangeY) = ranges
            }
            let reader = GeteventCapture(rangeX: rangeX, rangeY: rangeY, pixelsWide: pixelsWide, pixelsHigh: pixelsHigh, density: density)
            let result: GeteventCapture.Result
            do { result = try reader.read(text) } catch {
                fail("scrolllab gestures import: \(MessageText.quoted(capture)) \(error.description)")
            }
            guard !result.gestures.isEmpty else { fail("scrolllab gestures import: \(MessageText.quoted(capture)) holds no touch") }
            GesturesCommand.makeDirectory(out, command: "import")
            let base = ((capture as NSString).lastPathComponent as NSString).deletingPathExtension
            for (i, gesture) in result.gestures.enumerated() {
                GesturesCommand.write(gesture, to: (out as NSString).appendingPathComponent(String(format: "%@-%03d.jsonl", base, i)),
                                      command: "import")
            }
            if result.clampedValues > 0 {
                writeStandardError("scrolllab gestures import: note: \(result.clampedValues) position value(s) outside the panel's range were clamped")
            }
            print("wrote \(result.gestures.count) gesture(s) from \(capture) to \(out)")
        }
    }
}

extension BrowsingSessionGenerator.Kind: ExpressibleByArgument {}
