import Testing
@testable import LabKit

@Suite struct ItemSetTests {
    @Test func behavesLikeASetOfInts() {
        var bits = ItemSet()
        var reference: Set<Int> = []
        var rng = SplitMix64(seed: 29)
        for _ in 0..<2000 {
            let item = Int(rng.next() % 700) - 20   // a few negatives too
            if rng.next() % 3 == 0 {
                #expect(bits.remove(item) == (reference.remove(item) != nil))
            } else {
                #expect(bits.insert(item) == reference.insert(item).inserted)
            }
        }
        #expect(bits.count == reference.count)
        #expect(Array(bits) == reference.sorted())
        #expect(bits.set == reference)
        bits.removeAll { $0 % 3 == 0 }
        reference = reference.filter { $0 % 3 != 0 }
        #expect(Array(bits) == reference.sorted())
        #expect(bits.count == reference.count)
    }

    @Test func equalityIgnoresStorageSize() {
        var a = ItemSet(), b = ItemSet()
        a.insert(3)
        b.insert(600)
        b.insert(3)
        b.remove(600)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test func aSetWithCapacityStartsEmptyAndStillGrows() {
        var a = ItemSet(capacity: 72)
        #expect(a.isEmpty && a == ItemSet() && Array(a) == [])
        #expect(a.insert(71) && a.insert(200) && a.insert(-1) && !a.insert(71))
        #expect(Array(a) == [-1, 71, 200] && a.count == 3)
        #expect(ItemSet(capacity: 0) == ItemSet() && ItemSet(capacity: -5).isEmpty)
    }

    @Test func lazyItemsAheadMatchesTheArray() {
        let layout = FeedLayout(grid: GridLayout(itemCount: 9))
        for visible in [[0, 1], [2, 3, 4, 5], [6, 7], [8]] {
            let c = LoadingContext(layout: layout, visibleItems: visible)
            for rows in 0...3 {
                for direction in [-1, 0, 1] {
                    #expect(Array(c.lazyItemsAhead(rows: rows, direction: direction)) == c.itemsAhead(rows: rows, direction: direction))
                }
            }
        }
        #expect(LoadingContext(layout: layout, visibleItems: [2, 3]).itemsAhead(rows: 2, direction: -1) == [0, 1])
        #expect(LoadingContext(layout: layout, visibleItems: [4, 5]).itemsAhead(rows: 3, direction: 1) == [6, 7, 8])
    }

    @Test func decisionStorageReusesItsArrays() {
        var storage = DecisionStorage()
        let first = storage.load([4, 5])
        #expect(first == .load([4, 5]))
        var next = storage.begin()
        #expect(next == .none)
        next.cancel.append(7)
        #expect(storage.end(next) == LoadDecision(cancel: [7]))
    }
}
