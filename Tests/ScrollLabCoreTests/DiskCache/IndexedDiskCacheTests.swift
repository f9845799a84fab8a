import Foundation
import LabKit
import Testing
@testable import ScrollLabCore

/// A disk cache as a policy reads it: an index of what the folder holds, costed at each
/// image's transfer size as the headless replay's modelled disk, following stores, reads, damage and K.
@Suite struct IndexedDiskCacheTests {
    @Test func theIndexHoldsWhatTheFolderHoldsAtTheModelsCosts() throws {
        let dir = NSTemporaryDirectory() + "scrolllab-window-disk-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = try #require(DiskCache.open(directory: dir, byteLimit: 1 << 20))
        files.write("file:a", payload: [1, 2, 3])
        files.write("file:c", payload: [4])
        // Assets 0 and 2 were stored by an earlier launch; 1 was not; 3 has no transfer size (the default).
        var disk = IndexedDiskCache(files: files, sizes: [30_000, 40_000, 50_000],
                                   keys: [(0, "file:a"), (1, "file:b"), (2, "file:c")])
        #expect(disk.warmAtOpen?.entries == 2)
        #expect(disk.index.keysByRecency == [ImageKey(asset: 2), ImageKey(asset: 0)])   // most recent first
        #expect(disk.index.totalBytes == 80_000)
        #expect(disk.cost(of: ImageKey(asset: 1)) == 40_000)
        #expect(disk.cost(of: ImageKey(asset: 3)) == GridSceneConfiguration.defaultTransferBytes)

        disk.stored(ImageKey(asset: 1))
        disk.reading(ImageKey(asset: 0))   // used again: most recent
        #expect(disk.index.keysByRecency == [ImageKey(asset: 0), ImageKey(asset: 1), ImageKey(asset: 2)])
        #expect(disk.index.totalBytes == 120_000)
        disk.served()
        #expect(disk.hits == 1)
        disk.forget(ImageKey(asset: 2))    // torn on read: the folder deleted it
        #expect(disk.index.keysByRecency == [ImageKey(asset: 0), ImageKey(asset: 1)])

        disk.clear()
        #expect(disk.index.keysByRecency.isEmpty)
        #expect(disk.warmAtOpen == nil)
        #expect(files.usage.entries == 0)
    }

    /// What the files let go of or never wrote leaves the index at the next `sync()`: an entry evicted for
    /// the byte limit, one whose name something else holds, every one once the folder cannot be written.
    @Test func theIndexFollowsWhatTheFilesLetGo() throws {
        let dir = NSTemporaryDirectory() + "scrolllab-window-disk-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Room for two entries of 600 bytes, not three.
        let files = try #require(DiskCache.open(directory: dir, byteLimit: 1500))
        let keys: [(asset: Int, key: String)] = [(0, "file:a"), (1, "file:b"), (2, "file:c"), (3, "file:d")]
        var disk = IndexedDiskCache(files: files, sizes: [100, 100, 100, 100], keys: keys)
        for (asset, key) in keys.prefix(3) {
            disk.stored(ImageKey(asset: asset))          // the load completed; its file follows
            files.write(key, payload: [UInt8](repeating: 7, count: 600))
        }
        #expect(files.contains("file:c") && !files.contains("file:a"))
        #expect(disk.index.keysByRecency.count == 3)
        disk.sync()
        #expect(disk.index.keysByRecency == [ImageKey(asset: 2), ImageKey(asset: 1)])   // asset 0 evicted

        // Something else at asset 3's entry name: its file is never written.
        try FileManager.default.createDirectory(atPath: dir + "/" + DiskCacheEntry.fileName(for: "file:d"), withIntermediateDirectories: false)
        disk.stored(ImageKey(asset: 3))
        files.write("file:d", payload: [1])
        disk.sync()
        #expect(!disk.index.keysByRecency.contains(ImageKey(asset: 3)))

        // Stored as the model stores it: listed at once, its file written in the background; a read gets
        // the bytes being written, then the file's. Bytes that cannot be had leave the index at `sync()`.
        var modelled = IndexedDiskCache(files: files, sizes: [100, 100, 100, 100], keys: keys)
        let read = modelled.reader
        for round in 0..<20 {
            let payload = [UInt8](repeating: UInt8(round), count: 500)
            modelled.store(ImageKey(asset: 0), as: "file:a") { payload }
            #expect(modelled.index.contains(ImageKey(asset: 0)))
            #expect(read("file:a") == payload)
        }
        modelled.store(ImageKey(asset: 1), as: "file:b") { nil }
        #expect(modelled.index.contains(ImageKey(asset: 1)))
        modelled.waitForWrites()
        #expect(files.read("file:a") == [UInt8](repeating: 19, count: 500))   // the last write's
        #expect(read("file:a") == [UInt8](repeating: 19, count: 500) && read("file:b") == nil)
        modelled.sync()
        #expect(!modelled.index.contains(ImageKey(asset: 1)) && modelled.index.contains(ImageKey(asset: 0)))
        // K while writes are on their way: the one getting its bytes and those queued are not written.
        let gate = DispatchSemaphore(value: 0)
        modelled.store(ImageKey(asset: 2), as: "file:x") { gate.wait(); return [2] }
        modelled.store(ImageKey(asset: 3), as: "file:y") { [3] }
        modelled.clear()
        gate.signal()
        modelled.waitForWrites()
        #expect(files.usage.entries == 0 && read("file:x") == nil && read("file:y") == nil)

        // A folder opened read-only takes no writes: nothing is listed as stored.
        let readOnly = try #require(DiskCache.open(directory: dir, byteLimit: 1500, readOnly: true))
        var reader = IndexedDiskCache(files: readOnly, sizes: [100, 100, 100, 100], keys: keys)
        let before = reader.index.keysByRecency
        reader.stored(ImageKey(asset: 0))
        readOnly.write("file:a", payload: [1])
        reader.sync()
        #expect(reader.index.keysByRecency == before && !before.contains(ImageKey(asset: 0)))
    }
}
