import Testing
@testable import LabKit

/// A tally's nearest-rank values are those a sort of every value puts at the same index, bit for bit.
@Suite struct ValueTallyTests {
    func tally(_ values: [Double]) -> ValueTally {
        var tally = ValueTally()
        for value in values { tally.add(value) }
        return tally
    }

    @Test func everyIndexOfSmallListsMatchesTheSort() {
        let lists: [[Double]] = [
            [3], [-16.5], [2, 1], [1, 1, 1], [5, -3, 5, 2, 5, -3, 7], [-16.6, -16.6, 3.25, -16.6, 120.5, 0.5, -2],
            [0.1, -0.1, 1e300, -1e300, .infinity, -.infinity], [0, 4, 0, 2],
        ]
        for values in lists {
            let t = tally(values)
            #expect(t.count == values.count)
            for index in values.indices {
                #expect(t.value(atSortedIndex: index)?.bitPattern == values.sorted()[index].bitPattern, "\(values) at \(index)")
            }
        }
    }

    /// The interpolated percentile is Macrobenchmark's rule written out over the sorted list
    /// (`MetricResult.getPercentile`: index p/100 · (n − 1), linear between its two neighbours).
    @Test func theInterpolatedPercentileIsMacrobenchmarksRule() {
        var random = SplitMix64(seed: 99)
        for n in [1, 2, 3, 7, 100, 151, 1000] {
            let values = (0..<n).map { _ in Double(random.next() % 40) - 17 }
            let sorted = values.sorted(), t = tally(values)
            for p in [0.0, 50, 90, 95, 99, 100] {
                let ideal = p / 100 * Double(n - 1), first = Int(ideal)
                let second = first + 1 < n ? sorted[first + 1] : sorted[first]
                let expected = sorted[first] + (second - sorted[first]) * (ideal - Double(first))
                #expect(abs(t.interpolatedPercentile(p)! - expected) < 1e-9, "n \(n) p \(p)")
            }
        }
        #expect(ValueTally().interpolatedPercentile(99) == nil)
    }

    /// Runs of equal values and values coming back later are one entry each; indices past the ends clamp.
    @Test func equalValuesShareAnEntry() {
        let t = tally([2, 2, 2, 1, 2, 2, 3, 1])
        #expect(t.ascending.map(\.value) == [1, 2, 3] && t.ascending.map(\.count) == [2, 5, 1])
        #expect(t.value(atSortedIndex: -4) == 1 && t.value(atSortedIndex: 99) == 3)
        #expect(ValueTally().value(atSortedIndex: 0) == nil && ValueTally().percentile(99) == nil)
        var zeros = ValueTally()
        zeros.add(-0.0)
        zeros.add(0)
        zeros.add(.nan)
        #expect(zeros.count == 2 && zeros.ascending.count == 1)
    }

    @Test func percentilesOfLongSeededListsMatchTheSort() {
        var random = SplitMix64(seed: 99)
        for count in [1, 2, 99, 100, 101, 250, 1_000, 4_321, 30_000] {
            // Overruns as a run makes them: mostly the budget's negative, ties, a tail of hitches.
            let values: [Double] = (0..<count).map { _ in
                switch random.next() % 4 {
                case 0: return -16.666666666666668
                case 1: return -Double(random.next() % 1_000) / 64 - 0.25
                default: return Double(random.next() % 100_000) / 7 - 1_000
                }
            }
            let t = tally(values), sorted = values.sorted()
            for p in [99, 95, 99.9, 50] {
                let rank = Int((p / 100 * Double(count)).rounded(.up))
                #expect(t.percentile(p)?.bitPattern == sorted[Swift.max(0, Swift.min(count - 1, rank - 1))].bitPattern, "\(count) at \(p)")
            }
        }
    }
}
