import Testing
import ScrollKit
import LabKit

/// Layout geometry by hand-computed cases: a 320 pt view, gap 10 (5 at each edge).
@Suite struct FeedLayoutTests {
    @Test func listKeepsEachItemsAspectAtTheColumnsWidth() {
        let layout = FeedLayout(kind: .list, sizes: [Size(width: 310, height: 100), Size(width: 155, height: 100), Size(width: 620, height: 310)])
        #expect(layout.frame(ofItem: 0) == Rect(x: 5, y: 0, width: 310, height: 100))
        #expect(layout.frame(ofItem: 1) == Rect(x: 5, y: 110, width: 310, height: 200))
        #expect(layout.frame(ofItem: 2) == Rect(x: 5, y: 320, width: 310, height: 155))
        #expect(layout.contentSize == Size(width: 320, height: 475))
        #expect(layout.rowCount == 3)
        #expect(layout.row(ofItem: 2) == 2)
        #expect(layout.items(inRow: 1) == 1..<2)
        // The band [100, 115): item 0 ends at 100 (not inside), item 1 starts at 110.
        #expect(Array(layout.items(in: Rect(x: 0, y: 100, width: 320, height: 15))) == [1])
        #expect(Array(layout.items(in: Rect(x: 0, y: 0, width: 320, height: 450))) == [0, 1, 2])
        #expect(Array(layout.items(in: Rect(x: 0, y: 475, width: 320, height: 450))) == [])
    }

    @Test func masonryPutsEachItemInTheShortestColumn() {
        // Column width (320 − 2·10) / 2 = 150.
        let sizes = [Size(width: 150, height: 300), Size(width: 300, height: 300), Size(width: 150, height: 150),
                     Size(width: 100, height: 200), Size(width: 150, height: 75)]
        let layout = FeedLayout(kind: .masonry, sizes: sizes, columns: 2)
        #expect(layout.frame(ofItem: 0) == Rect(x: 5, y: 0, width: 150, height: 300))      // tie: the left column
        #expect(layout.frame(ofItem: 1) == Rect(x: 165, y: 0, width: 150, height: 150))    // right: 0 < 300
        #expect(layout.frame(ofItem: 2) == Rect(x: 165, y: 160, width: 150, height: 150))  // right: 150 < 300
        #expect(layout.frame(ofItem: 3) == Rect(x: 5, y: 310, width: 150, height: 300))    // left: 300 < 310
        #expect(layout.frame(ofItem: 4) == Rect(x: 165, y: 320, width: 150, height: 75))   // right: 310 < 610
        #expect(layout.contentSize == Size(width: 320, height: 610))
        // The band [300, 315): item 0 ends at 300; items 2 and 3 cross it; item 4 starts at 320.
        #expect(Array(layout.items(in: Rect(x: 0, y: 300, width: 320, height: 15))) == [2, 3])
        #expect(layout.items(in: Rect(x: 0, y: 300, width: 320, height: 15)).first == 2)
        #expect(layout.items(in: Rect(x: 0, y: 300, width: 320, height: 15)).last == 3)
        // Rows of `columns` items in index order (the next span's items, as GapWorker prefetches them).
        #expect(layout.rowCount == 3)
        #expect(layout.row(ofItem: 3) == 1)
        #expect(layout.items(inRow: 2) == 4..<5)
    }

    @Test func masonryTiesGoToTheLeftmostColumn() {
        let layout = FeedLayout(kind: .masonry, sizes: Array(repeating: Size(width: 10, height: 10), count: 4), columns: 3)
        let width = (320.0 - 30) / 3
        #expect(layout.frame(ofItem: 0) == Rect(x: 5, y: 0, width: width, height: width))
        #expect(layout.frame(ofItem: 1) == Rect(x: 5 + width + 10, y: 0, width: width, height: width))
        #expect(layout.frame(ofItem: 2) == Rect(x: 5 + 2 * (width + 10), y: 0, width: width, height: width))
        #expect(layout.frame(ofItem: 3) == Rect(x: 5, y: width + 10, width: width, height: width))
    }

    @Test func carouselRowsAreSectionsLaidOutLeftToRight() {
        let sizes = [Size(width: 140, height: 140), Size(width: 140, height: 140), Size(width: 140, height: 140),
                     Size(width: 260, height: 146), Size(width: 400, height: 200)]
        let layout = FeedLayout(kind: .carousels, sizes: sizes, sections: [0, 0, 0, 4, 4])
        #expect(layout.frame(ofItem: 0) == Rect(x: 5, y: 0, width: 140, height: 140))
        #expect(layout.frame(ofItem: 1) == Rect(x: 155, y: 0, width: 140, height: 140))
        #expect(layout.frame(ofItem: 2) == Rect(x: 305, y: 0, width: 140, height: 140))
        #expect(layout.frame(ofItem: 3) == Rect(x: 5, y: 150, width: 260, height: 146))
        // Wider than the view: scaled to 310 wide, its shape kept; the row is as tall as its tallest item.
        #expect(layout.frame(ofItem: 4) == Rect(x: 275, y: 150, width: 310, height: 155))
        #expect(layout.contentSize == Size(width: 320, height: 305))
        #expect(layout.rowCount == 2)
        #expect(layout.row(ofItem: 2) == 0)
        #expect(layout.row(ofItem: 3) == 1)
        #expect(layout.items(inRow: 1) == 3..<5)
        #expect(layout.rowContentWidth(0) == 450)
        #expect(layout.rowContentWidth(1) == 590)
        #expect(Array(layout.items(in: Rect(x: 0, y: 0, width: 320, height: 100))) == [0, 1, 2])
        #expect(Array(layout.items(in: Rect(x: 0, y: 0, width: 300, height: 100))) == [0, 1])
        #expect(Array(layout.items(in: Rect(x: 0, y: 100, width: 320, height: 100))) == [0, 1, 2, 3, 4])
    }

    @Test func carouselsWithoutSectionsTakeRowsOfTen() {
        let layout = FeedLayout(kind: .carousels, sizes: Array(repeating: Size(width: 100, height: 100), count: 25))
        #expect(layout.rowCount == 3)
        #expect(layout.items(inRow: 2) == 20..<25)
        #expect(layout.frame(ofItem: 10) == Rect(x: 5, y: 110, width: 100, height: 100))
        #expect(layout.rowContentWidth(0) == 10 * 110)
    }

    @Test func gridIsTheLabsGridExactly() {
        let grid = GridLayout(itemCount: 37)
        let layouts = [FeedLayout(grid: grid),
                       FeedLayout(kind: .grid, sizes: Array(repeating: Size(width: 300, height: 50), count: 37))]
        for layout in layouts {
            #expect(layout.contentSize == grid.contentSize)
            #expect(layout.rowCount == grid.rowCount)
            for i in 0..<37 { #expect(layout.frame(ofItem: i) == grid.frame(ofItem: i)) }
            var y = -30.0
            while y < 4500 {
                let rect = Rect(x: 0, y: y, width: 320, height: 450)
                #expect(Array(layout.items(in: rect)) == Array(grid.items(in: rect)), "offset \(y)")
                y += 7.5
            }
        }
    }

    @Test func bandsAgreeWithABruteForceScan() {
        let feed = FeedGenerator(layout: .masonry, seed: 3, columns: 3).feed(count: 400)
        for kind in FeedLayoutKind.allCases {
            let layout = FeedLayout(feed: feed, kind: kind, columns: 3)
            var y = -100.0
            while y < layout.contentSize.height + 100 {
                let rect = Rect(x: 0, y: y, width: 320, height: 450)
                let expected = (0..<layout.itemCount).filter { layout.frame(ofItem: $0).intersects(rect) }
                #expect(Array(layout.items(in: rect)) == expected, "\(kind) at \(y)")
                y += 97
            }
        }
    }

    @Test func anEmptyFeedHasNoContent() {
        for kind in FeedLayoutKind.allCases {
            let layout = FeedLayout(kind: kind, sizes: [])
            #expect(layout.contentSize.height == 0)
            #expect(layout.rowCount == 0)
            #expect(layout.items(in: Rect(x: 0, y: 0, width: 320, height: 450)).isEmpty)
        }
    }
}

@Suite struct CarouselRowOffsetTests {
    @Test func aRowsOffsetMovesItsItemsAndTheRowsAhead() {
        var layout = FeedLayout(kind: .carousels, sizes: Array(repeating: Size(width: 100, height: 100), count: 30),
                                sections: Array(repeating: 0, count: 10) + Array(repeating: 1, count: 10) + Array(repeating: 2, count: 10))
        // Row 1 at offset 0: items 10, 11, 12 cross the 320 pt width (x 5, 115, 225); 13 starts at 335.
        #expect(layout.itemsAcross(row: 1) == 10..<13)
        layout.rowOffsets[1] = 230
        // Now x −225, −115, −5, 105, 215, 325: items 12, 13, 14 are across.
        #expect(layout.itemsAcross(row: 1) == 12..<15)
        #expect(layout.frame(ofItem: 12) == Rect(x: -5, y: 110, width: 100, height: 100))
        #expect(Array(layout.items(in: Rect(x: 0, y: 110, width: 320, height: 50))) == [12, 13, 14])
        #expect(layout.items(inRow: 1) == 10..<20)
        // The rows ahead a policy asks for: of row 1 only what is across the view.
        let context = LoadingContext(layout: layout, bounds: Rect(x: 0, y: 0, width: 320, height: 100), visibleItems: [0, 1, 2])
        #expect(context.itemsAhead(rows: 1, direction: 1) == [12, 13, 14])
    }
}
