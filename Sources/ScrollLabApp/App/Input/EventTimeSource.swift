import CSDL
import ScrollLabCore

/// The window system's own time of pointer events (B-VEL-1), behind one small interface. On X11 it is
/// the server's event time (`X11EventTimes`, compiled in unless the build is `make build NO_X11=1`);
/// where there is none (other video drivers, offscreen, a build without X11) the `InputPump` stamps
/// each event with the time of the pump that delivered it.
@MainActor
protocol EventTimeSource: AnyObject {
    /// The name the HUD and the trace give the clock (`x11-server`).
    var name: String { get }
    /// A raw window-system event (`SDL_SYSWMEVENT`): its kind and the app time it happened, if it
    /// carries a time; `receivedAt` is the app time of the pump that delivered it.
    func rawEvent(_ event: inout SDL_Event, receivedAt: Double) -> (kind: RawEventKind, time: Double)?
    /// True once the window system reported the window gone (destroyed by another client, or the whole
    /// display lost): the app then closes as if asked to, writing its trace's summary.
    func windowWasLost() -> Bool
    /// True once the connection to the display itself was lost (the X server gone).
    func displayWasLost() -> Bool
}

/// What a raw window-system event with a time is, for matching it with the SDL event made of it.
enum RawEventKind: Equatable {
    case motion, buttonPress, buttonRelease, timestamp
}

@MainActor
enum EventTimeSources {
    /// The window system's event times for `window`, nil where this build or its video driver gives none;
    /// `now` is the app clock.
    static func make(window: OpaquePointer, now: () -> Double) -> (any EventTimeSource)? {
        #if SCROLLLAB_X11
        return X11EventTimes(window: window, now: now)
        #else
        return nil
        #endif
    }
}
