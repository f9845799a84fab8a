import ArgumentParser
import Dispatch
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import Synchronization

/// `scrolllab sweep` (B-SWEEP-1): a grid of factors over a folder of gestures, on every core, in
/// shards for other machines, resumable; `merge` joins shards; `report` summarises with intervals.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run every policy × source × cache × rate on a folder of gestures; merge shards; report.",
        discussion: """
            scrolllab sweep --gestures DIR --policies a,b --latency-ms x,y [--network p,q] [--cache-images n,m] \
            [--refresh h,k] --out FILE [--jobs N] [--shard K/N] runs every configuration (comma lists are \
            factors; latencies and network profiles together are the image sources) on every gesture file \
            (*.jsonl) and appends one JSON line per configuration and gesture to FILE: its "id", "gesture", the \
            configuration ("policy", "latencyMs", "network", "cacheImages", "refresh"), every metric of replay's \
            end line, "boundMinLoads", and with --oracle "oracleBlankTileSeconds". Each line is written whole \
            with one write; run again, a sweep resumes: the lines already in FILE are kept, a torn last line \
            is dropped and redone. --shard K/N runs gestures K, K+N, K+2N… (1-based), so N machines each \
            run one part (docs/sweeps.md: GNU Parallel over ssh, a Slurm job array).

            scrolllab sweep merge FILE… --out FILE joins parts: every id once, sorted — equal, line for line, \
            to the unsharded run sorted. scrolllab sweep report FILE [--plot OUT.png] [--json] prints per \
            policy and factor value the mean and a 95% bootstrap interval of blank tile-seconds, loads and \
            wasted loads, and the share of sessions where the policy is undominated.
            """,
        subcommands: [Run.self, Merge.self, Report.self],
        defaultSubcommand: Run.self
    )

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Run a sweep (the default).")

        @Option(help: "Folder of gesture files (*.jsonl; pager-* skipped).")
        var gestures: String

        @Option(help: "Policies, comma-separated, or all (default all).")
        var policies: String = "all"

        @Option(name: .customLong("latency-ms"), help: "Constant latencies in ms, comma-separated (default 80 unless --network).")
        var latencyMs: String?

        @Option(help: ArgumentHelp("Network profiles, comma-separated: " + NetworkProfile.names + "."))
        var network: String?

        @Option(name: .customLong("cache-images"), help: "Memory cache sizes in images, comma-separated (default 12).")
        var cacheImages: String?

        @Option(help: "Refresh rates in Hz, comma-separated (default 60).")
        var refresh: String?

        @Option(help: "The results file (JSON lines), appended to: a sweep run again resumes.")
        var out: String

        @Option(parsing: .unconditional, help: "Worker threads (default: every core).")
        var jobs: Int?

        @Option(help: "Run only part K of N (1-based): gestures K, K+N, …")
        var shard: String?

        @Flag(help: "Also compute each run's oracle (least blank time any schedule reaches): slower.")
        var oracle = false

        func validate() throws { _ = try plan() ; _ = try shardPart() }

        func plan() throws -> SweepPlan {
            let kinds: [LoadingPolicyKind]
            if policies == "all" {
                kinds = LoadingPolicyKind.allCases
            } else {
                kinds = try Self.list(policies, "--policies") { LoadingPolicyKind(rawValue: $0) }
            }
            var sources: [SweepPlan.Source] = try Self.list(latencyMs, "--latency-ms") { text in
                Double(text).flatMap { (0...60_000).contains($0) ? SweepPlan.Source.latency($0) : nil }
            }
            sources += try Self.list(network, "--network") { NetworkProfile.named($0).map(SweepPlan.Source.network) }
            let caches: [Int] = try Self.list(cacheImages, "--cache-images") { Int($0).flatMap { (1...10_000).contains($0) ? $0 : nil } }
            let rates: [Double] = try Self.list(refresh, "--refresh") { Double($0).flatMap { (1...1000).contains($0) ? $0 : nil } }
            if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
            return SweepPlan(policies: kinds, sources: sources, cacheImages: caches, refreshRates: rates)
        }

        func shardPart() throws -> (part: Int, of: Int) {
            guard let shard else { return (1, 1) }
            let parts = shard.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N (got \(shard))")
            }
            return (k, n)
        }

        /// A comma list's values; an empty list for nil; a bad item is a usage error naming the option.
        static func list<T>(_ text: String?, _ option: String, _ parse: (String) -> T?) throws -> [T] {
            guard let text else { return [] }
            return try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
                let trimmed = item.trimmingCharacters(in: .whitespaces)
                guard let value = parse(trimmed) else { throw ValidationError("\(option): \(MessageText.quoted(trimmed)) is not a valid value") }
                return value
            }
        }

        func run() throws {
            let plan = try self.plan()
            let (part, parts) = try shardPart()
            var conflicts = PathConflicts()
            let folder = URL(fileURLWithPath: gestures)
            let files = BenchCommand.gestureFiles(in: folder)
            for file in files { conflicts.input(file.path, "--gestures") }
            conflicts.output(out, "--out")
            if let conflict = conflicts.firstConflict() { fail("scrolllab sweep: " + conflict, code: OptionRules.Exit.usage) }
            guard !files.isEmpty else {
                fail("scrolllab sweep: no gesture files (*.jsonl) in \(MessageText.quoted(gestures))", code: OptionRules.Exit.input)
            }
            let results = SweepResults(path: out)
            let done: Set<String>
            do { done = try results.openForAppend() } catch { fail("scrolllab sweep: \(error.message)") }
            let configurations = plan.configurations
            let needsSizes = plan.sources.contains { if case .network = $0 { return true } else { return false } }
            let sizes = needsSizes ? BenchCommand.bundledTransferSizes() : []
            let mine = files.indices.filter { SweepPlan.inShard($0, part: part, of: parts) }
            let workers = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            let next = Mutex(0)
            let problem = Mutex<String?>(nil)
            let written = Mutex(0)
            let withOracle = oracle
            let started = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(workers, mine.count))) { _ in
                while true {
                    let k: Int? = next.withLock { n in
                        defer { n += 1 }
                        return n < mine.count ? mine[n] : nil
                    }
                    guard let k, problem.withLock({ $0 == nil }) else { return }
                    let file = files[k]
                    let name = file.deletingPathExtension().lastPathComponent
                    let todo = configurations.filter { !done.contains(SweepPlan.id($0, gesture: name)) }
                    guard !todo.isEmpty else { continue }
                    var events: [PointerEvent] = []
                    do throws(GestureReadError) {
                        try readGestureEvents(file.path, byteLimit: 256 << 20) { events.append($0) }
                    } catch {
                        problem.withLock { $0 = $0 ?? error.message }
                        return
                    }
                    for configuration in todo {
                        let line = SweepPlan.run(configuration, gesture: name, events: events, assetByteSizes: sizes, oracle: withOracle)
                        do throws(SweepResults.Problem) { try results.append(line.serialized) } catch {
                            problem.withLock { $0 = $0 ?? error.message }
                            return
                        }
                        written.withLock { $0 += 1 }
                    }
                }
            }
            results.close()
            if let message = problem.withLock({ $0 }) { fail("scrolllab sweep: \(message)") }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let count = written.withLock { $0 }
            writeStandardError("scrolllab sweep: \(count) result(s) written, \(done.count) already in \(MessageText.quoted(out)); "
                               + "\(mine.count) of \(files.count) gestures (shard \(part)/\(parts)) × \(configurations.count) configurations, "
                               + String(format: "%.1f s on %d thread(s)", seconds, Swift.min(workers, Swift.max(1, mine.count))))
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "merge", abstract: "Join sweep parts: every result once, sorted by id.")

        @Argument(help: "The parts.")
        var files: [String]

        @Option(help: "The merged file (written in place).")
        var out: String

        func run() throws {
            var conflicts = PathConflicts()
            for file in files { conflicts.input(file, "FILE") }
            conflicts.output(out, "--out")
            if let conflict = conflicts.firstConflict() { fail("scrolllab sweep merge: " + conflict, code: OptionRules.Exit.usage) }
            var byID: [String: String] = [:]
            for file in files {
                let lines: [(id: String, line: String)]
                do { lines = try SweepResults(path: file).completeLines() } catch { fail("scrolllab sweep merge: \(error.message)", code: OptionRules.Exit.input) }
                for (id, line) in lines where byID[id] == nil { byID[id] = line }
            }
            let sorted = byID.keys.sorted().map { byID[$0]! }
            let output: OutputFile
            do { output = try OutputFile(path: out) } catch { fail("scrolllab sweep merge: \(error.message)", code: OptionRules.Exit.usage) }
            for line in sorted { output.write(line + "\n") }
            if let failure = output.close() { fail("scrolllab sweep merge: \(failure)") }
            writeStandardError("scrolllab sweep merge: \(sorted.count) result(s) from \(files.count) file(s) to \(MessageText.quoted(out))")
        }
    }

    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "report", abstract: "Summarise a sweep: means, 95% intervals, undominated shares.")

        @Argument(help: "The results file.")
        var file: String

        @Option(help: "Also draw a heatmap (policy × factor: blank time and loads) and the loads–blank frontier with interval bars as a PNG.")
        var plot: String?

        @Flag(help: "One JSON line per row instead of a table.")
        var json = false

        @Option(parsing: .unconditional, help: "Bootstrap resamples (default 1000).")
        var resamples = 1000

        func validate() throws {
            guard (2...100_000).contains(resamples) else { throw ValidationError("--resamples must be between 2 and 100000") }
        }

        func run() throws {
            var conflicts = PathConflicts()
            conflicts.input(file, "FILE")
            conflicts.output(plot, "--plot")
            if let conflict = conflicts.firstConflict() { fail("scrolllab sweep report: " + conflict, code: OptionRules.Exit.usage) }
            let drawing = plot.map { _ in Drawings.required("--plot", command: "sweep report") }
            if let plot, plot != "-" {
                do { _ = try OutputFile(path: plot).close() } catch {
                    fail("scrolllab sweep report: --plot: \(error.message.replacingOccurrences(of: "scrolllab: ", with: ""))", code: OptionRules.Exit.usage)
                }
            }
            let lines: [(id: String, line: String)]
            do { lines = try SweepResults(path: file).completeLines() } catch { fail("scrolllab sweep report: \(error.message)", code: OptionRules.Exit.input) }
            let results = lines.compactMap { SweepResults.result(from: $0.line) }
            guard !results.isEmpty else { fail("scrolllab sweep report: \(MessageText.quoted(file)) holds no results") }
            let rows = SweepSummary.rows(results, resamples: resamples)
            if json {
                for row in rows { print(row.json.serialized) }
            } else {
                print(Self.table(rows, sessions: Set(results.map(\.gesture)).count))
            }
            if let plot, let drawing {
                let overall = SweepSummary.rows(results, resamples: resamples, factors: ["all"])
                let title = "scrolllab sweep report \(file): \(results.count) runs, \(Set(results.map(\.gesture)).count) sessions"
                let error = MainActor.assumeIsolated { drawing.writeSweepPlot(rows: rows, overall: overall, title: title, to: plot) }
                if let error { fail("scrolllab sweep report: --plot: \(error)") }
            }
        }

        static func table(_ rows: [SweepSummary.Row], sessions: Int) -> String {
            var out = "\(sessions) sessions; mean [95% bootstrap interval]; undominated: share of sessions no other policy beats on both loads and blank time"
            var factor = ""
            // The name columns as wide as their longest entry (`bound-min-loads`, `network very-bad`), so every row lines up.
            let first = rows.reduce(10) { Swift.max($0, $1.policy.count) }
            let second = rows.reduce(16) { Swift.max($0, $1.value.count, $1.factor.count) }
            func pad(_ cells: [String]) -> String { Self.pad(cells, nameWidths: (first, second)) }
            for row in rows {
                if row.factor != factor {
                    factor = row.factor
                    out += "\n\nby \(factor)\n" + pad(["policy", factor, "n", "blank tile·s", "loads", "wasted", "undominated"])
                }
                out += "\n" + pad([row.policy, row.value, "\(row.sessions)",
                                   row.policy == "bound-min-loads" ? "-" : interval(row.blankTileSeconds, 2),
                                   row.policy == "bound-oracle" ? "-" : interval(row.loadsIssued, 1),
                                   row.isBound ? "-" : interval(row.loadsWasted, 1),
                                   row.undominatedShare.map { String(format: "%.0f%%", $0 * 100) } ?? "-"])
            }
            return out
        }

        static func interval(_ i: SweepSummary.Interval, _ decimals: Int) -> String {
            String(format: "%.\(decimals)f [%.\(decimals)f, %.\(decimals)f]", i.mean, i.lower, i.upper)
        }

        static func pad(_ cells: [String], nameWidths: (Int, Int)) -> String {
            let widths = [nameWidths.0, nameWidths.1, 6, 26, 24, 22, 11]
            return cells.enumerated().map { i, c in
                i < 2 ? c.padding(toLength: Swift.max(widths[i], c.count), withPad: " ", startingAt: 0)
                      : String(repeating: " ", count: Swift.max(0, widths[i] - c.count)) + c
            }.joined(separator: " ")
        }
    }
}
