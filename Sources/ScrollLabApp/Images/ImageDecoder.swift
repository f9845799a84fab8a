import CSDL
import Foundation
import ScrollKit

/// Decodes one image file with SDL2_image into a 32-bit surface (RGBA, or XRGB for an image without
/// alpha), on whatever thread calls it.
///
/// Nothing is read whole before it is known to be an image the renderer can show: only a regular file
/// is opened for reading (a FIFO, a device or a link to one is refused without waiting or reading), its
/// header is read with one bounded read (`ImageHeader.prefixLength`) and checked (format, size against
/// the decoded-size cap and the renderer's largest texture), and only then is the file read, at most
/// `maxFileBytes`. A file that passes but fails to decode is reported as truncated or corrupt.
package enum ImageDecoder {
    /// The largest decoded image accepted, in bytes (64 MiB: a 4096×4096 RGBA image).
    static let maxDecodedBytes = 64 << 20
    /// The largest file read (a compressed image is smaller than its decoded pixels).
    static let maxFileBytes = 128 << 20

    /// Decodes the file at `path` (sides at most `maxDimension` pixels), or says why it cannot be used.
    /// With `fitting`, an image larger than that pixel size both ways is shrunk to it (linear filter):
    /// the size it is drawn at, so each frame copies its pixels instead of scaling them (a GPU would
    /// sample a mip level); its decoded bytes are still those of the full image.
    static func decode(path: AssetFile, maxDimension: Int = ImageHeader.defaultMaxDimension,
                       fitting: PixelSize? = nil) -> Result<DecodedSurface, ImageDecodeFailure> {
        let descriptor: Int32, size: Int
        switch openRegularFile(path) {
        case .success(let opened): (descriptor, size) = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }
        var bytes = readBytes(descriptor, count: Swift.min(size, ImageHeader.prefixLength))
        if case .failure(let failure) = header(bytes, descriptor: descriptor, maxDimension: maxDimension) {
            return .failure(failure)
        }
        guard size <= maxFileBytes else { return .failure(.init(reason: "file too large (\(size >> 20) MiB)")) }
        if size > bytes.count {
            lseek(descriptor, off_t(bytes.count), SEEK_SET)
            bytes += readBytes(descriptor, count: size - bytes.count)
        }
        return decodeChecked(bytes, fitting: fitting)
    }

    /// The bytes of the regular file at `path` (at most `maxFileBytes`), or nil.
    package static func fileBytes(_ path: AssetFile) -> [UInt8]? {
        guard case .success(let (descriptor, size)) = openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        guard size <= maxFileBytes else { return nil }
        let bytes = readBytes(descriptor, count: size)
        return bytes.count == size ? bytes : nil
    }

    /// Decodes an image held in memory (a body fetched over HTTP, a disk cache entry): its header is
    /// checked as a file's is, then it is decoded as `decode(path:…)` does.
    static func decode(bytes: [UInt8], maxDimension: Int = ImageHeader.defaultMaxDimension,
                       fitting: PixelSize? = nil) -> Result<DecodedSurface, ImageDecodeFailure> {
        do {
            _ = try ImageHeader.read(Array(bytes.prefix(ImageHeader.prefixLength)), maxDecodedBytes: maxDecodedBytes,
                                     maxDimension: maxDimension) { offset, count in
                offset < bytes.count ? Array(bytes[offset..<Swift.min(bytes.count, offset + count)]) : []
            }
        } catch {
            return .failure(.init(reason: error.description))
        }
        guard bytes.count <= maxFileBytes else { return .failure(.init(reason: "file too large (\(bytes.count >> 20) MiB)")) }
        return decodeChecked(bytes, fitting: fitting)
    }

    /// Decodes `bytes`, whose header passed, into a surface of the window's formats.
    private static func decodeChecked(_ bytes: [UInt8], fitting: PixelSize?) -> Result<DecodedSurface, ImageDecodeFailure> {
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
        guard let fitting, let reduced = shrink(converted, to: fitting) else { return .success(DecodedSurface(pointer: converted)) }
        let decodedBytes = Int(converted.pointee.w) * Int(converted.pointee.h) * 4
        SDL_FreeSurface(converted)
        return .success(DecodedSurface(pointer: reduced, decodedBytes: decodedBytes))
    }

    /// `surface` shrunk to `size` with a linear filter, or nil when it is not larger both ways (or SDL fails).
    private static func shrink(_ surface: UnsafeMutablePointer<SDL_Surface>, to size: PixelSize) -> UnsafeMutablePointer<SDL_Surface>? {
        guard size.width > 0, size.height > 0, surface.pointee.w > size.width, surface.pointee.h > size.height,
              let reduced = SDL_CreateRGBSurfaceWithFormat(0, size.width, size.height, 32, surface.pointee.format.pointee.format)
        else { return nil }
        guard SDL_SoftStretchLinear(surface, nil, reduced, nil) == 0 else {
            SDL_FreeSurface(reduced)
            return nil
        }
        return reduced
    }

    /// The pixel size of the image at `path`, read from its header alone; nil when it cannot be used.
    static func pixelSize(of path: AssetFile) -> (width: Int, height: Int)? {
        guard case .success(let (descriptor, size)) = openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        let bytes = readBytes(descriptor, count: Swift.min(size, ImageHeader.prefixLength))
        guard case .success(let header) = header(bytes, descriptor: descriptor, maxDimension: ImageHeader.defaultMaxDimension)
        else { return nil }
        return (header.width, header.height)
    }

    /// Opens `path` for reading if it is a regular file: its descriptor and size, or why not. O_NONBLOCK:
    /// opening a FIFO must not wait for a writer; the file type is checked before any read.
    private static func openRegularFile(_ path: AssetFile) -> Result<(Int32, Int), ImageDecodeFailure> {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(.init(reason: "unreadable file (\(String(cString: strerror(errno))))")) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return .failure(.init(reason: "unreadable file"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failure(.init(reason: "not a regular file"))
        }
        return .success((descriptor, Int(info.st_size)))
    }

    /// The header of the file whose first bytes are `bytes` (more read from `descriptor` when the format
    /// needs them), checked against the decoded-size cap and `maxDimension`.
    private static func header(_ bytes: [UInt8], descriptor: Int32, maxDimension: Int) -> Result<ImageHeader, ImageDecodeFailure> {
        do {
            return .success(try ImageHeader.read(bytes, maxDecodedBytes: maxDecodedBytes, maxDimension: maxDimension) { offset, count in
                lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) ? readBytes(descriptor, count: count) : []
            })
        } catch {
            return .failure(.init(reason: error.description))
        }
    }

    /// Up to `count` bytes from the descriptor's position (fewer at the end of the file or on an error).
    private static func readBytes(_ descriptor: Int32, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}

/// Why a file could not be decoded, in words for a placeholder tile and a warning line.
struct ImageDecodeFailure: Error, Sendable {
    /// A short reason ("empty file", "not an image", "too large (12000×12000)", "truncated or corrupt").
    var reason: String
}

/// A size in output pixels.
struct PixelSize: Hashable, Sendable {
    var width: Int32
    var height: Int32
}
