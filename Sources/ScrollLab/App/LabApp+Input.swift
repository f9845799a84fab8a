import CSDL
import ScrollKit
import ScrollLabCore

extension LabApp {
    /// Wheel distance per notch, in points of content offset.
    static let wheelStep = KeyTable.wheelStep

    /// Handles one SDL event stamped at app time `t`.
    func handle(_ event: inout SDL_Event, at t: Double) {
        // Pointer samples keep their own time (see `LabClock.sampleTime`); other events advance the clock.
        let isPointer = [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEMOTION, SDL_FINGERDOWN, SDL_FINGERMOTION,
                         SDL_FINGERUP].contains(SDL_EventType(event.type))
        let modelTime = isPointer ? modelClock.sampleTime(atReal: t) : modelClock.modelTime(atReal: t)
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
        case SDL_MOUSEBUTTONUP where pointerDown && touchFinger == nil && event.button.button == UInt8(SDL_BUTTON_LEFT)
            && event.button.which != CSDL_TOUCH_MOUSEID:
            pointerDown = false
            send(.up, x: event.button.x, y: event.button.y, time: modelTime)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP, SDL_MULTIGESTURE:
            guard !trackFingers(event, time: modelTime) else { return }
            handleFinger(event, at: modelTime)
        default:
            handleOther(event, at: modelTime)
        }
    }

    /// One finger drives the scroll view like the mouse (the first one down).
    private func handleFinger(_ event: SDL_Event, at modelTime: Double) {
        switch SDL_EventType(event.type) {
        case SDL_FINGERDOWN where !pointerDown:
            let (x, y) = windowPosition(of: event.tfinger)
            guard !showHelp, !isReplaying, viewport.contains(windowX: x, windowY: y) else { return }
            pointerDown = true
            touchFinger = event.tfinger.fingerId
            send(.down, x: x, y: y, time: modelTime)
        case SDL_FINGERMOTION where pointerDown && event.tfinger.fingerId == touchFinger:
            let (x, y) = windowPosition(of: event.tfinger)
            send(.move, x: x, y: y, time: modelTime)
        case SDL_FINGERUP where pointerDown && event.tfinger.fingerId == touchFinger:
            let (x, y) = windowPosition(of: event.tfinger)
            pointerDown = false
            touchFinger = nil
            send(.up, x: x, y: y, time: modelTime)
        default:
            break
        }
    }

    /// The rest of `handle`: wheel and focus.
    private func handleOther(_ event: SDL_Event, at modelTime: Double) {
        switch SDL_EventType(event.type) {
        case SDL_MOUSEWHEEL:
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            guard !isReplaying, viewport.contains(windowX: mx, windowY: my) else { return }
            let flip: Double = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            // Ctrl + wheel is a pinch about the pointer (as desktop trackpads deliver pinches).
            if SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0 {
                guard scene.zooms else {
                    // A scene that does not zoom says so, and where zooming is.
                    toast("Ctrl+wheel pinches to zoom in the photos scene (S); the \(scene.kind.name) does not zoom", at: clock.now())
                    return
                }
                wheelPinch(notches: Double(event.wheel.preciseY) * flip, windowX: mx, windowY: my, time: modelTime)
                return
            }
            // A wheel gives whole notches; a trackpad gives fractions of one (precise deltas), scrolled
            // as the same fraction of a notch's points. Towards the user (y < 0) the offset grows.
            let delta = Point(x: Double(event.wheel.preciseX) * flip * Self.wheelStep,
                              y: -Double(event.wheel.preciseY) * flip * Self.wheelStep)
            scene.scroll(by: delta, time: modelTime)
            collectEvents()
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            windowDidResize()
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

    /// Keeps the touchscreen fingers' positions; with two down they pinch (the drag of the first one
    /// ends: the scene hands it off when the pinch begins). Returns true when the event was the pinch's.
    private func trackFingers(_ event: SDL_Event, time: Double) -> Bool {
        let type = SDL_EventType(event.type)
        let pair = { Array(self.touchPoints.sorted { $0.key < $1.key }.map(\.value).prefix(2)) }
        if type == SDL_MULTIGESTURE {
            guard pinch != nil || event.mgesture.numFingers >= 2, !isReplaying else { return true }
            fingerPinch(pair(), time: time)
            return true
        }
        let (x, y) = windowPosition(of: event.tfinger)
        let id = event.tfinger.fingerId
        switch type {
        case SDL_FINGERUP:
            touchPoints[id] = nil
            if pinch != nil, touchPoints.count < 2 {
                endPinch(time: time)
                return true
            }
        default:
            if type == SDL_FINGERDOWN || touchPoints[id] != nil {
                touchPoints[id] = viewport.phonePoint(windowX: x, windowY: y)
            }
            if type == SDL_FINGERDOWN, touchPoints.count == 2, !isReplaying {
                // The second finger: the one-finger drag is over; the pinch takes the touch.
                pointerDown = false
                touchFinger = nil
                return true
            }
            if type == SDL_FINGERMOTION, touchPoints.count >= 2, !isReplaying {
                fingerPinch(pair(), time: time)
                return true
            }
        }
        return pinch != nil
    }

    /// A touch's position in window (logical) pixels: SDL gives it normalized to the window.
    private func windowPosition(of finger: SDL_TouchFingerEvent) -> (Int32, Int32) {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(sdl.window, &width, &height)
        var x: Float = 0, y: Float = 0
        SDL_RenderWindowToLogical(sdl.renderer, Int32(finger.x * Float(width)), Int32(finger.y * Float(height)), &x, &y)
        return (Int32(x.rounded()), Int32(y.rounded()))
    }

    private func send(_ phase: PointerPhase, x: Int32, y: Int32, time: Double) {
        let event = PointerEvent(time: time, position: viewport.phonePoint(windowX: x, windowY: y), phase: phase)
        if options.tracePointer { trace?.pointer(event, frame: frameCount) }
        recordPointer(event)
        scene.pointer(event)
        collectEvents()
        if phase == .up { noteSlowRelease() }
        stallIfAsked(after: phase)
    }

    /// B-DEC-4 made visible: a release that moved but was slower than the minimum fling speed stops
    /// where it is; a toast says how slow it was, so a slow release that glides or not can be told apart.
    private func noteSlowRelease() {
        let view = scene.scrollView
        let speed = view.lastReleaseSpeed, minimum = view.configuration.effectiveMinimumFlingVelocity
        guard speed >= 20, speed < minimum else { return }
        toast("released at \(Int(speed.rounded())) pt/s: under the \(Int(minimum)) pt/s minimum fling, no glide",
              at: clock.now())
    }

    /// `--debug-stall-at-sample N`: blocks the main thread for `--debug-stall-ms` right after the N-th
    /// move of each drag, as a slow frame would, to show that sample times do not depend on the pump.
    private func stallIfAsked(after phase: PointerPhase) {
        guard let stallAt = options.debugStallAtSample else { return }
        movesSinceDown = phase == .move ? movesSinceDown + 1 : 0
        if movesSinceDown == stallAt { SDL_Delay(UInt32(options.debugStallMs)) }
    }
}
