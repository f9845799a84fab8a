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
        if let why = OutputFolder.make(directory) { fail("scrolllab gestures \(command): cannot make \(MessageText.quoted(directory)): \(why)") }
    }

    /// Writes `events` as a gesture file at `path`, or ends with one line (the reason: a full disk, a
    /// file-size limit), exit code 1. Written beside it and renamed over it: a file that is there is whole.
    static func write(_ events: [PointerEvent], to path: String, command: String) {
        var text = GestureFile.serialize(events)
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        var problem: String?
        if fd < 0 {
            problem = OutputFile.errorText()
        } else {
            if !text.withUTF8({ writeAll(UnsafeRawBufferPointer($0), to: fd) }) { problem = OutputFile.errorText() }
            if Glibc.close(fd) != 0, problem == nil { problem = OutputFile.errorText() }
            if problem == nil, rename(temp, path) != 0 { problem = OutputFile.errorText() }
            if problem != nil { unlink(temp) }
        }
        if let problem { fail("scrolllab gestures \(command): cannot write \(MessageText.quoted(path)): \(problem)") }
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

        @Option(help: ArgumentHelp("Make them for a feed laid out as \(FeedLayoutKind.names): in carousels half the flings browse a row sideways (docs/feeds.md)."))
        var layout: FeedLayoutKind?

        func validate() throws {
            guard (1...1_000_000).contains(count) else { throw ValidationError("--count must be between 1 and 1000000 (got \(count))") }
            try OptionRules.folder(out, option: "--out")
        }

        /// The names of the generated sessions' files (`session-<digits>.jsonl`) in `folder`.
        static func sessionFiles(in folder: String) -> Set<String> {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return Set(names.filter { name in
                name.hasPrefix("session-") && name.hasSuffix(".jsonl")
                    && name.dropFirst(8).dropLast(6).allSatisfy { $0.isASCII && $0.isNumber } && name.count > 14
            })
        }

        func run() throws {
            GesturesCommand.makeDirectory(out, command: "generate")
            let generator = BrowsingSessionGenerator(kind: kind, seed: seed)
            let width = Swift.max(5, String(count - 1).count)
            let names = (0..<count).map { i in
                let number = String(i)
                return "session-" + String(repeating: "0", count: width - number.count) + number + ".jsonl"
            }
            // A folder is one population: sessions an earlier run left past this one's would be swept with it.
            let others = Self.sessionFiles(in: out).subtracting(names).sorted()
            if let first = others.first {
                fail("scrolllab gestures generate: \(MessageText.quoted(out)) holds \(others.count) session file(s) this run would not write "
                     + "(\(others.count == 1 ? first : first + " … " + others[others.count - 1])), left by another population: "
                     + "refused, nothing written; use another folder, or remove them")
            }
            for (i, name) in names.enumerated() {
                GesturesCommand.write(layout.map { generator.session(i, layout: $0) } ?? generator.session(i), to: (out as NSString).appendingPathComponent(name), command: "generate")
            }
            CommandOutput(command: "gestures generate").line("wrote \(count) \(kind.rawValue) sessions (seed \(seed)) to \(out)")
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn an Android `adb shell getevent -lt` capture into gesture files, one per touch sequence (or one session).",
            discussion: """
                The panel's range comes from `adb shell getevent -p` output (--info FILE) or --max-x/--max-y; \
                --density is the display's pixels per point (Android's dp: 2.625 at 420 dpi). Each sequence is \
                moved (not scaled: speeds are kept) to start at the same fraction of the lab's 320×480 phone as \
                on the device; a second finger becomes a pinch. Values outside the range are clamped (with a \
                note); a line that is not getevent's names its number, exit code 1. The capture is read line by \
                line and each gesture written as it goes; every event is checked with the gesture parser's own \
                limits and time must run forward (a capture that breaks them is refused with its line, and \
                nothing is left); at most 64 contacts (slots 0-63). SIGINT/TERM/HUP keep the whole files only.

                --session writes the capture as one gesture file, BASE.jsonl: its touches, each placed as above, \
                at their own times with the pauses between them kept, as a loader sees a session (a stop keeps \
                the whole touches).
                """
        )

        @Argument(help: "The capture (`adb shell getevent -lt > capture.txt`; -: standard input).")
        var capture: String

        @Option(help: "Folder to write the gestures to (made if missing).")
        var out: String

        @Option(help: "`adb shell getevent -p` output giving the panel's ABS_MT_POSITION_X/Y ranges (-: standard input).")
        var info: String?

        @Option(name: .customLong("max-x"), parsing: .unconditional, help: "The panel's largest X (without --info).")
        var maxX: Double?

        @Option(name: .customLong("max-y"), parsing: .unconditional, help: "The panel's largest Y (without --info).")
        var maxY: Double?

        @Option(parsing: .unconditional, help: "Display pixels per point, 0.1–10 (default 1).")
        var density: Double = 1

        @Option(name: .customLong("pixels-wide"), parsing: .unconditional, help: "The display's width in pixels, if the panel's range differs.")
        var pixelsWide: Double?

        @Option(name: .customLong("pixels-high"), parsing: .unconditional, help: "The display's height in pixels, if the panel's range differs.")
        var pixelsHigh: Double?

        @Flag(help: "One gesture file for the whole capture (its touches at their own times), not one per touch.")
        var session = false

        func validate() throws {
            guard density.isFinite, density >= 0.1, density <= 10 else { throw ValidationError("--density must be between 0.1 and 10") }
            try OptionRules.folder(out, option: "--out")
            if capture == "-", info == "-" { throw ValidationError("standard input (-) can be read once: the capture or --info, not both") }
            if info == nil, maxX == nil || maxY == nil {
                throw ValidationError("give the panel's range: --info FILE (getevent -p) or --max-x and --max-y")
            }
            for (name, v) in [("--max-x", maxX), ("--max-y", maxY), ("--pixels-wide", pixelsWide), ("--pixels-high", pixelsHigh)] {
                if let v, !(v.isFinite && v >= 1 && v <= 1e6) { throw ValidationError("\(name) must be between 1 and 1000000") }
            }
            // One without the other would scale one axis only: a move across would read at another speed than one along.
            if (pixelsWide == nil) != (pixelsHigh == nil) {
                throw ValidationError("--pixels-wide and --pixels-high go together: the display's width and height in pixels (got only \(pixelsWide == nil ? "--pixels-high" : "--pixels-wide"))")
            }
        }

        func run() throws {
            let base = capture == "-" ? "stdin" : ((capture as NSString).lastPathComponent as NSString).deletingPathExtension
            paths(base: base).refuse(command: "scrolllab gestures import")
            let fd = capture == "-" ? dup(STDIN_FILENO) : open(capture, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                fail("scrolllab gestures import: cannot read \(MessageText.quoted(capture)): \(OutputFile.errorText())", code: CommandExit.input)
            }
            defer { Glibc.close(fd) }
            var devices = [(device: String?, x: ClosedRange<Double>, y: ClosedRange<Double>)]()
            var notTouch: Set<String> = []
            var panelNamed = false
            if let info {
                guard let infoText = Self.readSmall(info) else {
                    fail("scrolllab gestures import: cannot read \(MessageText.quoted(info)) (or it is over 1 MiB: not `getevent -p` output)",
                         code: CommandExit.input)
                }
                devices = GeteventCapture.touchDevices(inDeviceInfo: infoText)
                notTouch = GeteventCapture.listedDevices(inDeviceInfo: infoText).subtracting(devices.compactMap(\.device))
                guard !devices.isEmpty else {
                    fail("scrolllab gestures import: \(MessageText.quoted(info)) gives no ABS_MT_POSITION_X and _Y ranges "
                         + "(finite, min below max, within ±1000000)")
                }
            }
            let writer = ImportWriter(folder: out, base: base, session: session)
            installStopSignals(command: "gestures import") { _ in writer.stop() }
            // The capture is read line by line and each gesture written as it is made: memory stays bounded
            // for any capture, and a capture the lab would refuse leaves nothing behind.
            func reader(_ x: ClosedRange<Double>, _ y: ClosedRange<Double>, device: String?) -> GeteventCapture.Reader {
                var capture = GeteventCapture(rangeX: x, rangeY: y, pixelsWide: pixelsWide, pixelsHigh: pixelsHigh, density: density,
                                              wholeSession: session)
                capture.device = device
                return GeteventCapture.Reader(capture: capture)
            }
            // Several touch devices in --info (a pen digitizer beside the panel): the capture's own lines say
            // which one it is; until one names it, they wait (a capture of one device names none: refused).
            // Lines of devices --info lists without touch ranges (keys, sensors, a pen without ABS_MT) are never
            // the panel's: skipped; with one touch device, so are other devices' once the panel has named a line.
            var chosen: GeteventCapture.Reader? = devices.count > 1 ? nil
                : reader(devices.first?.x ?? 0...(maxX ?? 1), devices.first?.y ?? 0...(maxY ?? 1), device: nil)
            var held: [String] = []
            var otherTouchDevices: [String: Int] = [:]
            func choose(_ line: String) {
                guard let named = GeteventCapture.device(inLine: line[...]),
                      let device = devices.first(where: { $0.device == named }) else { return }
                chosen = reader(device.x, device.y, device: named)
            }
            func noDevice() -> Never {
                writer.discard()
                fail("scrolllab gestures import: --info lists \(devices.count) touch devices (" + devices.map { $0.device ?? "?" }.joined(separator: ", ")
                     + ") and the capture's lines name none: capture every device (getevent -lt) or give the panel's --max-x and --max-y")
            }
            func read(_ line: String) throws(GeteventCapture.Problem) {
                if let named = GeteventCapture.device(inLine: line[...]) {
                    if notTouch.contains(named) { return }
                    // One touch device: once its path has named a line, other devices' lines are not its own.
                    if devices.count == 1, let panel = devices[0].device {
                        if named == panel { panelNamed = true } else if panelNamed { return }
                    }
                }
                if devices.count > 1, let named = GeteventCapture.device(inLine: line[...]) {
                    // Another touch device's line once one is chosen: counted, so the import says what it left out.
                    if let wanted = chosen?.capture.device, named != wanted, devices.contains(where: { $0.device == named }) {
                        otherTouchDevices[named, default: 0] += 1
                    }
                    // A device --info does not list with touch ranges, before one is chosen: not the panel.
                    if chosen == nil, !devices.contains(where: { $0.device == named }) { return }
                }
                if chosen == nil {
                    held.append(line)
                    choose(line)
                    guard chosen != nil else {
                        if held.count > 1000 { noDevice() }
                        return
                    }
                    for waiting in held { writer.take(try chosen!.read(line: waiting[...])) }
                    held = []
                    return
                }
                writer.take(try chosen!.read(line: line[...]))
            }
            var lines = LineReader(descriptor: fd, lineLimit: 4096)
            do throws(GeteventCapture.Problem) {
                while true {
                    let bytes: [UInt8]?
                    do { bytes = try lines.next() } catch {
                        switch error {
                        case let .lineTooLong(line, limit):
                            throw GeteventCapture.Problem(line: line, reason: "longer than \(limit) bytes: not a `getevent -lt` line")
                        case let .readFailed(code):
                            writer.discard()
                            fail("scrolllab gestures import: cannot read \(MessageText.quoted(capture)): \(String(cString: strerror(code)))",
                                 code: CommandExit.input)
                        }
                    }
                    guard let bytes, writer.failure == nil else { break }
                    try read(String(decoding: bytes, as: UTF8.self))
                }
                if let torn = lines.tornLine {
                    // A last line without its end of line is read as it is, unless it is cut short (a capture
                    // stopped mid-line would read `0000` as a position of 0, `ABS_MT_POSI` as an unknown code).
                    let text = String(decoding: lines.tornBytes, as: UTF8.self)
                    if let part = GeteventCapture.cutShort(text[...]) {
                        writeStandardError("scrolllab gestures import: note: line \(torn) has no end and \(part) is cut short: left out")
                    } else {
                        try read(text)
                    }
                }
                if chosen == nil { noDevice() }
                writer.take(try chosen!.finish())
            } catch {
                writer.discard()
                fail("scrolllab gestures import: \(MessageText.quoted(capture)) \(error.description)")
            }
            if writer.failure == nil, writer.written > 0 { writer.commit() }
            if let failure = writer.failure {
                writer.discard()
                fail("scrolllab gestures import: \(failure)")
            }
            guard writer.written > 0 else { fail("scrolllab gestures import: \(MessageText.quoted(capture)) holds no touch") }
            for (device, count) in otherTouchDevices.sorted(by: { $0.key < $1.key }) {
                writeStandardError("scrolllab gestures import: note: \(count) line(s) of \(device), another touch device --info lists, "
                                   + "left out: the touches read are \(chosen?.capture.device ?? "?")'s (the first to touch)")
            }
            if let clamped = chosen?.clampedValues, clamped > 0 {
                writeStandardError("scrolllab gestures import: note: \(clamped) position value(s) outside the panel's range were clamped")
            }
            CommandOutput(command: "gestures import").line(session
                ? "wrote 1 session of \(writer.touches) touch(es) from \(capture) to \(out)"
                : "wrote \(writer.written) gesture(s) from \(capture) to \(out)")
        }

        /// The capture and `--info`, and those of the files the import writes into `--out` (`BASE.jsonl` with
        /// `--session`, else `BASE-NNN.jsonl`) that are one of them: such an input would be cut short while it is read.
        func paths(base: String) -> PathConflicts {
            var paths = PathConflicts()
            let inputs = [(capture, "CAPTURE"), (info, "--info")].compactMap { path, name in path.flatMap { $0 == "-" ? nil : ($0, name) } }
            for (path, name) in inputs { paths.input(path, name) }
            for (path, _) in inputs {
                let file = (path as NSString).lastPathComponent
                if ImportWriter.writes(file, base: base, session: session) { paths.output((out as NSString).appendingPathComponent(file), "--out") }
            }
            return paths
        }

        /// A small file's text (at most 1 MiB), or nil.
        static func readSmall(_ path: String) -> String? {
            let fd = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { Glibc.close(fd) }
            var reader = LineReader(descriptor: fd, lineLimit: 4096)
            var text = ""
            do {
                while let line = try reader.next() {
                    text += String(decoding: line, as: UTF8.self) + "\n"
                    if text.utf8.count > 1 << 20 { return nil }
                }
            } catch {
                return nil
            }
            return text + String(decoding: reader.tornBytes, as: UTF8.self)
        }
    }
}

extension BrowsingSessionGenerator.Kind: ExpressibleByArgument {}
