import LabKit
import ScrollKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The HUD in fixed columns: with the longest values it can show, no two text boxes intersect and
/// none leaves its column (long values end in "…").
@MainActor @Suite struct HUDLayoutTests {
    /// A wide worst case: every character as wide as DejaVu's widest digits and capitals at these sizes.
    let metrics = TextMetrics.fixed(characterWidth: [.label: 9, .heading: 10, .mono: 8, .big: 30, .small: 7],
                                    lineHeight: [.label: 17, .heading: 17, .mono: 16, .big: 52, .small: 13])

    func worstMetrics() -> LoadMetrics {
        var m = LoadMetrics()
        m.loadsIssued = 99_999; m.loadsCompleted = 99_998; m.loadsCancelled = 12_345; m.loadsWasted = 54_321
        m.blankTileSeconds = 12_345.678; m.settleLatency = 98.765; m.settleLatencyMax = 123.4
        m.cacheHitFades = 12_345; m.staleFrames = 99_999; m.peakDecodedBytes = 987_654_321_000
        return m
    }

    func worstGrid(tracking: Bool) -> SceneSnapshot {
        var s = SceneSnapshot(name: "grid", decelerationRate: "normal 0.998",
                              scrollViewFrame: Rect(x: 0, y: 30, width: 320, height: 450))
        s.content.rows = [GridWindowScene.policyRow("adaptive-with-a-very-long-name · peer", seedProblem: 3),
                          HUDRow(label: "touches U X", value: "no delay · no cancel")]
        s.isTracking = tracking; s.isDragging = tracking; s.isDecelerating = !tracking
        s.velocity = Point(x: -12_345.6, y: -7_795.4)
        s.contentOffset = Point(x: -99_999.9, y: 123_456.7)
        s.targetContentOffset = Point(x: -99_999.9, y: 1_234_567.8)
        s.content.tiles = (0..<6).map { TileDrawItem(view: $0, item: 99_990 + $0, frame: .zero) }
        s.content.viewsCreated = 99_999
        s.content.rebindCount = 99_999
        let rows = LoadingPolicyKind.allCases.map {
            PolicyComparison.Row(policy: $0.rawValue + " · problem 2", metrics: worstMetrics(), segments: 99)
        }
        s.content.loading = LoadingSection(policy: "adaptive-with-a-very-long-name · peer",
                                           metrics: GridWindowScene.metrics(worstMetrics()),
                                           policyRows: rows, currentPolicy: rows.last?.policy)
        return s
    }

    func worstEvents(repeats: Int = 1) -> EventLog {
        var log = EventLog(capacity: 24)
        let events: [ScrollEvent] = (0..<repeats).flatMap { _ -> [ScrollEvent] in [
            .willBeginDragging, .didEndScrollingAnimation, .didEndDecelerating, .willBeginDecelerating,
            .didEndDragging(willDecelerate: true),
            .willEndDragging(velocity: Point(x: -12.34, y: -56.78), target: Point(x: -99_999, y: 1_234_567),
                             proposedTarget: Point(x: -88_888, y: 7_654_321)),
            .willBeginDragging, .didEndDragging(willDecelerate: false),
        ] }
        for (i, event) in events.enumerated() {
            log.append(ScrollEventRecord(time: 99_999.999 + Double(i), offset: Point(x: -99_999, y: 1_234_567), event: event))
        }
        for _ in 0..<123_456 { log.append(ScrollEventRecord(time: 0, offset: .zero, event: .didScroll)) }
        return log
    }

    var worstStatus: HUDStatus {
        var status = HUDStatus()
        status.renderer = "opengl · x11 · paced 60.0 Hz · and a renderer name far longer than the footer"
        status.frames.frameMs = 12_345.6; status.frames.frameP99Ms = 99_999.9
        status.frames.fps = 99_999.9; status.frames.intervalP99Ms = 99_999.9; status.eventClock = "x11-server-and-then-some"
        status.slowMotion = "0.25×"
        status.latencyMs = 99_999
        status.physics = "iOS fit · vel lsq · with a long estimator name"
        return status
    }

    func expectNoOverlapsInsideColumns(_ layout: HUDLayout) {
        #expect(!layout.boxes.isEmpty)
        for (i, a) in layout.boxes.enumerated() {
            let column = layout.columns[a.column].frame
            #expect(a.frame.minX >= column.minX && a.frame.maxX <= column.maxX
                    && a.frame.minY >= column.minY && a.frame.maxY <= column.maxY,
                    "\"\(a.text)\" at \(a.frame) leaves column \(layout.columns[a.column].name) \(column)")
            for b in layout.boxes[(i + 1)...] {
                #expect(!a.frame.intersects(b.frame), "\"\(a.text)\" at \(a.frame) overlaps \"\(b.text)\" at \(b.frame)")
            }
        }
        // The columns themselves do not overlap, nor the timeline panel.
        let frames = layout.columns.map(\.frame) + [layout.timelineFrame]
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] { #expect(!a.intersects(b)) }
        }
    }

    @Test(arguments: [true, false])
    func theWorstGridNeverOverlapsNorLeavesItsColumns(tracking: Bool) {
        let layout = HUDLayout(worstGrid(tracking: tracking), events: worstEvents(), status: worstStatus, metrics: metrics)
        expectNoOverlapsInsideColumns(layout)
        // Long values are elided, not dropped; the current policy's row is always in the table.
        #expect(layout.boxes.contains { $0.text.hasSuffix("…") })
        let current = HUDFormat.policyName(LoadingPolicyKind.allCases.last!.rawValue + " · problem 2")
        #expect(layout.boxes.contains { Self.names($0.text, current) && $0.colour == .active })
        #expect(layout.boxes.contains { $0.text.hasPrefix("problem 3 (B)") })
        expectEveryRowShownOrCounted(layout, LoadingPolicyKind.allCases.map { HUDFormat.policyName($0.rawValue + " · problem 2") })
    }

    /// True when `text` shows `name` whole or elided ("flashlis…" for `flashlist²`).
    static func names(_ text: String, _ name: String) -> Bool {
        text == name || (text.hasSuffix("…") && text.count > 1 && name.hasPrefix(text.dropLast()))
    }

    /// Every policy row in `names` is in the table (whole or elided), or counted by the last line that folds
    /// those that find no room ("+3 more: texture, flutter, glide", itself elided when long): the rows shown
    /// and the count add up to them all, and every name the fold line lists is one not shown.
    func expectEveryRowShownOrCounted(_ layout: HUDLayout, _ names: [String]) {
        // The table's rows: below its title (the state rows above may share a name, `target`).
        let top = layout.boxes.first { $0.column == 0 && $0.style == .heading && $0.text.hasPrefix("Polic") }?.frame.maxY ?? 0
        let shown = names.filter { name in layout.boxes.contains { $0.column == 0 && $0.frame.minY >= top && Self.names($0.text, name) } }
        let fold = layout.boxes.first { $0.text.hasPrefix("+") && $0.text.contains(" more: ") }
        let count = fold.flatMap { Int($0.text.dropFirst().prefix { $0.isNumber }) } ?? 0
        #expect(shown.count + count == names.count, "shown \(shown), folded \(fold?.text ?? "none")")
        let listed = fold.map { $0.text.split(separator: ":", maxSplits: 1)[1].split(separator: ",")
            .map { String($0.filter { $0 != " " }) } } ?? []
        for name in listed where !name.hasSuffix("…") {
            #expect(names.contains(name) && !shown.contains(name), "\(name) is listed as folded")
        }
    }

    @Test func theWorstPagerNeverOverlapsNorLeavesItsColumns() {
        var s = SceneSnapshot(name: "pager", decelerationRate: "0.99999 custom rate", scrollViewFrame: .zero)
        s.content.rows = [HUDRow(label: "paging P", value: "target-with-a-long-name")]
        s.content.tiles = (0..<5).map { TileDrawItem(view: $0, item: 99_990 + $0, frame: .zero) }
        s.content.itemNaming = .page
        let layout = HUDLayout(s, events: worstEvents(), status: worstStatus, metrics: metrics)
        expectNoOverlapsInsideColumns(layout)
        #expect(layout.boxes.contains { $0.text.hasPrefix("no load metrics") })
        #expect(layout.boxes.contains { $0.text.hasPrefix("P paging") })
    }

    @Test func thePhotosInnerScrollViewIsShownWholeBesideThePagers() {
        var s = SceneSnapshot(name: "photos", decelerationRate: "normal 0.998", scrollViewFrame: .zero)
        s.content.tiles = (0..<3).map { TileDrawItem(view: $0, item: $0, frame: .zero) }
        s.content.itemNaming = .page
        s.content.inner = InnerScrollView(name: "photo", isTracking: true, isDragging: true, velocity: Point(x: -8000, y: 8000),
                                          contentOffset: Point(x: 99_999.5, y: 99_999.5), drivesTimeline: true,
                                          rows: [HUDRow(label: "zoom", value: "2.56× (1.02–3.07)")])
        let layout = HUDLayout(s, events: worstEvents(), status: worstStatus, metrics: metrics)
        expectNoOverlapsInsideColumns(layout)
        let texts = layout.boxes.map(\.text)
        for whole in ["Photo", "on the timeline", "(99999.5, 99999.5)", "(-8000, 8000) pt/s", "2.56× (1.02–3.07)"] {
            #expect(texts.contains(whole), "\(whole) is not shown whole")
        }
        // The zoom row is the photo's: shown once, under it.
        #expect(texts.filter { $0 == "zoom" }.count == 1)
        let photo = layout.boxes.first { $0.text == "Photo" }, zoom = layout.boxes.first { $0.text == "zoom" }
        #expect((photo?.frame.minY ?? .infinity) < (zoom?.frame.minY ?? -.infinity))
        // The pages are numbered from 1, as on the bubbles.
        #expect(texts.contains("#0 page 1"))
    }

    @Test(arguments: [HUDLayout.baseSize, Size(width: 1200, height: 800), Size(width: 2400, height: 1500)])
    func aBiggerLayoutShowsMoreAndStillNeverOverlaps(size: Size) {
        let base = HUDLayout(worstGrid(tracking: true), events: worstEvents(repeats: 3), status: worstStatus, metrics: metrics)
        let layout = HUDLayout(worstGrid(tracking: true), events: worstEvents(repeats: 3), status: worstStatus, metrics: metrics,
                               size: size)
        expectNoOverlapsInsideColumns(layout)
        // Everything stays inside the layout.
        for frame in layout.columns.map(\.frame) + [layout.timelineFrame] {
            #expect(frame.maxX <= size.width && frame.maxY <= size.height, "\(frame) leaves \(size)")
        }
        let callbacks = { (l: HUDLayout) in l.boxes.filter { $0.column == 1 && $0.text.hasPrefix("  ") }.count }
        if size == HUDLayout.baseSize {
            #expect(callbacks(layout) == 7)
        } else {
            // Room, not only magnification: more callbacks, a wider and taller timeline, fewer elisions.
            #expect(callbacks(layout) > callbacks(base))
            #expect(layout.timelineFrame.width > base.timelineFrame.width && layout.timelineFrame.height > base.timelineFrame.height)
            #expect(layout.columns[0].frame.width > base.columns[0].frame.width)
            #expect(layout.boxes.filter { $0.text.hasSuffix("…") }.count < base.boxes.filter { $0.text.hasSuffix("…") }.count)
        }
    }

    @Test func theTimelineShowsMoreSecondsInAWiderPanel() {
        let base = HUDLayout.Frames(size: HUDLayout.baseSize).timeline.width
        #expect(LabApp.timelineSpan(now: 10, lastRelease: nil, width: base) == 3)
        #expect(LabApp.timelineSpan(now: 10, lastRelease: nil, width: 2 * base) == 6)
        // The last release and its glide stay in view (up to 8 s).
        #expect(LabApp.timelineSpan(now: 10, lastRelease: 5, width: base) == 5.5)
        #expect(LabApp.timelineSpan(now: 10, lastRelease: 1, width: base) == 3)
    }

    @Test func theLayoutSizeMagnifiesHalfTheGrowthAndMakesRoomWithTheRest() {
        #expect(SDLWindow.layoutSize(window: 960, 600, scale: 1) == Size(width: 960, height: 600))
        #expect(SDLWindow.layoutSize(window: 480, 300, scale: 1) == Size(width: 960, height: 600))  // shrunk
        #expect(SDLWindow.layoutSize(window: 1000, 300, scale: 1) == Size(width: 2000, height: 600))
        #expect(SDLWindow.layoutSize(window: 1920, 1200, scale: 1) == Size(width: 1280, height: 800))  // 1.5×
        #expect(SDLWindow.layoutSize(window: 1920, 1200, scale: 2) == Size(width: 960, height: 600))  // --scale 2
        #expect(SDLWindow.layoutSize(window: 2400, 600, scale: 1) == Size(width: 2400, height: 600))  // a wide strip
    }

    @Test func ordinaryValuesAreShownWhole() {
        var s = worstGrid(tracking: false)
        s.content.rows = [GridWindowScene.policyRow("adaptive", seedProblem: 3)]
        s.velocity = Point(x: -0.04, y: -0.3)
        s.content.loading = LoadingSection(policy: "adaptive",
                                           policyRows: [PolicyComparison.Row(policy: "adaptive", metrics: LoadMetrics(), segments: 1)],
                                           currentPolicy: "adaptive")
        let layout = HUDLayout(s, events: EventLog(capacity: 7), status: HUDStatus(), metrics: metrics)
        let texts = layout.boxes.map(\.text)
        #expect(texts.contains("adaptive"))
        // No negative zero.
        #expect(texts.contains("(0, 0) pt/s"))
        #expect(HUDFormat.number(-0.04, decimals: 1) == "0.0")
        #expect(HUDFormat.number(-0.06, decimals: 1) == "-0.1")
        #expect(HUDFormat.policyName("deferred · problem 2") == "deferred²")
    }

    /// The grid at its most crowded: a seed-problem variant of both seed policies tried three times over
    /// (fourteen table rows), under a network (the traffic row).
    func crowdedGrid(metrics: TextMetrics) -> HUDLayout {
        var s = worstGrid(tracking: true)
        var rows = PolicyComparison.fixedRows(LoadingPolicyKind.allCases.map {
            PolicyComparison.Row(policy: $0.rawValue, metrics: worstMetrics(), segments: 1)
        } + ["deferred", "target"].flatMap { policy in
            (1...3).map { PolicyComparison.Row(policy: "\(policy) · problem \($0)", metrics: worstMetrics(), segments: 1) }
        })
        rows = PolicyComparison.fixedRows(rows)
        s.content.loading = LoadingSection(policy: "target · problem 3",
                                           metrics: GridWindowScene.metrics(worstMetrics()) + GridWindowScene.traffic(LoadMetrics()),
                                           policyRows: rows, currentPolicy: "target · problem 3")
        var status = worstStatus
        status.network = "very-bad"
        status.transport = HUDStatus.transportLine(http: .http2, tls: true)
        return HUDLayout(s, events: worstEvents(), status: status, metrics: metrics)
    }

    /// Under a modelled network a protocol row says how the connections speak when `--http` or `--tls`
    /// changed it; HTTP/1.1 in cleartext adds no row. The network row offers K only where a disk cache is.
    @Test func aProtocolRowNamesTheTransportWhenItIsNotTheDefault() {
        #expect(HUDStatus.transportLine(http: .http1_1, tls: false) == nil)
        #expect(HUDStatus.transportLine(http: .http2, tls: false) == "HTTP/2")
        #expect(HUDStatus.transportLine(http: .http1_1, tls: true) == "HTTP/1.1 TLS")
        #expect(HUDStatus.transportLine(http: .http2, tls: true) == "HTTP/2 TLS")
        var s = worstGrid(tracking: false)
        s.content.loading = LoadingSection(policy: "adaptive",
                                           policyRows: [PolicyComparison.Row(policy: "adaptive", metrics: LoadMetrics(), segments: 1)],
                                           currentPolicy: "adaptive")
        func row(_ label: String, transport: String?, diskCache: Bool = true) -> String? {
            var status = HUDStatus()
            status.network = "lte"
            status.transport = transport
            status.diskCache = diskCache
            let layout = HUDLayout(s, events: EventLog(capacity: 7), status: status, metrics: metrics)
            guard let box = layout.boxes.first(where: { $0.text == label }) else { return nil }
            return layout.boxes.filter { $0.style == .mono && $0.column == box.column && abs($0.frame.minY - box.frame.minY) <= 2 }
                .map(\.text).joined()
        }
        #expect(row("network L", transport: nil) == "lte · C/K clear")
        #expect(row("protocol", transport: nil) == nil)
        #expect(row("network L", transport: "HTTP/2 TLS") == "lte · C/K clear")
        #expect(row("protocol", transport: "HTTP/2 TLS") == "HTTP/2 TLS")
        #expect(row("network L", transport: nil, diskCache: false) == "lte · C clears")
    }

    /// The timeline's caption gives the offsets drawn, not its axis's margin.
    @MainActor @Test func theTimelineCaptionGivesTheOffsetsDrawn() {
        #expect(TimelinePlot.spanText(0...1118) == "0…1118 pt")
        #expect(TimelinePlot.spanText(4207...4207.2) == "4207 pt")
        #expect(TimelinePlot.spanText(-0.2...0.3) == "0 pt")
        #expect(TimelinePlot.spanText(nil) == "– pt")
    }

    @MainActor @Test func seedProblemRowsNeverPushThePoolRowsOut() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        for metrics in [metrics, fonts.metrics] {
            let layout = crowdedGrid(metrics: metrics)
            expectNoOverlapsInsideColumns(layout)
            #expect(layout.boxes.filter { $0.text.hasPrefix("#") && $0.column == 0 }.count == 6, "the six pool rows")
            #expect(layout.swatches.count == 6)
            // A row that does not fit is counted in the last line that folds them.
            expectEveryRowShownOrCounted(layout, LoadingPolicyKind.allCases.map(\.rawValue)
                                         + ["deferred¹", "deferred²", "deferred³", "target¹", "target²", "target³"])
        }
    }

    /// Every section keeps its heading at 960×600, however crowded: the seed-problem variants under a
    /// network, and every policy tried with a long value that wraps.
    @MainActor @Test func everyHeadingStaysAt960x600() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        for metrics in [metrics, fonts.metrics] {
            for layout in [crowdedGrid(metrics: metrics),
                           HUDLayout(worstGrid(tracking: true), events: worstEvents(), status: worstStatus, metrics: metrics)] {
                let headings = layout.boxes.filter { $0.style == .heading && $0.column == 0 }.map(\.text)
                for heading in ["Scene", "State", "Views", "Loading"] {
                    #expect(headings.contains(heading), "\(heading) in \(headings)")
                }
                #expect(headings.contains { $0.hasPrefix("Polic") }, "the policy table's title in \(headings)")
            }
        }
    }

    /// Any number of policies: a table of every registered policy and thirty more, all tried, at 960×600 and
    /// in a big layout. What does not fit is folded into a last line that counts it; the current row, the
    /// six pool rows and every section stay; nothing overlaps or leaves its column.
    @MainActor @Test(arguments: [HUDLayout.baseSize, Size(width: 1280, height: 800)])
    func anyNumberOfPoliciesFoldsIntoACount(size: Size) throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        var s = worstGrid(tracking: true)
        let names = LoadingPolicyKind.allCases.map(\.rawValue) + (1...30).map { "extra\($0)" }
        let rows = names.map { PolicyComparison.Row(policy: $0, metrics: worstMetrics(), segments: 1) }
        s.content.loading = LoadingSection(policy: "extra30", metrics: GridWindowScene.metrics(worstMetrics()),
                                           policyRows: rows, currentPolicy: "extra30")
        for metrics in [metrics, fonts.metrics] {
            let layout = HUDLayout(s, events: worstEvents(), status: worstStatus, metrics: metrics, size: size)
            expectNoOverlapsInsideColumns(layout)
            #expect(layout.boxes.filter { $0.text.hasPrefix("#") && $0.column == 0 }.count == 6, "the six pool rows")
            #expect(layout.boxes.contains { $0.text == "extra30" && $0.colour == .active }, "the current row")
            let shown = names.filter { name in layout.boxes.contains { $0.text == name } }
            let fold = try #require(layout.boxes.first { $0.text.hasPrefix("+") && $0.text.contains(" more: ") })
            #expect(fold.text.hasPrefix("+\(names.count - shown.count) more: "), "\(fold.text) counts the rows not shown")
            #expect(shown.count >= 8 && shown.first == names.first)
        }
        // Rows that fit are never folded: the registry's own, at 960×600.
        let folded = HUDLayout.fold(rows, keeping: 3, current: "extra30")
        #expect(folded.shown.map(\.policy) == Array(names.prefix(2)) + ["extra30"])
        #expect(folded.folded.count == names.count - 3)
    }

    /// `fold` keeps the first rows of the table sorted by rank (current, tried, untried), then place: every
    /// count, with the current row anywhere or absent, and tried rows scattered.
    @Test func foldingKeepsTheRowsRankedFirst() {
        let rows = (0..<9).map { PolicyComparison.Row(policy: "p\($0)", metrics: LoadMetrics(), segments: [0, 2, 5, 7].contains($0) ? 1 : 0) }
        for current in [nil, "p0", "p4", "p8", "p5"] {
            let rank = { (row: PolicyComparison.Row) in row.policy == current ? 0 : row.segments > 0 ? 1 : 2 }
            for count in 0...10 {
                let kept = Set(rows.indices.sorted { (rank(rows[$0]), $0) < (rank(rows[$1]), $1) }.prefix(count))
                let folded = HUDLayout.fold(rows, keeping: count, current: current)
                #expect(folded.shown.map(\.policy) == rows.indices.filter { kept.contains($0) }.map { rows[$0].policy }, "\(count), \(current ?? "none")")
                #expect(folded.folded.map(\.policy) == rows.indices.filter { !kept.contains($0) }.map { rows[$0].policy })
            }
        }
    }

    @MainActor @Test func thePolicyTableNamesItsUnits() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        let layout = HUDLayout(worstGrid(tracking: false), events: EventLog(capacity: 7), status: HUDStatus(), metrics: fonts.metrics)
        let texts = layout.boxes.map(\.text)
        for (name, unit) in HUDLayout.tableHeader(traffic: false) { #expect(texts.contains(name) && texts.contains(unit)) }
        #expect(HUDLayout.tableHeader(traffic: false).map(\.unit) == ["issued", "loads", "tile·s", "ms"])
        #expect(HUDLayout.tableHeader(traffic: true).last! == ("data", "kB"))
    }

    /// At 960×600, with the window's fonts: the footer's lines and the rows of an ordinary grid, pager and
    /// photos are whole (the footer shows as many whole key hints as fit, H always among them).
    @MainActor @Test func nothingOrdinaryIsElidedAt960x600() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        var status = HUDStatus()
        status.renderer = "software (llvmpipe GL on the CPU) · x11 · paced 60.0 Hz"
        status.eventClock = "x11-server"
        status.physics = "flutter-bouncing · vel lsq"
        status.slowMotion = "0.25×"
        status.latencyMs = 1000
        status.frames.fps = 59.2; status.frames.intervalP99Ms = 27.7; status.frames.frameMs = 3.2; status.frames.frameP99Ms = 27.5; status.frames.hitchRatio = 12.5
        for kind in SceneKind.all {
            var s = SceneSnapshot(name: kind.name, decelerationRate: "normal 0.998", scrollViewFrame: .zero)
            s.content.tiles = (0..<6).map { TileDrawItem(view: $0, item: 1200 + $0, frame: .zero) }
            s.content.viewsCreated = 6
            s.content.rebindCount = 12_345
            if kind == .grid {
                s.content.rows = [GridWindowScene.policyRow("deferred", seedProblem: 1), HUDRow(label: "touches U X", value: "no delay · no cancel")]
                s.content.loading = LoadingSection(policy: "deferred · problem 1", metrics: GridWindowScene.metrics(LoadMetrics()),
                                                   policyRows: PolicyComparison.fixedRows([]), currentPolicy: "deferred · problem 1")
            }
            let layout = HUDLayout(s, events: worstEvents(), status: status, metrics: fonts.metrics)
            let cut = layout.boxes.filter { $0.text.hasSuffix("…") && $0.column != 1 }
            #expect(cut.isEmpty, "\(kind.name): \(cut.map(\.text))")
            let footer = layout.boxes.filter { $0.column == 2 }.map(\.text)
            #expect(footer.contains { $0.contains("H all keys") }, "\(kind.name): \(footer)")
            #expect(footer.contains { $0.contains("input: x11-server clock") })
            if kind == .grid { #expect(layout.boxes.contains { $0.text == "problem 1 (B) · deferred" }) }
        }
    }

    /// A p99 over the frame period beside a good hitch ratio says why: the slow frames came at rest. When the
    /// frames of motion were slow too, the hitch ratio speaks for itself and no note is added.
    @MainActor @Test func theFooterSaysWhenTheP99SlowFramesWereAtRest() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        var s = SceneSnapshot(name: "grid", decelerationRate: "normal 0.998", scrollViewFrame: .zero)
        s.content.tiles = (0..<6).map { TileDrawItem(view: $0, item: $0, frame: .zero) }
        for (motionP99, noted) in [(16.7, true), (40.0, false)] {
            var status = HUDStatus()
            status.frames.fps = 50; status.frames.intervalP99Ms = 44; status.frames.periodMs = 1000.0 / 60
            status.frames.motionIntervalP99Ms = motionP99
            let layout = HUDLayout(s, events: EventLog(capacity: 7), status: status, metrics: fonts.metrics)
            let footer = layout.boxes.filter { $0.column == 2 }.map(\.text)
            #expect(footer.contains { $0.contains("p99 44.0 ms" + HUDLayout.slowFramesAtRestNote + " ·") } == noted, "\(footer)")
            #expect(footer.contains("hitch 0.0 ms/s"), "\(footer)")
        }
        // The figures from frames: a 44 ms interval at rest among 16.7 ms frames of motion.
        var meter = FrameMeter()
        for frame in 0..<60 {
            meter.isMoving = frame < 30
            meter.record(work: 0.002, present: 0.001, interval: frame == 45 ? 0.044 : 1.0 / 60, period: 1.0 / 60)
            meter.frameCount = frame + 1
        }
        meter.frameCount = 60
        meter.refreshShown()
        #expect(meter.shown.slowFramesAtRest && abs(meter.shown.intervalP99Ms - 44) < 0.1 && abs(meter.shown.periodMs - 1000.0 / 60) < 1e-9)
    }

    @Test func aWindowOpensInsideTheDisplaysUsableBounds() {
        let three = PhoneViewport.layoutBase(phones: 3)
        #expect(three == Size(width: 1640, height: 600))
        // Three phones on a 1600×900 screen: shrunk to its width; on a wide screen, as asked.
        #expect(SDLWindow.openingScale(1, base: three, usable: Size(width: 1600, height: 900)) == 1600.0 / 1640)
        #expect(SDLWindow.openingScale(1, base: three, usable: Size(width: 2560, height: 1400)) == 1)
        #expect(SDLWindow.openingScale(2, base: HUDLayout.baseSize, usable: Size(width: 1600, height: 868)) == 868.0 / 600)
        #expect(SDLWindow.openingScale(0.5, base: three, usable: Size(width: 1600, height: 900)) == 0.5)
    }

    @Test func elisionKeepsTheLongestPrefixThatFits() {
        let m = TextMetrics.fixed(characterWidth: [.mono: 8], lineHeight: [:])
        #expect(m.elide("100 done of 100", style: .mono, toWidth: 120) == "100 done of 100")
        #expect(m.elide("100 done of 100", style: .mono, toWidth: 64) == "100 don…")
        #expect(m.elide("100 done", style: .mono, toWidth: 7) == "")
    }
}

/// The help overlay: every entry wrapped inside its panel, the panel inside the window.
@Suite struct HelpLayoutTests {
    /// The window's own help, with the window's fonts: at 960×600 (and in a big window, and with compare
    /// mode's section at the least compare layout, two phones, and with three) every key of the key
    /// table, every timeline label and every HUD term is shown whole, in columns inside the panel,
    /// nothing overlapping, nothing cut.
    @MainActor @Test(arguments: [(HUDLayout.baseSize, false), (PhoneViewport.layoutBase(phones: 2), true), (Size(width: 1500, height: 940), false),
                                 (PhoneViewport.layoutBase(phones: 3), true)])
    func theWholeHelpFits(size: Size, comparing: Bool) throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        let entries = KeyTable.window.help.map { HelpOverlay.Entry(key: $0.key, action: $0.action, scene: $0.scene) }
        let layout = HelpLayout(entries, current: "grid", metrics: fonts.metrics, size: size, comparing: comparing)
        #expect(layout.fits)
        #expect(layout.panel.minX >= 0 && layout.panel.maxX <= size.width && layout.panel.minY >= 0 && layout.panel.maxY <= size.height)
        for (i, box) in layout.boxes.enumerated() {
            #expect(!box.text.hasSuffix("…"), "\(box.text) is cut")
            #expect(box.frame.minX >= layout.panel.minX && box.frame.maxX <= layout.panel.maxX
                    && box.frame.minY >= layout.panel.minY && box.frame.maxY <= layout.panel.maxY, "\(box.text) at \(box.frame)")
            for other in layout.boxes[(i + 1)...] { #expect(!box.frame.intersects(other.frame), "\(box.text) / \(other.text)") }
        }
        let texts = layout.boxes.map(\.text)
        for entry in entries { #expect(texts.contains(entry.key), "key \(entry.key)") }
        for (short, _) in HelpLayout.legend { #expect(texts.contains(short), "label \(short)") }
        for (term, _) in HelpLayout.hudTerms { #expect(texts.contains(term), "term \(term)") }
        #expect(texts.contains("Compare mode") == comparing)
        #expect(layout.columns.count >= 3 || size != HUDLayout.baseSize)
    }

    /// A lab with three more keys than today's: the help tightens and still shows every key and every
    /// timeline label whole at 960×600.
    @MainActor @Test func manyMoreKeysStillFit() throws {
        let comparing = false
        let fonts = try FontSet()
        defer { fonts.close() }
        let more = (1...3).map { HelpOverlay.Entry(key: "F\($0)", action: "a key a new scene might add", scene: "grid") }
        let entries = KeyTable.window.help.map { HelpOverlay.Entry(key: $0.key, action: $0.action, scene: $0.scene) } + more
        let layout = HelpLayout(entries, current: "grid", metrics: fonts.metrics, comparing: comparing)
        #expect(layout.fits)
        let texts = layout.boxes.map(\.text)
        for entry in entries { #expect(texts.contains(entry.key), "key \(entry.key)") }
        for (short, _) in HelpLayout.legend { #expect(texts.contains(short), "label \(short)") }
        for (term, _) in HelpLayout.hudTerms { #expect(texts.contains(term), "term \(term)") }
        for (i, box) in layout.boxes.enumerated() {
            #expect(!box.text.hasSuffix("…"), "\(box.text) is cut")
            #expect(box.frame.minX >= layout.panel.minX && box.frame.maxX <= layout.panel.maxX
                    && box.frame.maxY <= layout.panel.maxY, "\(box.text) at \(box.frame)")
            for other in layout.boxes[(i + 1)...] { #expect(!box.frame.intersects(other.frame), "\(box.text) / \(other.text)") }
        }
    }

    /// Every term the help explains is one the grid's HUD writes (in a row, the table's heading or the footer).
    @MainActor @Test func everyHUDTermIsOneTheHUDWrites() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        var status = HUDStatus()
        status.frames.fps = 59.2; status.frames.intervalP99Ms = 27.7
        let tests = HUDLayoutTests()
        let layout = HUDLayout(tests.worstGrid(tracking: false), events: EventLog(capacity: 7), status: status, metrics: fonts.metrics,
                               size: Size(width: 1500, height: 940))
        let written = layout.boxes.map(\.text).joined(separator: " | ")
        for (term, _) in HelpLayout.hudTerms { #expect(written.contains(term), "\(term) in \(written)") }
    }

    /// Compare mode's section names the policy keys as the key table binds them: no key that does nothing.
    @Test func compareModeNamesTheKeysThatWork() {
        let policyKeys = HelpLayout.compareEntries[1].key
        let digits = policyKeys.filter(\.isNumber).map { Int(String($0))! }
        for digit in digits where digit > 0 {
            #expect(KeyTable.window.dispatch(.character(Character("\(digit)")), scene: "grid") != nil, "\(digit) is bound")
        }
        #expect(policyKeys == SceneKind.digitLabel(Array(0..<Swift.min(9, LoadingPolicyKind.allCases.count))) + ", 0")
        #expect(KeyTable.window.dispatch("9", scene: "grid") == nil || LoadingPolicyKind.allCases.count >= 9)
    }

    @Test func everyLineStaysInsideThePanelAndThePanelInsideTheWindow() {
        let metrics = TextMetrics.fixed(characterWidth: [.label: 7.5, .heading: 9, .mono: 8],
                                        lineHeight: [.label: 17, .heading: 17, .mono: 16])
        let long = String(repeating: "a long description of a key ", count: 3)
        let entries = (0..<14).map { HelpOverlay.Entry(key: "K\($0)", action: "does something", scene: $0 % 3 == 0 ? "pager" : nil) }
            + [HelpOverlay.Entry(key: "1–5", action: long, scene: "grid")]
        let layout = HelpLayout(entries, current: "grid", metrics: metrics)
        #expect(layout.panel.minX >= 0 && layout.panel.maxX <= 960 && layout.panel.minY >= 0 && layout.panel.maxY <= 600)
        for (i, box) in layout.boxes.enumerated() {
            #expect(box.frame.minX >= layout.panel.minX && box.frame.maxX <= layout.panel.maxX
                    && box.frame.minY >= layout.panel.minY && box.frame.maxY <= layout.panel.maxY, "\(box.text) at \(box.frame)")
            for other in layout.boxes[(i + 1)...] { #expect(!box.frame.intersects(other.frame), "\(box.text) / \(other.text)") }
        }
        // The long action is wrapped over several lines, the scene marked at its end.
        #expect(layout.boxes.filter { $0.text.contains("description") }.count >= 2)
        #expect(layout.boxes.contains { $0.text.hasSuffix("(grid)") })
        // Another scene's keys are dimmed.
        #expect(layout.boxes.first { $0.text == "K0" }?.colour == .dimText)
        #expect(layout.boxes.first { $0.text == "K1" }?.colour == .active)
    }
}
