import CSDL
import ScrollKit

extension LabApp {
    /// Wheel distance per notch, in points of content offset.
    static let wheelStep = 40.0

    /// Handles one SDL event stamped at app time `t`.
    func handle(_ event: inout SDL_Event, at t: Double) {
        let modelTime = modelClock.modelTime(atReal: t)
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            running = false
        case SDL_KEYDOWN where event.key.repeat == 0:
            handleKey(event.key.keysym.sym, at: t)
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != CSDL_TOUCH_MOUSEID:
            guard !showHelp, !isReplaying, viewport.contains(windowX: event.button.x, windowY: event.button.y) else { return }
            pointerDown = true
            send(.down, x: event.button.x, y: event.button.y, time: modelTime)
        case SDL_MOUSEMOTION where pointerDown && event.motion.which != CSDL_TOUCH_MOUSEID:
            send(.move, x: event.motion.x, y: event.motion.y, time: modelTime)
        case SDL_MOUSEBUTTONUP where pointerDown && event.button.button == UInt8(SDL_BUTTON_LEFT):
            pointerDown = false
            send(.up, x: event.button.x, y: event.button.y, time: modelTime)
        case SDL_MOUSEWHEEL:
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            guard !isReplaying, viewport.contains(windowX: mx, windowY: my) else { return }
            let flip: Double = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            // Wheel towards the user (y < 0) scrolls towards later content: the offset grows.
            let notches = Double(event.wheel.y) * flip
            scene.scroll(by: Point(x: 0, y: -notches * Self.wheelStep), time: modelTime)
            collectEvents()
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue):
            if pointerDown {
                // Focus lost mid-drag: the touch is cancelled (treated as a release by the model).
                pointerDown = false
                scene.cancelPointer(time: modelTime)
                collectEvents()
            }
        default:
            break
        }
    }

    private func send(_ phase: PointerPhase, x: Int32, y: Int32, time: Double) {
        let event = PointerEvent(time: time, position: viewport.phonePoint(windowX: x, windowY: y), phase: phase)
        if options.tracePointer {
            trace?.write(.object([("event", .string("pointer")), ("t_ms", .number(time * 1000)),
                                  ("x", .number(event.position.x)), ("y", .number(event.position.y)),
                                  ("phase", .string(phase.rawValue))]))
        }
        recordPointer(event)
        scene.pointer(event)
        collectEvents()
    }
}
