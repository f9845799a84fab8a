import CSDL
import ScrollLabCore

/// The window's clock: seconds since the app started, from SDL's high-resolution performance counter; and
/// beside it the render thread's wait for a CPU (`renderThreadWait`).
///
/// This is the model time handed to ScrollKit (`advance(to:)`, pointer samples). SDL's own event
/// timestamps are `SDL_GetTicks` milliseconds taken when events are pumped, snapped to the frame and
/// often repeated, which ruins velocity estimates; the window stamps samples itself with this clock.
struct AppClock {
    private let start: UInt64
    private let ticksPerSecond: Double
    /// The wait of the thread that made the clock, the render thread (nil: not kept here).
    private let runQueue = RunQueueClock()

    /// Starts the clock at zero now; made on the render thread, whose wait it tells.
    init() {
        start = SDL_GetPerformanceCounter()
        ticksPerSecond = Double(SDL_GetPerformanceFrequency())
    }

    /// How long the render thread has waited so far, ready to run, while other threads or processes had
    /// the CPUs, seconds (`RunQueueClock`; nil where it is not kept): each frame's `waitMs`.
    func renderThreadWait() -> Double? { runQueue?.seconds() }

    /// Seconds since `init`.
    func now() -> Double {
        Double(SDL_GetPerformanceCounter() &- start) / ticksPerSecond
    }
}
