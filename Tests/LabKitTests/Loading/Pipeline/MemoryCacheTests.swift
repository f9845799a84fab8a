import Testing
@testable import ScrollKit
import LabKit

@Suite struct MemoryCacheTests {
    @Test func getMakesAnEntryMostRecent() {
        var cache = MemoryCache<Int>(byteLimit: 100)
        cache.insert(1, cost: 10)
        cache.insert(2, cost: 10)
        cache.insert(3, cost: 10)
        #expect(cache.keysByRecency == [3, 2, 1])
        let r1 = cache.get(1); #expect(r1 == 10)
        #expect(cache.keysByRecency == [1, 3, 2])
        let r2 = cache.get(9); #expect(r2 == nil)
        #expect(cache.contains(2))
        #expect(cache.keysByRecency == [1, 3, 2])   // contains does not touch
    }

    @Test func evictsLeastRecentlyUsedUntilTheBytesFitInExactOrder() {
        var cache = MemoryCache<String>(byteLimit: 100)
        cache.insert("a", cost: 30)
        cache.insert("b", cost: 30)
        cache.insert("c", cost: 30)
        cache.get("a")                                  // order now a, c, b
        let evicted = cache.insert("d", cost: 50)       // 140 → drop b (110), then c (80)
        #expect(evicted == ["b", "c"])
        #expect(cache.keysByRecency == ["d", "a"])
        #expect(cache.totalBytes == 80)
        #expect(cache.count == 2)
    }

    @Test func reinsertUpdatesCostAndRecency() {
        var cache = MemoryCache<Int>(byteLimit: 50)
        cache.insert(1, cost: 20)
        cache.insert(2, cost: 20)
        let r3 = cache.insert(1, cost: 30); #expect(r3 == [])        // 20 + 30 = 50 fits
        #expect(cache.totalBytes == 50)
        #expect(cache.keysByRecency == [1, 2])
        let r4 = cache.insert(3, cost: 10); #expect(r4 == [2])
        #expect(cache.keysByRecency == [3, 1])
    }

    @Test func anEntryLargerThanTheLimitIsNotKept() {
        var cache = MemoryCache<Int>(byteLimit: 50)
        cache.insert(1, cost: 20)
        let r5 = cache.insert(2, cost: 51); #expect(r5 == [2])
        #expect(cache.keysByRecency == [1])
        #expect(cache.totalBytes == 20)
    }

    @Test func removeAndSlotReuseKeepTheListConsistent() {
        var cache = MemoryCache<Int>(byteLimit: 1000)
        for k in 0..<5 { cache.insert(k, cost: 100) }
        let r6 = cache.remove(2); #expect(r6)
        let removedTwice = cache.remove(2); #expect(!removedTwice)
        let r7 = cache.remove(4); #expect(r7)   // the most recent
        let r8 = cache.remove(0); #expect(r8)   // the least recent
        #expect(cache.keysByRecency == [3, 1])
        cache.insert(7, cost: 100)
        cache.insert(8, cost: 100)
        #expect(cache.keysByRecency == [8, 7, 3, 1])
        #expect(cache.totalBytes == 400)
        // A long LRU run: the limit holds 10 entries; the survivors are the last 10 inserted.
        var big = MemoryCache<Int>(byteLimit: 10)
        for k in 0..<1000 { big.insert(k, cost: 1) }
        #expect(big.keysByRecency == Array((990..<1000).reversed()))
        #expect(big.totalBytes == 10)
    }
}
