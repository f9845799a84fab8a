import ArgumentParser
import Dispatch
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP
import Synchronization

/// `scrolllab sweep` (B-SWEEP-1): a grid of factors over a folder of gestures, on every core, in
/// shards for other machines, resumable; `merge` joins shards; `report` summarises with intervals.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run every policy × source × cache × rate on a folder of gestures; merge shards; report.",
        discussion: """
            scrolllab sweep --gestures DIR --policies a,b --latency-ms x,y [--network p,q] [--cache-images n,m] \
            [--refresh h,k] [--connections n,m] [--http 1.1,2] --out FILE [--jobs N] [--shard K/N] runs every \
            configuration (comma lists are factors; latencies and network profiles together are the image \
            sources; every policy runs on the same pipeline, a peer's @shipped variant on its system's own) on \
            every gesture file (*.jsonl) and appends one JSON line per configuration and gesture to FILE: its \
            "id", "gesture", the configuration ("policy", "latencyMs", "network", "cacheImages", "refresh", \
            "connections", "http"), every metric of replay's end line, "boundMinLoads", with --oracle \
            "oracleBlankTileSeconds" (the oracle of that configuration's pipeline), and under a network \
            "imageBytesMean": each image moves its file's size (--assets DIR, else the bundled Assets/Images; \
            none found is refused, exit code 2), and this is their mean in bytes. Each line is written whole \
            with one write; run again, a sweep resumes: the lines already in FILE are kept, a torn last line \
            is dropped and redone. --shard K/N runs gestures K, K+N, K+2N… (1-based), so N machines each \
            run one part (docs/sweeps.md: GNU Parallel over ssh, a Slurm job array).

            While it runs, FILE is locked: a second sweep on it is refused, naming the first one's pid. A \
            value given twice in a list (80,80.0) runs once. SIGINT, SIGTERM or SIGHUP stop a sweep at once \
            with every line whole (exit 128 + the signal); run it again to resume.

            scrolllab sweep merge FILE… --out FILE joins parts: every id once, sorted — equal, line for line, \
            to the unsharded run sorted; two different results for one id, a torn line or a line that is not a \
            result are refused with the file and line; past --memory MiB of lines (256) it sorts through \
            temporary files. scrolllab sweep report FILE [--plot OUT.png] [--json] \
            prints per policy and factor value the mean and a 95% bootstrap interval of blank tile-seconds, \
            loads and wasted loads, and the share of sessions where the policy is undominated, over the \
            sessions every configuration ran. scrolllab sweep repair FILE drops lines that are not results \
            (a line torn mid-file) and repeated ids, in place.
            """,
        subcommands: [Run.self, Merge.self, Report.self, Repair.self],
        defaultSubcommand: Run.self
    )

    /// `sweep run`: the factors (`Factors`, comma lists), the gestures, the results file and how the runs are
    /// shared out; the feed, phone, client and real-source groups as the other commands have them.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Run a sweep (the default).")

        /// The most pointer events (about 64 bytes each) the check before a sweep keeps for its runs;
        /// a gesture past it is read again when it runs.
        static let keptEventLimit = 2_000_000

        @Option(help: "Folder of gesture files (*.jsonl; pager-* skipped).")
        var gestures: String

        @OptionGroup var factors: Factors

        @Option(help: "The results file (JSON lines), appended to: a sweep run again resumes (-: standard output, nothing to resume).")
        var out: String

        @Option(parsing: .unconditional, help: "Worker threads (default: every core).")
        var jobs: Int?

        @Option(help: "Run only part K of N (1-based): gestures K, K+N, …")
        var shard: String?

        @Flag(help: "Also compute each run's oracle (least blank time any schedule reaches): slower.")
        var oracle = false

        @OptionGroup var feedFactors: SweepFeedOptions

        @OptionGroup var phoneOptions: PhoneOptions
        @OptionGroup var clientFactors: SweepClientOptions
        @OptionGroup var real: RealSourceOptions

        @Option(help: "Folder of images, as replay's --assets: the grid shows its image files, and under --network each moves its file's size (default: the bundled Assets/Images, found from the current directory or the executable; a network without them is refused).")
        var assets: String?

        @Option(name: .customLong("disk-cache"), help: ArgumentHelp("Under --network: the modelled disk cache, empty at the start of each run (on, the default), off, or a folder: every run starts with the images the folder held when the sweep started; what the runs stored is left there at the end.", valueName: "DIR|on|off"))
        var diskCache: DiskCacheChoice?

        func validate() throws {
            guard !gestures.isEmpty else { throw ValidationError("--gestures needs a folder (got an empty path)") }
            guard !out.isEmpty else { throw ValidationError("--out needs a file (got an empty path)") }
            let plan = try plan()
            _ = try shardPart()
            // `--source`: one network, the server's; one run at a time, so no two runs share its link.
            let networks = plan.sources.filter { $0.network != nil }.count
            try real.validate(networks: networks == plan.sources.count ? networks : 0, http: plan.httpVersions, tls: plan.tls)
        }

        func plan() throws -> SweepPlan {
            let kinds = try Self.policies(factors.policies)
            // Each value of a list meets the rule the option has everywhere (`OptionRules`).
            var sources: [SweepPlan.Source] = try Self.list(factors.latencyMs, "--latency-ms", rule: OptionRules.latencyMs) { Double($0) }
                .map(SweepPlan.Source.latency)
            sources += try Self.list(factors.network, "--network", names: NetworkProfile.all.map(\.name)) {
                NetworkProfile.named($0).map(SweepPlan.Source.network)
            }
            let caches: [Int] = try Self.list(factors.cacheImages, "--cache-images", rule: OptionRules.cacheImages) { Int($0) }
            let rates: [Double] = try Self.list(factors.refresh, "--refresh", rule: { try OptionRules.refresh($0) }) { Double($0) }
            let connections: [Int] = try Self.list(factors.connections, "--connections", rule: OptionRules.connections) { Int($0) }
            let versions: [HTTPVersion] = try Self.list(factors.http, "--http") { HTTPVersion(rawValue: $0) }
            if versions.contains(.http2), !sources.contains(where: { if case .network = $0 { return true } else { return false } }) {
                throw ValidationError("--http 2 needs a modelled network (--network PROFILE): a constant latency has no connections or bandwidth for HTTP/2 to share")
            }
            // Beside a network, a latency's runs would be run again as `http=2` lines equal to their HTTP/1.1 twins.
            if versions.contains(.http2), sources.contains(where: { if case .latency = $0 { return true } else { return false } }) {
                throw ValidationError("--http 2 needs a modelled network for every source: --latency-ms's runs have no connections for HTTP/2 "
                                      + "to share (sweep --latency-ms apart, without --http 2)")
            }
            let tls: [Bool] = try Self.list(factors.tls, "--tls") { OnOff(rawValue: $0).map { $0 == .on } }
            // As --http 2: a latency's runs have no connections, and would be run again as `tls` twins.
            if tls.contains(true), sources.isEmpty || sources.contains(where: { if case .latency = $0 { return true } else { return false } }) {
                throw ValidationError("--tls on needs a modelled network for every source (--network PROFILE): --latency-ms's constant latency has no connections to make")
            }
            if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256 (got \(jobs))") }
            var plan = SweepPlan(policies: kinds, sources: sources, cacheImages: caches, refreshRates: rates, connections: connections,
                                 httpVersions: versions)
            // An https:// --source is TLS: its runs are `on` (`off` is refused; `on` over http:// in `validate`).
            if real.isTLS, tls.contains(false) { throw ValidationError(RealSourceOptions.tlsOffOverHTTPS) }
            plan.tls = real.isTLS ? [true] : tls.isEmpty ? [false] : SweepPlan.unique(tls)
            try feedFactors.apply(to: &plan)
            plan.phone = phoneOptions.phone
            try clientFactors.apply(to: &plan)
            try OptionRules.placeholder(plan.placeholders, feed: feedFactors.feed?.feed, assets: assets)
            return plan
        }

        func shardPart() throws -> SweepShard {
            guard let shard else { return .whole }
            guard let part = SweepShard(shard) else { throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N (got \(shard))") }
            return part
        }

        /// True when both paths name one existing file.
        static func sameFile(_ a: String, _ b: String) -> Bool {
            var x = stat(), y = stat()
            return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
        }

        /// What `path` is when it is not a regular file (`a FIFO`, `a folder`…), or nil.
        static func notRegular(_ path: String) -> String? {
            var info = stat()
            guard stat(path, &info) == 0 else {
                // Listed, yet not found by its name: a name in bytes that are not UTF-8 reaches the listing
                // with U+FFFD in their place, a name no file has. Otherwise unreadable: the reader names it.
                if errno == ENOENT, path.contains("\u{FFFD}") { return "named in bytes that are not UTF-8 (rename it)" }
                return nil
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return nil
            case S_IFIFO: return "a FIFO"
            case S_IFDIR: return "a folder"
            case S_IFCHR, S_IFBLK: return "a device"
            case S_IFSOCK: return "a socket"
            default: return "a special file"
            }
        }

        /// A comma list's values; an empty list for nil; an item that does not parse, or breaks `rule`, is a
        /// usage error naming the option (and, for a list of names, the nearest one or all of them).
        /// `--policies`: policy variants, comma-separated, where `all` is every policy on the shared pipeline,
        /// alone or beside others (`all,texture@shipped`), in the order given.
        static func policies(_ text: String) throws -> [PolicyVariant] {
            try list(text, "--policies", names: PolicyVariant.allNames + ["all"]) { name -> [PolicyVariant]? in
                name.lowercased() == "all" ? PolicyVariant.shared : PolicyVariant(name: name).map { [$0] }
            }.flatMap { $0 }
        }

        static func list<T>(_ text: String?, _ option: String, names: [String] = [], rule: (T) throws -> Void = { _ in },
                            _ parse: (String) -> T?) throws -> [T] {
            guard let text else { return [] }
            return try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
                let trimmed = item.trimmingCharacters(in: .whitespaces)
                guard let value = parse(trimmed) else {
                    throw ValidationError("\(option): \(MessageText.quoted(trimmed)) is not a valid value\(ValueSuggestion.hint(trimmed, among: names))")
                }
                try rule(value)
                return value
            }
        }

        func run() throws {
            let plan = try self.plan()
            let shard = try shardPart()
            // A stop says what the results file holds (nothing written before it is opened).
            let opened = Mutex<(results: SweepResults, before: Int)?>(nil)
            let path = out
            installStopSignals(command: "sweep") { _ in
                guard let (results, before) = opened.withLock({ $0 }) else { return "nothing written" }
                let count = results.appended
                return "\(count) result(s) written by this run, \(before + count) in \(MessageText.quoted(path)), every line whole; "
                    + "run the same command again to resume"
            }
            var conflicts = PathConflicts()
            conflicts.input(gestures, "--gestures")
            let folder = URL(fileURLWithPath: gestures)
            // The results file inside the gestures folder is the output, not a gesture (a gesture named as
            // --out is still refused below), and so is any other sweep's (another shard's part): the
            // shards' split is over the gestures alone, whatever the parts written beside them.
            let resultsInFolder = SweepResults.holdsResults(out)
            var otherResults: [String] = []
            let files = BenchCommand.gestureFiles(in: folder).filter { file in
                if resultsInFolder && Self.sameFile(file.path, out) { return false }
                guard SweepResults.isResultsFile(file.path) else { return true }
                otherResults.append(file.lastPathComponent)
                return false
            }
            if let first = otherResults.first {
                writeStandardError("scrolllab sweep: note: \(otherResults.count) results file(s) in the gestures folder left out, "
                                   + "not gestures (\(MessageText.quoted(first))\(otherResults.count > 1 ? "…" : ""))")
            }
            for file in files { conflicts.input(file.path, "--gestures") }
            // The images' sizes under a network or on a device, resolved before anything is written: none
            // found is refused.
            let hasNetwork = plan.sources.contains { $0.network != nil }
            let images = GridImages(assets: assets, sized: hasNetwork || plan.phone.device != nil, feed: feedFactors.feed != nil,
                                    command: "sweep")
            for file in images.files { conflicts.input(String(decoding: file.path, as: UTF8.self), "--assets") }
            conflicts.inputs(feed: feedFactors.feed, phone: phoneOptions, sourceCA: real.sourceCA)
            conflicts.output(out, "--out")
            conflicts.refuse(command: "scrolllab sweep")
            let certificate = real.certificate(command: "scrolllab sweep")
            guard !files.isEmpty else {
                fail("scrolllab sweep: no gesture files (*.jsonl) in \(MessageText.quoted(gestures))", code: CommandExit.input)
            }
            for file in files {
                if let kind = Self.notRegular(file.path) {
                    fail("scrolllab sweep: \(MessageText.quoted(file.path)) is \(kind), not a gesture file: refused", code: CommandExit.input)
                }
            }
            var sweep = SweepRun(plan: plan, gestures: files.map { $0.deletingPathExtension().lastPathComponent }, shard: shard,
                                 workers: real.source != nil ? 1 : jobs ?? ProcessInfo.processInfo.activeProcessorCount, oracle: oracle,
                                 assetByteSizes: images.transferSizes, assetCount: images.assetCount, feed: feedFactors.feed?.feed)
            // Every gesture is read once before anything is written: a bad or empty file is refused as
            // `replay` refuses it, not found half-way. Its events' digest goes into its lines' `inputs`,
            // and its events are kept for its runs while all kept stay within `keptEventLimit`.
            var digests: [String: UInt64] = [:]
            var kept: [Int: [PointerEvent]] = [:], keptCount = 0
            for k in sweep.mine {
                let count: Int
                var digest = SweepInputs.Digest()
                var events: [PointerEvent] = []
                let keeps = keptCount < Self.keptEventLimit
                do throws(GestureReadError) {
                    count = try readGestureEvents(files[k].path, byteLimit: 256 << 20) { event in
                        digest.add(event)
                        if keeps { events.append(event) }
                    }
                } catch {
                    fail("scrolllab sweep: \(error.message)", code: error.code)
                }
                if count == 0 { fail("scrolllab sweep: \(MessageText.quoted(files[k].path)) holds no pointer events") }
                digests[sweep.gestures[k]] = digest.value
                if keeps, keptCount + events.count <= Self.keptEventLimit {
                    kept[k] = events
                    keptCount += events.count
                }
            }
            let keptEvents = kept
            let results = SweepResults(path: out)
            let made: [String: (inputs: String, real: Bool, oracle: Bool)]
            do { made = try results.openForAppend() } catch { fail("scrolllab sweep: \(error.message)", code: error.code) }
            // A real server's line has the modelled line's id: a file of one kind is never resumed by the other.
            let isReal = real.source != nil
            if let id = made.filter({ $0.value.real != isReal }).keys.min() {
                results.close()
                fail("scrolllab sweep: \(MessageText.quoted(out)) holds results of \(isReal ? "the model" : "a real server") (first: \(id)): "
                     + "a real server's lines and the model's share their ids, so each goes to a file of its own; give another --out",
                     code: CommandExit.failed)
            }
            // Every line of a file ran the oracle or none: a resume that adds --oracle (or drops it) would
            // leave a bound over part of the sessions.
            if let id = made.filter({ $0.value.oracle != oracle }).keys.min() {
                results.close()
                fail("scrolllab sweep: \(MessageText.quoted(out)) holds results run \(oracle ? "without" : "with") --oracle (first: \(id)): "
                     + "every line of a file has the oracle or none; run \(oracle ? "without" : "with") --oracle to resume it, or give another --out",
                     code: CommandExit.failed)
            }
            sweep.done = Set(made.keys)
            let sizeCheck = FetchedSizeCheck()
            sweep.external = real.external(http: plan.httpVersions.first ?? .http1_1, certificate: certificate, sizeCheck: sizeCheck)
            sweep.gestureDigests = digests
            opened.withLock { $0 = (results, sweep.done.count) }
            // `--disk-cache DIR`: every run starts with the folder's images as they were at the start.
            let diskFolder = hasNetwork ? HeadlessDiskFolder(diskCache, files: images.files) : nil
            let diskStart = diskFolder?.start(assetCount: images.assetCount) ?? HeadlessDiskFolder.Start()
            sweep.disk = SweepRun.Disk(isOn: diskCache != .off, entries: diskStart.entries, corrupt: diskStart.corrupt,
                                       keepsStored: diskFolder != nil)
            // A result is resumed only when it was made from these inputs: a changed feed, images' sizes, disk
            // cache or gesture is never answered from old results.
            if let id = sweep.firstMadeFromOtherInputs(made.mapValues(\.inputs)) {
                results.close()
                fail("scrolllab sweep: \(MessageText.quoted(out)) holds results made from other inputs than this run's (first: \(id)): "
                     + "the feed, the images' sizes, the device file, the disk cache or the gesture changed, or the file is older than result digests; "
                     + "give another --out, or remove it to run again", code: CommandExit.failed)
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let outcome = sweep.execute(perform: DispatchQueue.concurrentPerform, events: { k throws(SweepResults.Problem) in
                if let events = keptEvents[k] { return events }
                var events: [PointerEvent] = []
                do throws(GestureReadError) {
                    try readGestureEvents(files[k].path, byteLimit: 256 << 20) { events.append($0) }
                } catch {
                    throw SweepResults.Problem(message: error.message, code: error.code)
                }
                return events
            }, write: { line throws(SweepResults.Problem) in
                // A run over a server in which no image arrived is no result: the sweep stops before writing it,
                // every line before it whole, to be resumed once the server answers.
                if let source = real.source, let failures = SweepResultLine.noImageArrived(line) {
                    throw SweepResults.Problem(message: RealSourceOptions.noImageArrived(from: source, failures, command: "sweep")
                        .replacingOccurrences(of: "scrolllab sweep: ", with: "") + "; nothing written for it, resume once it answers")
                }
                try results.append(line.serialized)
            })
            results.close()
            diskFolder?.store(outcome.stored)
            if let problem = outcome.failure { fail("scrolllab sweep: \(problem.message)", code: problem.code) }
            real.warn(sizeCheck, command: "sweep")
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            writeStandardError("scrolllab sweep: \(results.appended) result(s) written, \(sweep.done.count) already in \(MessageText.quoted(out)); "
                               + "\(sweep.mine.count) of \(files.count) gestures (shard \(shard.part)/\(shard.parts)) × \(plan.configurations.count) configurations, "
                               + String(format: "%.1f s on %d thread(s)", seconds, sweep.threads))
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "merge", abstract: "Join sweep parts: every result once, sorted by id.")

        @Argument(help: "The parts (-: standard input).")
        var files: [String]

        @Option(help: "The merged file (written in place; -: standard output).")
        var out: String

        @Option(parsing: .unconditional, help: ArgumentHelp("Lines held in memory; past it they go, sorted, to temporary files in $TMPDIR (else /tmp), merged at the end (default 256).", valueName: "MiB"))
        var memory = 256

        func validate() throws {
            if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once: name it once") }
            guard (1...1_048_576).contains(memory) else { throw ValidationError("--memory must be between 1 and 1048576 MiB (got \(memory))") }
        }

        func run() throws {
            var conflicts = PathConflicts()
            for file in files { conflicts.input(file, "FILE") }
            conflicts.output(out, "--out")
            conflicts.refuse(command: "scrolllab sweep merge")
            // Each id once: a second, equal line is the same result (shards that overlap); a different one is refused.
            let merge = SweepMerge(files: files, memoryLimit: memory << 20)
            var stop: SweepResults.Problem?
            for (index, file) in files.enumerated() {
                do throws(SweepResults.Problem) {
                    let fd = try SweepResults.openForReading(file)
                    defer { Glibc.close(fd) }
                    let tail = try SweepResults.read(fd: fd, path: file) { id, line, _, number, _ throws(SweepResults.Problem) in
                        try merge.add(id: id, line: line, at: SweepMerge.Place(file: index, number: number))
                    }
                    if let torn = tail.line {
                        throw SweepResults.Problem(message: "\(MessageText.quoted(file)) line \(torn) is torn (no end of line): refused, "
                            + "nothing written (resume its sweep, or `scrolllab sweep repair \(file)` drops it)")
                    }
                } catch {
                    stop = error
                    break
                }
            }
            do throws(SweepResults.Problem) { try merge.check(stoppedBy: stop) } catch {
                fail("scrolllab sweep merge: \(error.message)", code: error.code)
            }
            // A stop while the merge writes leaves no part of it to be read as whole (a sorted prefix looks like
            // a complete results file): the output is emptied, and the stop says so. A stop after the output
            // is closed says it is whole.
            enum Stage { case reading, writing, written }
            let stage = Mutex(Stage.reading)
            let count = merge.count
            let whole = "\(count) result(s) from \(files.count) file(s) written whole to "
                + (out == "-" ? "standard output" : MessageText.quoted(out))
            installStopSignals(command: "sweep merge") { _ in
                switch stage.withLock({ $0 }) {
                case .reading: return "nothing written"
                case .written: return whole
                case .writing: break
                }
                if out == "-" { return "standard output holds part of the merge: run it again" }
                var info = stat()
                guard stat(out, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, truncate(out, 0) == 0 else {
                    return "\(MessageText.quoted(out)) holds part of the merge: run it again"
                }
                return "\(MessageText.quoted(out)) emptied (a part of the merge is no results file): run it again"
            }
            // The output may be a results file a sweep is appending to: its lock is taken before the file is
            // emptied, so a running sweep's file is refused (B-BATCH-1), as `sweep repair` refuses it. From the
            // lock on, the file is the merge's: a stop empties it.
            let output: OutputFile
            do throws(AppError) {
                output = try OutputFile(path: out) { (fd: Int32) throws(AppError) in
                    do throws(SweepResults.Problem) { try SweepResults.lock(fd, path: out) } catch { throw .output(error.message) }
                    stage.withLock { $0 = .writing }
                }
            } catch {
                fail("scrolllab sweep merge: " + error.message.replacingOccurrences(of: "scrolllab: ", with: ""), code: CommandExit.failed)
            }
            stage.withLock { $0 = .writing }
            var failure: String?
            do throws(SweepResults.Problem) {
                try merge.write { line in
                    var written = true
                    StopSignals.whole { written = output.write(line + "\n") }
                    return written
                }
            } catch {
                // A run that cannot be read back: what was written of the merge is emptied, as after a stop.
                failure = error.message
                var info = stat()
                if out != "-", stat(out, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { _ = truncate(out, 0) }
            }
            StopSignals.whole {
                let closed = output.close()
                failure = failure ?? closed
                if failure == nil { stage.withLock { $0 = .written } }
            }
            if let failure { fail("scrolllab sweep merge: \(failure)") }
            writeStandardError("scrolllab sweep merge: \(merge.count) result(s) from \(files.count) file(s) to "
                               + (out == "-" ? "standard output" : MessageText.quoted(out)))
        }
    }

    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "report", abstract: "Summarise a sweep: means, 95% intervals, undominated shares.")

        @Argument(help: "The results file (-: standard input).")
        var file: String

        @Option(help: "Also draw a heatmap (policy × factor: blank time and loads) and the loads–blank frontier with interval bars as a PNG.")
        var plot: String?

        @Flag(help: "One JSON line per row instead of a table.")
        var json = false

        @Option(help: ArgumentHelp("Also write the report as one self-contained web page: the verdict per condition with its frontier drawn (figures on hover), the cost sheet per policy with intervals, and the --recommend --json and --json lines embedded.", valueName: "FILE"))
        var html: String?

        @Option(parsing: .unconditional, help: "Bootstrap resamples (default 1000).")
        var resamples = 1000

        @Flag(help: "Instead of the table: per condition, the frontier of blank time against bytes (or loads), the policy recommended, what the next one trades, and which differences lie within the intervals — a paragraph each (with --json, one JSON line each).")
        var recommend = false

        @Option(help: ArgumentHelp("With --recommend: limits on the mean per session, comma-separated COST=NUMBER UNIT: bytes (B, kB, MB, GB), energy (mJ, J, kJ), hitch (ms/s), memory (B, kB, MB, GB); and, weighed only when named, overrun (ms: the frame overrun p99, may be negative), wasted (B, kB, MB, GB), radio (s, min: the radio active), redownloaded (B, kB, MB, GB). Per condition: the least blank policy within every budget, the budget that binds, and the Pareto set over blank time and every swept cost.", valueName: "bytes=2MB,energy=5J,…"))
        var budget: String?

        func validate() throws {
            guard (2...100_000).contains(resamples) else { throw ValidationError("--resamples must be between 2 and 100000") }
            if budget != nil, !recommend { throw ValidationError("--budget goes with --recommend") }
            _ = try limits()
        }

        /// `--budget` read, nil without it; a budget that names an unknown cost or a number without a unit is a usage error.
        func limits() throws -> SweepBudget? {
            guard let budget else { return nil }
            do throws(SweepBudget.Problem) { return try SweepBudget(parsing: budget) } catch { throw ValidationError("--budget: " + error.message) }
        }

        func run() throws {
            var conflicts = PathConflicts()
            conflicts.input(file, "FILE")
            conflicts.output(plot, "--plot")
            conflicts.output(html, "--html")
            conflicts.refuse(command: "scrolllab sweep report")
            if plot == "-", html == "-" {
                fail("scrolllab sweep report: --plot - and --html - both write to standard output: refused, nothing written", code: CommandExit.usage)
            }
            let window = plot.map { _ in ThisBuild.windowRequired("--plot", command: "sweep report") }
            // The outputs are checked before the file is read: one that cannot be written fails first. They are
            // opened once the report is made, so a report refused for its input keeps the last one, and leaves
            // none where there was none.
            for (output, option) in [(plot, "--plot"), (html, "--html")] {
                guard let output, output != "-" else { continue }
                do throws(AppError) { try OutputFile.checkWritable(output) } catch {
                    fail("scrolllab sweep report: \(option): " + error.message.replacingOccurrences(of: "scrolllab: ", with: ""))
                }
            }
            defer { finishStandardOutput(command: "sweep report") }
            // A page or a PNG on standard output is alone there: the table (or the lines) it holds is not printed.
            let output = CommandOutput(command: "sweep report")
            let printing = plot != "-" && html != "-"
            let (coverage, notes) = Self.read(file)
            let results = coverage.results
            // The rows and the recommendations are made once, whichever outputs (the table, the page, the plot) show them.
            lazy var rows = SweepSummary.rows(results, resamples: resamples, perform: DispatchQueue.concurrentPerform)
            let budget = recommend ? try limits() : nil
            if let missing = budget?.missing(in: results) { fail("scrolllab sweep report: --budget: " + missing) }
            // Each budget verdict holds its condition's recommendation: the page and the plot show those.
            let verdicts = budget.map { SweepBudgetVerdict.conditions(results, budget: $0, resamples: resamples,
                                                                      perform: DispatchQueue.concurrentPerform) } ?? []
            lazy var recommendations = budget == nil
                ? SweepRecommendation.conditions(results, resamples: resamples, perform: DispatchQueue.concurrentPerform)
                : verdicts.compactMap(\.unbudgeted)
            lazy var sessions = Set(results.indices.map { results[$0].gesture }).count
            if budget != nil {
                for verdict in verdicts where printing {
                    output.line(json ? verdict.json.serialized : verdict.paragraph + "\n")
                }
            } else if recommend {
                if printing {
                    for recommendation in recommendations {
                        output.line(json ? recommendation.json.serialized : recommendation.paragraph + "\n")
                    }
                }
            } else if printing {
                if json {
                    for row in rows { output.line(row.json.serialized) }
                } else {
                    output.line(Self.table(rows, sessions: sessions))
                }
            }
            if let html {
                let out = openOutput(html, option: "--html", command: "sweep report", keepingUntilWritten: true)
                let title = "scrolllab sweep report \((file as NSString).lastPathComponent): \(results.count) runs, \(sessions) session\(sessions == 1 ? "" : "s")"
                let text = SweepReportPage(title: title, rows: rows.map(\.json), conditions: recommendations, budgets: verdicts, notes: notes,
                                           runs: SweepReportPage.whatWasRun(results)).html
                guard out.write(text) else { fail("scrolllab sweep report: --html: \(out.failure ?? "cannot write \(MessageText.quoted(html))")") }
                if let failure = out.close() { fail("scrolllab sweep report: --html: \(failure)") }
            }
            // The plot with --recommend too: a file named on the command line is never left empty on exit 0.
            if let plot, let window {
                let title = "scrolllab sweep report \(file): \(results.count) runs, \(sessions) session\(sessions == 1 ? "" : "s")"
                let (rows, conditions) = (rows, recommendations)
                let error = MainActor.assumeIsolated { window.writeSweepPlot(rows: rows, conditions: conditions, title: title, to: plot) }
                if let error { fail("scrolllab sweep report: --plot: \(error)") }
            }
        }

        /// The file's results, every line checked, each id counted once, on the sessions every
        /// configuration ran; what was left out, and why, goes to standard error and is returned as
        /// `notes` (for the page); exits on a bad file.
        static func read(_ file: String) -> (coverage: SweepSummary.Coverage, notes: [String]) {
            var notes: [String] = []
            func note(_ text: String) {
                notes.append(text)
                writeStandardError("scrolllab sweep report: note: " + text)
            }
            var results: [SweepSummary.Result] = []
            // A configuration's results share one copy of its factors (millions of lines, a few configurations).
            var factors: Set<[String: String]> = []
            var lines: [String: (hash: Int, number: Int)] = [:]
            var repeats = 0
            do throws(SweepResults.Problem) {
                let fd = try SweepResults.openForReading(file)
                defer { Glibc.close(fd) }
                let tail = try SweepResults.read(fd: fd, path: file) { id, line, result, number, _ throws(SweepResults.Problem) in
                    if let first = lines[id] {
                        guard first.hash == line.hashValue else {
                            throw SweepResults.Problem(message: "\(MessageText.quoted(file)) lines \(first.number) and \(number) are two different "
                                                       + "results for id \(MessageText.quoted(id))")
                        }
                        repeats += 1
                        return
                    }
                    lines[id] = (line.hashValue, number)
                    var result = result
                    result.factors = factors.insert(result.factors).memberAfterInsert
                    results.append(result)
                }
                if let torn = tail.line {
                    note("\(MessageText.quoted(file)) line \(torn) is torn (no end of line): left out")
                }
            } catch {
                fail("scrolllab sweep report: \(error.message)", code: error.code)
            }
            guard !results.isEmpty else { fail("scrolllab sweep report: \(MessageText.quoted(file)) holds no results") }
            if repeats > 0 { note("\(repeats) repeated line(s) counted once") }
            let unsettled = results.indices.filter { !results[$0].isSettled }
            if let first = unsettled.first.map({ results[$0] }) {
                note("\(unsettled.count) of \(results.count) run(s) never settled (\(first.policy) on \(first.gesture) the first): a tile on screen "
                     + "never got its image and the run stopped at \(Int(HeadlessReplay().timeLimit)) s of model time, "
                     + "so its blank and settle times count to there")
            }
            let coverage = SweepSummary.coverage(results)
            guard coverage.comparedSessions > 0 else {
                fail("scrolllab sweep report: no session in \(MessageText.quoted(file)) was run under all \(coverage.configurations) "
                     + "configurations: nothing to compare")
            }
            let compared = coverage.results
            let oracleSessions = Set(compared.indices.lazy.filter { compared[$0].oracleBlankTileSeconds != nil }.map { compared[$0].gesture }).count
            if oracleSessions > 0, oracleSessions < coverage.comparedSessions {
                note("bound-oracle covers \(oracleSessions) of the \(coverage.comparedSessions) sessions compared: the others' lines "
                     + "were run without --oracle, so its bound is over other sessions than the policies' rows")
            }
            if let first = coverage.leftOut.first {
                note("\(coverage.leftOut.count) of \(coverage.sessions) session(s) left out, "
                     + "not run under all \(coverage.configurations) configurations (\(first.session): \(first.configurations)); "
                     + "policies are compared on the \(coverage.comparedSessions) every configuration ran")
            }
            return (coverage, notes)
        }

        static func table(_ rows: [SweepSummary.Row], sessions: Int) -> String {
            var out = "\(sessions) session\(sessions == 1 ? "" : "s"); mean [95% bootstrap interval]; undominated: share of sessions no other policy dominates (as few or fewer loads and blank tile·s, fewer of one)"
            var factor = ""
            // The name columns as wide as their longest entry (`bound-min-loads`, `network very-bad`), so every row lines up.
            let first = rows.reduce(10) { Swift.max($0, $1.policy.count) }
            let second = rows.reduce(16) { Swift.max($0, $1.value.count, $1.factor.count) }
            // Under a network the answer is in bytes too (B-SWEEP-2): kB with its interval, beside loads and blank time.
            let bytes = rows.contains { $0.networkBytes != nil }
            // And in the radio's energy (B-COST-2), where the results have it.
            let joules = rows.contains { $0.radioJoules != nil }
            // And what the phone pays (B-COST-1), where the sweep modelled one: hitch ms/s and its band (Apple's), the frame
            // overrun p99 (Android's), peak resident MB, share past the limit.
            let phone = rows.contains { $0.phone != nil }
            // And the blank time's empty part, where placeholders were swept (B-COST-2).
            let empty = rows.contains { $0.emptyTileSeconds != nil }
            var widths = [first, second] + Self.widths
            // A phone's table: each column its own width, whichever columns come before it (n, blank, loads,
            // wasted, undominated, kB, radio J, hitch ms/s, band, overrun p99 ms, peak MB, killed, empty).
            if phone { widths = [first, second, 6, 26, 24, 22, 11] + (bytes ? [26] : []) + (joules ? [24] : []) + [24, 9, 24, 24, 7, 26] }
            func pad(_ cells: [String]) -> String { Self.pad(cells, widths: widths) }
            for row in rows {
                if row.factor != factor {
                    factor = row.factor
                    out += "\n\nby \(factor)\n" + pad(["policy", factor, "n", "blank tile·s", "loads", "wasted", "undominated"] + (bytes ? ["kB"] : []) + (joules ? ["radio J"] : [])
                                                      + (phone ? ["hitch ms/s", "band", "overrun p99 ms", "peak MB", "killed"] : []) + (empty ? ["empty tile·s"] : []))
                }
                var cells = [row.policy, row.value, "\(row.sessions)",
                             row.policy == "bound-min-loads" ? "-" : interval(row.blankTileSeconds, "blankTileSeconds"),
                             row.policy == "bound-oracle" ? "-" : interval(row.loadsIssued, "loadsIssued"),
                             row.isBound ? "-" : interval(row.loadsWasted, "loadsWasted"),
                             row.undominatedShare.map { SweepRecommendation.fixed($0 * 100, 0) + "%" } ?? "-"]
                if bytes { cells.append(row.isBound ? "-" : row.networkBytes.map { interval(Self.kilobytes($0), "networkBytes") } ?? "-") }
                if joules { cells.append(row.isBound ? "-" : row.radioJoules.map { interval($0, "radioJoules") } ?? "-") }
                if phone {
                    let p = row.isBound ? nil : row.phone
                    cells.append(p.map { interval($0.hitchTimeRatioMsPerS, "hitchTimeRatioMsPerS") } ?? "-")
                    cells.append(p.map { MainThreadMeter.band(ofRatio: $0.hitchTimeRatioMsPerS.mean) } ?? "-")
                    cells.append(p?.frameOverrunMsP99.map { interval($0, "frameOverrunMsP99") } ?? "-")
                    cells.append(p.map { interval(Self.megabytes($0.peakResidentBytes), "peakResidentBytes") } ?? "-")
                    cells.append(p.map { SweepRecommendation.fixed($0.memoryLimitExceeded.mean * 100, 0) + "%" } ?? "-")
                }
                if empty { cells.append(row.isBound ? "-" : row.emptyTileSeconds.map { interval($0, "emptyTileSeconds") } ?? "-") }
                out += "\n" + pad(cells)
            }
            return out
        }

        /// An interval of bytes in MB (10⁶ bytes).
        static func megabytes(_ i: SweepSummary.Interval) -> SweepSummary.Interval {
            SweepSummary.Interval(mean: i.mean / 1e6, lower: i.lower / 1e6, upper: i.upper / 1e6)
        }

        /// An interval of bytes in kB (1000 bytes).
        static func kilobytes(_ i: SweepSummary.Interval) -> SweepSummary.Interval {
            SweepSummary.Interval(mean: i.mean / 1000, lower: i.lower / 1000, upper: i.upper / 1000)
        }

        /// As every text output prints an interval (`SweepSummary.Interval.text`): the result lines' metric
        /// `key` with its decimals (the report's page uses the same).
        static func interval(_ i: SweepSummary.Interval, _ key: String) -> String { i.text(SweepSummary.Interval.decimals(of: key)) }

        /// The widths of the columns after the two names: n, blank, loads, wasted, undominated, kB, radio J,
        /// hitch, peak MB, killed, empty (a table without some takes the next ones' widths, as it always has).
        static let widths = [6, 26, 24, 22, 11, 26, 24, 24, 24, 7, 26]

        /// The cells padded to `widths` (the two names left-aligned, the rest right-aligned), never cut.
        static func pad(_ cells: [String], widths: [Int]) -> String {
            cells.enumerated().map { i, c in
                i < 2 ? c.padding(toLength: Swift.max(widths[i], c.count), withPad: " ", startingAt: 0)
                      : String(repeating: " ", count: Swift.max(0, widths[i] - c.count)) + c
            }.joined(separator: " ")
        }
    }

    struct Repair: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repair",
            abstract: "Drop the lines of a results file that are not results (torn mid-file) and repeated ids, in place.")

        @Argument(help: "The results file.")
        var file: String

        func validate() throws {
            if file == "-" { throw ValidationError("repair rewrites FILE in place: give a file, not - (standard input)") }
        }

        func run() throws {
            let repair: SweepResults.Repair
            do { repair = try SweepResults.repair(path: file) } catch { fail("scrolllab sweep repair: \(error.message)", code: error.code) }
            // Every line dropped is named: the file no longer holds it.
            for (line, reason) in repair.dropped {
                writeStandardError("scrolllab sweep repair: \(MessageText.quoted(file)) line \(line) dropped: \(reason)")
            }
            writeStandardError("scrolllab sweep repair: \(repair.kept) result(s) kept, \(repair.dropped.count) line(s) dropped "
                               + "in \(MessageText.quoted(file))")
        }
    }
}
