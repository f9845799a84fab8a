import Foundation
import Testing
@testable import ScrollLabApp

/// B-DISK-1: the disk cache never serves a torn or corrupt entry, evicts least recently used beyond
/// its limit, and turns itself off when it cannot write.
@Suite struct DiskCacheTests {
    func folder() -> String {
        let path = NSTemporaryDirectory() + "scrolllab-disk-\(getpid())-\(UUID().uuidString)"
        return path
    }

    @Test func anEntryRoundTripsAndAnyDamageIsRefused() {
        let payload: [UInt8] = Array(0..<200).map { UInt8($0 & 0xFF) }
        let file = DiskCacheEntry.encode(key: "http://h/img/1.jpg", payload: payload)
        #expect(DiskCacheEntry.payload(of: file, key: "http://h/img/1.jpg") == payload)
        #expect(DiskCacheEntry.payload(of: file, key: "http://h/img/2.jpg") == nil)          // another key
        #expect(DiskCacheEntry.payload(of: Array(file.dropLast()), key: "http://h/img/1.jpg") == nil)   // torn
        #expect(DiskCacheEntry.payload(of: file + [0], key: "http://h/img/1.jpg") == nil)    // grown
        var flipped = file
        flipped[flipped.count - 7] ^= 0x10
        #expect(DiskCacheEntry.payload(of: flipped, key: "http://h/img/1.jpg") == nil)       // a bit flipped
        #expect(DiskCacheEntry.payload(of: [], key: "k") == nil)
        for cut in stride(from: 0, to: file.count, by: 7) {
            #expect(DiskCacheEntry.payload(of: Array(file.prefix(cut)), key: "http://h/img/1.jpg") == nil)
        }
    }

    @Test func fileNamesAreHexWhateverTheKey() {
        for key in ["", "../../etc/passwd", "a/b\\c:d*e?f\"g<h>i|j", String(repeating: "é", count: 5000), "\u{0}\n"] {
            let name = DiskCacheEntry.fileName(for: key)
            #expect(name.count == 38 && name.hasSuffix(".entry"))
            #expect(name.dropLast(6).allSatisfy { $0.isHexDigit })
        }
        #expect(DiskCacheEntry.fileName(for: "a") != DiskCacheEntry.fileName(for: "b"))
    }

    @Test func writesAreReadBackAndSurviveANewInstance() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        cache.write("k1", payload: [1, 2, 3])
        #expect(cache.contains("k1") && cache.read("k1") == [1, 2, 3])
        #expect(cache.read("missing") == nil && cache.corruptCount == 0)
        let again = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        #expect(again.contains("k1") && again.read("k1") == [1, 2, 3])
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.allSatisfy { $0.hasSuffix(".entry") })
    }

    @Test func aCorruptEntryIsDeletedCountedAndMissed() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        cache.write("k", payload: Array(repeating: 7, count: 1000))
        let path = dir + "/" + DiskCacheEntry.fileName(for: "k")
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: 500)      // torn, as a crash in a non-atomic writer would leave it
        try handle.close()
        #expect(cache.read("k") == nil)
        #expect(cache.corruptCount == 1)
        #expect(!FileManager.default.fileExists(atPath: path) && !cache.contains("k"))
    }

    @Test func theLeastRecentlyUsedGoBeyondTheLimit() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let payload = [UInt8](repeating: 1, count: 1000)
        let entry = DiskCacheEntry.encode(key: "k0", payload: payload).count
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 3 * entry))
        for i in 0..<3 { cache.write("k\(i)", payload: payload) }
        _ = cache.read("k0")              // k0 is now the most recent: k1 goes first
        cache.write("k3", payload: payload)
        #expect(cache.contains("k0") && !cache.contains("k1") && cache.contains("k2") && cache.contains("k3"))
        #expect(cache.usage.entries == 3 && cache.usage.bytes == 3 * entry)
        cache.clear()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(cache.usage.entries == 0 && left.isEmpty)
    }

    @Test func aFolderThatCannotBeMadeLeavesNoCache() {
        // A regular file where the folder should be.
        let file = folder()
        FileManager.default.createFile(atPath: file, contents: Data([1]))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(DiskCache.open(directory: file + "/images", byteLimit: 1 << 20) == nil)
    }
}
