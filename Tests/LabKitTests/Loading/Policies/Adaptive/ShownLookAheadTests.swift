import Testing
import ScrollKit
@testable import LabKit

/// Shown look-ahead loads are cancelled as the screen's when their tiles leave.
@Suite struct ShownLookAheadTests {
    @Test func aShownLoadWhoseTileLeftIsCancelled() {
        var shown = ShownLookAhead()
        let top = LoadingContext()                                                  // items 0–3 on screen
        shown.decided(LoadDecision(load: [LoadRequest(item: 4), LoadRequest(item: 6), LoadRequest(item: 1)]), prefetching: true, in: top)
        let lower = LoadingContext(bounds: Rect(x: 0, y: 230, width: 320, height: 450))   // items 2–5
        shown.appeared([4, 5], in: lower)
        #expect(!shown.isEmpty)
        var cancel: [Int] = []
        shown.cancelLeft(in: lower, into: &cancel)
        #expect(cancel.isEmpty)                                                     // 4 still shows
        shown.cancelLeft(in: top, into: &cancel)
        #expect(cancel == [4] && shown.isEmpty)
    }

    @Test func onlyLoadsAskedUnderTheWindowAndNotCancelledCount() {
        var shown = ShownLookAhead()
        let top = LoadingContext()
        shown.decided(LoadDecision(load: [LoadRequest(item: 4)]), prefetching: false, in: top)
        shown.decided(LoadDecision(load: [LoadRequest(item: 6)], cancel: [6]), prefetching: true, in: top)
        shown.appeared([4, 6], in: LoadingContext(bounds: Rect(x: 0, y: 460, width: 320, height: 450)))
        #expect(shown.isEmpty)
    }
}
