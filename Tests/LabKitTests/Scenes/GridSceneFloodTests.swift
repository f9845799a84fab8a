import Testing
@testable import ScrollKit
import LabKit

/// Event floods (issue 7): ten thousand motions delivered within one frame, many sharing one timestamp.
@Suite struct GridSceneFloodTests {
    @Test func tenThousandMotionsInOneFrameStayFiniteAndInBounds() {
        let s = GridScene()
        s.advance(to: 0)
        s.pointer(PointerEvent(time: 0.010, position: Point(x: 160, y: 400), phase: .down))
        // 10,000 samples between two frames: every 50 share a millisecond, the pointer zigzags 300 pt.
        for i in 0..<10_000 {
            let t = 0.010 + Double(i / 50) * 0.0001
            let y = 400 - Double(i % 300)
            s.pointer(PointerEvent(time: t, position: Point(x: 160, y: y), phase: .move))
        }
        s.advance(to: 1.0 / 60)
        #expect(s.scrollView.contentOffset.isFinite)
        #expect(s.scrollView.velocity.isFinite)
        s.pointer(PointerEvent(time: 0.030, position: Point(x: 160, y: 101), phase: .up))
        var frame = 2
        while !s.isSettled && frame < 60 * 10 {
            s.advance(to: Double(frame) / 60)
            let offset = s.scrollView.contentOffset
            #expect(offset.isFinite)
            #expect(offset.y >= -450 && offset.y <= s.layout.contentSize.height)
            frame += 1
        }
        #expect(s.isSettled)
        #expect(s.pool.viewsCreated == 6)
        #expect(s.metrics.staleFrames == 0)
    }
}
