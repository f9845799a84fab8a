#if SCROLLLAB_X11
import CSDL
import CX11Time
import LabKit
import ScrollLabCore

/// The X server's time of each input event: SDL delivers the raw XEvent as `SDL_SYSWMEVENT` right
/// before the SDL event it makes of it, in the same pump; its time (ms) is mapped onto the app clock
/// (`EventTimeMap`). A button press holds the mapping until the release, so one drag is timed on one.
@MainActor
final class X11EventTimes: EventTimeSource {
    let name = "x11-server"
    private var serverTimes = EventTimeMap()

    /// The X11 time source of `window`; nil when the window is not an X11 one. Asks the server for its
    /// time and waits for the answer, so the clock offset is known to within a round trip before the first
    /// gesture (`now`: the app clock). An answer left to the next pump bounded it only to within a frame:
    /// a drag right after launch was then mapped up to a frame ahead of its pumps.
    init?(window: OpaquePointer, now: () -> Double) {
        var serverMs: UInt32 = 0
        let probe = cx11_probe_timestamp(UnsafeMutableRawPointer(window), &serverMs)
        guard probe != 0 else { return nil }
        if probe == 2 { _ = serverTimes.appTime(ofRawMs: serverMs, receivedAt: now()) }
        cx11_catch_errors(UnsafeMutableRawPointer(window))
    }

    /// An X protocol error: with one window and nothing else of its own on the display, it means the
    /// window was destroyed under it (every drawing request then fails). Or the connection to the X server
    /// was lost (`displayWasLost`).
    func windowWasLost() -> Bool { cx11_take_error() != 0 || displayWasLost() }

    /// The connection to the X server was lost: the display is gone, not only the window.
    func displayWasLost() -> Bool { cx11_display_lost() != 0 }

    func rawEvent(_ event: inout SDL_Event, receivedAt: Double) -> (kind: RawEventKind, time: Double)? {
        var serverMs: UInt32 = 0
        let kind: RawEventKind
        switch withUnsafePointer(to: &event, { cx11_event_time($0, &serverMs) }) {
        case CX11_MOTION: kind = .motion
        case CX11_BUTTON_PRESS: kind = .buttonPress
        case CX11_BUTTON_RELEASE: kind = .buttonRelease
        case CX11_TIMESTAMP: kind = .timestamp
        default: return nil
        }
        let time = serverTimes.appTime(ofRawMs: serverMs, receivedAt: receivedAt)
        if kind == .buttonPress { serverTimes.hold() }
        if kind == .buttonRelease { serverTimes.release() }
        return (kind, time)
    }
}
#endif
