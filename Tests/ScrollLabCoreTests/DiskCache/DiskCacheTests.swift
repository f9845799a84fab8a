import Foundation
import Testing
@testable import ScrollLabCore

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
        // No temporary file is left behind: the entries and the cache's marker.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.allSatisfy { $0.hasSuffix(".entry") || $0 == DiskCache.markerName })
    }

    /// Temporary names an earlier process of the same pid left (killed mid-write, restarted within the minute
    /// they are kept) are stepped over: the entry is stored (was: the cache turned off, "File exists").
    @Test func aTemporaryNameAlreadyTakenIsSteppedOver() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        for serial in 1...40 {
            #expect(FileManager.default.createFile(atPath: dir + "/.tmp-\(getpid())-\(serial)", contents: Data("SLDC".utf8)))
        }
        cache.write("k1", payload: [1, 2, 3])
        cache.write("k2", payload: [4])
        #expect(!cache.isOff)
        #expect(cache.read("k1") == [1, 2, 3] && cache.read("k2") == [4])
        // What the writes left is only their entries (the old temporary names stay for the sweep after a minute).
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".tmp-") }
        #expect(names.sorted() == ([DiskCache.markerName] + ["k1", "k2"].map(DiskCacheEntry.fileName)).sorted())
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".tmp-") }.count == 40)
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

    /// The headless check at the start reads an entry as the window does but leaves its last use.
    @Test func aCheckWithoutUseLeavesTheEntrysLastUse() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        cache.write("k", payload: Array(repeating: 7, count: 1000))
        let path = dir + "/" + DiskCacheEntry.fileName(for: "k")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        func lastUse() throws -> Date { try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) }
        #expect(cache.read("k", marksUse: false) == Array(repeating: 7, count: 1000))
        #expect(try lastUse() == old)
        #expect(cache.read("k") != nil)
        #expect(try lastUse() > old)
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
        #expect(cache.usage.entries == 0 && left == [DiskCache.markerName])
    }

    @Test func aFolderThatCannotBeMadeLeavesNoCache() {
        // A regular file where the folder should be.
        let file = folder()
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(DiskCache.open(directory: file + "/images", byteLimit: 1 << 20) == nil)
        // Its parent too: the reason is mkdir's (was: the open after it, No such file or directory).
        #expect(OutputFolder.make(file + "/images/a") == "Not a directory")
    }
}

/// B-DISK-2: the disk cache touches only files it wrote, and no foreign object in its folder blocks or wipes it.
@Suite struct DiskCacheOwnershipTests {
    let fm = FileManager.default

    func folder() -> String {
        NSTemporaryDirectory() + "scrolllab-disk-own-\(getpid())-\(UUID().uuidString)"
    }

    @Test func aFolderWithOtherFilesIsRefusedAndLeftAlone() throws {
        let dir = folder()
        defer { try? fm.removeItem(atPath: dir) }
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(fm.createFile(atPath: dir + "/notes.txt", contents: Data("mine".utf8)))
        #expect(DiskCache.open(directory: dir, byteLimit: 1 << 20) == nil)
        #expect(try fm.contentsOfDirectory(atPath: dir) == ["notes.txt"])
    }

    @Test func anEmptyFolderIsAdoptedWithAMarkerAndOnlyItsEntriesAreCleared() throws {
        let dir = folder()
        defer { try? fm.removeItem(atPath: dir) }
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        #expect(fm.fileExists(atPath: dir + "/" + DiskCache.markerName))
        cache.write("k", payload: [1, 2, 3])
        // The user's files put in the folder later: an old temporary-looking file, an *.entry of theirs,
        // a file with an entry's name but not an entry's bytes.
        let userTemp = dir + "/.tmp-notes", userEntry = dir + "/notes.entry"
        let lookalike = dir + "/" + DiskCacheEntry.fileName(for: "other")
        for path in [userTemp, userEntry, lookalike] { #expect(fm.createFile(atPath: path, contents: Data("user".utf8))) }
        try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: userTemp)
        let again = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        #expect(again.usage.entries == 1)
        again.clear()
        #expect(!fm.fileExists(atPath: dir + "/" + DiskCacheEntry.fileName(for: "k")))
        for path in [userTemp, userEntry, lookalike] { #expect(fm.fileExists(atPath: path)) }
    }

    @Test func aFolderACacheWroteWithoutTheMarkerIsStillItsOwn() throws {
        let dir = folder()
        defer { try? fm.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        cache.write("k", payload: [4, 5])
        try fm.removeItem(atPath: dir + "/" + DiskCache.markerName)
        let again = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        #expect(again.read("k") == [4, 5])
    }

    @Test func evictionCountsOnlyItsOwnEntries() throws {
        let dir = folder()
        defer { try? fm.removeItem(atPath: dir) }
        let payload = [UInt8](repeating: 9, count: 1000)
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        for i in 0..<5 { cache.write("k\(i)", payload: payload) }
        // A 200 MB sparse file at one entry's name: not an entry, not counted, nothing evicted for it.
        let big = dir + "/" + DiskCacheEntry.fileName(for: "k9")
        #expect(fm.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        let again = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        #expect(again.usage.entries == 5)
        for i in 0..<5 { #expect(again.read("k\(i)") == payload) }
        #expect(fm.fileExists(atPath: big) && again.read("k9") == nil)
    }

    @Test func foreignObjectsAtAnEntrysNameAreSkippedNeverBlocking() throws {
        let dir = folder()
        defer { try? fm.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        // A FIFO: reading it must not block; a folder: writing over it must not turn the cache off.
        let fifo = dir + "/" + DiskCacheEntry.fileName(for: "fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(cache.read("fifo") == nil)
        cache.write("fifo", payload: [1])
        try fm.createDirectory(atPath: dir + "/" + DiskCacheEntry.fileName(for: "dir"), withIntermediateDirectories: false)
        cache.write("dir", payload: [2])
        #expect(!cache.isOff && cache.read("dir") == nil)
        cache.write("fine", payload: [3])
        #expect(cache.read("fine") == [3])
        // A link at an entry's name is never followed.
        let outside = dir + "-outside"
        defer { try? fm.removeItem(atPath: outside) }
        #expect(fm.createFile(atPath: outside, contents: Data(DiskCacheEntry.encode(key: "link", payload: [5]))))
        try fm.createSymbolicLink(atPath: dir + "/" + DiskCacheEntry.fileName(for: "link"), withDestinationPath: outside)
        #expect(cache.read("link") == nil)
        cache.clear()
        #expect(fm.fileExists(atPath: outside) && fm.fileExists(atPath: fifo))
        let again = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        #expect(again.usage.entries == 0)
    }

    @Test func aLongKeyIsHashedAndHits() throws {
        let dir = folder()
        defer { try? fm.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        let key = "http://h/img/" + String(repeating: "x", count: 70_000)
        cache.write(key, payload: [7, 7])
        #expect(cache.read(key) == [7, 7] && cache.corruptCount == 0)
        #expect(cache.read(key + "y") == nil)
    }

    @Test func aReadOnlyCacheIsStillRead() throws {
        let dir = folder()
        defer { try? fm.removeItem(atPath: dir) }
        let cache = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        cache.write("k", payload: [8])
        cache.write("bad", payload: [1, 2, 3])
        let bad = dir + "/" + DiskCacheEntry.fileName(for: "bad")
        let handle = try #require(FileHandle(forUpdatingAtPath: bad))
        try handle.truncate(atOffset: 10)
        try handle.close()
        let readOnly = try #require(DiskCache.open(directory: dir, byteLimit: 1, readOnly: true))
        #expect(readOnly.isReadOnly && readOnly.usage.entries == 2)     // over its limit, yet nothing evicted
        #expect(readOnly.read("k") == [8] && readOnly.read("bad") == nil)
        readOnly.write("k2", payload: [9])
        readOnly.clear()
        #expect(!readOnly.contains("k2") && fm.fileExists(atPath: bad))
        #expect(fm.fileExists(atPath: dir + "/" + DiskCacheEntry.fileName(for: "k")))
    }
}
