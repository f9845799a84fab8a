import Testing
@testable import ScrollKit
import LabKit

@Suite struct GridLayoutTests {
    let layout = GridLayout()

    @Test func seedGeometry() {
        #expect(layout.contentSize == Size(width: 320, height: 250 * 230 - 10))
        #expect(layout.frame(ofItem: 0) == Rect(x: 5, y: 0, width: 150, height: 220))
        #expect(layout.frame(ofItem: 3) == Rect(x: 165, y: 230, width: 150, height: 220))
    }

    @Test func atMostThreeRowsInATwoRowViewport() {
        var offset = 0.0
        while offset < 2000 {
            let visible = layout.items(in: Rect(x: 0, y: offset, width: 320, height: 450))
            #expect(visible.count <= 6, "offset \(offset)")
            #expect(visible.count >= 4, "offset \(offset)")
            offset += 0.5
        }
    }

    @Test func visibleItemsAtKnownOffsets() {
        #expect(layout.items(in: Rect(x: 0, y: 0, width: 320, height: 450)) == 0..<4)
        #expect(layout.items(in: Rect(x: 0, y: 219, width: 320, height: 450)) == 0..<6)
        #expect(layout.items(in: Rect(x: 0, y: 221, width: 320, height: 450)) == 2..<6)
        #expect(layout.items(in: Rect(x: 0, y: 220, width: 320, height: 450)) == 2..<6)
        #expect(layout.firstVisibleRow(offsetY: 219.9) == 0)
        #expect(layout.firstVisibleRow(offsetY: 220) == 1)
        #expect(layout.firstVisibleRow(offsetY: -50) == 0)
    }

    /// The first visible row is ⌊(offset − tile height) / pitch⌋ + 1, clamped to the rows: exact at each
    /// row's bottom edge, below a row's top, and above the content.
    @Test func firstVisibleRowAtRowEdges() {
        #expect(layout.firstVisibleRow(offsetY: 449.999) == 1)
        #expect(layout.firstVisibleRow(offsetY: 450) == 2)
        #expect(layout.firstVisibleRow(offsetY: 219.999_999) == 0)
        #expect(layout.firstVisibleRow(offsetY: 10) == 0)
        #expect(layout.firstVisibleRow(offsetY: -230.5) == 0)
        #expect(layout.firstVisibleRow(offsetY: 1e9) == layout.rowCount - 1)
        #expect(layout.firstVisibleRow(offsetY: .infinity) == 0)
        for step in 0..<2_000 {
            let offset = Double(step) * 7.3 - 500
            let rows = ((offset - layout.tileSize.height) / layout.rowPitch).rounded(.down)
            #expect(layout.firstVisibleRow(offsetY: offset) == Swift.min(Swift.max(0, Int(rows) + 1), layout.rowCount - 1), "\(offset)")
        }
    }
}
