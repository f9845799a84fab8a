import CSDL

/// Collects SDL events many times per frame and stamps each with the high-resolution clock.
///
/// SDL stamps events with `SDL_GetTicks` (ms) when it pumps them, and a loop that pumps once per
/// frame sees a whole frame of motion with one timestamp. Instead the window pumps every ~1 ms
/// while it waits for the next frame, and stamps each event with `AppClock.now()` read just before
/// the pump that delivered it: the sample's time is then within about a millisecond of when the
/// X server handed the motion over, which is what velocity estimation needs.
@MainActor
struct InputPump {
    /// The clock events are stamped with.
    let clock: AppClock

    /// Pumps until `deadline` (app seconds), handing every event to `handle` with its stamp.
    /// Pumps at least once even when the deadline has passed.
    func pump(until deadline: Double, _ handle: (inout SDL_Event, Double) -> Void) {
        while true {
            drain(handle)
            let remaining = deadline - clock.now()
            if remaining <= 0 { return }
            // Sleep ~1 ms, or less right before the deadline.
            if remaining > 0.0015 {
                SDL_Delay(1)
            }
        }
    }

    /// One pump: everything queued now, stamped with the time just before the pump.
    func drain(_ handle: (inout SDL_Event, Double) -> Void) {
        let stamp = clock.now()
        SDL_PumpEvents()
        var event = SDL_Event()
        while SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0 {
            handle(&event, stamp)
        }
    }
}
