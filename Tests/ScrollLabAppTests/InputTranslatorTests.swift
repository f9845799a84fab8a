import CSDL
import ScrollKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The SDL input translation, without a window: SDL events made by hand in, the lab's inputs out.
@MainActor
@Suite struct InputTranslatorTests {
    /// Two phones side by side, as `--compare a,b` places them.
    let context = InputTranslator.Context(time: 1, phones: [PhoneViewport(phone: 0).frame, PhoneViewport(phone: 1).frame])

    func button(_ type: SDL_EventType, x: Int32, y: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.x = x
        event.button.y = y
        return event
    }

    func motion(x: Int32, y: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.x = x
        event.motion.y = y
        return event
    }

    func wheel(y: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseY = y
        event.wheel.y = Int32(y)
        return event
    }

    /// A drag begun on the second phone is in that phone's points, to the end, wherever the pointer goes.
    @Test func aDragIsInThePointsOfThePhoneItBeganOn() {
        var input = InputTranslator()
        let down = input.translate(button(SDL_MOUSEBUTTONDOWN, x: 380, y: 160), context)
        #expect(down == [.pointer(PointerEvent(time: 1, position: Point(x: 20, y: 100), phase: .down), phone: 1)])
        let move = input.translate(motion(x: 300, y: 150), context)
        #expect(move == [.pointer(PointerEvent(time: 1, position: Point(x: -60, y: 90), phase: .move), phone: 1)])
        #expect(input.movesSinceDown == 1)
        let up = input.translate(button(SDL_MOUSEBUTTONUP, x: 300, y: 140), context)
        #expect(up == [.pointer(PointerEvent(time: 1, position: Point(x: -60, y: 80), phase: .up), phone: 1)])
        #expect(input.isIdle)
    }

    /// With phones side by side the mouse moving onto another phone, no button down, is a hover (once).
    @Test func hoveringOntoAPhoneIsSaidOnce() {
        var input = InputTranslator()
        #expect(input.translate(motion(x: 400, y: 100), context) == [.hover(phone: 1)])
        #expect(input.translate(motion(x: 410, y: 120), context).isEmpty)
        #expect(input.translate(motion(x: 100, y: 120), context) == [.hover(phone: 0)])
        let single = InputTranslator.Context(time: 1, phones: [PhoneViewport(phone: 0).frame])
        #expect(input.translate(motion(x: 200, y: 120), single).isEmpty)
    }

    /// A down off every phone, or while touches are blocked (help, replay), is not a touch; motion
    /// without a down is no sample.
    @Test func downsOffThePhonesAndBlockedDownsAreIgnored() {
        var input = InputTranslator()
        #expect(input.translate(button(SDL_MOUSEBUTTONDOWN, x: 900, y: 160), context).isEmpty)
        #expect(input.translate(motion(x: 100, y: 100), context) == [.hover(phone: 0)])   // not a move: no touch
        var blocked = context
        blocked.blocksTouches = true
        #expect(input.translate(button(SDL_MOUSEBUTTONDOWN, x: 100, y: 160), blocked).isEmpty)
        #expect(input.isIdle)
    }

    /// A wheel notch scrolls 40 pt (towards the user: the offset grows); a trackpad's fraction is precise.
    @Test func theWheelIsASampleWithItsDelta() {
        var input = InputTranslator()
        var c = context
        c.mouse = { (100, 160) }
        #expect(input.translate(wheel(y: -1), c)
                == [.pointer(.wheel(time: 1, position: Point(x: 80, y: 100), delta: Point(x: 0, y: 40), isPrecise: false), phone: 0)])
        #expect(input.translate(wheel(y: 0.25), c)
                == [.pointer(.wheel(time: 1, position: Point(x: 80, y: 100), delta: Point(x: 0, y: -10), isPrecise: true), phone: 0)])
    }

    /// Ctrl + wheel pinches a scene that zooms, about the pointer, and ends once the wheel rests;
    /// over a scene that does not zoom it is refused.
    @Test func controlWheelPinches() {
        var input = InputTranslator()
        var c = context
        c.mouse = { (100, 160) }
        c.control = true
        #expect(input.translate(wheel(y: 1), c) == [.pinchRefused])
        c.zooms = true
        #expect(input.translate(wheel(y: 1), c)
                == [.pointer(PointerEvent(time: 1, position: Point(x: 80, y: 100), phase: .pinch, scale: 1.1), phone: 0)])
        #expect(input.endIdleWheelPinch(at: 1.1) == nil)
        #expect(input.endIdleWheelPinch(at: 1.2)
                == .pointer(PointerEvent(time: 1.2, position: Point(x: 80, y: 100), phase: .pinchEnd), phone: 0))
        #expect(input.isIdle)
    }

    /// Focus lost mid-drag cancels the touch; keys are the table's names.
    @Test func focusLossCancelsAndKeysAreNamed() {
        var input = InputTranslator()
        _ = input.translate(button(SDL_MOUSEBUTTONDOWN, x: 100, y: 160), context)
        var focus = SDL_Event()
        focus.type = SDL_WINDOWEVENT.rawValue
        focus.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        #expect(input.translate(focus, context) == [.cancel(time: 1)])
        #expect(input.isIdle)
        var key = SDL_Event()
        key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = SDL_Keycode(SDLK_d.rawValue)
        #expect(input.translate(key, context) == [.key("d")])
        key.key.keysym.sym = SDL_Keycode(SDLK_F5.rawValue)
        #expect(input.translate(key, context) == [.key(.f5)])
    }

    func windowEvent(_ kind: SDL_WindowEventID) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(kind.rawValue)
        return event
    }

    /// A touch whose lift the window may never get ends when the window is hidden or minimized, and when
    /// the pointer comes back with the button up; a resize cancels it before the layout changes under it.
    /// With no touch, none of them cancels anything.
    @Test func aTouchTheWindowLosesIsCancelled() {
        for kind in [SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED] {
            var input = InputTranslator()
            _ = input.translate(button(SDL_MOUSEBUTTONDOWN, x: 100, y: 160), context)
            #expect(input.translate(windowEvent(kind), context) == [.cancel(time: 1)])
            #expect(input.isIdle)
            // A move is no sample of the ended touch (at most the hover the compare mode follows).
            #expect(input.translate(motion(x: 100, y: 120), context).allSatisfy { $0 == .hover(phone: 0) })
            #expect(input.translate(windowEvent(kind), context).isEmpty)
        }
        var input = InputTranslator()
        _ = input.translate(button(SDL_MOUSEBUTTONDOWN, x: 100, y: 160), context)
        #expect(input.translate(windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED), context) == [.cancel(time: 1), .resized])
        #expect(input.translate(windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED), context) == [.resized])
        // Back over the window: the button still held keeps the drag; released elsewhere ends it.
        var held = context, released = context
        held.leftButtonHeld = { true }
        released.leftButtonHeld = { false }
        _ = input.translate(button(SDL_MOUSEBUTTONDOWN, x: 100, y: 160), context)
        #expect(input.translate(windowEvent(SDL_WINDOWEVENT_ENTER), held).isEmpty)
        #expect(!input.isIdle)
        #expect(input.translate(windowEvent(SDL_WINDOWEVENT_ENTER), released) == [.cancel(time: 1)])
        #expect(input.isIdle)
        #expect(input.translate(windowEvent(SDL_WINDOWEVENT_ENTER), released).isEmpty)
    }

    /// A press during a wheel pinch ends the pinch first (a pinch never pages), then begins the touch.
    @Test func aPressEndsAWheelPinch() {
        var input = InputTranslator()
        var c = context
        c.mouse = { (100, 160) }
        c.control = true
        c.zooms = true
        _ = input.translate(wheel(y: -1), c)
        c.control = false
        #expect(input.translate(button(SDL_MOUSEBUTTONDOWN, x: 110, y: 170), c)
                == [.pointer(PointerEvent(time: 1, position: Point(x: 80, y: 100), phase: .pinchEnd), phone: 0),
                    .pointer(PointerEvent(time: 1, position: Point(x: 90, y: 110), phase: .down), phone: 0)])
        #expect(input.endIdleWheelPinch(at: 2) == nil)
        #expect(input.pointerDown)
    }
}
