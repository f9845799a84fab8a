import LabKit
import ScrollKit

/// Drives the scroll model with fuzzed pointer events and checks its invariants.
enum FuzzModel {
    /// Size of one raw event: time, x, y (little-endian doubles) and a phase byte (down, move, up or a
    /// wheel whose x and y are its delta).
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
            let phase: PointerPhase = [.down, .move, .up, .wheel][Int(bytes[i + 24] % 4)]
            let point = Point(x: double(i + 8), y: double(i + 16))
            // A wheel sample's x and y are its delta (at the phone's corner).
            events.append(phase == .wheel ? .wheel(time: double(i), position: .zero, delta: point, isPrecise: bytes[i + 24] & 4 != 0)
                          : PointerEvent(time: double(i), position: point, phase: phase))
            i += rawEventSize
        }
        return events
    }

    /// Input layout: byte 0 chooses the options (see `makeScrollView`; bit 0: raw doubles, bit 6: also a
    /// grid scene). The rest is either raw events (`rawEvents`: NaN, infinities, 1e308 and backwards
    /// times reach the model unvalidated) or compact samples (`compactEvents`: a gesture as a person
    /// makes it). At most `maximumEvents` events are used, and every run is bounded in frames: compact
    /// input spans at most 15 s but mostly under 1 s, each replay settles for at most `settleFrames` frames after its last
    /// event (and steps at most that many frames across a stalled gap), so an input costs a few hundred
    /// frames at most.
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let flags = bytes.first else { return }
        let rest = UnsafeBufferPointer(rebasing: bytes[1...])
        let events = flags & 1 != 0 ? rawEvents(rest) : compactEvents(rest)
        run(Array(events.prefix(maximumEvents)), flags: flags, checksVelocity: flags & 1 == 0)
    }

    /// Most events a grid scene replays (its frames cost ten times a bare scroll view's).
    static let gridEvents = 16

    /// Frames a replay or a direct run steps after the last event (or across a gap) at most: 0.5 s.
    static let settleFrames = 30

    /// Most events used from one input.
    static let maximumEvents = 48

    /// Compact samples, 3 bytes each: the time step in ms (bits 0–3: 0–15, ×16 with bit 6 set for a
    /// pause; with bit 7 set, that many ms back),
    /// then signed x and y steps in points; a phase follows from the pointer state: a step after an
    /// `up` is a `down`, x step −128 lifts the pointer.
    static func compactEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> [PointerEvent] {
        var events: [PointerEvent] = []
        var time = 0.0, position = Point(x: 160, y: 300), isDown = false
        var i = 0
        while i + 3 <= bytes.count {
            let step = Double(bytes[i] & 0x0F) * (bytes[i] & 0x40 == 0 ? 1 : 16) / 1000
            time += bytes[i] & 0x80 == 0 ? step : -step
            let dx = Int8(bitPattern: bytes[i + 1]), dy = Int8(bitPattern: bytes[i + 2])
            position = Point(x: position.x + Double(dx == -128 ? 0 : dx), y: position.y + Double(dy))
            let phase: PointerPhase = !isDown ? .down : (dx == -128 ? .up : .move)
            isDown = phase != .up
            events.append(PointerEvent(time: time, position: position, phase: phase))
            i += 3
        }
        return events
    }

    /// Feeds `events` to the velocity tracker (both estimators), to a scroll view directly (options from
    /// `flags`: paging, iOS estimator, release by cancel, wide content) and to a scroll view through
    /// `HeadlessReplay` (callback order; for one gesture, the release velocity is the tracker's, as
    /// `scrolllab velocity` prints it); every invariant failure stops the run.
    static func run(_ events: [PointerEvent], flags: UInt8, checksVelocity: Bool) {
        runTracker(events)
        runScrollView(events, flags: flags)
        if flags & 0xC0 == 0xC0 { runGridScene(Array(events.prefix(gridEvents)), flags: flags) }
        let scrollView = makeScrollView(flags: flags)
        let scene = FuzzScene(scrollView: scrollView)
        var replay = HeadlessReplay()
        replay.timeLimit = Double(settleFrames) / 60
        let result = replay.run(events, on: scene)
        check(scene.scrollView)
        require(result.finalOffset.isFinite, "replay ended on a non-finite offset")
        for record in result.records {
            require(record.offset.isFinite && record.time.isFinite, "replay recorded \(record)")
        }
        checkOrder(result.records, settled: result.isSettled)
        if checksVelocity { checkReleaseVelocity(events, records: result.records, scrollView: scrollView, flags: flags) }
    }

    /// UIKit's callback order (B-EVT-1/3) for a scroll view with no delegate: willBeginDragging only
    /// when not dragging; willEndDragging only while dragging, then at once didEndDragging; after
    /// didEndDragging(willDecelerate: true) at once willBeginDecelerating; didEndDecelerating only when
    /// a deceleration is owed and no drag is on (a catch and lift pays the owed one); once settled,
    /// nothing is owed.
    static func checkOrder(_ records: [ScrollEventRecord], settled: Bool) {
        var dragging = false, owed = false
        var expected: String?
        for record in records where record.event != .didScroll {
            let name = record.event.name
            if let must = expected {
                require(name == must, "\(name) where \(must) must follow (at t=\(record.time))")
                expected = nil
            }
            switch record.event {
            case .willBeginDragging:
                require(!dragging, "willBeginDragging while dragging")
                dragging = true
            case .willEndDragging:
                require(dragging, "willEndDragging without a drag")
                expected = "didEndDragging"
            case let .didEndDragging(willDecelerate):
                dragging = false
                if willDecelerate { expected = "willBeginDecelerating" }
            case .willBeginDecelerating:
                owed = true
            case .didEndDecelerating:
                require(owed && !dragging, "didEndDecelerating with none owed (dragging: \(dragging))")
                owed = false
            case .didEndScrollingAnimation, .didScroll, .contentTouch, .willBeginZooming, .didZoom, .didEndZooming:
                break
            }
        }
        require(expected == nil, "the callbacks end where \(expected ?? "") must follow")
        if settled { require(!owed && !dragging, "settled with a deceleration owed or a drag open") }
    }

    /// For input that is one gesture (a down, moves, an up), released inside the content and judged at a
    /// speed between the fling limits (B-DEC-5: the tracker's `decisionVelocity` under UIKit's physics
    /// without paging, else its velocity against `minimumFlingVelocityInEffect`): `willEndDragging`
    /// reports the tracker's velocity, negated, in pt/ms.
    static func checkReleaseVelocity(_ events: [PointerEvent], records: [ScrollEventRecord], scrollView: ScrollView, flags: UInt8) {
        guard let up = events.last, up.phase == .up, events.count { $0.phase == .down } == 1,
              let release = records.first(where: { $0.event.name == "willEndDragging" }),
              case let .willEndDragging(velocity, _, _) = release.event else { return }
        var tracker = VelocityTracker(kind: scrollView.velocityEstimator)
        for event in events.dropLast() { tracker.addSample(time: event.time, position: event.position) }
        let pointer = tracker.velocity(releasedAt: up.time)
        let judged = tracker.decisionVelocity(releasedAt: up.time)
        let limits = scrollView.configuration
        let maxY = scrollView.contentSize.height - scrollView.frame.size.height
        // UIKit's physics without paging judges the recognizer's reading against the minimum fling; paging
        // and the other physics judge the pointer's velocity, axis by axis, against the minimum in effect.
        let flings = !scrollView.isPagingEnabled && limits.physics == .ios
            ? abs(judged.y) > limits.minimumFlingVelocity * 1.01
            : abs(pointer.y) > scrollView.minimumFlingVelocityInEffect * 1.01
        guard flings, abs(pointer.y) > DecaySimulation.stopVelocity,
              abs(pointer.y) < limits.maximumFlingVelocity * 0.99,
              release.offset.y > 0, release.offset.y < maxY else { return }
        let expected = -pointer.y / 1000
        require(abs(velocity.y - expected) <= 1e-9 * Swift.max(1, abs(expected)),
                "replay released at \(velocity.y) pt/ms, the tracker says \(expected)")
    }

    /// Replays `events` through a grid scene (policy chosen by `flags`); after every frame the pool has six
    /// views bound to items inside the grid, and the offset is finite.
    static func runGridScene(_ events: [PointerEvent], flags: UInt8) {
        var configuration = GridSceneConfiguration()
        let policies = LoadingPolicyKind.allCases
        configuration.policy = policies[Int(flags >> 1) % policies.count]
        let grid = GridScene(configuration: configuration)
        var replay = HeadlessReplay()
        replay.timeLimit = Double(settleFrames) / 60
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
            case .pinch, .pinchEnd, .wheel:
                scrollView.handle(event)
            }
            check(scrollView)
        }
        let start = scrollView.currentTime
        var frames = 0
        while scrollView.isMoving, frames < settleFrames {
            frames += 1
            scrollView.advance(to: start + Double(frames) / 60)
            check(scrollView)
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
                case .pinch, .pinchEnd, .wheel:
                    break
                }
            }
            let v = tracker.velocity()
            require(v.x.isFinite && v.y.isFinite, "non-finite velocity \(v)")
        }
    }
}
