import Testing
@testable import LabKit
@testable import ScrollKit

@Suite struct ReusePoolTests {
    @Test func firstBindFillsAllSixViews() {
        var pool = ReusePool(capacity: 6)
        let rebinds = pool.update(firstItem: 0, itemCount: 500)
        #expect(rebinds.count == 6)
        #expect(pool.items == [0, 1, 2, 3, 4, 5])
        #expect(pool.viewsCreated == 6)
    }

    @Test func theSameWindowBindsNothingAndAShorterListRebinds() {
        var pool = ReusePool(capacity: 6)
        pool.update(firstItem: 0, itemCount: 500)
        #expect(pool.update(firstItem: 0, itemCount: 500).isEmpty)
        #expect(pool.rebindCount == 6)
        // The same first item over a list of four: the last two views lose their items.
        let rebinds = pool.update(firstItem: 0, itemCount: 4)
        #expect(rebinds == [.init(view: 4, oldItem: 4, newItem: nil), .init(view: 5, oldItem: 5, newItem: nil)])
        #expect(pool.items == [0, 1, 2, 3, nil, nil])
    }

    @Test func rowLeavingTheTopMovesToTheBottom() {
        var pool = ReusePool(capacity: 6)
        pool.update(firstItem: 0, itemCount: 500)
        let rebinds = pool.update(firstItem: 2, itemCount: 500)
        #expect(rebinds == [.init(view: 0, oldItem: 0, newItem: 6), .init(view: 1, oldItem: 1, newItem: 7)])
        #expect(pool.items == [6, 7, 2, 3, 4, 5])
    }

    @Test func rowLeavingTheBottomMovesToTheTop() {
        var pool = ReusePool(capacity: 6)
        pool.update(firstItem: 10, itemCount: 500)
        #expect(pool.items == [12, 13, 14, 15, 10, 11])
        let rebinds = pool.update(firstItem: 8, itemCount: 500)
        #expect(rebinds == [.init(view: 2, oldItem: 14, newItem: 8), .init(view: 3, oldItem: 15, newItem: 9)])
    }

    @Test func bigJumpRebindsEveryViewAndTheEndIsClamped() {
        var pool = ReusePool(capacity: 6)
        pool.update(firstItem: 0, itemCount: 500)
        #expect(pool.update(firstItem: 1000, itemCount: 500).count == 6)
        #expect(pool.firstItem == 494)
        #expect(pool.items == [498, 499, 494, 495, 496, 497])
        #expect(pool.view(showing: 499) == 1)
        #expect(pool.view(showing: 2) == nil)
        #expect(pool.viewsCreated == 6)
    }

    @Test func shortListLeavesViewsUnbound() {
        var pool = ReusePool(capacity: 6)
        pool.update(firstItem: 0, itemCount: 3)
        #expect(pool.items == [0, 1, 2, nil, nil, nil])
        #expect(pool.update(firstItem: 0, itemCount: 0).count == 3)
    }

    @Test func updateIntoABufferGivesTheSameRebinds() {
        var a = ReusePool(capacity: 6), b = ReusePool(capacity: 6)
        var buffer: [ReusePool.Rebind] = []
        for first in [0, 2, 3, 40, 38, 494, 0] {
            let expected = a.update(firstItem: first, itemCount: 500)
            b.update(firstItem: first, itemCount: 500, into: &buffer)
            #expect(buffer == expected)
            #expect(b.items == a.items)
        }
    }
}
