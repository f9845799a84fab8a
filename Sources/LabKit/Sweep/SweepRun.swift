import ScrollKit
import Synchronization

/// A sweep on this machine (B-SWEEP-1): its part of the gestures (`shard`), the results still to run
/// (`done` holds the ids the output already has: a sweep run again resumes), a pool of `workers` taking
/// gestures in turn, and the disk cache folder's snapshot (`disk`). The command does the I/O: reading a
/// gesture, appending a line, the folder's files; this decides what runs, where, and what is kept.
public struct SweepRun: Sendable {
    /// The modelled disk cache of every run (`sweep run --disk-cache`).
    public struct Disk: Sendable {
        /// False: no disk cache (`off`).
        public var isOn = true
        /// The assets the folder held when the sweep started: every run starts with them.
        public var entries: [Int] = []
        /// The assets whose entry was torn or corrupt at the start.
        public var corrupt: [Int] = []
        /// True when what the runs stored goes back to a folder: `Outcome.stored` lists it.
        public var keepsStored = false

        /// An empty disk cache, on.
        public init() {}

        public init(isOn: Bool, entries: [Int] = [], corrupt: [Int] = [], keepsStored: Bool = false) {
            self.isOn = isOn
            self.entries = entries
            self.corrupt = corrupt
            self.keepsStored = keepsStored
        }
    }

    /// What a run did: the assets its runs stored on disk (sorted; empty unless `Disk.keepsStored`) and
    /// the first failure, after which no worker took another gesture.
    public struct Outcome<Failure: Error> {
        public var stored: [Int]
        public var failure: Failure?
    }

    public var plan: SweepPlan
    /// Every gesture's name, in the folder's order (a result's id ends with it).
    public var gestures: [String]
    public var shard: SweepShard
    /// The ids the results file holds already.
    public var done: Set<String>
    /// Threads at most.
    public var workers: Int
    /// Also each run's oracle.
    public var oracle: Bool
    /// The images' stored sizes a network moves, and the grid's distinct images (nil: the bundled grid's).
    public var assetByteSizes: [Int]
    public var assetCount: Int?
    /// The feed every run scrolls (nil: the bundled grid).
    public var feed: Feed?
    public var disk: Disk
    /// Every run's images from a real server instead of the model (nil: the model).
    public var external: ExternalImageSource?
    /// Each gesture's events' digest when the command has it already (read once before the sweep); the
    /// rest are taken from the events as they are run.
    public var gestureDigests: [String: UInt64] = [:]
    public init(plan: SweepPlan, gestures: [String], shard: SweepShard = .whole, done: Set<String> = [], workers: Int = 1,
                oracle: Bool = false, assetByteSizes: [Int] = [], assetCount: Int? = nil, feed: Feed? = nil, disk: Disk = Disk()) {
        self.plan = plan
        self.gestures = gestures
        self.shard = shard
        self.done = done
        self.workers = workers
        self.oracle = oracle
        self.assetByteSizes = assetByteSizes
        self.assetCount = assetCount
        self.feed = feed
        self.disk = disk
    }

    /// The indices of this shard's gestures.
    public var mine: [Int] { shard.indices(of: gestures.count) }

    /// The threads the pool runs: `workers`, but no more than gestures, and at least one.
    public var threads: Int { Swift.max(1, Swift.min(workers, mine.count)) }

    /// The configurations still to run on `gesture`, in the plan's order: those whose id is not done.
    public func pending(_ gesture: String) -> [RunCondition] {
        plan.configurations.filter { !done.contains(SweepPlan.id($0, gesture: gesture)) }
    }

    /// The result line of `condition` on `gesture`'s `events`, with its `inputs` (`shared` of `inputs`, the
    /// events' digest); `stored` gets the assets left on disk.
    public func line(_ condition: RunCondition, gesture: String, events: [PointerEvent], inputs: String? = nil,
                     stored: ([Int]) -> Void = { _ in }) -> JSONValue {
        let line = SweepPlan.run(condition, gesture: gesture, events: events, assetByteSizes: assetByteSizes, assetCount: assetCount,
                                 oracle: oracle, feed: feed, disk: disk.isOn, diskEntries: disk.entries, diskCorrupt: disk.corrupt,
                                 external: external, stored: stored)
        guard case var .object(pairs) = line else { return line }
        // After the id and the gesture: what the result was made from.
        pairs.insert(("inputs", .string(inputs ?? self.inputs(for: condition).line(gesture: SweepInputs.digest(events)))),
                     at: Swift.min(2, pairs.count))
        return .object(pairs)
    }

    /// The result lines of `conditions` on `gesture`'s `events`, in order, each with its `inputs`
    /// (`SweepPlan.runs`: those whose motion is alike replay in lockstep); `stored` as for `line`.
    public func lines(_ conditions: [RunCondition], gesture: String, events: [PointerEvent], inputs: [String],
                      stored: ([Int]) -> Void = { _ in }) -> [JSONValue] {
        let lines = SweepPlan.runs(conditions, gesture: gesture, events: events, assetByteSizes: assetByteSizes,
                                   assetCount: assetCount, oracle: oracle, feed: feed, disk: disk.isOn,
                                   diskEntries: disk.entries, diskCorrupt: disk.corrupt, external: external, stored: stored)
        return zip(lines, inputs).map { line, inputs in
            guard case var .object(pairs) = line else { return line }
            pairs.insert(("inputs", .string(inputs)), at: Swift.min(2, pairs.count))
            return .object(pairs)
        }
    }

    /// Runs every pending result of this shard: `perform(n, body)` calls `body(0)`…`body(n - 1)` on `n`
    /// threads at once (`DispatchQueue.concurrentPerform`); each worker takes the next gesture, reads its
    /// `events` (only when something is pending) and `write`s each line once. The first failure ends
    /// its worker, and every other one before its next gesture.
    public func execute<Failure: Error>(perform: (Int, @Sendable (Int) -> Void) -> Void,
                                        events: @Sendable (Int) throws(Failure) -> [PointerEvent],
                                        write: @Sendable (JSONValue) throws(Failure) -> Void) -> Outcome<Failure> {
        let queue = mine
        let next = Mutex(0)
        let failure = Mutex<Failure?>(nil)
        let stored = Mutex(Set<Int>())
        let keeps = disk.keepsStored
        // Each configuration, its id's first part and what its runs read, worked out once for every gesture.
        let configurations = plan.configurations
        let prefixes = configurations.map { $0.id + "|" }
        let shared = configurations.map(inputs(for:))
        withoutActuallyEscaping(events) { events in withoutActuallyEscaping(write) { write in perform(threads) { _ in
            while true {
                let k: Int? = next.withLock { n in
                    defer { n += 1 }
                    return n < queue.count ? queue[n] : nil
                }
                guard let k, failure.withLock({ $0 == nil }) else { return }
                let name = gestures[k]
                let todo = configurations.indices.filter { !done.contains(prefixes[$0] + name) }
                guard !todo.isEmpty else { continue }
                do throws(Failure) {
                    let gesture = try events(k)
                    let digest = gestureDigests[name] ?? SweepInputs.digest(gesture)
                    let results = lines(todo.map { configurations[$0] }, gesture: name, events: gesture,
                                        inputs: todo.map { shared[$0].line(gesture: digest) }) { assets in
                        if keeps { stored.withLock { $0.formUnion(assets) } }
                    }
                    for result in results { try write(result) }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
            }
        } } }
        return Outcome(stored: stored.withLock { $0.sorted() }, failure: failure.withLock { $0 })
    }
}
