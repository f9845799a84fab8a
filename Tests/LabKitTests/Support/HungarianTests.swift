import Testing
@testable import LabKit

/// The Hungarian method against every assignment of seeded random matrices.
@Suite struct HungarianTests {
    /// The least total over every permutation of the columns.
    static func bruteForce(_ cost: [[Double]]) -> Double {
        func search(_ row: Int, _ free: [Int], _ sum: Double) -> Double {
            guard row < cost.count else { return sum }
            return free.indices.map { i in
                search(row + 1, free.enumerated().filter { $0.offset != i }.map(\.element), sum + cost[row][free[i]])
            }.min()!
        }
        return search(0, Array(cost.indices), 0)
    }

    @Test func everySizeUpToSevenFindsTheCheapestAssignment() {
        var random = SplitMix64(seed: 3)
        for n in 1...7 {
            for _ in 0..<40 {
                // Whole numbers, often equal: the sums are exact and ties are common.
                let cost = (0..<n).map { _ in (0..<n).map { _ in Double(Int.random(in: 0...9, using: &random)) } }
                let expected = Self.bruteForce(cost)
                #expect(Hungarian.minimumCost(cost) == expected)
                #expect(Hungarian.minimumCost(rowMajor: cost.flatMap { $0 }, size: n) == expected)
            }
        }
        #expect(Hungarian.minimumCost(rowMajor: [], size: 0) == 0)
    }
}
