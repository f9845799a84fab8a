import Foundation

/// Image files read safely: only a regular file is opened (a FIFO, a device or a link to one is refused
/// without waiting or reading), its header is read with one bounded read and checked before anything
/// else, and no file is read past `maxFileBytes`. Shared by the window's decoder, the photos' sizes and
/// `scrolllab serve`; no SDL.
package enum ImageFile {
    /// The largest decoded image accepted, in bytes (64 MiB: a 4096×4096 RGBA image).
    package static let maxDecodedBytes = 64 << 20
    /// The largest file read (a compressed image is smaller than its decoded pixels).
    package static let maxFileBytes = 128 << 20

    /// The bytes of the regular file at `path` (at most `maxFileBytes`), or nil.
    package static func fileBytes(_ path: AssetFile) -> [UInt8]? {
        guard case .success(let (descriptor, size)) = openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        guard size <= maxFileBytes else { return nil }
        let bytes = readBytes(descriptor, count: size)
        return bytes.count == size ? bytes : nil
    }

    /// The pixel size of the image at `path` as it is shown (a JPEG's EXIF quarter turn swaps its sides),
    /// read from its header alone; nil when it cannot be used.
    package static func pixelSize(of path: AssetFile) -> (width: Int, height: Int)? {
        guard case .success(let (descriptor, size)) = openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        let bytes = readBytes(descriptor, count: Swift.min(size, ImageHeader.prefixLength))
        guard case .success(let header) = header(bytes, descriptor: descriptor, maxDimension: ImageHeader.defaultMaxDimension)
        else { return nil }
        return ExifOrientation(jpeg: bytes).swapsSides ? (header.height, header.width) : (header.width, header.height)
    }

    /// Opens `path` for reading if it is a regular file: its descriptor and size, or why not. O_NONBLOCK:
    /// opening a FIFO must not wait for a writer; the file type is checked before any read.
    package static func openRegularFile(_ path: AssetFile) -> Result<(Int32, Int), ImageDecodeFailure> {
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
    package static func header(_ bytes: [UInt8], descriptor: Int32, maxDimension: Int) -> Result<ImageHeader, ImageDecodeFailure> {
        do {
            return .success(try ImageHeader.read(bytes, maxDecodedBytes: maxDecodedBytes, maxDimension: maxDimension) { offset, count in
                lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) ? readBytes(descriptor, count: count) : []
            })
        } catch {
            return .failure(.init(reason: error.description))
        }
    }

    /// Up to `count` bytes from the descriptor's position (fewer at the end of the file or on an error).
    package static func readBytes(_ descriptor: Int32, count: Int) -> [UInt8] {
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
package struct ImageDecodeFailure: Error, Sendable {
    /// A short reason ("empty file", "not an image", "too large (12000×12000)", "truncated or corrupt").
    package var reason: String

    package init(reason: String) { self.reason = reason }
}

