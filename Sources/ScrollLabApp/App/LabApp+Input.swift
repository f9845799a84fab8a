import CSDL
import ScrollKit
import ScrollLabCore

/// The input route: an SDL event becomes the lab's inputs (`InputTranslator`), and each reaches the
/// scenes through the phone driver's one `deliver`.
extension LabApp {
    /// Handles one SDL event stamped at app time `t`: the one place an event's time enters, converted to
    /// the model clock here and handed down.
    func handle(_ event: inout SDL_Event, at t: Double) {
        // Pointer positions in layout points, as SDL gave them while the layout was its logical size.
        sdl.mapToLayout(&event)
        let now = phoneDriver.time(atReal: t)
        // Pointer samples keep their own time (see `LabClock.sampleTime`): a sample handed over late keeps
        // its spacing; other events take the model clock's.
        let isPointer = [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEMOTION, SDL_FINGERDOWN, SDL_FINGERMOTION,
                         SDL_FINGERUP].contains(SDL_EventType(event.type))
        let time = isPointer ? phoneDriver.clock.sampleTime(atReal: t) : now.model
        for input in input.translate(event, inputContext(time: time)) { act(on: input, at: now) }
    }

    /// A touch in progress ends here, in the scene it began in, before a key changes what it touches (S, R,
    /// A): its callbacks reach the trace now, before the key's own lines, and nothing more of it is
    /// translated (its later moves and its lift reach no scene, nor a replay that starts now).
    func endTouchInProgress(at now: AppTime) {
        if input.pointerDown { phoneDriver.cancelTouch(at: now.model) }
        phoneDriver.collect()
        input.dropTouch()
    }

    /// What the translation needs of the app now.
    func inputContext(time: Double) -> InputTranslator.Context {
        let sdl = self.sdl, window = sdl.window
        return InputTranslator.Context(
            time: time, phones: phoneDriver.phones.map(\.viewport.frame), blocksTouches: hud.showHelp || isReplaying,
            isReplaying: isReplaying, zooms: scene.zooms, control: SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0,
            layoutPoint: { nx, ny in
                // SDL gives a touch normalized to the window.
                var width: Int32 = 0, height: Int32 = 0
                SDL_GetWindowSize(window, &width, &height)
                let (x, y) = sdl.layoutPoint(windowX: Int32(nx * Float(width)), windowY: Int32(ny * Float(height)))
                return (Int32(x.rounded()), Int32(y.rounded()))
            },
            mouse: {
                var mx: Int32 = 0, my: Int32 = 0
                SDL_GetMouseState(&mx, &my)
                let (x, y) = sdl.layoutPoint(windowX: mx, windowY: my)
                return (Int32(x.rounded()), Int32(y.rounded()))
            },
            // The display's own button state (SDL's is what it last heard from this window).
            leftButtonHeld: { SDL_GetGlobalMouseState(nil, nil) & (1 << (UInt32(SDL_BUTTON_LEFT) - 1)) != 0 })
    }

    /// Acts on one input at `now`.
    func act(on input: LabInput, at now: AppTime) {
        switch input {
        case .quit:
            loop.running = false
        case let .key(key):
            handleKey(key, at: now)
        case let .pointer(event, phone):
            if event.phase == .down || event.phase == .wheel || event.phase == .pinch { follow(phone, at: now) }
            if options.tracePointer { trace?.log.pointer(event, frame: meter.frameCount, phone: phoneDriver.isComparing ? phone : nil) }
            phoneDriver.deliver(event)
            if event.phase == .up { noteSlowRelease() }
            if event.phase == .move { stallIfAsked() }
        case let .hover(phone):
            if !self.input.pointerDown { follow(phone, at: now) }
        case let .cancel(time):
            phoneDriver.cancelTouch(at: time)
        case .pinchRefused:
            // A scene that does not zoom says so, and where zooming is.
            toast("Ctrl+wheel pinches to zoom in the photos scene (S); the \(scene.kind.name) does not zoom", at: clock.now())
        case .resized:
            windowDidResize()
        }
    }

    /// The HUD follows `phone`, the one under the pointer (compare mode); the trace says so.
    private func follow(_ phone: Int, at now: AppTime) {
        guard phone != phoneDriver.focus else { return }
        phoneDriver.focus = phone
        logSetting("focus", .int(phone), at: now.model)
    }

    /// B-DEC-5 made visible: a release that moved but was judged slower than the minimum fling speed in
    /// effect stops where it is; a toast says how slow it was, so a slow release that glides or not can be told apart.
    private func noteSlowRelease() {
        let view = scene.scrollView
        let speed = view.lastReleaseSpeed, minimum = view.minimumFlingVelocityInEffect
        guard speed >= 20, speed < minimum else { return }
        toast("released at \(Int(speed.rounded())) pt/s: under the \(Int(minimum)) pt/s minimum fling, no glide",
              at: clock.now())
    }

    /// `--debug-stall-at-sample N`: blocks the main thread for `--debug-stall-ms` right after the N-th
    /// move of each drag, as a slow frame would, to show that sample times do not depend on the pump.
    private func stallIfAsked() {
        guard let stallAt = options.debugStallAtSample, input.movesSinceDown == stallAt else { return }
        SDL_Delay(UInt32(options.debugStallMs))
    }
}
