import Testing
import LabKit

/// The virtual source's schedule as the pipeline reads it.
@Suite struct VirtualImageSourceTests {
    /// The earliest completion is the soonest scheduled load's finish (nil with none under way), and no
    /// completion comes before it: loads of 80 + 6 ms begun at 1.0 s and 1.5 s, one cancelled.
    @Test func theEarliestCompletionIsTheSoonestScheduledFinish() {
        var source = VirtualImageSource(latency: 0.080, decodeCost: 0.006)
        let d = 0.080 + 0.006
        #expect(source.earliestCompletion == nil)
        let a = LoadTicket(id: 1, key: ImageKey(asset: 1)), b = LoadTicket(id: 2, key: ImageKey(asset: 2))
        source.begin(b, time: 1.5)
        source.begin(a, time: 1.0)
        #expect(source.earliestCompletion == 1.0 + d)
        #expect(source.nextCompletion(upTo: 1.0 + d - 0.001) == nil)
        source.cancel(a)
        #expect(source.earliestCompletion == 1.5 + d)
        #expect(source.nextCompletion(upTo: 1.5 + d)?.ticket == b)
        #expect(source.earliestCompletion == nil)
    }

    /// The earliest completion is kept as loads begin, are cancelled and complete (not looked for at each
    /// frame): over seeded begins (per-image decode times, some at a NaN time, which never completes),
    /// cancels and completions, it is always the soonest non-NaN finish of the loads still under way.
    @Test func theKeptEarliestCompletionFollowsBeginsCancelsAndCompletions() {
        var random = SplitMix64(seed: 106)
        var source = VirtualImageSource(latency: 0.080, decodeCost: 0.006)
        source.decodeCosts = [0.004, 0.030, 0.012, 0.050, 0.002]
        var underWay: [LoadTicket: Double] = [:]
        var time = 0.0, nextID = 0, completed = 0, cancelled = 0
        for _ in 0..<3_000 {
            time += Double(random.next() % 20) / 1_000
            switch random.next() % 4 {
            case 0, 1:
                nextID += 1
                let ticket = LoadTicket(id: nextID, key: ImageKey(asset: Int(random.next() % 5)))
                let begin = random.next() % 50 == 0 ? Double.nan : time
                source.begin(ticket, time: begin)
                underWay[ticket] = begin + (0.080 + source.decodeCost(of: ticket.key))   // as the source adds them
            case 2:
                guard let ticket = underWay.keys.min(by: { $0.id < $1.id }), random.next() % 2 == 0 else { break }
                source.cancel(ticket)
                underWay[ticket] = nil
                cancelled += 1
            default:
                while let c = source.nextCompletion(upTo: time) {
                    #expect(underWay.removeValue(forKey: c.ticket) == c.time)
                    completed += 1
                }
            }
            #expect(source.earliestCompletion == underWay.values.filter { !$0.isNaN }.min())
        }
        #expect(completed > 500 && cancelled > 100)
    }

    /// A source that cannot tell when its loads finish says −∞: the pipeline asks it every time.
    @Test func aSourceThatCannotTellSaysMinusInfinity() {
        struct Silent: ImageSource {
            mutating func begin(_ ticket: LoadTicket, time: Double) {}
            mutating func cancel(_ ticket: LoadTicket) {}
            mutating func nextCompletion(upTo time: Double) -> LoadCompletion? { nil }
        }
        #expect(Silent().earliestCompletion == -.infinity)
    }
}
