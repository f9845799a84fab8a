import CSDL
import Foundation

/// Saves what the renderer has drawn this frame as a PNG (call after drawing, before presenting).
@MainActor
enum Screenshot {
    /// Writes the current render target to `path`; returns an error line on failure.
    static func save(renderer: OpaquePointer, to path: String) -> String? {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0, w > 0, h > 0 else {
            return "cannot read the window size: \(sdlErrorText())"
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, CSDL_PIXELFORMAT_ARGB8888) else {
            return "cannot allocate the screenshot: \(sdlErrorText())"
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, CSDL_PIXELFORMAT_ARGB8888, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            return "cannot read pixels: \(sdlErrorText())"
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            return "cannot write \(path): \(sdlErrorText())"
        }
        return nil
    }

    /// The next free `screenshots/scrolllab-<n>.png` in the current directory.
    static func nextDefaultPath() -> String {
        var n = 1
        while FileManager.default.fileExists(atPath: "screenshots/scrolllab-\(n).png") { n += 1 }
        return "screenshots/scrolllab-\(n).png"
    }
}
