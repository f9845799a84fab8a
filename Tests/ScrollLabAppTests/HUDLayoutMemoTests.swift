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

    /// The policy table's lines taken from the memo are a fresh layout's as one row's figures change, as the
    /// current policy, the network (the last column) and the table's place (another pass) change.
    @Test func changingPolicyRowsGiveTheBoxesOfAFreshLayout() throws {
        var grid = fixture.worstGrid(tracking: false)
        var loading = try #require(grid.content.loading)
        loading.policyRows = Array(loading.policyRows.prefix(4))
        let status = fixture.worstStatus
        var steps: [(SceneSnapshot, EventLog, HUDStatus, Size)] = []
        func step(_ change: (inout LoadingSection) -> Void = { _ in }, status: HUDStatus = fixture.worstStatus,
                  size: Size = HUDLayout.baseSize) {
            change(&loading)
            grid.content.loading = loading
            steps.append((grid, EventLog(capacity: 4), status, size))
        }
        step()
        step()
        step { $0.policyRows[1].metrics.blankTileSeconds = 0.25 }
        step { $0.policyRows[1].metrics.blankTileSeconds = -0.0 }
        step { $0.policyRows[1].metrics.blankTileSeconds = 0 }
        step { $0.policyRows[2].metrics.loadsWastedPending = 3; $0.currentPolicy = $0.policyRows[2].policy }
        step { $0.policyRows[2].metrics.loadsWasted += 1 }
        step { $0.policyRows[0].segments = 0; $0.currentPolicy = nil }
        step { $0.policyRows[3].metrics.networkBytes = 123_456 }
        var network = status
        network.network = "lte"
        step(status: network)
        step { $0.policyRows[3].metrics.settleLatency = 0.5 }
        // Rows in the scene's own section push the table down; a bigger layout widens its names cell.
        step { $0.metrics.append(("extra", "row")) }
        step(size: Size(width: 1600, height: 900))
        step { $0.policyRows = Array(fixture.worstGrid(tracking: false).content.loading!.policyRows) }
        expectSameBoxes(steps)
    }

    @Test func theLastWordIsSplitsLast() {
        for name in ["", " ", "  ", "item", "item 12", "page 3 ", "  a  b  ", "photo  7", "é x"] {
            #expect(HUDLayout.lastWord(name) == String(name.split(separator: " ").last ?? ""), "\(name)")
        }
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
