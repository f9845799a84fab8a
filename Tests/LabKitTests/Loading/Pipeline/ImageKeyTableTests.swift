import Testing
import LabKit

/// The memory cache keyed by image keys keeps them in a table by asset (no hashing): the same LRU order,
/// evictions, counts and costs as any other key, negative assets included.
@Suite struct ImageKeyTableTests {
    @Test func imageKeysEvictInLeastRecentlyUsedOrder() {
        var cache = MemoryCache<ImageKey>(byteLimit: 30)
        for asset in [5, 70, 0] { cache.insert(ImageKey(asset: asset), cost: 10) }
        #expect(cache.keysByRecency.map(\.asset) == [0, 70, 5])
        let hit = cache.get(ImageKey(asset: 5))
        #expect(hit == 10)
        let evicted = cache.insert(ImageKey(asset: 300), cost: 10)   // past the table's end: it grows
        #expect(evicted.map(\.asset) == [70])
        #expect(cache.keysByRecency.map(\.asset) == [300, 5, 0])
        #expect(cache.count == 3)
        #expect(!cache.contains(ImageKey(asset: 70)))
        #expect(!cache.contains(ImageKey(asset: 1000)))
        #expect(cache.cost(of: ImageKey(asset: 0)) == 10)
    }

    @Test func negativeAssetsAndRemovalsKeepTheCount() {
        var cache = MemoryCache<ImageKey>(byteLimit: 100)
        cache.insert(ImageKey(asset: -3), cost: 20)
        cache.insert(ImageKey(asset: 4), cost: 30)
        cache.insert(ImageKey(asset: 4), cost: 40)                   // a refresh replaces the cost
        #expect(cache.count == 2)
        #expect(cache.totalBytes == 60)
        #expect(cache.contains(ImageKey(asset: -3)))
        let removed = cache.remove(ImageKey(asset: -3)), again = cache.remove(ImageKey(asset: -3)), absent = cache.remove(ImageKey(asset: 9))
        #expect(removed)
        #expect(!again)
        #expect(!absent)
        #expect(cache.count == 1)
        #expect(cache.totalBytes == 40)
        cache.insert(ImageKey(asset: 1), cost: 10)                   // reuses the freed slot
        #expect(cache.keysByRecency.map(\.asset) == [1, 4])
    }
}
