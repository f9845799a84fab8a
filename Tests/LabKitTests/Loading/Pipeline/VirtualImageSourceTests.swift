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
