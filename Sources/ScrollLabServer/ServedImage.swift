#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollLabCore

/// An image file `scrolllab serve` has agreed to send, read a chunk at a time as its body goes out: a
/// response in flight holds one chunk, not the file (12 responses of a 64 MB file held 762 MB when each was
/// read whole). No descriptor is held between chunks, so an HTTP/2 connection's many streams cost no file
/// descriptors; each chunk's read checks it is still the file that was checked (the same device, inode,
/// size and modification time), and a file replaced or rewritten mid-response cuts the response instead of
/// mixing two files' bytes.
struct ServedImage {
    /// The file's path with its links resolved (inside the assets folder when it was checked).
    let path: [UInt8]
    /// The file's length, the response's `Content-Length`.
    let size: Int
    /// The Content-Type of the image format its first bytes name.
    let contentType: String
    private let identity: Identity

    /// What must not change while the file is served.
    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    /// Opens the regular file at `path` (no link followed: `path` is resolved) and checks it: nil with the
    /// refusal when it is not a regular file, is larger than `ImageFile.maxFileBytes`, or its first bytes
    /// are not an image the window accepts.
    static func open(resolved path: [UInt8]) -> Result<ServedImage, ImageServer.Refusal> {
        let fd = openNoFollow(path)
        guard fd >= 0 else { return .failure(.init(status: 500, reason: "cannot read the image file")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.init(status: 403, reason: "not a regular file"))
        }
        guard info.st_size <= off_t(ImageFile.maxFileBytes) else { return .failure(.init(status: 403, reason: "file too large")) }
        let size = Int(info.st_size)
        let prefix = ImageFile.readBytes(fd, count: Swift.min(size, ImageHeader.prefixLength))
        guard prefix.count == Swift.min(size, ImageHeader.prefixLength) else {
            return .failure(.init(status: 500, reason: "cannot read the image file"))
        }
        switch ImageFile.header(prefix, descriptor: fd, maxDimension: ImageHeader.defaultMaxDimension) {
        case let .success(header):
            return .success(ServedImage(path: path, size: size, contentType: ImageServer.contentType(of: header.format),
                                        identity: Identity(info)))
        case let .failure(failure):
            return .failure(.init(status: 403, reason: "not an image the window accepts (\(failure.reason))"))
        }
    }

    /// The `count` bytes at `offset`, or nil when the file is gone, has changed since it was checked, or
    /// cannot be read whole.
    func chunk(at offset: Int, count: Int) -> [UInt8]? {
        let fd = Self.openNoFollow(path)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Identity(info) == identity else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return nil }
            filled += n
        }
        return bytes
    }

    /// O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: a link put in the file's place
    /// after it was resolved is not followed.
    private static func openNoFollow(_ path: [UInt8]) -> Int32 {
        (path + [0]).withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { Glibc.open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        }
    }
}
