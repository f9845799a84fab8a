import CSDL
import Foundation
import ScrollLabCore

/// Saves what the renderer has drawn this frame as a PNG (call after drawing, before presenting).
@MainActor
enum Screenshot {
    /// The current render target's pixels, to be written to `path` (its folder is made now): the caller
    /// frees the surface. An error line on failure.
    static func capture(renderer: OpaquePointer, for path: String) -> Result<UnsafeMutablePointer<SDL_Surface>, CaptureError> {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0, w > 0, h > 0 else {
            return .failure(CaptureError(line: "cannot read the window size: \(sdlErrorText())"))
        }
        // The folder is what comes before the last `/` (Foundation's `deletingLastPathComponent` traps on a
        // one-character path such as `-`, stdout, in the static Foundation the release links).
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let folder = String(path[..<slash])
            if let why = OutputFolder.make(folder) { return .failure(CaptureError(line: OutputFolder.refusal(folder, why))) }
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, CSDL_PIXELFORMAT_ARGB8888) else {
            return .failure(CaptureError(line: "cannot allocate the screenshot: \(sdlErrorText())"))
        }
        guard SDL_RenderReadPixels(renderer, nil, CSDL_PIXELFORMAT_ARGB8888, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            let error = CaptureError(line: "cannot read pixels: \(sdlErrorText())")
            SDL_FreeSurface(surface)
            return .failure(error)
        }
        return .success(surface)
    }

    /// Why the window's pixels could not be read.
    struct CaptureError: Error {
        let line: String
    }

    /// Encodes `surface` as PNG in memory, then writes it to `path` in place (`OutputFile`: a device, a
    /// FIFO or a symlink is written through, `-` is stdout), so a full disk is reported, not hidden in a
    /// buffered close. The screenshot and `bench --plot` both write through it.
    /// Any thread may call it.
    nonisolated static func write(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) -> String? {
        let raw = Int(surface.pointee.h) * (Int(surface.pointee.w) * 4 + 1)
        // Room for the worst case: stored (incompressible) deflate blocks add 5 bytes per 16 KiB.
        var buffer = [UInt8](repeating: 0, count: raw + raw / 16_384 * 5 + 4096)
        let size: Int = buffer.withUnsafeMutableBytes { bytes in
            guard let rw = SDL_RWFromMem(bytes.baseAddress, Int32(bytes.count)) else { return -1 }
            defer { SDL_RWclose(rw) }
            guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { return -1 }
            return Int(SDL_RWtell(rw))
        }
        guard size > 0 else { return "cannot encode the PNG: \(sdlErrorText())" }
        do {
            let file = try OutputFile(path: path)
            _ = buffer.withUnsafeBytes { file.write(UnsafeRawBufferPointer(rebasing: $0[..<size])) }
            return file.close()
        } catch {
            // The line alone: the window's report puts its own `scrolllab: screenshot failed:` before it.
            if case let .output(line) = error { return line }
            return error.message
        }
    }

    /// The next free `screenshots/scrolllab-<n>.png` in the current directory, taken now (made empty, never
    /// over a file that is there): F12 pressed again before the last one is written, or another window in
    /// the same directory, gets the next name (was: the same, written over, each said saved).
    static func nextDefaultPath() -> String {
        _ = OutputFolder.make("screenshots")   // one that cannot be made is said when the screenshot is saved
        var n = 1
        while true {
            let path = "screenshots/scrolllab-\(n).png"
            let taken = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if taken >= 0 { Glibc.close(taken) }
            guard taken < 0, errno == EEXIST else { return path }
            n += 1
        }
    }

    /// After a screenshot at `path` failed: a file it left empty (taken for it, or cut back) is no image, and goes.
    static func removeIfEmpty(_ path: String) {
        var info = stat()
        if path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 { unlink(path) }
    }
}
