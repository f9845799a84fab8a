import Foundation
import Testing
@testable import ScrollLabServer

/// `scrolllab serve` reads a file a chunk at a time, and only the file it checked.
@Suite struct ServedImageTests {
    /// A PNG's signature and header (1×1), then `count` bytes of `fill`.
    static func png(padding count: Int, fill: UInt8 = 0) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]
            + [UInt8](repeating: fill, count: count)
    }

    static func folder() -> String {
        let path = NSTemporaryDirectory() + "served-image-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func open(_ path: String) -> Result<ServedImage, ImageServer.Refusal> {
        ServedImage.open(resolved: Array(path.utf8))
    }

    @Test func anImageIsReadChunkByChunk() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = Self.png(padding: 100_000, fill: 7)
        #expect(FileManager.default.createFile(atPath: dir + "/a.png", contents: Data(bytes)))
        let image = try Self.open(dir + "/a.png").get()
        #expect(image.size == bytes.count && image.contentType == "image/png")
        var read: [UInt8] = []
        var offset = 0
        while offset < image.size {
            let n = min(4096, image.size - offset)
            read += try #require(image.chunk(at: offset, count: n))
            offset += n
        }
        #expect(read == bytes)
        #expect(image.chunk(at: image.size - 10, count: 20) == nil)         // past the end: not whole
    }

    @Test func aFileChangedAfterItsCheckIsNotRead() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.png"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.png(padding: 1000))))
        let replaced = try Self.open(path).get()
        #expect(replaced.chunk(at: 0, count: 100) != nil)
        #expect(FileManager.default.createFile(atPath: path + ".new", contents: Data(Self.png(padding: 1000, fill: 9))))
        #expect(rename(path + ".new", path) == 0)
        #expect(replaced.chunk(at: 0, count: 100) == nil)                 // another inode
        let rewritten = try Self.open(path).get()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 500)
        try handle.write(contentsOf: Data([1, 2, 3]))
        try handle.close()
        #expect(rewritten.chunk(at: 0, count: 100) == nil)                // the same inode, a new modification time
        #expect(unlink(path) == 0)
        #expect(rewritten.chunk(at: 0, count: 100) == nil)                // gone
    }

    @Test func onlyARegularImageFileIsServed() {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/text.png", contents: Data("not an image\n".utf8)))
        #expect(mkfifo(dir + "/fifo.png", 0o644) == 0)
        #expect(symlink(dir + "/text.png", dir + "/link.png") == 0)
        for (name, status) in [("text.png", 403), ("fifo.png", 403), ("link.png", 500), ("gone.png", 500)] {
            guard case let .failure(refusal) = Self.open(dir + "/" + name) else {
                Issue.record("\(name) was served")
                continue
            }
            #expect(refusal.status == status, "\(name): \(refusal.reason)")
        }
    }
}
