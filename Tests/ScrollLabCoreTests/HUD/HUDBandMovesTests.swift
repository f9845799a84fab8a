import LabKit
import ScrollKit
import Testing
@testable import ScrollLabCore

/// Bands the last frame left at another height, copied there instead of drawn: only bands whose pixels are the
/// kept band's moved by whole points, in an order where no copy reads rows an earlier copy wrote.
@Suite struct HUDBandMovesTests {
    /// The events list of a four-phone HUD before and after a callback comes.
    @Test func aCallbackMovesTheEventsListDown() throws {
        let size = Size(width: 1980 - 3 * 340, height: 600)
        let s = HUDLayoutPassTests.snapshot(policies: 4, wrapping: false, inner: false, tiles: 6)
        let status = HUDLayoutPassTests.status(network: false)
        let metrics = HUDLayoutPassTests.monospaced
        var events = EventLog(capacity: 24)
        let drag = ScrollEvent.willEndDragging(velocity: Point(x: 0, y: 2.5), target: Point(x: 0, y: 900), proposedTarget: Point(x: 0, y: 880))
        for (index, event) in [ScrollEvent.willBeginDragging, drag, .didEndDragging(willDecelerate: true), .willBeginDecelerating,
                               .didEndDecelerating, .willBeginDragging].enumerated() {
            events.append(ScrollEventRecord(time: Double(index) / 3, offset: Point(x: 0, y: Double(index) * 100), event: event))
        }
        let height = { (style: TextStyle) in metrics.lineHeight(style) - 2 }
        let before = try #require(HUDBand.bands(of: HUDLayout(s, events: events, status: status, metrics: metrics, size: size),
                                                shift: 1020, textHeight: height))
        events.append(ScrollEventRecord(time: 2.5, offset: Point(x: 0, y: 640), event: drag))
        let after = try #require(HUDBand.bands(of: HUDLayout(s, events: events, status: status, metrics: metrics, size: size),
                                               shift: 1020, textHeight: height))
        // As the renderer finds them: the bands not left where they are.
        let changed = after.filter { band in !before.contains { $0.rect == band.rect && $0 == band } }
        let found = HUDBand.moves(for: changed, from: before)
        #expect(found.moves.filter { $0.to.minY > $0.from.minY }.count >= 6, "the older callbacks' lines move down")
        #expect(found.moves.count + found.drawn.count == changed.count)
        // Each move is a kept band's pixels: a band of `before` moved by whole points is the band drawn there.
        for move in found.moves {
            let source = try #require(before.first { $0.rect == move.from })
            let target = try #require(after.first { $0.rect == move.to })
            let dy = move.to.minY - move.from.minY
            #expect(dy != 0 && dy == dy.rounded())
            #expect(source.moved(by: dy) == target)
            #expect(!target.boxes.isEmpty)
        }
        // Copied in this order (each move's rows as the canvas copies them), every row of a moved band holds
        // what the kept band held: no copy read a row an earlier one wrote.
        var rows = [Int: (band: Int, row: Int)]()
        for (index, band) in before.enumerated() {
            for y in Int(band.rect.minY)..<Int(band.rect.maxY) { rows[y] = (index, y - Int(band.rect.minY)) }
        }
        for move in found.moves {
            let h = Int(move.from.height), down = move.to.minY > move.from.minY
            for step in 0..<h {
                let row = down ? h - 1 - step : step
                rows[Int(move.to.minY) + row] = rows[Int(move.from.minY) + row]
            }
        }
        for move in found.moves {
            let source = try #require(before.firstIndex { $0.rect == move.from })
            for row in 0..<Int(move.to.height) {
                #expect(rows[Int(move.to.minY) + row]?.band == source && rows[Int(move.to.minY) + row]?.row == row)
            }
        }
    }

    static func band(_ y: Double, _ text: String, height: Double = 10, width: Double = 200) -> HUDBand {
        HUDBand(rect: Rect(x: 100, y: y, width: width, height: height),
                boxes: text.isEmpty ? [] : [HUDLayout.Box(text: text, style: .mono, colour: .text,
                                                          frame: Rect(x: 100, y: y + 1, width: 50, height: 8), column: 1)],
                swatches: [])
    }

    /// Two bands that trade places: the first copy would write the rows the second reads, so one is drawn.
    @Test func aMoveOntoRowsAnotherStillReadsIsDrawn() {
        let kept = [Self.band(0, "a"), Self.band(10, "b")]
        let now = [Self.band(0, "b"), Self.band(10, "a")]
        let found = HUDBand.moves(for: now, from: kept)
        #expect(found.moves == [HUDBandMove(from: kept[1].rect, to: now[0].rect)])
        #expect(found.drawn == [now[1]])
    }

    /// Moving down, the lowest band goes first: each copy's rows are read before any copy writes them.
    @Test func aListMovedDownIsCopiedFromTheBottomUp() {
        let kept = [Self.band(0, "a"), Self.band(10, "b"), Self.band(20, "c")]
        let now = [Self.band(0, "new"), Self.band(10, "a"), Self.band(20, "b"), Self.band(30, "c")]
        let found = HUDBand.moves(for: now, from: kept)
        #expect(found.moves == [HUDBandMove(from: kept[2].rect, to: now[3].rect), HUDBandMove(from: kept[1].rect, to: now[2].rect),
                                HUDBandMove(from: kept[0].rect, to: now[1].rect)])
        #expect(found.drawn == [now[0]])
    }

    /// Not moved: an empty band (cleared instead), another size, a fraction of a point, another column, other text.
    @Test func onlyTheSameBandByWholePointsMoves() {
        let kept = [Self.band(0, "a"), Self.band(10, ""), Self.band(40, "c", height: 12), Self.band(60, "d")]
        var elsewhere = Self.band(100, "a")
        elsewhere.rect.origin.x += 1
        elsewhere.boxes[0].frame.origin.x += 1
        let now = [Self.band(20, ""), Self.band(50, "c"), Self.band(70.5, "d"), elsewhere, Self.band(80, "e")]
        let found = HUDBand.moves(for: now, from: kept)
        #expect(found.moves.isEmpty)
        #expect(found.drawn == now)
    }
}
