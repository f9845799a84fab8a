import CSDL
import Foundation
import ScrollKit
import ScrollLabCore

/// Decodes one image file with SDL2_image into a 32-bit surface (RGBA, or XRGB for an image without
/// alpha), on whatever thread calls it; a JPEG larger than its `DecodePlan`'s target is decoded by
/// libjpeg's scaled decode instead (`JPEGCodec`), and an image whose decode would pass the plan's memory
/// limit is refused from its header, before anything is allocated.
///
/// Nothing is read whole before it is known to be an image the renderer can show: only a regular file
/// is opened for reading (a FIFO, a device or a link to one is refused without waiting or reading), its
/// header is read with one bounded read (`ImageHeader.prefixLength`) and checked (format, size against
/// the decoded-size cap and the renderer's largest texture), and only then is the file read, at most
/// `maxFileBytes`. A file that passes but fails to decode is reported as truncated or corrupt.
package enum ImageDecoder {
    /// The largest decoded image accepted, in bytes (`ImageFile.maxDecodedBytes`).
    static var maxDecodedBytes: Int { ImageFile.maxDecodedBytes }
    /// The largest file read (`ImageFile.maxFileBytes`).
    static var maxFileBytes: Int { ImageFile.maxFileBytes }

    /// The bytes of the regular file at `path` (`ImageFile.fileBytes`).
    static func fileBytes(_ path: AssetFile) -> [UInt8]? { ImageFile.fileBytes(path) }

    /// The pixel size of the image at `path` from its header (`ImageFile.pixelSize`).
    static func pixelSize(of path: AssetFile) -> (width: Int, height: Int)? { ImageFile.pixelSize(of: path) }

    /// Decodes the file at `path` (sides at most `maxDimension` pixels), or says why it cannot be used.
    /// With `fitting`, an image larger than that pixel size both ways is shrunk to it (linear filter):
    /// the size it is drawn at, so each frame copies its pixels instead of scaling them (a GPU would
    /// sample a mip level); its decoded bytes are still those the decode allocated. `plan`: downsampling
    /// at decode and the memory limit (`DecodePlan`).
    static func decode(path: AssetFile, maxDimension: Int = ImageHeader.defaultMaxDimension,
                       fitting: PixelSize? = nil, plan: DecodePlan = DecodePlan()) -> Result<DecodedSurface, ImageDecodeFailure> {
        let descriptor: Int32, size: Int
        switch ImageFile.openRegularFile(path) {
        case .success(let opened): (descriptor, size) = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }
        var bytes = ImageFile.readBytes(descriptor, count: Swift.min(size, ImageHeader.prefixLength))
        if let refusal = plan.refusal(header: bytes, maxDimension: maxDimension) { return .failure(refusal) }
        // libjpeg reads a JPEG's header up to its first scan, which long APP or COM segments before it (EXIF,
        // XMP, padding) can put past the prefix: the whole file is read before the decode is planned.
        if plan.target != nil, JPEGCodec.isJPEG(bytes), size > bytes.count, size <= maxFileBytes, !plan.scalesAtDecode(bytes) {
            lseek(descriptor, off_t(bytes.count), SEEK_SET)
            bytes += ImageFile.readBytes(descriptor, count: size - bytes.count)
        }
        if !plan.scalesAtDecode(bytes), case .failure(let failure) = ImageFile.header(bytes, descriptor: descriptor, maxDimension: maxDimension) {
            return .failure(failure)
        }
        guard size <= maxFileBytes else { return .failure(.init(reason: "file too large (\(size >> 20) MiB)")) }
        if size > bytes.count {
            lseek(descriptor, off_t(bytes.count), SEEK_SET)
            bytes += ImageFile.readBytes(descriptor, count: size - bytes.count)
        }
        return decodeChecked(bytes, fitting: fitting, plan: plan)
    }

    /// Decodes an image held in memory (a body fetched over HTTP, a disk cache entry): its header is
    /// checked as a file's is, then it is decoded as `decode(path:…)` does.
    static func decode(bytes: [UInt8], maxDimension: Int = ImageHeader.defaultMaxDimension,
                       fitting: PixelSize? = nil, plan: DecodePlan = DecodePlan()) -> Result<DecodedSurface, ImageDecodeFailure> {
        if let refusal = plan.refusal(header: Array(bytes.prefix(ImageHeader.prefixLength)), maxDimension: maxDimension) {
            return .failure(refusal)
        }
        if !plan.scalesAtDecode(bytes) {
            do {
                _ = try ImageHeader.read(Array(bytes.prefix(ImageHeader.prefixLength)), maxDecodedBytes: maxDecodedBytes,
                                         maxDimension: maxDimension) { offset, count in
                    offset < bytes.count ? Array(bytes[offset..<Swift.min(bytes.count, offset + count)]) : []
                }
            } catch {
                return .failure(.init(reason: error.description))
            }
        }
        guard bytes.count <= maxFileBytes else { return .failure(.init(reason: "file too large (\(bytes.count >> 20) MiB)")) }
        return decodeChecked(bytes, fitting: fitting, plan: plan)
    }

    /// Decodes `bytes`, whose header passed, into a surface of the window's formats: a JPEG larger than
    /// `plan`'s target with libjpeg's scaled decode, a CMYK JPEG with libjpeg too (its inks turned into
    /// RGB), anything else whole with SDL2_image. A JPEG is then turned as its EXIF orientation says (as
    /// UIImage shows it), and shrunk to `fitting`, which is the shown picture's.
    private static func decodeChecked(_ bytes: [UInt8], fitting: PixelSize?, plan: DecodePlan) -> Result<DecodedSurface, ImageDecodeFailure> {
        // libjpeg decodes a JPEG cut short with a warning only (the rest grey): refused here, with why.
        if JPEGEnd.isCutShort(bytes) { return .failure(.init(reason: "truncated JPEG (no end marker)")) }
        let orientation = ExifOrientation(jpeg: bytes)
        // The target covers the shown picture: the stored pixels' sides are its own swapped by a quarter turn.
        var stored = plan
        if orientation.swapsSides { stored.target = plan.target.map { .init(width: $0.height, height: $0.width) } }
        let decoded = stored.scalesAtDecode(bytes) || JPEGCodec.isCMYK(bytes) ? decodeJPEG(bytes, plan: stored) : decodeWhole(bytes)
        guard case var .success(surface) = decoded else { return decoded.map { DecodedSurface(pointer: $0) } }
        let decodedBytes = Int(surface.pointee.w) * Int(surface.pointee.h) * 4
        if orientation != .up {
            guard let turned = turn(surface, orientation) else {
                SDL_FreeSurface(surface)
                return .failure(.init(reason: "out of memory"))
            }
            SDL_FreeSurface(surface)
            surface = turned
        }
        guard let fitting, let reduced = shrink(surface, to: fitting) else { return .success(DecodedSurface(pointer: surface, decodedBytes: decodedBytes)) }
        SDL_FreeSurface(surface)
        return .success(DecodedSurface(pointer: reduced, decodedBytes: decodedBytes))
    }

    /// An image decoded whole by SDL2_image, in a 32-bit format: without alpha when it has none (no alpha
    /// channel, no colour key, not paletted), so it can be drawn without blending at full opacity.
    private static func decodeWhole(_ bytes: [UInt8]) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageDecodeFailure> {
        let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(rw, 1)
        }
        guard let surface = loaded else { return .failure(.init(reason: "truncated or corrupt")) }
        defer { SDL_FreeSurface(surface) }
        let format = surface.pointee.format.pointee
        let opaque = format.Amask == 0 && format.palette == nil && SDL_HasColorKey(surface) == SDL_FALSE
        let target = opaque ? SDL_PIXELFORMAT_RGB888 : SDL_PIXELFORMAT_ABGR8888
        guard let converted = SDL_ConvertSurfaceFormat(surface, target.rawValue, 0) else {
            return .failure(.init(reason: "unsupported pixel format"))
        }
        return .success(converted)
    }

    /// A JPEG decoded by libjpeg at 1/2, 1/4 or 1/8 of its sides (the largest reduction still covering
    /// `plan.target`; whole when none does), into a 32-bit surface without alpha: what was allocated.
    private static func decodeJPEG(_ bytes: [UInt8], plan: DecodePlan) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageDecodeFailure> {
        guard case let .success(output) = plan.output(of: bytes) else { return .failure(.init(reason: "truncated or corrupt")) }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(output.width), Int32(output.height), 32, SDL_PIXELFORMAT_RGB888.rawValue)
        else { return .failure(.init(reason: "out of memory")) }
        if let failure = JPEGCodec.decode(bytes, denominator: output.denominator, into: surface.pointee.pixels, pitch: Int(surface.pointee.pitch),
                                          width: output.width, height: output.height) {
            SDL_FreeSurface(surface)
            return .failure(.init(reason: "truncated or corrupt (\(failure.reason))"))
        }
        return .success(surface)
    }

    /// `surface` turned as `orientation` says (a new surface of the same format), or nil when SDL fails.
    private static func turn(_ surface: UnsafeMutablePointer<SDL_Surface>, _ orientation: ExifOrientation) -> UnsafeMutablePointer<SDL_Surface>? {
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        let (w, h) = orientation.swapsSides ? (height, width) : (width, height)
        guard let turned = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, surface.pointee.format.pointee.format) else { return nil }
        let from = surface.pointee.pixels!, to = turned.pointee.pixels!
        let fromPitch = Int(surface.pointee.pitch), toPitch = Int(turned.pointee.pitch)
        for y in 0..<h {
            let row = to.advanced(by: y * toPitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let s = orientation.source(x: x, y: y, width: width, height: height)
                row[x] = from.advanced(by: s.y * fromPitch).assumingMemoryBound(to: UInt32.self)[s.x]
            }
        }
        return turned
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
}

/// A size in output pixels.
struct PixelSize: Hashable, Sendable {
    var width: Int32
    var height: Int32
}
