import CSDL
import ScrollLabCore

/// The window's clock: seconds since the app started, from SDL's high-resolution performance counter.
///
/// This is the model time handed to ScrollKit (`advance(to:)`, pointer samples). SDL's own event
/// timestamps are `SDL_GetTicks` milliseconds taken when events are pumped, snapped to the frame and
/// often repeated, which ruins velocity estimates; the window stamps samples itself with this clock.
struct AppClock {
    private let start: UInt64
    private let ticksPerSecond: Double

    /// Starts the clock at zero now.
    init() {
        start = SDL_GetPerformanceCounter()
        ticksPerSecond = Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds since `init`.
    func now() -> Double {
        Double(SDL_GetPerformanceCounter() &- start) / ticksPerSecond
    }
}
