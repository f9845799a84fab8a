import ScrollKit
@testable import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The footer and the events' list taken from `HUDLayoutMemo` are the boxes a layout without it gives, frame
/// after frame, as the figures, the callbacks, the scene and the size change.
@MainActor @Suite struct HUDLayoutMemoTests {
    let fixture = HUDLayoutTests()

    /// Lays out every step with one memo and without, and expects the same boxes each time.
    func expectSameBoxes(_ steps: [(SceneSnapshot, EventLog, HUDStatus, Size)]) {
        let memo = HUDLayoutMemo()
        memo.use(scale: 1)
        for (index, (s, events, status, size)) in steps.enumerated() {
            let fresh = HUDLayout(s, events: events, status: status, metrics: fixture.metrics, size: size)
            let kept = HUDLayout(s, events: events, status: status, metrics: fixture.metrics, size: size, memo: memo)
            #expect(kept.boxes == fresh.boxes, "step \(index)")
            #expect(kept.swatches == fresh.swatches, "step \(index)")
        }
    }

    @Test func changingFiguresCallbacksSceneAndSizeGiveTheBoxesOfAFreshLayout() {
        let grid = fixture.worstGrid(tracking: true)
        var events = EventLog(capacity: 24)
        var status = fixture.worstStatus
        var steps: [(SceneSnapshot, EventLog, HUDStatus, Size)] = [(grid, events, status, HUDLayout.baseSize)]
        // The same again (kept), then a didScroll (the list kept, its count line new), then a callback.
        steps.append((grid, events, status, HUDLayout.baseSize))
        events.append(ScrollEventRecord(time: 1, offset: .zero, event: .didScroll))
        steps.append((grid, events, status, HUDLayout.baseSize))
        events.append(ScrollEventRecord(time: 1.5, offset: Point(x: 0, y: 40), event: .willBeginDragging))
        steps.append((grid, events, status, HUDLayout.baseSize))
        // New frame figures, the video's line, resting.
        status.frames.frameMs = 1.2
        steps.append((grid, events, status, HUDLayout.baseSize))
        status.videoLine = HUDStatus.videoLine(frame: 3, time: 0.05, fps: 60)
        steps.append((grid, events, status, HUDLayout.baseSize))
        status.videoLine = nil
        status.isWaitingForInput = true
        steps.append((grid, events, status, HUDLayout.baseSize))
        // Another scene (other key hints), a bigger layout (other columns), many callbacks.
        var pager = grid
        pager.name = "pager"
        steps.append((pager, events, status, HUDLayout.baseSize))
        steps.append((pager, events, status, Size(width: 1600, height: 900)))
        steps.append((pager, fixture.worstEvents(repeats: 3), status, Size(width: 1600, height: 900)))
        steps.append((grid, fixture.worstEvents(repeats: 3), status, HUDLayout.baseSize))
        expectSameBoxes(steps)
    }

    @Test func anotherScaleDropsWhatWasKept() {
        let memo = HUDLayoutMemo()
        memo.use(scale: 1)
        let key = HUDLayoutMemo.FooterKey(status: HUDStatus(), scene: "grid", frame: .zero)
        memo.keepFooter([], for: key)
        #expect(memo.footer(for: key) != nil)
        memo.use(scale: 1)
        #expect(memo.footer(for: key) != nil)
        memo.use(scale: 2)
        #expect(memo.footer(for: key) == nil)
    }
}
