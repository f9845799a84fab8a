import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

/// Placeholders change what a waiting tile shows, never what loads (B-COST-2); Low Data Mode makes
/// Adaptive load nothing ahead and leaves the peers as their systems leave them (B-COST-2).
@Suite struct GridScenePlaceholderTests {
    var flings: [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
            + SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 4.5)
    }

    func metrics(_ condition: RunCondition) -> LoadMetrics {
        GridBench(configuration: condition.gridConfiguration(), replay: condition.replayClock).run(flings, variant: condition.variant).metrics
    }

    @Test func placeholdersSplitBlankTimeAndLoadTheSame() {
        var condition = RunCondition(policy: .adaptive)
        let none = metrics(condition)
        #expect(none.emptyTileSeconds == none.blankTileSeconds && none.placeholderTileSeconds == 0 && none.previewBytes == 0)
        for kind in [PlaceholderKind.color, .thumbhash] {
            condition.placeholder = kind
            let m = metrics(condition)
            // Every bundled image has a preview: no tile waits empty.
            #expect(m.emptyTileSeconds == 0)
            #expect(m.placeholderTileSeconds == m.blankTileSeconds)
            #expect(m.blankTileSeconds == none.blankTileSeconds && m.loadsIssued == none.loadsIssued)
            #expect(m.previewBytes > 0 && m.undecodablePreviews == 0)
        }
    }

    @Test func lowDataModeMakesAdaptiveLoadNothingAheadAndLeavesThePeers() {
        var adaptive = RunCondition(policy: .adaptive, source: .network(.lte))
        adaptive.items = 500
        let open = metrics(adaptive)
        adaptive.constrained = true
        let constrained = metrics(adaptive)
        #expect(constrained.loadsIssued < open.loadsIssued)
        #expect(constrained.networkBytes < open.networkBytes)
        for peer in LoadingPolicyKind.allCases where peer.isPeer {
            var c = RunCondition(policy: peer, source: .network(.lte))
            let before = metrics(c)
            c.constrained = true
            #expect(metrics(c) == before, "\(peer.rawValue) does nothing under Low Data Mode")
        }
    }
}
