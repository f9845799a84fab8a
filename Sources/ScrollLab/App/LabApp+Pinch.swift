import CSDL
import ScrollKit

/// Pinch input (B-ZOOM-1): Ctrl + wheel about the mouse pointer, and two touchscreen fingers (SDL's
/// finger events give the positions, `SDL_MULTIGESTURE` the moments the pair moved). Each sample goes to
/// the scene as a `pinch` pointer event with the scale since the pinch began, then a `pinchEnd`; F5
/// records them and `--replay` plays them back like any pointer sample.
extension LabApp {
    /// Scale per wheel notch (up: in, down: out).
    static let wheelPinchStep = 1.1
    /// A wheel pinch ends once the wheel has been still this long (seconds of model time).
    static let wheelPinchEndDelay = 0.15

    /// Ctrl + wheel: `notches` up zoom in about the mouse at window (`x`, `y`).
    func wheelPinch(notches: Double, windowX x: Int32, windowY y: Int32, time: Double) {
        guard notches.isFinite, notches != 0 else { return }
        let position = viewport.phonePoint(windowX: x, windowY: y)
        var pinch = self.pinch ?? PinchInput(source: .wheel, position: position, lastTime: time)
        guard pinch.source == .wheel else { return }
        pinch.scale *= pow(Self.wheelPinchStep, notches)
        pinch.position = position
        pinch.lastTime = time
        self.pinch = pinch
        sendPinch(.pinch, pinch, time: time)
    }

    /// Two fingers: `points` are the touchscreen fingers down (phone points); a pinch runs while two are.
    func fingerPinch(_ points: [Point], time: Double) {
        guard points.count >= 2 else {
            endPinch(time: time)
            return
        }
        let (a, b) = (points[0], points[1])
        let distance = (a - b).length
        let centre = (a + b) / 2
        guard distance > 0 else { return }
        var pinch = self.pinch ?? PinchInput(source: .fingers(startDistance: distance), position: centre, lastTime: time)
        guard case let .fingers(start) = pinch.source else { return }
        pinch.scale = distance / start
        pinch.position = centre
        pinch.lastTime = time
        self.pinch = pinch
        sendPinch(.pinch, pinch, time: time)
    }

    /// Ends a wheel pinch that has rested long enough (called every frame).
    func endIdleWheelPinch(at time: Double) {
        guard let pinch, pinch.source == .wheel, time - pinch.lastTime >= Self.wheelPinchEndDelay else { return }
        endPinch(time: time)
    }

    /// Ends the pinch in progress, if any.
    func endPinch(time: Double) {
        guard let pinch else { return }
        self.pinch = nil
        sendPinch(.pinchEnd, pinch, time: time)
    }

    private func sendPinch(_ phase: PointerPhase, _ pinch: PinchInput, time: Double) {
        let event = PointerEvent(time: time, position: pinch.position, phase: phase, scale: phase == .pinch ? pinch.scale : 1)
        if options.tracePointer {
            trace?.write(.object([("event", .string("pointer")), ("t_ms", .number(time * 1000)),
                                  ("x", .number(event.position.x)), ("y", .number(event.position.y)),
                                  ("phase", .string(phase.rawValue)), ("scale", .number(event.scale)),
                                  ("frame", .int(frameCount))]))
        }
        recordPointer(event)
        scene.pointer(event)
        collectEvents()
    }
}
