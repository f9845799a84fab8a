import CSDL
import Foundation
import ScrollLabCore

/// `bench --calibrate`'s upload measure (B-COST-1): the render thread's cost of turning decoded pixels into
/// a texture on this machine, as the window does it (`SDL_CreateTextureFromSurface` of a 32-bit surface
/// without alpha), in SDL's offscreen video driver with the renderer the window draws with: OpenGL on a
/// GPU, SDL's software renderer where OpenGL is missing or is itself a CPU rasterizer (llvmpipe under
/// Xvfb: the window then draws with SDL's own, `SDLWindow.cpuRasterizer`). Times are the thread's CPU
/// time, so a busy machine's other work is not counted.
@MainActor
package enum UploadCalibration {
    /// Milliseconds per megapixel uploaded: for each size (pixels a side), the median of `repeats` uploads
    /// over its megapixels; then the median over the sizes. The renderer's name with it.
    package static func measure(sides: [(width: Int, height: Int)], repeats: Int) throws(AppError) -> (msPerMegapixel: Double, renderer: String) {
        let window = try windowRenderer()
        defer { window.close() }
        var perSize: [Double] = []
        for side in sides {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(side.width), Int32(side.height), 32, SDL_PIXELFORMAT_RGB888.rawValue)
            else { throw .sdl(sdlErrorText()) }
            defer { SDL_FreeSurface(surface) }
            if let pixels = surface.pointee.pixels { memset(pixels, 0x80, Int(surface.pointee.pitch) * side.height) }
            var times: [Double] = []
            for _ in 0..<Swift.max(1, repeats) {
                let start = threadCPUSeconds()
                guard let texture = SDL_CreateTextureFromSurface(window.renderer, surface) else { throw .sdl(sdlErrorText()) }
                SDL_RenderFlush(window.renderer)
                let seconds = threadCPUSeconds() - start
                SDL_DestroyTexture(texture)
                times.append(seconds * 1000)
            }
            times.sort()
            perSize.append(times[times.count / 2] / (Double(side.width * side.height) / 1e6))
        }
        perSize.sort()
        return (perSize[perSize.count / 2], window.rendererName)
    }

    /// A window with the renderer the window would choose on this machine (see above), without vsync:
    /// offscreen, or on the display (`PresentCalibration`).
    static func windowRenderer(onDisplay: Bool = false) throws(AppError) -> SDLWindow {
        do throws(AppError) {
            let gl = try SDLWindow(headless: !onDisplay, software: false, renderDriver: "opengl")
            guard SDLWindow.cpuRasterizer(gl.renderer) != nil else { return gl }
            gl.close()
        } catch {}
        return try SDLWindow(headless: !onDisplay, software: true)
    }
}

