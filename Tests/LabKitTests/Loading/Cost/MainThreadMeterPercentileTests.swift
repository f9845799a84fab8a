import Testing
@testable import LabKit

/// The p99 of the frames' overruns is found without sorting them all (`MainThreadMeter.value(atSortedIndex:of:)`):
/// on constructed lists it is the element a full sort puts at that index, bit for bit.
@Suite struct MainThreadMeterPercentileTests {
    /// The element `values.sorted()` holds at `index`, as its bits.
    func sortedBits(_ values: [Double], _ index: Int) -> UInt64 { values.sorted()[index].bitPattern }

    @Test func everyIndexOfSmallListsMatchesTheSort() {
        let lists: [[Double]] = [
            [3], [-16.5], [2, 1], [1, 1, 1], [5, -3, 5, 2, 5, -3, 7],
            [-16.6, -16.6, 3.25, -16.6, 120.5, 0.5, -2], [0.1, -0.1, 1e300, -1e300, .infinity, -.infinity],
            [0, 4, -0.0, 2], [1, .nan, 3],  // a zero or a NaN: sorted in full
        ]
        for values in lists {
            for index in values.indices where !values.contains(where: \.isNaN) {
                #expect(MainThreadMeter.value(atSortedIndex: index, of: values).bitPattern == sortedBits(values, index), "\(values) at \(index)")
            }
        }
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
            for fraction in [0.99, 0.95, 0.999, 0.5] {
                let rank = Int((fraction * Double(count)).rounded(.up))
                let index = Swift.max(0, Swift.min(count - 1, rank - 1))
                #expect(MainThreadMeter.value(atSortedIndex: index, of: values).bitPattern == sortedBits(values, index), "\(count) at \(fraction)")
            }
        }
    }
}
