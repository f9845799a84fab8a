import Testing
@testable import ScrollLabCore

/// The two-generation memo: bounded, and what is in use survives its turns without being made again.
@Suite struct TwoGenerationCacheTests {
    /// A memo that counts how often each key's value is made.
    struct Counted {
        var cache: TwoGenerationCache<Int, Int>
        var made: [Int: Int] = [:]

        init(limit: Int) { cache = TwoGenerationCache(generationLimit: limit) }

        mutating func value(_ key: Int) -> Int {
            cache.value(for: key) { made[key, default: 0] += 1; return key * 10 }
        }
    }

    @Test func aKeyInUseIsMadeOnceAcrossManyTurns() {
        var memo = Counted(limit: 4)
        for fresh in 1...1000 {
            #expect(memo.value(0) == 0)
            #expect(memo.value(fresh) == fresh * 10)
        }
        #expect(memo.made[0] == 1)
        #expect(memo.made.count == 1001)
        #expect(memo.cache.count <= 8)
    }

    @Test func aKeyUnusedForTwoTurnsIsMadeAgain() {
        var memo = Counted(limit: 3)
        _ = memo.value(0)
        for fresh in 1...3 { _ = memo.value(fresh) }  // 0 now in the previous generation
        #expect(memo.value(0) == 0)
        #expect(memo.made[0] == 1)  // found there, moved back
        for fresh in 4...9 { _ = memo.value(fresh) }  // two turns without 0
        #expect(memo.value(0) == 0)
        #expect(memo.made[0] == 2)
    }

    @Test func theMemoHoldsAtMostTwoGenerations() {
        var memo = Counted(limit: 5)
        for key in 0..<100 {
            _ = memo.value(key)
            #expect(memo.cache.count <= 10)
        }
        // The last generation's keys are found, and the one before it (90...94; 90 read last: moving it back
        // turns the generations), but nothing older.
        for key in [95, 96, 97, 98, 99, 90] { _ = memo.value(key) }
        #expect(memo.made.values.allSatisfy { $0 == 1 })
        _ = memo.value(89)
        #expect(memo.made[89] == 2)
    }

    @Test func removeAllForgetsBothGenerations() {
        var memo = Counted(limit: 2)
        for key in 0..<3 { _ = memo.value(key) }
        memo.cache.removeAll()
        #expect(memo.cache.count == 0)
        for key in 0..<3 { _ = memo.value(key) }
        #expect(memo.made.values.allSatisfy { $0 == 2 })
    }
}
