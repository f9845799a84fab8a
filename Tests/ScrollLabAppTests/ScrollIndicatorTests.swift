import ScrollLabCore
import ScrollKit
import Testing
@testable import ScrollLabApp

/// The iOS-style scroll indicator: length from the visible fraction, position from the offset,
/// shortened by overscroll, shown while moving and faded out after.
@Suite struct ScrollIndicatorTests {
    let frame = Rect(x: 20, y: 90, width: 320, height: 450)

    @Test func aVerticalBarIsAsLongAsTheVisibleFractionAndMovesWithTheOffset() {
        // 450 of 4500 pt visible: a tenth of the 444 pt track.
        let top = ScrollIndicator.bars(offset: .zero, contentSize: Size(width: 320, height: 4500), frame: frame)
        #expect(top == [Rect(x: 334, y: 93, width: 3, height: 44.4)])
        let bottom = ScrollIndicator.bars(offset: Point(x: 0, y: 4050), contentSize: Size(width: 320, height: 4500), frame: frame)
        #expect(abs(bottom[0].maxY - (frame.maxY - 3)) < 1e-9)
    }

    @Test func overscrollShortensTheBarAndAShortContentHasNone() {
        let pulled = ScrollIndicator.bars(offset: Point(x: 0, y: -20), contentSize: Size(width: 320, height: 4500), frame: frame)
        #expect(abs(pulled[0].height - 24.4) < 1e-9)
        #expect(pulled[0].minY == 93)
        #expect(ScrollIndicator.bars(offset: .zero, contentSize: Size(width: 320, height: 400), frame: frame).isEmpty)
        // A long content keeps a bar of at least 36 pt.
        let long = ScrollIndicator.bars(offset: .zero, contentSize: Size(width: 320, height: 450_000), frame: frame)
        #expect(long[0].height == 36)
    }

    @Test func theBarStaysHalfASecondThenFadesOverThreeTenths() {
        #expect(ScrollIndicator.alpha(since: 0) == 1)
        #expect(ScrollIndicator.alpha(since: 0.5) == 1)
        #expect(abs(ScrollIndicator.alpha(since: 0.65) - 0.5) < 1e-9)
        #expect(ScrollIndicator.alpha(since: 0.8) == 0)
        #expect(ScrollIndicator.alpha(since: .infinity) == 0)
    }
}
