import CSDL
import Foundation
import ScrollLabCore

/// `bench --calibrate`'s upload measure (B-COST-3): the render thread's cost of turning decoded pixels into
/// a texture on this machine, as the window does it (`SDL_CreateTextureFromSurface` of a 32-bit surface
/// without alpha), in SDL's offscreen video driver with the OpenGL renderer the window draws with on a
/// display (SDL's software one where there is none). Times are the thread's CPU time, so a busy machine's
/// other work is not counted.
@MainActor
package enum UploadCalibration {
    /// Milliseconds per megapixel uploaded: for each size (pixels a side), the median of `repeats` uploads
    /// over its megapixels; then the median over the sizes. The renderer's name with it.
    package static func measure(sides: [(width: Int, height: Int)], repeats: Int) throws(AppError) -> (msPerMegapixel: Double, renderer: String) {
        let window: SDLWindow
        do throws(AppError) { window = try SDLWindow(headless: true, software: false, renderDriver: "opengl") } catch {
            window = try SDLWindow(headless: true, software: false)
        }
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
}

