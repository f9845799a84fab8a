import CSDL
import ScrollKit
import ScrollLabCore

/// SDL's events in, the lab's inputs out (`LabInput`): the mouse and the first touchscreen finger drive
/// the scroll view, a second finger or Ctrl + wheel pinches (B-ZOOM-1), the wheel scrolls. It keeps
/// what a translation needs between events — the pointer down, the fingers, the pinch — and nothing of
/// the scene, so it is tested without a window (as Dear ImGui's SDL backend keeps input apart from the core).
struct InputTranslator {
    /// Wheel distance per notch, in points of content offset.
    static let wheelStep = KeyTable.wheelStep
    /// Scale per wheel notch (up: in, down: out).
    static let wheelPinchStep = 1.1
    /// A wheel pinch ends once the wheel has been still this long (seconds of model time).
    static let wheelPinchEndDelay = 0.15

    /// What the translation needs to know of the app for one event.
    struct Context {
        /// The event's model time (a pointer sample's own, see `LabClock.sampleTime`).
        var time: Double
        /// The phones' screens in layout points (the window's logical coordinates), left to right.
        var phones: [Rect]
        /// True while touches are not taken (the help is shown, a replay runs): a down is ignored.
        var blocksTouches = false
        /// True while a replay runs: the wheel and pinches are ignored too.
        var isReplaying = false
        /// True when the scene zooms (Ctrl + wheel pinches it).
        var zooms = false
        /// True while Ctrl is held.
        var control = false
        /// A touch's position (normalized to the window, as SDL gives it) in layout points.
        var layoutPoint: (Float, Float) -> (x: Int32, y: Int32) = { x, y in (Int32(x), Int32(y)) }
        /// Where the mouse is now, in layout points (a wheel event's own position is not mapped to the layout,
        /// as SDL's logical size did not map it: `SDLWindow.mapToLayout`).
        var mouse: () -> (x: Int32, y: Int32) = { (0, 0) }
        /// True while the mouse's left button is held, as the display has it now (not as SDL last heard).
        var leftButtonHeld: () -> Bool = { true }

        /// The phone whose screen holds layout point (`x`, `y`).
        func phone(atX x: Int32, y: Int32) -> Int? {
            phones.firstIndex { $0.contains(Point(x: Double(x), y: Double(y))) }
        }
    }

    /// True between a down and its up (or its cancel).
    private(set) var pointerDown = false
    /// The phone the touch began on: moves and the lift are in its points.
    private(set) var phone = 0
    /// The finger driving the scroll view when a touchscreen is used, nil for the mouse.
    private(set) var touchFinger: SDL_FingerID?
    /// The touchscreen fingers down, phone points (two make a pinch).
    private(set) var touchPoints: [SDL_FingerID: Point] = [:]
    /// The pinch in progress (Ctrl + wheel or two fingers), nil when none.
    private(set) var pinch: PinchInput?
    /// Moves of the current drag so far (`--debug-stall-at-sample`).
    private(set) var movesSinceDown = 0
    /// The phone the mouse was last over with no button down.
    private var hovered: Int?

    /// True when no touch, finger or pinch is in progress.
    var isIdle: Bool { !pointerDown && pinch == nil && touchPoints.isEmpty }

    /// The inputs one SDL event makes (none, one, or a pinch's end and a key, …).
    mutating func translate(_ event: SDL_Event, _ c: Context) -> [LabInput] {
        let left = UInt8(SDL_BUTTON_LEFT)
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_KEYDOWN where event.key.repeat == 0:
            return Self.key(event.key.keysym.sym).map { [.key($0)] } ?? []
        case SDL_MOUSEBUTTONDOWN where event.button.button == left && event.button.which != CSDL_TOUCH_MOUSEID:
            guard !c.blocksTouches, let phone = c.phone(atX: event.button.x, y: event.button.y) else { return [] }
            // A wheel pinch's fingers are off the trackpad once the button is pressed: the pinch ends first,
            // so a drag never pages a pager a pinch still holds.
            let pinchEnd = pinch?.source == .wheel ? endPinch(time: c.time) : nil
            pointerDown = true
            self.phone = phone
            return (pinchEnd.map { [$0] } ?? []) + [sample(.down, x: event.button.x, y: event.button.y, c)]
        case SDL_MOUSEMOTION where pointerDown && event.motion.which != CSDL_TOUCH_MOUSEID:
            return [sample(.move, x: event.motion.x, y: event.motion.y, c)]
        case SDL_MOUSEMOTION where event.motion.which != CSDL_TOUCH_MOUSEID:
            guard c.phones.count > 1, let phone = c.phone(atX: event.motion.x, y: event.motion.y), phone != hovered else { return [] }
            hovered = phone
            return [.hover(phone: phone)]
        case SDL_MOUSEBUTTONUP where pointerDown && touchFinger == nil && event.button.button == left
            && event.button.which != CSDL_TOUCH_MOUSEID:
            pointerDown = false
            return [sample(.up, x: event.button.x, y: event.button.y, c)]
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP, SDL_MULTIGESTURE:
            if let pinched = trackFingers(event, c) { return pinched }
            return finger(event, c)
        case SDL_MOUSEWHEEL:
            return wheel(event.wheel, c)
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            // The layout changes under a finger that did not move: a touch in progress is cancelled, not
            // read as the distance its point moved in the new layout.
            return cancelTouch(c) + [.resized]
        case SDL_WINDOWEVENT where Self.losesTouch.contains(event.window.event):
            return cancelTouch(c)
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_ENTER.rawValue):
            // The pointer comes back with the button up: its release went elsewhere (another client's grab).
            guard pointerDown, touchFinger == nil, !c.leftButtonHeld() else { return [] }
            return cancelTouch(c)
        default:
            return []
        }
    }

    /// The window events after which a touch in progress gets no lift: focus lost, hidden, minimized.
    private static let losesTouch = [SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED].map { UInt8($0.rawValue) }

    /// A touch in progress is cancelled at the event's time; nothing more of it is translated.
    private mutating func cancelTouch(_ c: Context) -> [LabInput] {
        guard pointerDown else { return [] }
        pointerDown = false
        touchFinger = nil
        return [.cancel(time: c.time)]
    }

    /// The touch ends without an up (the scene is switched under it): nothing more of it is translated.
    mutating func dropTouch() {
        pointerDown = false
        touchFinger = nil
    }

    /// The end of a wheel pinch that has rested `wheelPinchEndDelay` by model time `time` (asked every frame).
    mutating func endIdleWheelPinch(at time: Double) -> LabInput? {
        guard let pinch, pinch.source == .wheel, time - pinch.lastTime >= Self.wheelPinchEndDelay else { return nil }
        return endPinch(time: time)
    }

    /// The table's name for an SDL key, nil for keys no binding can name.
    static func key(_ code: SDL_Keycode) -> Key? {
        switch Int(code) {
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_F5.rawValue): return .f5
        case Int(SDLK_F12.rawValue): return .f12
        case 32..<127: return Unicode.Scalar(UInt32(code)).map { .character(Character($0)) }
        default: return nil
        }
    }

    // MARK: - Samples

    /// A sample at layout point (`x`, `y`), in the points of the phone the touch is on.
    private mutating func sample(_ phase: PointerPhase, x: Int32, y: Int32, _ c: Context) -> LabInput {
        movesSinceDown = phase == .move ? movesSinceDown + 1 : 0
        return .pointer(PointerEvent(time: c.time, position: phonePoint(x: x, y: y, on: phone, c), phase: phase), phone: phone)
    }

    private func phonePoint(x: Int32, y: Int32, on phone: Int, _ c: Context) -> Point {
        let frame = c.phones.indices.contains(phone) ? c.phones[phone] : Rect(x: 0, y: 0, width: 0, height: 0)
        return Point(x: Double(x) - frame.minX, y: Double(y) - frame.minY)
    }

    /// One finger drives the scroll view like the mouse (the first one down).
    private mutating func finger(_ event: SDL_Event, _ c: Context) -> [LabInput] {
        let (x, y) = c.layoutPoint(event.tfinger.x, event.tfinger.y)
        switch SDL_EventType(event.type) {
        case SDL_FINGERDOWN where !pointerDown:
            guard !c.blocksTouches, let phone = c.phone(atX: x, y: y) else { return [] }
            pointerDown = true
            self.phone = phone
            touchFinger = event.tfinger.fingerId
            return [sample(.down, x: x, y: y, c)]
        case SDL_FINGERMOTION where pointerDown && event.tfinger.fingerId == touchFinger:
            return [sample(.move, x: x, y: y, c)]
        case SDL_FINGERUP where pointerDown && event.tfinger.fingerId == touchFinger:
            pointerDown = false
            touchFinger = nil
            return [sample(.up, x: x, y: y, c)]
        default:
            return []
        }
    }

    /// The wheel: Ctrl + wheel pinches about the pointer (as desktop trackpads deliver pinches); else a
    /// wheel gives whole notches and a trackpad fractions of one (precise deltas), scrolled as the same
    /// fraction of a notch's points. Towards the user (y < 0) the offset grows.
    private mutating func wheel(_ wheel: SDL_MouseWheelEvent, _ c: Context) -> [LabInput] {
        let (x, y) = c.mouse()
        guard !c.isReplaying, let phone = c.phone(atX: x, y: y) else { return [] }
        let flip: Double = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
        let position = phonePoint(x: x, y: y, on: phone, c)
        if c.control {
            guard c.zooms else { return [.pinchRefused] }
            let notches = Double(wheel.preciseY) * flip
            guard notches.isFinite, notches != 0 else { return [] }
            var pinch = self.pinch ?? PinchInput(source: .wheel, position: position, lastTime: c.time)
            guard pinch.source == .wheel else { return [] }
            pinch.scale *= pow(Self.wheelPinchStep, notches)
            pinch.position = position
            pinch.lastTime = c.time
            self.pinch = pinch
            return [pinchSample(.pinch, pinch, time: c.time, phone: phone)]
        }
        let precise = wheel.preciseX.rounded() != wheel.preciseX || wheel.preciseY.rounded() != wheel.preciseY
        let delta = Point(x: Double(wheel.preciseX) * flip * Self.wheelStep, y: -Double(wheel.preciseY) * flip * Self.wheelStep)
        return [.pointer(.wheel(time: c.time, position: position, delta: delta, isPrecise: precise), phone: phone)]
    }

    // MARK: - Pinches

    /// Keeps the touchscreen fingers' positions; with two down they pinch (the drag of the first one ends:
    /// the scene hands it off when the pinch begins). Returns the inputs when the event was the pinch's.
    private mutating func trackFingers(_ event: SDL_Event, _ c: Context) -> [LabInput]? {
        let type = SDL_EventType(event.type)
        if type == SDL_MULTIGESTURE {
            guard pinch != nil || event.mgesture.numFingers >= 2, !c.isReplaying else { return [] }
            return fingerPinch(c)
        }
        let (x, y) = c.layoutPoint(event.tfinger.x, event.tfinger.y)
        let id = event.tfinger.fingerId
        switch type {
        case SDL_FINGERUP:
            touchPoints[id] = nil
            if pinch != nil, touchPoints.count < 2 { return endPinch(time: c.time).map { [$0] } ?? [] }
        default:
            if type == SDL_FINGERDOWN, touchPoints.isEmpty, let phone = c.phone(atX: x, y: y) { self.phone = phone }
            if type == SDL_FINGERDOWN || touchPoints[id] != nil { touchPoints[id] = phonePoint(x: x, y: y, on: phone, c) }
            if type == SDL_FINGERDOWN, touchPoints.count == 2, !c.isReplaying {
                // The second finger: the one-finger drag is over; the pinch takes the touch.
                pointerDown = false
                touchFinger = nil
                return []
            }
            if type == SDL_FINGERMOTION, touchPoints.count >= 2, !c.isReplaying { return fingerPinch(c) }
        }
        return pinch != nil ? [] : nil
    }

    /// Two fingers: a pinch sample about their centre, scaled by their distance since it began.
    private mutating func fingerPinch(_ c: Context) -> [LabInput] {
        let points = Array(touchPoints.sorted { $0.key < $1.key }.map(\.value).prefix(2))
        guard points.count >= 2 else { return endPinch(time: c.time).map { [$0] } ?? [] }
        let (a, b) = (points[0], points[1])
        let distance = (a - b).length
        let centre = (a + b) / 2
        guard distance > 0 else { return [] }
        var pinch = self.pinch ?? PinchInput(source: .fingers(startDistance: distance), position: centre, lastTime: c.time)
        guard case let .fingers(start) = pinch.source else { return [] }
        pinch.scale = distance / start
        pinch.position = centre
        pinch.lastTime = c.time
        self.pinch = pinch
        return [pinchSample(.pinch, pinch, time: c.time, phone: phone)]
    }

    private mutating func endPinch(time: Double) -> LabInput? {
        guard let pinch else { return nil }
        self.pinch = nil
        return pinchSample(.pinchEnd, pinch, time: time, phone: phone)
    }

    private func pinchSample(_ phase: PointerPhase, _ pinch: PinchInput, time: Double, phone: Int) -> LabInput {
        .pointer(PointerEvent(time: time, position: pinch.position, phase: phase, scale: phase == .pinch ? pinch.scale : 1),
                 phone: phone)
    }
}
