import CSDL
import Foundation
import ScrollKit

/// Decodes one image file with SDL2_image into an RGBA surface, on whatever thread calls it.
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
        guard let rgba = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            return .failure(.init(reason: "unsupported pixel format"))
        }
        return .success(DecodedSurface(pointer: rgba))
    }
}

/// Why a file could not be decoded, in words for a placeholder tile and a warning line.
struct ImageDecodeFailure: Error, Sendable {
    /// A short reason ("empty file", "not an image", "too large (12000×12000)", "truncated or corrupt").
    var reason: String
}
