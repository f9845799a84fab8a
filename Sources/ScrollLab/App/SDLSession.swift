import CSDL
import Foundation

/// SDL itself, the window and its renderer, alive together and torn down together.
///
/// Every SDL pointer stays on the main thread: the type is main-actor isolated.
@MainActor
final class SDLSession {
    /// The window title; the real-window tests find the window by it.
    static let title = "ScrollLab"
    /// Default window size in pixels (one pixel per point).
    static let windowSize = (width: Int32(960), height: Int32(600))

    /// The SDL window.
    let window: OpaquePointer
    /// Its renderer.
    let renderer: OpaquePointer
    /// The renderer's name (`opengl`, `software`, …) for the HUD and the log.
    let rendererName: String
    /// Whether presenting waits for the display's vertical sync.
    let hasVSync: Bool
    /// The video driver in use (`x11`, `wayland`, `offscreen`).
    let videoDriver: String

    /// Starts SDL video and opens the window.
    ///
    /// Headless sets `SDL_VIDEODRIVER=offscreen` first. Without it, a failed video init or a silent
    /// fallback to an offscreen/dummy driver is reported as "no display" instead of rendering to nobody.
    init(headless: Bool, software: Bool) throws(AppError) {
        let environment = ProcessInfo.processInfo.environment
        if headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        } else if environment["DISPLAY"] == nil, environment["WAYLAND_DISPLAY"] == nil,
                  environment["SDL_VIDEODRIVER"] == nil {
            // Nothing to open a window on: say so before SDL probes drivers (and prints its own noise).
            throw .noDisplay("DISPLAY is not set")
        }
        // Keep the mouse captured during a drag that leaves the window, and let a click that
        // focuses the window also start a drag.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        if SDL_Init(SDL_INIT_VIDEO) != 0 {
            let why = sdlErrorText()
            throw headless ? .sdl(why) : .noDisplay(why)
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        if !headless, driver == "offscreen" || driver == "dummy" {
            SDL_Quit()
            throw .noDisplay("SDL video driver is \(driver)")
        }
        videoDriver = driver

        // Resizable: the drawing keeps its 960×600 layout, scaled to fit (letterboxed) by a logical size,
        // so a window resized down to 1×1 and back draws and takes input as before.
        let flags = (headless ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue) | SDL_WINDOW_RESIZABLE.rawValue
        guard let window = SDL_CreateWindow(Self.title, CSDL_WINDOWPOS_CENTERED, CSDL_WINDOWPOS_CENTERED,
                                            Self.windowSize.width, Self.windowSize.height, flags) else {
            let why = sdlErrorText()
            SDL_Quit()
            throw .sdl("cannot create the window: \(why)")
        }
        // Accelerated with vsync if the platform has it, otherwise SDL's software renderer.
        // Headless always uses the software renderer (it is what the offscreen driver supports).
        var renderer: OpaquePointer?
        if !headless, !software {
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        }
        if renderer == nil {
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        }
        if renderer == nil {
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let renderer else {
            let why = sdlErrorText()
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw .sdl("cannot create a renderer: \(why)")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderSetLogicalSize(renderer, Self.windowSize.width, Self.windowSize.height)
        self.window = window
        self.renderer = renderer
    }

    /// The display's refresh rate in Hz, 60 when SDL does not know it.
    var refreshRate: Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        if display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate >= 30 {
            return Double(mode.refresh_rate)
        }
        return 60
    }

    /// Destroys the renderer and the window and quits SDL. Call once, at the end.
    func close() {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }
}
