import LabKit
import ScrollKit
import Testing
@testable import ScrollLabCore

/// The state column's passes: each is walked without placing anything before it is set, and only a pass
/// whose walk fits is set. That choice and its boxes are exactly what setting every pass in turn gives (the
/// first whose policy table fits, else the last), on snapshots from empty to crowded, in layouts of several
/// sizes, with monospaced and proportional widths.
@Suite struct HUDLayoutPassTests {
    static let sizes = [HUDLayout.baseSize, Size(width: 1280, height: 800), Size(width: 1980, height: 600),
                        Size(width: 1600, height: 1000), Size(width: 1100, height: 640)]

    /// Every character one width a style (a monospaced face).
    static var monospaced: TextMetrics {
        TextMetrics.fixed(characterWidth: [.label: 7, .heading: 9, .mono: 7, .big: 26, .small: 6],
                          lineHeight: [.label: 15, .heading: 17, .mono: 15, .big: 44, .small: 12])
    }

    /// Narrow digits, spaces and dots, wide capitals (a proportional face), one size a style.
    static var proportional: TextMetrics {
        TextMetrics(
            width: { text, style in
                let scale: Double = switch style { case .heading: 1.2; case .small: 0.8; case .big: 3; default: 1 }
                return text.reduce(0.0) { sum, character in
                    let base: Double = character.isNumber ? 6.5 : character == " " || character == "·" || character == "." ? 3.5
                        : character.isUppercase ? 10 : 7.5
                    return sum + base * scale
                }.rounded()
            },
            lineHeight: { style in switch style { case .heading: 17; case .small: 13; case .big: 52; default: 16 } })
    }

    /// A grid-like snapshot: `policies` table rows (none: no loading section), a long wrapping row when
    /// `wrapping`, the zoomed photo's inner scroll view when `inner`, and `tiles` pool views.
    static func snapshot(policies: Int, wrapping: Bool, inner: Bool, tiles: Int) -> SceneSnapshot {
        var s = SceneSnapshot(name: "grid", decelerationRate: "normal 0.998", scrollViewFrame: Rect(x: 0, y: 30, width: 320, height: 450))
        s.content.rows = [HUDRow(label: "policy P", value: wrapping ? "adaptive-with-a-long-name · problem 2 · peer · shipped" : "adaptive"),
                          HUDRow(label: "touches U X", value: "no delay · no cancel")]
        s.isDecelerating = true
        s.velocity = Point(x: -1_234.5, y: 6_789.1)
        s.contentOffset = Point(x: 0, y: 12_345.6)
        s.targetContentOffset = Point(x: 0, y: 23_456.7)
        s.content.tiles = (0..<tiles).map { TileDrawItem(view: $0, item: 100 + $0, frame: .zero) }
        s.content.viewsCreated = tiles
        s.content.rebindCount = 3 * tiles
        if inner {
            s.content.inner = InnerScrollView(name: "photo", isTracking: true, velocity: Point(x: 10, y: 20), contentOffset: Point(x: 1, y: 2),
                                              drivesTimeline: true, rows: [HUDRow(label: "zoom", value: "1.50 · min 1 · max 4")])
        }
        if policies > 0 {
            var m = LoadMetrics()
            m.loadsIssued = 1_234; m.loadsWasted = 56; m.blankTileSeconds = 7.8; m.settleLatency = 0.123; m.networkBytes = 4_567_890
            let rows = (0..<policies).map { PolicyComparison.Row(policy: "policy\($0)", metrics: m, segments: $0 % 3) }
            s.content.loading = LoadingSection(policy: "policy1",
                                               metrics: [("loads done", "1234 · 56 wasted · 7 cancelled"), ("blank", "7.8 tile·s"),
                                                         ("fades·stale", "12 · 3"), ("memory", "45.6 MB")],
                                               policyRows: rows, currentPolicy: "policy1")
        }
        return s
    }

    static func status(network: Bool) -> HUDStatus {
        var status = HUDStatus()
        status.renderer = "software · x11 · paced 60.0 Hz"
        status.physics = "iOS fit · vel lsq"
        if network { status.network = "3g" } else { status.latencyMs = 80 }
        return status
    }

    @Test(arguments: sizes)
    func theWalkSetsThePassSettingEachInTurnWould(size: Size) {
        var chosen = Set<Int>()
        for metrics in [Self.monospaced, Self.proportional] {
            for policies in [0, 3, 6, 9, 12, 16, 24, 40] {
                for (wrapping, inner, network) in [(false, false, false), (true, false, true), (false, true, true), (true, true, false)] {
                    for tiles in [0, 6, 13] {
                        let s = Self.snapshot(policies: policies, wrapping: wrapping, inner: inner, tiles: tiles)
                        let status = Self.status(network: network)
                        let events = EventLog(capacity: 8)
                        // Every pass set whole; the first whose table fits is taken, else the last.
                        let each = HUDLayout.Pass.all.map {
                            HUDLayout(s, events: events, status: status, metrics: metrics, size: size, passes: [$0])
                        }
                        let expected = each.dropLast().firstIndex { $0.stateFits } ?? each.count - 1
                        let layout = HUDLayout(s, events: events, status: status, metrics: metrics, size: size)
                        let name = "\(policies) policies, wrapping \(wrapping), inner \(inner), network \(network), \(tiles) tiles at \(size)"
                        #expect(layout.statePass == expected, "\(name)")
                        #expect(layout.stateFits == each[expected].stateFits, "\(name)")
                        #expect(layout.boxes == each[expected].boxes, "\(name)")
                        #expect(layout.swatches == each[expected].swatches, "\(name)")
                        chosen.insert(layout.statePass)
                    }
                }
            }
        }
        // Not one pass everywhere: the roomy one and at least two others are taken at every size, the last
        // (which keeps fewer than eight rows) at the least size.
        #expect(chosen.contains(0) && chosen.count >= 3, "\(chosen) at \(size)")
        if size == HUDLayout.baseSize { #expect(chosen.contains(HUDLayout.Pass.all.count - 1), "\(chosen) at \(size)") }
    }

    /// The four phones' layout (1980×600) with a long policy table: the roomy passes give way, and the
    /// pass set is the one that fits.
    @Test func fourPhonesGiveTheRoomyPassesUp() {
        let s = Self.snapshot(policies: 16, wrapping: true, inner: false, tiles: 6)
        let size = Size(width: 1980, height: 600)
        let layout = HUDLayout(s, events: EventLog(capacity: 8), status: Self.status(network: true), metrics: Self.proportional, size: size)
        #expect(layout.statePass > 0)
        let roomy = HUDLayout(s, events: EventLog(capacity: 8), status: Self.status(network: true), metrics: Self.proportional, size: size,
                              passes: [HUDLayout.Pass.all[0]])
        #expect(!roomy.stateFits)
    }
}
