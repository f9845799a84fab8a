import CSDL
import Foundation
import ScrollLabCore

/// `bench --calibrate`'s present measure (B-COST-1): what handing a frame to the display costs the window's
/// render thread. A frame started at the blank pays it before its slot (`--pacing display-link`), as a
/// phone's main thread pays its commit; the frame bench, drawn offscreen, does not see it. Measured in a
/// window of the window's size on the display, with the renderer the window draws with (as
/// `UploadCalibration` chooses it), without vsync: the wall time of `SDL_RenderPresent`, the median of
/// `frames` presents after a few unmeasured ones.
@MainActor
package enum PresentCalibration {
    /// Presents measured.
    package static let frames = 30

    /// The median present in milliseconds and the renderer's name; nil with no display to present to (no
    /// `DISPLAY`, or SDL's video driver already set to another one, such as `offscreen`).
    package static func median() -> (ms: Double, renderer: String)? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil, environment["SDL_VIDEODRIVER"].map({ $0 == "x11" }) ?? true,
              let window = try? UploadCalibration.windowRenderer(onDisplay: true) else { return nil }
        defer { window.close() }
        var times: [Double] = []
        let ticksPerMs = Double(SDL_GetPerformanceFrequency()) / 1000
        for i in 0..<(frames + 5) {
            SDL_SetRenderDrawColor(window.renderer, 24, 24, 28, 255)
            SDL_RenderClear(window.renderer)
            SDL_RenderFlush(window.renderer)
            let start = SDL_GetPerformanceCounter()
            SDL_RenderPresent(window.renderer)
            if i >= 5 { times.append(Double(SDL_GetPerformanceCounter() &- start) / ticksPerMs) }
        }
        times.sort()
        return (times[times.count / 2], window.rendererName)
    }
}
