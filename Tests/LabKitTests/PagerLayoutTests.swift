import Testing
@testable import ScrollKit
import LabKit

@Suite struct PagerLayoutTests {
    let layout = PagerLayout(pageCount: 12)

    @Test func pageIsBubblePlusPaddingAndFrameIsCentred() {
        #expect(layout.pageWidth == 220)
        #expect(layout.scrollViewFrame(pageIsFrame: true) == Rect(x: 50, y: 150, width: 220, height: 220))
        #expect(layout.scrollViewFrame(pageIsFrame: false) == Rect(x: 0, y: 150, width: 320, height: 220))
        #expect(layout.touchArea == Rect(x: 0, y: 150, width: 320, height: 220))
    }

    @Test func contentSizeKeepsPageKCentredAtOffset220K() {
        #expect(layout.contentSize(pageIsFrame: true) == Size(width: 2640, height: 220))
        #expect(layout.contentSize(pageIsFrame: false) == Size(width: 2740, height: 220))
        // Largest offset is the last page centred, in both cases.
        #expect(layout.contentSize(pageIsFrame: true).width - 220 == layout.maxOffsetX)
        #expect(layout.contentSize(pageIsFrame: false).width - 320 == layout.maxOffsetX)
        for k in 0..<12 {
            let bubble = layout.bubbleFrame(page: k, offsetX: 220 * Double(k))
            #expect(bubble == Rect(x: 60, y: 160, width: 200, height: 200))
        }
    }

    @Test func neighboursBleedIntoThePhoneWithPaddingBetween() {
        let left = layout.bubbleFrame(page: 2, offsetX: 660)
        let right = layout.bubbleFrame(page: 4, offsetX: 660)
        #expect(left.maxX == 40)       // 40 pt of the previous bubble show at the left
        #expect(right.minX == 280)     // and 40 pt of the next at the right
        #expect(layout.bubbleFrame(page: 3, offsetX: 660).minX - left.maxX == 20)
    }

    @Test func currentAndNearestPageRoundAndClamp() {
        #expect(layout.currentPage(offsetX: 109.9) == 0)
        #expect(layout.currentPage(offsetX: 110.1) == 1)
        #expect(layout.currentPage(offsetX: -300) == 0)
        #expect(layout.currentPage(offsetX: 99_999) == 11)
        #expect(layout.currentPage(offsetX: .nan) == 0)
        #expect(layout.nearestPageOffset(1000) == 1100)
        #expect(layout.nearestPageOffset(980) == 880)
        #expect(layout.nearestPageOffset(2500) == 2420)
    }

    @Test func titleStripAndParallaxFollowTheirRatios() {
        #expect(layout.titleStripOffset(forOffsetX: 220) == 120)
        #expect(layout.titleStripOffset(forOffsetX: 330) == 180)
        #expect(layout.parallaxOffset(forOffsetX: 200) == 70)
        #expect(layout.titleFrame(page: 3, stripOffset: 360) == Rect(x: 100, y: 90, width: 120, height: 40))
    }

    @Test func dotsAreCentredInThePhone() {
        #expect(layout.dotCenter(page: 0).x + layout.dotCenter(page: 11).x == 320)
        #expect(layout.dotCenter(page: 1).x - layout.dotCenter(page: 0).x == 14)
        #expect(PagerLayout(pageCount: 100).dotSpacing == 3)
    }
}
