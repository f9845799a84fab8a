import CSDL
import Foundation
import ScrollKit
import ScrollLabCore

/// SDL itself, the window and its renderer, alive together and torn down together.
///
/// Every SDL pointer stays on the main thread: the type is main-actor isolated.
@MainActor
final class SDLWindow {
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
    /// Why the renderer is not the default one, for the footer (nil: it is).
    private(set) var rendererNote: String?
    /// Whether the renderer was made with vsync (which may be SDL's simulation: see `turnOffVSync`).
    private(set) var hasVSync: Bool
    /// The video driver in use (`x11`, `wayland`, `offscreen`).
    let videoDriver: String
    /// The window's opening scale: `--scale`, less when the window would not fit the display's usable
    /// bounds (`openingScale`); the layout is magnified that much.
    let baseScale: Double
    /// The layout's size at the opening scale: 960×600, wider with phones side by side (`--compare`).
    let baseSize: Size
    /// The layout's size in points: 960×600, or more in a bigger window.
    private(set) var layoutSize: Size
    /// How the layout lies on the output (`LayoutFit`), for the canvas and the text; updated with the layout size.
    let grid = PixelGrid()
    /// `glFinish` of a GL renderer's context (nil for other renderers).
    private let glFinish: (@convention(c) () -> Void)?

    /// Starts SDL video and opens the window.
    ///
    /// Headless sets `SDL_VIDEODRIVER=offscreen` first. Without it, a failed video init or a silent
    /// fallback to an offscreen/dummy driver is reported as "no display" instead of rendering to nobody.
    /// `renderDriver` names one SDL render driver (`software`, `opengl`, …) to use and nothing else,
    /// without vsync (the frame bench); it is an error when SDL cannot create it.
    init(headless: Bool, software: Bool, renderDriver: String? = nil, scale: Double = 1,
         baseSize: Size = Size(width: Double(windowSize.width), height: Double(windowSize.height))) throws(AppError) {
        self.baseSize = baseSize
        layoutSize = baseSize
        let environment = ProcessInfo.processInfo.environment
        if headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        } else if environment["DISPLAY"] == nil, environment["WAYLAND_DISPLAY"] == nil,
                  environment["SDL_VIDEODRIVER"] == nil {
            // Nothing to open a window on: say so before SDL probes drivers (and prints its own noise).
            throw .noDisplay("DISPLAY is not set")
        } else if environment["WAYLAND_DISPLAY"] == nil, environment["SDL_VIDEODRIVER"] == nil {
            // X11 only: a DISPLAY that cannot be opened would otherwise make SDL try Wayland, whose
            // library prints "XDG_RUNTIME_DIR is invalid" before this program can say what is wrong.
            setenv("SDL_VIDEODRIVER", "x11", 1)
        }
        // Keep the mouse captured during a drag that leaves the window, and let a click that
        // focuses the window also start a drag.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        if !Self.initVideo(retrying: !headless && environment["DISPLAY"] != nil) {
            let why = sdlErrorText()
            throw headless ? .sdl(why) : .noDisplay(why)
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        if !headless, driver == "offscreen" || driver == "dummy" {
            SDL_Quit()
            throw .noDisplay("SDL video driver is \(driver)")
        }
        videoDriver = driver
        // On a display the window opens whole, inside its usable bounds (no panel or dock over it, no
        // edge past the screen's): a three-phone comparison is 1640 points wide.
        let usable = headless ? nil : Self.usableBounds()
        baseScale = usable.map { Self.openingScale(scale, base: baseSize, usable: $0.size) } ?? Swift.max(scale, 0.01)
        let windowWidth = Int32((baseSize.width * baseScale).rounded()), windowHeight = Int32((baseSize.height * baseScale).rounded())
        let x = usable.map { Int32($0.minX + (($0.width - Double(windowWidth)) / 2).rounded(.down)) } ?? CSDL_WINDOWPOS_CENTERED
        let y = usable.map { Int32($0.minY + (($0.height - Double(windowHeight)) / 2).rounded(.down)) } ?? CSDL_WINDOWPOS_CENTERED

        // Resizable: the drawing is a layout of at least 960×600 points (`layoutSize`) fitted to the window by
        // the canvas (`grid`), so a window resized down to 1×1 and back draws and takes input as before.
        // Created hidden and shown once its renderer is final: an OpenGL renderer makes SDL destroy the X
        // window and create another (`SDL_RecreateWindow`), so a window shown at once is mapped, unmapped and
        // destroyed, and whoever found it in between (a window manager, a test's search) holds a dead id.
        let flags = SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow(Self.title, x, y, windowWidth, windowHeight, flags) else {
            let why = sdlErrorText()
            SDL_Quit()
            throw .sdl("cannot create the window: \(why)")
        }
        // Accelerated with vsync if the platform has it, otherwise SDL's software renderer.
        // Headless always uses the software renderer (it is what the offscreen driver supports).
        // SDL's software renderer presents into the video driver's own framebuffer (X11: a shared-memory
        // image), not through a texture of an OpenGL renderer made for it: under Xvfb that texture path
        // (llvmpipe) cost 7 ms a present, the X11 framebuffer 0.5 ms.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        var renderer: OpaquePointer?
        if let renderDriver {
            // A renderer chosen by index would not batch its commands; the window's (index -1) does.
            SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
            guard let index = Self.renderDriverIndex(named: renderDriver),
                  let made = SDL_CreateRenderer(window, index, 0) else {
                let why = Self.renderDriverIndex(named: renderDriver) == nil ? "SDL has no \(renderDriver) renderer" : sdlErrorText()
                SDL_DestroyWindow(window)
                SDL_Quit()
                throw .sdl("cannot create the \(renderDriver) renderer: \(why)")
            }
            renderer = made
        } else if !headless, !software {
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            // An "accelerated" OpenGL renderer whose GL is a CPU rasterizer (Mesa's llvmpipe on a machine
            // without a GPU) draws slower than SDL's own software renderer and keeps a core busy: use that
            // instead, and say so (`--render-driver opengl` still chooses it).
            if let made = renderer, let gl = Self.cpuRasterizer(made) {
                SDL_DestroyRenderer(made)
                renderer = nil
                rendererNote = "\(gl) GL on the CPU"
            }
        }
        // SDL 2's software renderer cannot wait for the blank: asked for vsync, it sleeps to a whole-millisecond
        // schedule (1000 / 60 = 16 ms, i.e. 62.5 Hz). Without it, the frame loop paces at the display's period.
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
        glFinish = rendererName.hasPrefix("opengl")
            ? SDL_GL_GetProcAddress("glFinish").map { unsafeBitCast($0, to: (@convention(c) () -> Void).self) } : nil
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        if !headless { SDL_ShowWindow(window) }
        self.window = window
        self.renderer = renderer
        grid.fit = currentFit
    }

    /// The usable bounds of the first display (the screen less its panels and docks), nil when SDL cannot
    /// tell.
    static func usableBounds() -> Rect? {
        var r = SDL_Rect()
        guard SDL_GetNumVideoDisplays() > 0, SDL_GetDisplayUsableBounds(0, &r) == 0, r.w > 0, r.h > 0 else { return nil }
        return Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
    }

    /// The scale a layout of `base` points opens at, asked for at `scale`, on a display whose usable area is
    /// `usable`: `scale`, or less so that the window fits whole (never more; at least 0.01).
    static func openingScale(_ scale: Double, base: Size, usable: Size) -> Double {
        let fit = Swift.min(usable.width / base.width, usable.height / base.height)
        return Swift.max(0.01, Swift.min(scale, fit))
    }

    /// Starts SDL's video. With `retrying`, a failure is tried again after 0.1, 0.3 and 0.6 s: an X server
    /// can refuse a connection for a moment (seen once under Xvfb, between two windows of a test run), and
    /// a display that is really absent is then reported a second later.
    static func initVideo(retrying: Bool) -> Bool {
        if SDL_Init(SDL_INIT_VIDEO) == 0 { return true }
        guard retrying else { return false }
        for delay: UInt32 in [100, 300, 600] {
            SDL_Delay(delay)
            if SDL_Init(SDL_INIT_VIDEO) == 0 { return true }
        }
        return false
    }

    /// The layout's size in points for a window of `width`×`height` opened at `scale` (`--scale`): the
    /// 960×600 layout scaled to fit the window's tighter side, with the other side's spare room added;
    /// past the opening scale, half of the growth magnifies and half becomes room, so a bigger window
    /// shows more (a longer timeline, wider columns, more callbacks) as well as larger text.
    static func layoutSize(window width: Double, _ height: Double, scale: Double,
                           base: Size = Size(width: Double(windowSize.width), height: Double(windowSize.height))) -> Size {
        let fit = Swift.min(width / (base.width * scale), height / (base.height * scale))
        guard fit > 0, fit.isFinite else { return base }
        let zoom = scale * (fit <= 1 ? fit : 1 + (fit - 1) / 2)
        return Size(width: Swift.max(base.width, (width / zoom).rounded(.down)),
                    height: Swift.max(base.height, (height / zoom).rounded(.down)))
    }

    /// Sets the layout size for the window's current size, and the layout's fit to the output; returns the
    /// layout size.
    @discardableResult
    func updateLayoutSize() -> Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        layoutSize = Self.layoutSize(window: Double(w), Double(h), scale: baseScale, base: baseSize)
        grid.fit = currentFit
        return layoutSize
    }

    /// The layout fitted to the renderer's output as it is now (`LayoutFit.fitting`).
    var currentFit: LayoutFit {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else { return .identity }
        return LayoutFit.fitting(layout: layoutSize, width: w, height: h)
    }

    /// A position in window units (the pointer's) in layout points, as `SDL_RenderWindowToLogical` gave it
    /// with the layout as the renderer's logical size: the layout fitted to the output as it is now.
    func layoutPoint(windowX: Int32, windowY: Int32) -> (x: Float, y: Float) {
        currentFit.layoutPoint(windowX: windowX, windowY: windowY, unitsPerPixel: unitsPerPixel)
    }

    /// Window units per output pixel (SDL's `dpi_scale`: 1 on X11, ½ on a HiDPI output of twice the pixels).
    private var unitsPerPixel: (x: Float, y: Float) {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return (x: pw > 0 ? Float(w) / Float(pw) : 1, y: ph > 0 ? Float(h) / Float(ph) : 1)
    }

    /// Maps a pointer event of this window to the layout in place, as SDL's renderer rewrote every event
    /// while the layout was its logical size (`SDL_RendererEventWatch`, SDL 2): a mouse button's or motion's
    /// position to whole layout points (the bar taken off, divided by the scale, each truncated), a finger's
    /// normalized position to the layout's part of the output (clamped to its edges). Other events are left.
    func mapToLayout(_ event: inout SDL_Event) {
        let type = SDL_EventType(event.type)
        let id = SDL_GetWindowID(window)
        let isMouse = (type == SDL_MOUSEMOTION && event.motion.windowID == id)
            || ((type == SDL_MOUSEBUTTONDOWN || type == SDL_MOUSEBUTTONUP) && event.button.windowID == id)
        let isFinger = type == SDL_FINGERDOWN || type == SDL_FINGERUP || type == SDL_FINGERMOTION
        guard isMouse || isFinger else { return }
        let fit = currentFit, units = unitsPerPixel
        if isMouse {
            let scale = Float(fit.scale)
            func map(_ v: Int32, origin: Int, units: Float) -> Int32 {
                let moved = v - Int32(Double(origin) * Double(units))
                return Int32((Float(moved) / (scale * units)).rounded(.towardZero))
            }
            if type == SDL_MOUSEMOTION {
                event.motion.x = map(event.motion.x, origin: fit.originX, units: units.x)
                event.motion.y = map(event.motion.y, origin: fit.originY, units: units.y)
            } else {
                event.button.x = map(event.button.x, origin: fit.originX, units: units.x)
                event.button.y = map(event.button.y, origin: fit.originY, units: units.y)
            }
            return
        }
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let area = fit.coversOutput ? PixelRect(x: 0, y: 0, w: pw, h: ph) : fit.area
        func normalized(_ v: Float, start: Int32, length: Int32, physical: Int32) -> Float {
            guard physical != 0 else { return 0.5 }
            let from = Float(start) / Float(physical), span = Float(length) / Float(physical)
            if v <= from { return 0 }
            if v >= from + span { return 1 }
            return (v - from) / span
        }
        event.tfinger.x = normalized(event.tfinger.x, start: area.x, length: area.w, physical: pw)
        event.tfinger.y = normalized(event.tfinger.y, start: area.y, length: area.h, physical: ph)
    }

    /// How many output pixels one point of the layout covers: the scale the layout fits the window
    /// with, in the renderer's pixels (more than the window's on HiDPI).
    /// The largest drawable side, in pixels (§7: any window size is survived, the drawable is bounded):
    /// 8192, and never more than the renderer's largest texture. A 32767×32767 window made the GL
    /// renderer (llvmpipe) crash and the software one take gigabytes.
    var largestDrawableSide: Int32 {
        var info = SDL_RendererInfo()
        let texture = SDL_GetRendererInfo(renderer, &info) == 0 ? Swift.min(info.max_texture_width, info.max_texture_height) : 0
        return texture > 0 ? Swift.min(8192, texture) : 8192
    }

    /// Shrinks the window back when a resize made it (or its drawable) larger than `largestDrawableSide`;
    /// returns true when it did.
    @discardableResult
    func boundDrawable() -> Bool {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let limit = largestDrawableSide
        guard w > limit || h > limit || pw > limit || ph > limit else { return false }
        // Pixels per window unit (HiDPI): the window's size in its own units that keeps the drawable bounded.
        let density = w > 0 && pw > w ? Double(pw) / Double(w) : 1
        let side = Int32((Double(limit) / density).rounded(.down))
        SDL_SetWindowSize(window, Swift.min(w, side), Swift.min(h, side))
        return true
    }

    var pixelScale: Double {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0, w > 0, h > 0 else { return 1 }
        return Swift.min(Double(w) / layoutSize.width, Double(h) / layoutSize.height)
    }

    /// Where a rect of the layout lies in window coordinates (what the pointer reports): scaled to fit the
    /// window and centred, as the fit letterboxes it.
    func windowRect(ofLayoutRect rect: Rect) -> Rect {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let layout = layoutSize
        let scale = Swift.max(Swift.min(Double(w) / layout.width, Double(h) / layout.height), 1e-6)
        let left = ((Double(w) - layout.width * scale) / 2).rounded(.down)
        let top = ((Double(h) - layout.height * scale) / 2).rounded(.down)
        return Rect(x: left + rect.minX * scale, y: top + rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
    }

    /// The index of the SDL render driver called `name`, if SDL has one.
    static func renderDriverIndex(named name: String) -> Int32? {
        for index in 0..<SDL_GetNumRenderDrivers() {
            var info = SDL_RendererInfo()
            if SDL_GetRenderDriverInfo(index, &info) == 0, let driver = info.name, String(cString: driver) == name {
                return index
            }
        }
        return nil
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

    /// The name of the GL implementation behind an OpenGL renderer when it rasterizes on the CPU
    /// (`GL_RENDERER` names llvmpipe, softpipe, SwiftShader or a "Software Rasterizer"), else nil.
    static func cpuRasterizer(_ renderer: OpaquePointer) -> String? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name, String(cString: name).hasPrefix("opengl"),
              let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let glGetString = unsafeBitCast(address, to: (@convention(c) (UInt32) -> UnsafePointer<UInt8>?).self)
        guard let text = glGetString(0x1F01) else { return nil }   // GL_RENDERER
        let gl = String(cString: text)
        let lower = gl.lowercased()
        guard ["llvmpipe", "softpipe", "swiftshader", "software rasterizer"].contains(where: lower.contains) else { return nil }
        return String(gl.split(separator: " ").first ?? "a CPU rasterizer")
    }

    /// Draws everything queued for the frame and waits until it is drawn: the renderer batches its
    /// commands until the present, and a GL renderer rasterizes later still (llvmpipe at the swap, or
    /// several frames at once into an offscreen pbuffer). After this the present is only the copy, and
    /// the pacer plans with what the drawing costs (with a GPU, whose drawing of these frames takes far
    /// below a millisecond, the wait costs next to nothing).
    func finishDrawing() {
        SDL_RenderFlush(renderer)
        glFinish?()
    }

    /// Turns vsync off: for a renderer whose vsync SDL only simulates (see `LabApp.measurePresentWait`),
    /// so the frame loop paces at the display's true period instead of SDL's whole-millisecond one.
    func turnOffVSync() {
        SDL_RenderSetVSync(renderer, 0)
        hasVSync = false
    }

    /// Destroys the renderer and the window and quits SDL. Call once, at the end.
    func close() {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }
}
