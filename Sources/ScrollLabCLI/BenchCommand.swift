import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP

/// `scrolllab bench` (issue 4, B-POL-2): replays the bundled gesture files through the grid under
/// every loading policy, headless on the virtual clock, and prints one table per gesture with the two
/// bounds (`bound-min-loads`, `bound-oracle`) — or, with `--json`, one line per gesture and policy. Under
/// each table, the two achievable schedules that bracket the optimum above the oracle.
///
/// Gesture files are `*.jsonl` in `--gestures DIR`; by default `Assets/Gestures` found from the current
/// directory or, failing that, from the executable's directory and its parents (so `swift run` and
/// `.build/debug/scrolllab` both work from anywhere inside the repository). Pager gestures (`pager-*`)
/// are skipped: they are not grid gestures.
///
/// Its options come in groups by concern (`Loading`, `Rates`, `FrameBench`, the feed, the phone, the
/// client, the real source), declared in the order `--help` lists them; their rules run in `validate()`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Compare the image-loading policies on the bundled gestures (headless, deterministic).",
        // Paragraphs are single lines (backslash continuations): the help wraps them to the terminal.
        discussion: """
            Columns: loads issued / completed / cancelled / wasted, blank tile-seconds, settle latency \
            (mean and max, seconds), fades on cache hits, stale frames, peak decoded bytes (MB).

            Every policy runs on one shared pipeline: --connections N requests in flight (default 6, \
            URLSession's), --http 1.1|2 under --network, the same memory cache and decode. --policies \
            picks the rows; a peer's @shipped variant (texture@shipped, flutter@shipped, glide@shipped) \
            runs on its system's own pipeline and is labelled so.

            Bounds: bound-min-loads, the images on screen at rest (no policy that shows every resting \
            screen loads fewer); bound-oracle, the least blank time any schedule reaches knowing the \
            frames in advance, on the rows' pipeline: the same fastest load, loads at once, connections \
            and downlink (an unbounded-cache relaxation solved exactly; under a network a lower bound on \
            it). A @shipped variant gets its own, bound-oracle@NAME. Under each table, Cao et al.'s \
            aggressive and conservative offline schedules with the cache: the optimum lies between the \
            oracle and the better of them.

            With --json: one line per gesture and policy with the keys "gesture", "policy" and \
            loadsIssued, loadsCompleted, loadsCancelled, loadsWasted, blankTileSeconds, settleLatency, \
            settleLatencyMax (the table's settle max), cacheHitFades, staleFrames, peakDecodedBytes (null where a bound has no such number).

            --frames: frame times of the window's own drawing instead (no display needed). The grid \
            scene with the images of Assets/Images (or --assets DIR) plays rapid-flings.jsonl (or --frames-gesture FILE) \
            at 960×600 in SDL's offscreen video driver, once with the software renderer and once with \
            the OpenGL one; frames are paced at 60 Hz on the replay's clock after 30 warm-up frames at \
            rest. Prints frame time p50/p99/max (image pump + model step + drawing + present, CPU time \
            from SDL's performance counter) and the worst main-thread image stall (draining decodes and \
            uploading textures in one frame). With --json one line per renderer: \
            {"renderer":…,"p50Ms":…,"p99Ms":…,"maxMs":…,"worstImageStallMs":…} (and "phones" with --compare, \
            "scale" with --scale); a renderer SDL cannot create gets nulls and "unavailable" with the reason.
            """
    )

    @Flag(name: .long, help: "One JSON line per gesture and policy instead of tables.")
    var json = false

    @Option(name: .long, help: "Directory of gesture files (*.jsonl). Default: Assets/Gestures.")
    var gestures: String?

    @OptionGroup var loading: Loading

    @Option(help: "The rows, comma-separated: policies on the shared pipeline and @shipped variants (texture@shipped, …); all: every policy on the shared pipeline, alone or beside others (default all).")
    var policies: String = "all"

    @Option(help: ArgumentHelp("Scroll physics of the fling: " + ScrollPhysicsKind.allCases.map(\.rawValue).joined(separator: ", ") + " (default ios)."))
    var physics: ScrollPhysicsKind = .ios

    @OptionGroup var rates: Rates

    @Option(name: .long, help: "Also draw loads issued against blank tile-seconds per gesture as a PNG (\"-\": standard output, then no tables).")
    var plot: String?

    @OptionGroup var frameBench: FrameBench

    @Flag(name: .long, help: "Measure this machine instead: decode (whole and downsampled at decode; by megapixel and by megabyte, on 1–12 MP JPEGs at two qualities) and texture upload per megapixel; prints a device file (JSON) for --device FILE.json.")
    var calibrate = false

    @OptionGroup var feedOptions: FeedOptions

    @OptionGroup var phoneOptions: PhoneOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var real: RealSourceOptions

    func validate() throws {
        // `--calibrate` takes no other option: each is refused for that reason (`OptionAudit`), not for
        // what it would need beside the others (`--tls` a network, `--source-ca` a source).
        guard !calibrate else { return }
        if let framesScale = frameBench.framesScale { try OptionRules.scale(framesScale) }
        if frameBench.frames, feedOptions.feed != nil { throw ValidationError("--feed is not measured by --frames (it times the bundled grid's drawing)") }
        try OptionRules.latencyMs(loading.latencyMs)
        try OptionRules.refresh(rates.refresh)
        try OptionRules.touchHz(rates.touchHz)
        try OptionRules.placeholder([client.placeholder], feed: feedOptions.feed?.feed, assets: loading.assets)
        try OptionRules.connections(loading.connections)
        try OptionRules.http(loading.http, hasNetwork: loading.network != nil)
        try OptionRules.tls(loading.tls, hasNetwork: loading.network != nil)
        _ = try variants()
        // Without --frames, --compare is refused as the frame bench's option (`OptionAudit`).
        if let compare = frameBench.compare, frameBench.frames {
            guard (1...4).contains(compare) else { throw ValidationError("--compare must be 1 to 4 phones (got \(compare))") }
        }
        // The frame bench takes no --source (`OptionAudit` says why), so it is not checked here.
        if !frameBench.frames {
            try real.validate(networks: loading.network?.profiles.count ?? 0, http: [loading.http], tls: loading.tls ? [true] : [])
        }
    }

    /// `--policies`: the rows' policy variants.
    func variants() throws -> [PolicyVariant] {
        try SweepCommand.Run.policies(policies)
    }

    func run() throws {
        defer { finishStandardOutput(command: "bench") }
        if calibrate {
            runCalibration()
            return
        }
        // Whole lines, each one write: a write that fails (a file-size limit) leaves a whole last line, says so, exits 1.
        let output = CommandOutput(command: "bench")
        // `--plot` onto a gesture file the bench reads is refused before anything is written (§7).
        var paths = PathConflicts()
        paths.input(gestures, "--gestures")
        if let directory = gestures.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.directory("Gestures") {
            for file in Self.gestureFiles(in: directory) { paths.input(file.path, "--gestures") }
        }
        paths.input(frameBench.framesGesture, "--frames-gesture")
        paths.inputs(feed: feedOptions.feed, phone: phoneOptions, sourceCA: real.sourceCA)
        // The images (and under a network or on a device their sizes), resolved before anything is written:
        // none found is refused.
        let images = GridImages(assets: loading.assets, sized: loading.network != nil || phoneOptions.phone.device != nil,
                                feed: feedOptions.feed != nil, command: "bench")
        for file in images.files { paths.input(String(decoding: file.path, as: UTF8.self), "--assets") }
        paths.output(plot, "--plot")
        paths.output(frameBench.framesTrace, "--frames-trace")
        paths.refuse(command: "scrolllab bench")
        let certificate = real.certificate(command: "scrolllab bench")
        // A --plot this build cannot draw, or cannot write, fails at once, not after the whole bench.
        let window = plot.map { _ in ThisBuild.windowRequired("--plot", command: "bench") }
        if frameBench.frames {
            // Installed before SDL starts (which then leaves them): SDL's own handlers would turn a stop into
            // an event the offscreen runs never read.
            installStopSignals(command: "bench --frames") { _ in "the bench was not finished (each row and trace line written is whole)" }
            if let plot, plot != "-" { _ = openOutput(plot, option: "--plot", command: "bench").close() }
            runFrames(output, gestureDirectory: gestures.map { URL(fileURLWithPath: $0) } ?? AssetLocator.directory("Gestures"))
            return
        }
        // The gestures are found before the plot is made: a bench refused for them writes nothing.
        guard let directory = gestures.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.directory("Gestures") else {
            fail("scrolllab bench: no Assets/Gestures found from the current directory or the executable; use --gestures DIR",
                 code: CommandExit.input)
        }
        let files = Self.regularGestureFiles(in: directory, command: "bench")
        guard !files.isEmpty else {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder.boolValue {
                fail("scrolllab bench: --gestures takes a folder of gesture files; \(MessageText.quoted(directory.path)) is a file", code: CommandExit.input)
            }
            fail("scrolllab bench: no grid gesture files (*.jsonl) in \(MessageText.quoted(directory.path))", code: CommandExit.input)
        }
        if let plot, plot != "-" { _ = openOutput(plot, option: "--plot", command: "bench").close() }

        // The condition every row runs under (each row sets its own policy); under `--network all`, one per profile.
        let variants = try self.variants()
        var condition = RunCondition(policy: .adaptive, source: .latency(loading.latencyMs), refresh: rates.refresh, connections: loading.connections, http: loading.http)
        condition.physics = physics
        condition.diskCache = loading.diskCache != .off
        condition.layout = feedOptions.layout
        condition.columns = feedOptions.columns
        condition.phone = phoneOptions.phone
        condition.placeholder = client.placeholder
        condition.constrained = client.constrained
        condition.tls = loading.tls || real.isTLS
        // A folder: every run starts with its images; what the runs stored is left there at the end.
        let folder = HeadlessDiskFolder(loading.diskCache, files: loading.network == nil ? [] : images.files)
        let start = folder?.start(assetCount: images.assetCount) ?? HeadlessDiskFolder.Start()
        var stored: Set<Int> = []
        defer { folder?.store(stored.sorted()) }
        let printsTables = plot != "-"
        var panels: [BenchPlotPanel] = []
        var gestures: [(name: String, events: [PointerEvent])] = []
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            var events = loadGesture(file.path, command: "bench")
            if let touchHz = rates.touchHz { events = TouchResampler.resample(events, rate: touchHz) }
            gestures.append((name, events))
        }
        let profiles: [NetworkProfile?] = loading.network?.profiles.map { $0 } ?? [nil]
        let sizeCheck = FetchedSizeCheck()
        let external = real.external(http: loading.http, certificate: certificate, sizeCheck: sizeCheck)
        var noImage: String?
        var config = GridSceneConfiguration()
        for profile in profiles {
            if let profile { condition.source = .network(profile) }
            config = condition.gridConfiguration(assetByteSizes: images.transferSizes, feed: feedOptions.feed?.feed, assetCount: images.assetCount)
            if loading.assets != nil, feedOptions.feed == nil { config.previews = .none }
            config.diskCacheEntries = start.entries
            config.diskCacheCorrupt = start.corrupt
            var bench = GridBench(configuration: config, replay: condition.replayClock)
            bench.external = external
            if !json && printsTables {
                if profiles.count > 1 || profile != nil { output.line("") }
                output.line("scrolllab bench — \(Self.describeSource(config)), "
                      + (real.source.map { "over the real server \($0) (\(RealSourceOptions.client(loading.http)), HTTP/\(loading.http.rawValue), in real time; the bounds are the model's), " } ?? "")
                      + (images.summary.map { $0 + ", " } ?? "") + "\(Self.describePipeline(config)), "
                      + (feedOptions.feed.map { "feed \($0.path) as \(config.feedLayout?.rawValue ?? "list"), " } ?? "")
                      + (condition.phone.cacheBytes.map { "cache \($0) bytes" } ?? "cache \(config.cacheByteLimit / config.bytesPerImage) images")
                      + Self.describePhone(condition.phone)
                      + (client.placeholder == .none ? "" : ", placeholder \(client.placeholder.rawValue) (blank time: empty + placeholder, split in --json)")
                      + (client.constrained ? ", Low Data Mode" : ""))
            }
            var profileRows: [[GridBenchRow]] = []
            for (name, events) in gestures {
                let (rows, oracles) = bench.rowsAndOracles(events, policies: variants, diskAssets: &stored)
                profileRows.append(rows)
                if external != nil, noImage == nil { noImage = rows.lazy.compactMap(\.metrics.noImageArrived).first }
                if profile == nil { panels.append(BenchPlotPanel(gesture: name, rows: rows)) }
                if !printsTables {
                    continue
                } else if json {
                    for row in rows {
                        var line = row.json(gesture: name)
                        if let profile, case let .object(pairs) = line {
                            // The network, then how its connections spoke when not HTTP/1.1 in cleartext (as a sweep line's keys).
                            var network: [(String, JSONValue)] = [("network", .string(profile.name))]
                            if condition.http != .http1_1 { network.append(("http", .string(condition.http.rawValue))) }
                            if condition.tls { network.append(("tls", .bool(true))) }
                            line = .object(Array(pairs.prefix(2)) + network + pairs.dropFirst(2))
                        }
                        if let external, case let .object(pairs) = line { line = .object(pairs + external.label) }
                        output.line(line.serialized)
                    }
                } else {
                    output.line("")
                    output.line(Self.table(gesture: name, rows: rows, traffic: profile != nil, phone: !condition.phone.isDefault))
                    let bracketed = variants.first { !$0.isShipped } ?? variants[0]
                    // The bounds schedule loads that arrive: where no policy's load brought an image (every one
                    // refused by the phone's memory limit, say), they bound nothing and the line says so.
                    let policyRows = rows.filter { !$0.isBound }
                    if !policyRows.isEmpty, policyRows.allSatisfy({ $0.metrics.noImageArrived != nil }) {
                        output.line("least blank tile·s with the cache: no bound: no load of any policy brought an image (see failuresByReason)")
                    } else {
                        output.line(Self.bracket(oracles[GridBench.pipeline(of: bracketed)] ?? bench.oracle(events, variant: bracketed)))
                    }
                }
            }
            if let profile {
                panels.append(BenchPlotPanel(gesture: "\(profile.name): all \(gestures.count) gestures", rows: GridBenchRow.totals(profileRows),
                                              showsBytes: true))
            }
        }
        if let plot, let window {
            let source = loading.network == nil ? Self.describeSource(config) : "network \(loading.network == .all ? "profiles" : config.network?.name ?? "") + decode \(Self.format(config.decodeCost * 1000, 0)) ms"
            let subtitle = "scrolllab bench: \(source), "
                + Self.describePipeline(config) + " for every policy (a @shipped variant: its system's own), "
                + (feedOptions.feed.map { "feed \(($0.path as NSString).lastPathComponent) as \(config.feedLayout?.rawValue ?? "list"), " } ?? "")
                + "cache \(config.cacheByteLimit / config.bytesPerImage) images"
            let error = MainActor.assumeIsolated { window.writeBenchPlot(panels, subtitle: subtitle, to: plot) }
            if let error { fail("scrolllab bench: --plot: \(error)") }
            if printsTables && !json { output.line("\nplot written to \(plot)") }
        }
        // The table is printed (it shows what failed); the exit code says it measured nothing.
        if let noImage, let source = real.source {
            fail(RealSourceOptions.noImageArrived(from: source, noImage, command: "bench"), code: CommandExit.failed)
        }
        real.warn(sizeCheck, command: "bench")
    }

    /// What the images come over, for the heading: the constant latency, or the profile.
    static func describeSource(_ config: GridSceneConfiguration) -> String {
        guard let profile = config.network else {
            return "latency \(format(config.latency * 1000, 0)) ms + decode \(format(config.decodeCost * 1000, 0)) ms"
        }
        let disk = config.diskCacheByteLimit.map { "disk cache \($0 >> 20) MB" } ?? "no disk cache"
        return "network \(profile) + decode \(format(config.decodeCost * 1000, 0)) ms, \(disk)"
    }

    /// The shared pipeline, for the heading: "6 loads at once (6 connections, HTTP/1.1)" (`HTTP/1.1 over TLS`).
    static func describePipeline(_ config: GridSceneConfiguration) -> String {
        guard config.network != nil else { return "\(config.connections) loads at once" }
        let carriers = config.httpVersion == .http2 ? "streams on one connection" : "connections"
        return "\(config.connections) loads at once (\(config.connections) \(carriers), \(config.httpVersion)\(config.tls ? " over TLS" : ""))"
    }

    /// The phone, for the heading (nothing for the lab's default): ", iphone-se, decoded whole, on the main thread".
    static func describePhone(_ phone: PhoneCost) -> String {
        (phone.device.map { ", \($0.name)" } ?? "") + (phone.downsample ? "" : ", decoded whole") + (phone.decodeOnMain ? ", decoded on the main thread" : "")
    }

    /// The table of one gesture; with `traffic`, the network's columns too; with `phone`, what the phone
    /// paid (B-COST-1): resident MB at the peak, the hitch time ratio and its band (Apple's), the frame
    /// overrun p99 (Android's; "-" without a frame in motion), past the memory limit.
    static func table(gesture: String, rows: [GridBenchRow], traffic: Bool = false, phone: Bool = false) -> String {
        var header = ["policy", "issued", "done", "cancel", "wasted", "blank tile·s", "settle s", "settle max", "hit fades", "stale", "peak MB"]
        if traffic { header += ["net MB", "requests", "mem hits", "disk hits", "failed", "first s"] }
        if phone { header += ["resident MB", "hitch ms/s", "band", "overrun p99 ms", "killed"] }
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
            ] + (!traffic ? [] : row.isBound ? Array(repeating: "-", count: 6) : [
                format(Double(m.networkBytes) / 1_000_000, 2), "\(m.requests)", "\(m.memoryHits)", "\(m.diskHits)",
                "\(m.failedLoads)", m.timeToFirstImage.map { format($0, 3) } ?? "-",
            ]) + (!phone ? [] : row.isBound ? Array(repeating: "-", count: 5) : [
                format(Double(m.peakResidentBytes) / 1_000_000, 2), format(m.hitchTimeRatioMsPerS, 1),
                MainThreadMeter.band(ofRatio: m.hitchTimeRatioMsPerS), m.frameOverrunMsP99.map { format($0, 1) } ?? "-",
                m.memoryLimitExceeded > 0 ? "yes" : "no",
            ]))
        }
        let widths = header.indices.map { c in lines.map { $0[c].count }.max() ?? 0 }
        var out = "gesture \(gesture)"
        for (i, line) in lines.enumerated() {
            out += "\n" + line.enumerated().map { c, cell in
                c == 0 ? cell + String(repeating: " ", count: widths[c] - cell.count)
                       : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ")
            if i == 0 { out += "\n" + String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)) }
        }
        let unsettled = rows.filter { !$0.isSettled }.map(\.policy)
        if !unsettled.isEmpty {
            out += "\nnever settled: \(unsettled.joined(separator: ", ")) (a tile on screen never got its image; the run stopped at "
                + "\(format(HeadlessReplay().timeLimit, 0)) s of model time, its blank and settle times counted to there)"
        }
        return out
    }

    /// The line under a table: where the least blank time with the cache lies (B-ORACLE-1).
    static func bracket(_ oracle: BlankTimeOracle) -> String {
        "least blank tile·s with the cache: ≥ \(format(oracle.blankTileSeconds, 3)) (bound-oracle), "
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


    /// `gestureFiles(in:)` for a command that reads each: one that is not a regular file (a FIFO would
    /// block the read, a folder cannot be read) is refused with exit 2 before any is read, as `sweep run`
    /// refuses it.
    static func regularGestureFiles(in directory: URL, command: String) -> [URL] {
        let files = gestureFiles(in: directory)
        for file in files {
            if let kind = SweepCommand.Run.notRegular(file.path) {
                fail("scrolllab \(command): \(MessageText.quoted(file.path)) is \(kind), not a gesture file: refused", code: CommandExit.input)
            }
        }
        return files
    }

    /// `value` with `decimals` digits after the point, as `%.Nf` writes it.
    static func format(_ value: Double, _ decimals: Int) -> String {
        FixedPointText.string(value, decimals: decimals)
    }
}
