import LabKit

/// A disk cache in front of the network (the window's), and what a policy reads of it (`ImageSource.disk`):
/// an index of the images it holds, costed as the headless replay's modelled disk costs them (each
/// image's transfer size), so a policy that reads the disk (Adaptive's prefetch window) decides in the
/// window as it does headless. The files are the truth (`isStoredLocally`); the index follows them.
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

    /// The cache over `files`, its index holding those of `keys` (asset → the files' key) the files hold.
    package init(files: DiskCache, sizes: [Int], keys: [(asset: Int, key: String)]) {
        self.files = files
        self.sizes = sizes
        index = MemoryCache(byteLimit: files.byteLimit)
        let usage = files.usage
        warmAtOpen = usage.entries > 0 ? usage : nil
        for (asset, key) in keys where files.contains(key) { stored(ImageKey(asset: asset)) }
    }

    /// The transfer size of `key`'s image, bytes: its cost in the index.
    package func cost(of key: ImageKey) -> Int {
        key.asset >= 0 && key.asset < sizes.count ? Swift.max(0, sizes[key.asset]) : GridSceneConfiguration.defaultTransferBytes
    }

    /// `key`'s image was stored in the files.
    package mutating func stored(_ key: ImageKey) {
        _ = index.insert(key, cost: cost(of: key))
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

    /// K: the files and the index emptied.
    package mutating func clear() {
        files.clear()
        index = MemoryCache(byteLimit: files.byteLimit)
        warmAtOpen = nil
    }
}
