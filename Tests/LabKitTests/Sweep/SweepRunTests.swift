import Dispatch
import Synchronization
import Testing
import ScrollKit
@testable import LabKit

@Suite struct SweepRunTests {
    let plan = SweepPlan(policies: [.eager, .deferred], sources: [.latency(0), .latency(80)])
    let gestures = ["g1", "g2", "g3", "g4", "g5"]

    /// Runs `sweep` on `threads` threads (the command's pool); returns the lines written and the outcome.
    func execute(_ sweep: SweepRun, failingAt failing: String? = nil) -> (lines: [JSONValue], outcome: SweepRun.Outcome<Stop>) {
        let written = Mutex<[JSONValue]>([])
        let outcome = sweep.execute(perform: DispatchQueue.concurrentPerform, events: { k throws(Stop) in
            if sweep.gestures[k] == failing { throw Stop() }
            return SyntheticFling.events
        }, write: { line throws(Stop) in written.withLock { $0.append(line) } })
        return (written.withLock { $0 }, outcome)
    }

    struct Stop: Error {}

    static func id(_ line: JSONValue) -> String {
        if case let .object(pairs) = line, case let .string(id)? = pairs.first?.1 { return id }
        return ""
    }

    /// Every pending result is written once, whatever the number of threads, and each equals the line
    /// one thread writes.
    @Test(arguments: [1, 2, 4])
    func thePoolWritesEachResultOnce(workers: Int) {
        let sweep = SweepRun(plan: plan, gestures: gestures, workers: workers)
        let (lines, outcome) = execute(sweep)
        let ids = lines.map(Self.id)
        #expect(outcome.failure == nil)
        #expect(ids.count == gestures.count * plan.configurations.count && Set(ids).count == ids.count)
        #expect(sweep.threads == workers)
        let serial = Dictionary(uniqueKeysWithValues: execute(SweepRun(plan: plan, gestures: gestures)).lines.map { (Self.id($0), $0) })
        for line in lines { #expect(serial[Self.id(line)] == line) }
    }

    /// A sweep run again runs only the ids its file does not hold; a gesture with nothing pending is not read.
    @Test func resumeSkipsTheIdsAlreadyWritten() {
        var sweep = SweepRun(plan: plan, gestures: gestures, workers: 2)
        let all = plan.configurations
        sweep.done = Set(gestures.prefix(2).flatMap { g in all.map { SweepPlan.id($0, gesture: g) } } + [SweepPlan.id(all[0], gesture: "g3")])
        #expect(sweep.pending("g1").isEmpty && sweep.pending("g3") == Array(all.dropFirst()) && sweep.pending("g4") == all)
        // g1 would fail if read: nothing of it is pending, so it is never read.
        let (lines, outcome) = execute(sweep, failingAt: "g1")
        let ids = Set(lines.map(Self.id))
        #expect(outcome.failure == nil)
        #expect(ids.isDisjoint(with: sweep.done) && ids.count == 3 * all.count - 1)
    }

    /// A shard runs only its gestures.
    @Test func aShardRunsItsGesturesOnly() {
        let sweep = SweepRun(plan: plan, gestures: gestures, shard: SweepShard(part: 2, of: 2)!, workers: 3)
        #expect(sweep.mine == [1, 3] && sweep.threads == 2)
        let names = Set(execute(sweep).lines.map { Self.id($0).split(separator: "|").last.map(String.init) ?? "" })
        #expect(names == ["g2", "g4"])
    }

    /// A failure stops the pool: it is returned, and no gesture after it starts.
    @Test func theFirstFailureStopsThePool() {
        let sweep = SweepRun(plan: plan, gestures: gestures, workers: 1)
        let (lines, outcome) = execute(sweep, failingAt: "g2")
        #expect(outcome.failure != nil)
        let gestures: Set<String> = Set(lines.map { (line: JSONValue) -> String in Self.id(line).split(separator: "|").last.map(String.init) ?? "" })
        #expect(gestures == ["g1"])
    }

    /// The disk folder's snapshot: every run starts with its entries, and what the runs stored comes back
    /// once, sorted, only when a folder keeps it.
    @Test func theDiskSnapshotStartsEveryRunAndCollectsWhatTheyStored() {
        let network = SweepPlan(policies: [.eager], sources: [.network(.lte)])
        var sweep = SweepRun(plan: network, gestures: ["g1", "g2"], workers: 2, assetByteSizes: Array(repeating: 20_000, count: 72))
        sweep.disk = SweepRun.Disk(isOn: true, entries: [], keepsStored: true)
        let cold = execute(sweep)
        #expect(!cold.outcome.stored.isEmpty && cold.outcome.stored == cold.outcome.stored.sorted())
        #expect(Set(cold.outcome.stored).count == cold.outcome.stored.count)
        sweep.disk.keepsStored = false
        #expect(execute(sweep).outcome.stored.isEmpty)
        // Starting with every stored asset: fewer bytes over the network than a cold start.
        sweep.disk = SweepRun.Disk(isOn: true, entries: cold.outcome.stored)
        func bytes(_ lines: [JSONValue]) -> Double {
            lines.reduce(0) { sum, line in
                guard case let .object(pairs) = line else { return sum }
                let value = pairs.first { $0.0 == "networkBytes" }?.1
                guard case let .number(b)? = value else { return sum }
                return sum + b
            }
        }
        #expect(bytes(execute(sweep).lines) < bytes(cold.lines))
    }
}
