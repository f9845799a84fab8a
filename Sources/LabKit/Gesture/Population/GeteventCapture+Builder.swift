import ScrollKit

extension GeteventCapture {
    /// The most events of one finger held back before its drag has begun (4096: 17 s of a 240 Hz panel).
    public static let holdLimit = 4096

    /// Turns frames of contacts into gestures.
    ///
    /// One finger is a drag; a second finger ends it and pinches until one of the two lifts; the finger
    /// left may drag on; a second finger again is a new pinch. A finger's events are held back until it
    /// leaves the slop (`ScrollViewConfiguration.touchSlop`) of where it went down, as the scroll view's
    /// drag begins only then: a touch that a pinch interrupts before that is left out (UIKit cancels it for
    /// the pinch; written, its down and up would replay as a tap), and so is a finger left after a pinch
    /// that lifts without moving (a lift, not a tap). A finger that goes down and lifts alone is written as
    /// it was, a tap included.
    struct Builder: Sendable {
        let capture: GeteventCapture
        /// What the last frames completed, taken by the reader after each line.
        var outbox: [Output] = []
        /// Why the last event would not make a gesture file `replay` accepts, if it would not, and whether
        /// the reason is time going back (the reader names the line whose stamp went back).
        var problem: String?
        var timeWentBack = false
        /// Events of the current sequence written, and of the file.
        var count = 0
        var fileCount = 0
        /// The file's lines checked as the parser checks them.
        var check = GestureFileParser()
        /// The device-to-phone shift of the current sequence.
        var shift = Point.zero
        var stage = Stage.idle
        var lastPosition = Point.zero
        var lastTime = 0.0

        /// Where the current touch sequence is.
        enum Stage: Sendable {
            /// No finger down.
            case idle
            /// One finger, followed by its id.
            case touch(Touch)
            /// Two or more fingers, pinching; their distance when it began.
            case pinch(distance: Double)
        }

        /// A finger being followed: where it went down (phone points), its events held back while its drag
        /// has not begun (with the file's check as it will be once they are written), and whether it is
        /// written if it lifts in the slop (a tap: not after a pinch).
        struct Touch: Sendable {
            var id: Int
            var origin: Point
            var held: [PointerEvent]
            var heldCheck: GestureFileParser?
            var liftIsWritten: Bool
        }

        init(capture: GeteventCapture) { self.capture = capture }

        mutating func frame(time: Double, slots: [Int: Contact]) {
            guard problem == nil else { return }
            let down = slots.sorted { $0.key < $1.key }.compactMap { _, c -> (Int, Point)? in
                guard let x = c.x, let y = c.y else { return nil }
                return (c.id, capture.points(x: x, y: y))
            }
            if down.isEmpty {
                finish(time: time)
                return
            }
            if case .idle = stage {
                // A new sequence: placed at the same fraction of the lab's phone as of the device's screen,
                // by its finger, or by the midpoint of two landing together (the pinch's focus).
                let p = down.count >= 2 ? Point(x: (down[0].1.x + down[1].1.x) / 2, y: (down[0].1.y + down[1].1.y) / 2) : down[0].1
                let screen = capture.screen, phone = BrowsingSessionGenerator.phone
                let target = Point(x: p.x / Swift.max(1, screen.width) * phone.width, y: p.y / Swift.max(1, screen.height) * phone.height)
                shift = Point(x: target.x - p.x, y: target.y - p.y)
                if down.count == 1 {
                    begin(down[0], time: time, liftIsWritten: true)
                    return
                }
            }
            if down.count >= 2 {
                let a = down[0].1, b = down[1].1
                let distance = Swift.max(1, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
                let start: Double
                switch stage {
                case let .pinch(d):
                    start = d
                case let .touch(touch):
                    // A drag that began ends; a touch still in its slop is left out.
                    if touch.heldCheck == nil { add(PointerEvent(time: time, position: lastPosition, phase: .up)) }
                    start = distance
                case .idle:
                    start = distance
                }
                stage = .pinch(distance: start)
                var e = PointerEvent(time: time, position: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2).shifted(by: shift), phase: .pinch)
                e.scale = Swift.min(GestureFile.scaleLimit, Swift.max(1 / GestureFile.scaleLimit, distance / start))
                add(e)
                return
            }
            switch stage {
            case .pinch:
                // One finger of two lifted: the pinch ends, the other may drag on.
                add(PointerEvent(time: time, position: lastPosition, phase: .pinchEnd))
                begin(down[0], time: time, liftIsWritten: false)
            case var .touch(touch):
                let me = down.first(where: { $0.0 == touch.id }) ?? down[0]
                let e = PointerEvent(time: time, position: me.1.shifted(by: shift), phase: .move)
                guard var heldCheck = touch.heldCheck else {
                    add(e)
                    return
                }
                validate(e, with: &heldCheck)
                touch.held.append(e)
                touch.heldCheck = heldCheck
                let moved = e.position.distance(to: touch.origin)
                if moved >= ScrollViewConfiguration().touchSlop || touch.held.count >= GeteventCapture.holdLimit {
                    write(&touch)
                }
                stage = .touch(touch)
            case .idle:
                break
            }
        }

        /// A finger goes down (its events held back until it leaves the slop).
        mutating func begin(_ finger: (Int, Point), time: Double, liftIsWritten: Bool) {
            let e = PointerEvent(time: time, position: finger.1.shifted(by: shift), phase: .down)
            var heldCheck = check
            validate(e, with: &heldCheck)
            stage = .touch(Touch(id: finger.0, origin: e.position, held: [e], heldCheck: heldCheck, liftIsWritten: liftIsWritten))
        }

        /// Writes a touch's held events: its drag has begun (or it lifted, and is written).
        mutating func write(_ touch: inout Touch) {
            guard let heldCheck = touch.heldCheck else { return }
            check = heldCheck
            for e in touch.held { emit(e) }
            touch.held = []
            touch.heldCheck = nil
        }

        /// Checks an event and writes it.
        mutating func add(_ e: PointerEvent) {
            let e = Self.rounded(e)
            var parser = check
            validate(e, with: &parser)
            check = parser
            emit(e)
        }

        /// Positions kept to 1/1000 pt and times to the microsecond, as the file holds them.
        static func rounded(_ e: PointerEvent) -> PointerEvent {
            var e = e
            e.time = (e.time * 1e6).rounded() / 1e6
            e.position = Point(x: (e.position.x * 1000).rounded() / 1000, y: (e.position.y * 1000).rounded() / 1000)
            return e
        }

        /// The parser's own checks (finite, in bounds, the pointer's order) on the line the file will hold.
        /// Lines of several devices may interleave a little out of order; a gesture's own time may not go back.
        mutating func validate(_ e: PointerEvent, with parser: inout GestureFileParser) {
            let e = Self.rounded(e)
            if e.time < lastTime, fileCount > 0 || count > 0 || parser.isDown {
                problem = "time goes back (\(e.time) s after \(lastTime) s, from the capture's first line)"
                timeWentBack = true
            }
            let line = GestureFile.serialize([e]).utf8.dropLast()
            do throws(GestureFileError) { _ = try parser.parse(line: line) } catch {
                let text = error.description, prefix = "line \(error.line): "
                problem = "the gesture file it makes would be refused (\(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text))"
                timeWentBack = false
            }
            lastTime = e.time
            if e.phase != .pinchEnd { lastPosition = e.position }
        }

        /// Writes a checked event.
        mutating func emit(_ e: PointerEvent) {
            let e = Self.rounded(e)
            count += 1
            fileCount += 1
            outbox.append(.event(e))
        }

        /// Ends the touch sequence: its file (or, in a session, its touch) is whole.
        mutating func finish(time: Double) {
            switch stage {
            case .idle:
                return
            case .pinch:
                add(PointerEvent(time: time, position: lastPosition, phase: .pinchEnd))
            case var .touch(touch):
                if touch.heldCheck != nil {
                    guard touch.liftIsWritten else { break }
                    write(&touch)
                }
                add(PointerEvent(time: time, position: lastPosition, phase: .up))
            }
            if count > 0 { outbox.append(capture.wholeSession ? .endOfTouch : .endOfGesture) }
            count = 0
            if !capture.wholeSession {
                check = GestureFileParser()
                fileCount = 0
            }
            stage = .idle
        }

        /// Ends the capture: a session's one gesture, if it has any event.
        mutating func endSession() {
            guard capture.wholeSession, problem == nil, fileCount > 0 else { return }
            outbox.append(.endOfGesture)
            fileCount = 0
        }
    }
}

private extension Point {
    func shifted(by d: Point) -> Point { Point(x: x + d.x, y: y + d.y) }
    func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
}
