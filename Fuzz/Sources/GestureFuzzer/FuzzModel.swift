import ScrollKit

/// Drives the scroll model with fuzzed pointer events and checks its invariants.
enum FuzzModel {
    /// Size of one raw event: time, x, y (little-endian doubles) and a phase byte.
    static let rawEventSize = 25

    /// Decodes raw bytes into pointer events without any validation.
    static func rawEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> [PointerEvent] {
        var events: [PointerEvent] = []
        var i = 0
        while i + rawEventSize <= bytes.count {
            func double(_ at: Int) -> Double {
                var bits: UInt64 = 0
                for k in 0..<8 { bits |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
                return Double(bitPattern: bits)
            }
            let phase: PointerPhase = [.down, .move, .up][Int(bytes[i + 24] % 3)]
            events.append(PointerEvent(time: double(i), position: Point(x: double(i + 8), y: double(i + 16)), phase: phase))
            i += rawEventSize
        }
        return events
    }

    /// Feeds `events` to the velocity tracker (both estimators), to a scroll view directly (options from
    /// `flags`: paging, iOS estimator, release by cancel, wide touch area) and to a scroll view through
    /// `HeadlessReplay`; every invariant failure stops the run.
    static func run(_ events: [PointerEvent], flags: UInt8) {
        runTracker(events)
        runScrollView(events, flags: flags)
        if flags & 64 != 0 { runGridScene(events, flags: flags) }
        let scene = FuzzScene(scrollView: makeScrollView(flags: flags))
        var replay = HeadlessReplay()
        replay.timeLimit = 10
        let result = replay.run(events, on: scene)
        check(scene.scrollView)
        require(result.finalOffset.isFinite, "replay ended on a non-finite offset")
        for record in result.records {
            require(record.offset.isFinite && record.time.isFinite, "replay recorded \(record)")
        }
    }

    /// Replays `events` through a grid scene (policy chosen by `flags`); after every frame the pool has six
    /// views bound to items inside the grid, and the offset is finite.
    static func runGridScene(_ events: [PointerEvent], flags: UInt8) {
        var configuration = GridSceneConfiguration()
        let policies = LoadingPolicyKind.allCases
        configuration.policy = policies[Int(flags >> 1) % policies.count]
        let grid = GridScene(configuration: configuration)
        var replay = HeadlessReplay()
        replay.timeLimit = 10
        let result = replay.run(events, on: grid) { _ in checkGrid(grid) }
        require(result.finalOffset.isFinite, "grid replay ended on a non-finite offset")
        require(grid.pool.viewsCreated == 6, "grid created \(grid.pool.viewsCreated) views")
    }

    /// A grid scene after a frame: six tiles, items inside the grid, a finite offset inside the rubber band.
    static func checkGrid(_ grid: GridScene) {
        check(grid.scrollView)
        let tiles = grid.tiles
        require(tiles.count == 6, "\(tiles.count) tiles")
        for tile in tiles {
            if let item = tile.item { require(item >= 0 && item < grid.layout.itemCount, "tile shows item \(item)") }
        }
    }

    /// The grid scene's geometry: frame (0, 30, 320, 450), content of 500 tiles; `flags` pick the options.
    static func makeScrollView(flags: UInt8) -> ScrollView {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 30, width: 320, height: 450),
                                    contentSize: Size(width: flags & 16 == 0 ? 320 : 3200, height: 114_990))
        scrollView.isPagingEnabled = flags & 2 != 0
        scrollView.velocityEstimator = flags & 4 != 0 ? .ios : .leastSquares
        if flags & 32 != 0 { scrollView.decelerationRate = .fast }
        scrollView.touchArea = Rect(x: 0, y: 0, width: 320, height: 480)
        return scrollView
    }

    /// Delivers `events` straight to a scroll view, stepping frames up to each event's time, then lets it settle.
    static func runScrollView(_ events: [PointerEvent], flags: UInt8) {
        let scrollView = makeScrollView(flags: flags)
        for event in events {
            scrollView.advance(to: event.time)
            check(scrollView)
            switch event.phase {
            case .down: scrollView.touchDown(at: event.position, time: event.time)
            case .move: scrollView.touchMoved(to: event.position, time: event.time)
            case .up:
                if flags & 8 != 0 { scrollView.touchCancelled(time: event.time) }
                else { scrollView.touchUp(at: event.position, time: event.time) }
            }
            check(scrollView)
        }
        let start = scrollView.currentTime
        var frames = 0
        while scrollView.isMoving, frames < 60 * 120 {
            frames += 1
            scrollView.advance(to: start + Double(frames) / 60)
            check(scrollView)
        }
        // Only where a frame still moves the clock (the replay's ±10⁷ s range) must motion have ended:
        // past about 10¹⁴ s, adding 1/60 s to the time no longer changes it.
        if abs(start) <= HeadlessReplay.timeRange {
            require(!scrollView.isMoving || scrollView.isTracking, "still moving after 120 s of frames")
        }
    }

    /// Invariants that hold after every input and frame: a finite offset inside the content range widened
    /// by one frame size (the rubber band never shows more than that), a finite velocity, consistent flags.
    static func check(_ scrollView: ScrollView) {
        let offset = scrollView.contentOffset
        require(offset.isFinite, "non-finite content offset \(offset)")
        let size = scrollView.frame.size
        let maxX = max(0, scrollView.contentSize.width - size.width), maxY = max(0, scrollView.contentSize.height - size.height)
        // The band approaches one frame size asymptotically; allow for rounding at the limit.
        let slackX = size.width * (1 + 1e-9), slackY = size.height * (1 + 1e-9)
        require(offset.x >= -slackX && offset.x <= maxX + slackX && offset.y >= -slackY && offset.y <= maxY + slackY,
                     "content offset \(offset) beyond the rubber band")
        require(scrollView.velocity.isFinite, "non-finite velocity \(scrollView.velocity)")
        if let target = scrollView.targetContentOffset {
            require(target.isFinite, "non-finite target \(target)")
        }
        require(!(scrollView.isTracking && scrollView.isMoving), "moving on its own while a pointer is down")
    }

    /// Feeds `events` to a velocity tracker per estimator; the estimate must always be finite.
    static func runTracker(_ events: [PointerEvent]) {
        for kind in VelocityEstimatorKind.allCases {
            var tracker = VelocityTracker(kind: kind)
            for event in events {
                switch event.phase {
                case .down:
                    tracker.reset()
                    tracker.addSample(time: event.time, position: event.position)
                case .move:
                    tracker.addSample(time: event.time, position: event.position)
                case .up:
                    let v = tracker.velocity(releasedAt: event.time)
                    require(v.x.isFinite && v.y.isFinite, "non-finite velocity \(v)")
                }
            }
            let v = tracker.velocity()
            require(v.x.isFinite && v.y.isFinite, "non-finite velocity \(v)")
        }
    }
}
