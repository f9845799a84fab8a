import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// Collects SDL events many times per frame and gives each pointer event the time it happened.
///
/// SDL stamps events with `SDL_GetTicks` when it pumps them, so a stalled main thread hands over the
/// moves queued meanwhile with one stamp. Where the window system gives its own event times (an
/// `EventTimeSource`: on X11 the server's, delivered as `SDL_SYSWMEVENT` right before the SDL event SDL
/// makes of it, in the same pump) a mouse motion or button event takes the time of the raw event just
/// before it. Touch events carry SDL's stamp of their own. Where there is none (offscreen, Wayland,
/// a build without X11) an event is stamped with `AppClock.now()`
/// read just before the pump that delivered it; the window pumps every ~1 ms while it waits for the
/// next frame, so that stamp is within about a millisecond of the event when the thread is not stalled.
@MainActor
final class InputPump {
    /// Which clock pointer samples are stamped with (the HUD and the trace header name it).
    enum TimeSource: String {
        /// The X server's event time, mapped onto the app clock.
        case x11Server = "x11-server"
        /// The time of the pump that delivered the event.
        case pump
    }

    /// The clock events are stamped with.
    let clock: AppClock
    /// The source pointer samples are stamped with.
    private(set) var timeSource = TimeSource.pump
    /// The window system's event times, nil where there are none.
    private let source: (any EventTimeSource)?
    /// SDL's touch stamps (`SDL_GetTicks` ms) → app time.
    private var touchTimes = EventTimeMap()

    /// Starts taking raw window-system events; on X11 also asks the server for its time, so the clock
    /// offset is known before the first gesture.
    init(clock: AppClock, window: OpaquePointer?) {
        self.clock = clock
        source = window.flatMap { EventTimeSources.make(window: $0, now: clock.now) }
        guard source != nil else { return }
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
        timeSource = .x11Server
    }

    /// True once the window system reported the window gone (see `EventTimeSource.windowWasLost`).
    func windowWasLost() -> Bool { source?.windowWasLost() ?? false }

    /// True once the connection to the display was lost (see `EventTimeSource.displayWasLost`).
    func displayWasLost() -> Bool { source?.displayWasLost() ?? false }

    /// Pumps until `deadline` (app seconds), handing every event to `handle` with its time.
    /// Pumps at least once even when the deadline has passed.
    func pump(until deadline: Double, _ handle: (inout SDL_Event, Double) -> Void) {
        while true {
            drain(handle)
            let remaining = deadline - clock.now()
            if remaining <= 0 { return }
            // Sleep ~1 ms, or just the rest right before the deadline (no busy wait).
            if remaining > 0.0015 {
                SDL_Delay(1)
            } else {
                usleep(UInt32(remaining * 1_000_000))
            }
        }
    }

    /// One pump: everything queued now, each event with its time (see the type's comment).
    /// Raw window-system events are consumed here and not handed on.
    func drain(_ handle: (inout SDL_Event, Double) -> Void) {
        let stamp = clock.now()
        SDL_PumpEvents()
        let received = clock.now()
        var raw: (kind: RawEventKind, time: Double)?
        var event = SDL_Event()
        while SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0 {
            var time = stamp
            // A mouse event takes the time of the raw event of its kind before it (SDL may queue other
            // events, e.g. focus and enter, between the two); a raw event is used at most once.
            func take(_ kind: RawEventKind) {
                if let pending = raw, pending.kind == kind {
                    time = pending.time
                    raw = nil
                }
            }
            switch SDL_EventType(event.type) {
            case SDL_SYSWMEVENT:
                raw = source?.rawEvent(&event, receivedAt: received) ?? raw
                continue
            case SDL_MOUSEMOTION:
                take(.motion)
            case SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL:
                take(.buttonPress)
            case SDL_MOUSEBUTTONUP:
                take(.buttonRelease)
            case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
                time = touchTimes.appTime(ofRawMs: event.tfinger.timestamp, receivedAt: received)
            default:
                break
            }
            handle(&event, time)
        }
    }
}
