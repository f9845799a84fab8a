// A list scrolled with UIKit's physics: the smallest program that drives ScrollKit from an SDL event
// loop. Copy it as a start: it uses only ScrollKit and SDL2 (with SDL2_image for the screenshot).
//
//   swift run scrollkit-example                       drag or wheel the list; P toggles paging; Esc quits
//   swift run scrollkit-example --screenshot out.png  no window needed: plays a fling offscreen, saves the last frame

import CSDL
import Glibc
import ScrollKit

/// The list's geometry: 200 rows of 64 pt in a 320×480 viewport, at 1 pixel per point.
let viewport = Size(width: 320, height: 480)
let rowHeight = 64.0
let rowCount = 200

/// A delegate sees UIKit's callbacks in UIKit's order; this one prints them.
final class Logger: ScrollViewDelegate {
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { print("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        print("willEndDragging velocity \(velocity.y) pt/ms → target \(targetContentOffset.y)")
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { print("didEndDecelerating at \(scrollView.contentOffset.y)") }
}

/// Draws the visible rows: a colour per row, a bar as long as the row's number, lighter while tracking.
func draw(_ view: ScrollView, on renderer: OpaquePointer) {
    SDL_SetRenderDrawColor(renderer, 18, 20, 24, 255)
    SDL_RenderClear(renderer)
    let top = view.contentOffset.y
    let first = max(0, Int((top / rowHeight).rounded(.down)))
    let last = min(rowCount - 1, Int(((top + viewport.height) / rowHeight).rounded(.down)))
    guard first <= last else { return }
    for row in first...last {
        let y = Double(row) * rowHeight - top
        let hue = UInt8((row * 37) % 200 + 40)
        SDL_SetRenderDrawColor(renderer, hue, UInt8(255 - Int(hue)), view.isTracking ? 220 : 160, 255)
        var cell = SDL_Rect(x: 8, y: Int32(y.rounded()) + 4, w: Int32(viewport.width) - 16, h: Int32(rowHeight) - 8)
        SDL_RenderFillRect(renderer, &cell)
        SDL_SetRenderDrawColor(renderer, 250, 250, 250, 255)
        var bar = SDL_Rect(x: 20, y: cell.y + 24, w: Int32(10 + (row % 28) * 10), h: 8)
        SDL_RenderFillRect(renderer, &bar)
    }
}

/// Seconds since start, from SDL's high-resolution counter: ScrollKit never reads a clock, time is passed in.
func now() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

/// Ends the program with `message` on standard error and exit code 1.
func fail(_ message: String) -> Never {
    let line = Array("scrollkit-example: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let arguments = CommandLine.arguments
let screenshot = arguments.firstIndex(of: "--screenshot").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
if screenshot != nil { SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen") }
guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("SDL_Init: \(String(cString: SDL_GetError()))") }
// Without a display SDL may fall back to a driver that shows nothing: the window would never be seen.
if screenshot == nil, let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), driver == "offscreen" || driver == "dummy" {
    fail("no display to open a window on (SDL's video driver is \(driver)); --screenshot FILE runs without one")
}
defer { SDL_Quit() }
guard let window = SDL_CreateWindow("ScrollKit list", Int32(CSDL_WINDOWPOS_CENTERED), Int32(CSDL_WINDOWPOS_CENTERED),
                                    Int32(viewport.width), Int32(viewport.height), 0),
      let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
else { fail("SDL: \(String(cString: SDL_GetError()))") }

let view = ScrollView(frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
                      contentSize: Size(width: viewport.width, height: rowHeight * Double(rowCount)))
let logger = Logger()
view.delegate = logger

if let path = screenshot {
    // Offscreen, on a virtual 60 Hz clock: a 2000 pt/s upward drag, released, then 0.5 s of its glide.
    var t = 0.0
    view.handle(PointerEvent(time: t, position: Point(x: 160, y: 400), phase: .down))
    for step in 1...12 {
        t = Double(step) / 120
        view.handle(PointerEvent(time: t, position: Point(x: 160, y: 400 - 2000 * t), phase: .move))
    }
    view.handle(PointerEvent(time: t, position: Point(x: 160, y: 400 - 2000 * t), phase: .up))
    for frame in 1...30 { view.advance(to: t + Double(frame) / 60) }
    draw(view, on: renderer)
    guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(viewport.width), Int32(viewport.height), 32,
                                                       UInt32(CSDL_PIXELFORMAT_ARGB8888)),
          SDL_RenderReadPixels(renderer, nil, UInt32(CSDL_PIXELFORMAT_ARGB8888), surface.pointee.pixels,
                               surface.pointee.pitch) == 0,
          IMG_SavePNG(surface, path) == 0
    else { fail("cannot save the screenshot to \(path): \(String(cString: SDL_GetError()))") }
    SDL_FreeSurface(surface)
    print("screenshot of the list at offset \(view.contentOffset.y) saved to \(path)")
} else {
    var running = true
    while running {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            // SDL's event time is good enough here; the lab itself uses the X server's (see its README).
            let time = Double(event.common.timestamp) / 1000
            switch SDL_EventType(event.type) {
            case SDL_QUIT: running = false
            case SDL_KEYDOWN where event.key.keysym.sym == SDLK_ESCAPE.rawValue: running = false
            case SDL_KEYDOWN where event.key.keysym.sym == SDLK_p.rawValue:
                view.isPagingEnabled.toggle()   // pages of the frame's height, UIKit's pagingEnabled
                print("paging \(view.isPagingEnabled ? "on" : "off")")
            case SDL_MOUSEBUTTONDOWN:
                view.handle(PointerEvent(time: time, position: Point(x: Double(event.button.x), y: Double(event.button.y)), phase: .down))
            case SDL_MOUSEMOTION where event.motion.state & UInt32(CSDL_BUTTON_LMASK) != 0:
                view.handle(PointerEvent(time: time, position: Point(x: Double(event.motion.x), y: Double(event.motion.y)), phase: .move))
            case SDL_MOUSEBUTTONUP:
                view.handle(PointerEvent(time: time, position: Point(x: Double(event.button.x), y: Double(event.button.y)), phase: .up))
            case SDL_MOUSEWHEEL:
                view.wheelScroll(by: Point(x: 0, y: -40 * Double(event.wheel.y)), time: time)
            default: break
            }
        }
        view.advance(to: Double(SDL_GetTicks()) / 1000)
        draw(view, on: renderer)
        SDL_RenderPresent(renderer)
        SDL_Delay(16)
    }
}
