import LabKit

/// A disk cache in front of the network (the window's), and what a policy reads of it (`ImageSource.disk`):
/// an index of the images it holds, costed as the headless replay's modelled disk costs them (each
/// image's transfer size), so a policy that reads the disk (Adaptive's prefetch window) decides in the
/// window as it does headless. Over HTTP the files are the truth (`isStoredLocally`) and the index follows
/// them: an image is listed when its load completes (its file is written on a decode worker soon after).
/// Under the modelled network the index is the model's disk: an image is listed when its bytes arrive in
/// the model, as headless lists it, and its file is written in the background (`store`); a read of an
/// entry still being written gets its bytes (`reader`, `DiskWriteQueue`). Either way `sync()` takes out what the files let go of or never
/// wrote (evicted, torn, a read-only folder, a full disk, something else at the entry's name).
package struct IndexedDiskCache {
    /// The files.
    package let files: DiskCache
    /// The images held, by key, least recently used first out.
    package private(set) var index: MemoryCache<ImageKey>
    /// Loads served from the files.
    package private(set) var hits = 0
    /// What the files held from an earlier launch when they were opened (nil: empty, or emptied since).
    package var warmAtOpen: (entries: Int, bytes: Int)?
    /// Each image's transfer size, by asset (past the end: the default size).
    private let sizes: [Int]
    /// The files' key of each asset, and each entry's file name's asset and key.
    private let keys: [(asset: Int, key: String)]
    private let entries: [String: (asset: Int, key: String)]
    /// The writes `store` queued.
    private let writes: DiskWriteQueue

    /// The cache over `files`, its index holding those of `keys` (asset → the files' key) the files hold.
    package init(files: DiskCache, sizes: [Int], keys: [(asset: Int, key: String)]) {
        self.files = files
        writes = DiskWriteQueue(files: files)
        self.sizes = sizes
        self.keys = keys
        entries = Dictionary(keys.map { (DiskCacheEntry.fileName(for: $0.key), $0) }, uniquingKeysWith: { first, _ in first })
        index = MemoryCache(byteLimit: files.byteLimit)
        let usage = files.usage
        warmAtOpen = usage.entries > 0 ? usage : nil
        _ = files.takeDropped()
        for (asset, key) in keys where files.contains(key) { stored(ImageKey(asset: asset)) }
    }

    /// Takes out of the index what the files let go of or did not write since the last call; when some
    /// of those went unrecorded (`DiskCache.droppedLimit`), every listed image is checked against the files.
    package mutating func sync() {
        let dropped = files.takeDropped()
        for name in dropped.names {
            // Unless written again since.
            if let entry = entries[name], !files.contains(entry.key) { _ = index.remove(ImageKey(asset: entry.asset)) }
        }
        guard dropped.overflowed else { return }
        for (asset, key) in keys where !files.contains(key) { _ = index.remove(ImageKey(asset: asset)) }
    }

    /// The transfer size of `key`'s image, bytes: its cost in the index.
    package func cost(of key: ImageKey) -> Int {
        key.asset >= 0 && key.asset < sizes.count ? Swift.max(0, sizes[key.asset]) : GridSceneConfiguration.defaultTransferBytes
    }

    /// `key`'s image is being stored in the files (nothing when they take no writes: off or read-only).
    package mutating func stored(_ key: ImageKey) {
        guard !files.isOff else { return }
        _ = index.insert(key, cost: cost(of: key))
    }

    /// Lists `key`'s image now and writes its file under `name` in the background, `bytes` giving its
    /// bytes (nil: nothing to write, and `sync()` takes it out again).
    package mutating func store(_ key: ImageKey, as name: String, bytes: @escaping @Sendable () -> [UInt8]?) {
        guard !files.isOff else { return }
        stored(key)
        writes.write(name, bytes: bytes)
    }

    /// What reads an entry from any thread: the bytes of one still being written, else the file's.
    package var reader: @Sendable (String) -> [UInt8]? {
        let writes = self.writes
        return { writes.read($0) }
    }

    /// Waits up to `timeout` seconds for the files `store` queued to be written (at exit, and in tests).
    package func waitForWrites(timeout: Double = .infinity) {
        writes.wait(timeout: timeout)
    }

    /// A load of `key` begins from the files (its place in the index's order moves up).
    package mutating func reading(_ key: ImageKey) {
        _ = index.get(key)
    }

    /// A load was served from the files.
    package mutating func served() {
        hits += 1
    }

    /// `key`'s entry was torn or corrupt (the files deleted it).
    package mutating func forget(_ key: ImageKey) {
        _ = index.remove(key)
    }

    /// K: the files and the index emptied (writes still queued are skipped).
    package mutating func clear() {
        writes.dropAll()
        files.clear()
        index = MemoryCache(byteLimit: files.byteLimit)
        warmAtOpen = nil
    }
}
