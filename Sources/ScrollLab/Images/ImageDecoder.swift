import CSDL
import Foundation
import ScrollKit

/// Decodes one image file with SDL2_image into a 32-bit surface (RGBA, or XRGB for an image without
/// alpha), on whatever thread calls it.
///
/// The header is read first (`ImageHeader`), so empty, non-image and oversized files are refused with
/// a reason before SDL_image sees them; a file that passes but fails to decode is reported as
/// truncated or corrupt.
enum ImageDecoder {
    /// The largest decoded image accepted, in bytes (64 MiB: a 4096×4096 RGBA image).
    static let maxDecodedBytes = 64 << 20

    /// Decodes the file at `path`, or says why it cannot be used.
    static func decode(path: String) -> Result<DecodedSurface, ImageDecodeFailure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.init(reason: "unreadable file")) }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()  // nil: nothing to read, an empty file
        } catch {
            return .failure(.init(reason: "unreadable file"))
        }
        let bytes = [UInt8](data)
        do {
            _ = try ImageHeader.read(Array(bytes.prefix(65_536)), maxDecodedBytes: maxDecodedBytes)
        } catch {
            return .failure(.init(reason: error.description))
        }
        let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(rw, 1)
        }
        guard let surface = loaded else { return .failure(.init(reason: "truncated or corrupt")) }
        defer { SDL_FreeSurface(surface) }
        // An image without alpha (no alpha channel, no colour key, not paletted) is kept in a 32-bit
        // format without alpha, so it can be drawn without blending at full opacity.
        let format = surface.pointee.format.pointee
        let opaque = format.Amask == 0 && format.palette == nil && SDL_HasColorKey(surface) == SDL_FALSE
        let target = opaque ? SDL_PIXELFORMAT_RGB888 : SDL_PIXELFORMAT_ABGR8888
        guard let converted = SDL_ConvertSurfaceFormat(surface, target.rawValue, 0) else {
            return .failure(.init(reason: "unsupported pixel format"))
        }
        return .success(DecodedSurface(pointer: converted))
    }
}

/// Why a file could not be decoded, in words for a placeholder tile and a warning line.
struct ImageDecodeFailure: Error, Sendable {
    /// A short reason ("empty file", "not an image", "too large (12000×12000)", "truncated or corrupt").
    var reason: String
}
