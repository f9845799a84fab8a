import LabKit
import ScrollLabCore

/// `--disk-cache DIR` for the commands that run headless (`replay`, `bench`, `sweep run`): the modelled
/// disk cache starts with the images the folder holds and leaves the ones it stored there, so a second
/// run is a second visit and moves fewer bytes. The folder is the window's (`DiskCache`, the same keys
/// and entries), so a window and a headless run share what they fetched.
struct HeadlessDiskFolder {
    let cache: DiskCache
    /// The image files, by asset index (asset `i` is file `i % count`).
    let files: [AssetFile]

    /// What the folder holds at the start, by asset.
    struct Start {
        /// Assets whose entry was read whole and checked: the model's disk hits.
        var entries: [Int] = []
        /// Assets whose entry was torn or corrupt (now deleted): the first load of each counts
        /// `diskCorrupt` and goes to the network. One asset per entry: the other assets showing the same
        /// file find no entry, as in the window.
        var corrupt: [Int] = []
    }

    /// The folder `choice` names, or nil (`off`, none given, no image files, or a folder that cannot
    /// be used: `DiskCache.open` then warns once and the run models an empty cache).
    init?(_ choice: DiskCacheChoice?, files: [AssetFile]) {
        guard case let .directory(path)? = choice, !files.isEmpty,
              let cache = DiskCache.open(directory: path, byteLimit: GridSceneConfiguration().diskCacheByteLimit ?? (100 << 20)) else { return nil }
        self.cache = cache
        self.files = files
    }

    /// The window's key of asset `asset`.
    func key(_ asset: Int) -> String { files[asset % files.count].diskCacheKey }

    /// The first `assetCount` assets' entries, each listed entry read and checked as the window reads it
    /// (`DiskCache.read`: its key, length and checksum; a bad one deleted), without marking it used.
    func start(assetCount: Int) -> Start {
        var start = Start()
        var checked: Set<String> = []
        for asset in 0..<assetCount {
            let key = key(asset)
            // A file shown by several assets is one entry: read once, a hit for each asset while it is good.
            if checked.contains(key) {
                if cache.contains(key) { start.entries.append(asset) }
                continue
            }
            checked.insert(key)
            guard cache.contains(key) else { continue }
            let corruptBefore = cache.corruptCount
            if cache.read(key, marksUse: false) != nil {
                start.entries.append(asset)
            } else if cache.corruptCount > corruptBefore {
                start.corrupt.append(asset)
            }
        }
        return start
    }

    /// Stores the images of `assets` the folder does not hold yet (each file's bytes, as the window does).
    func store(_ assets: [Int]) {
        for asset in assets where !cache.contains(key(asset)) {
            if let bytes = ImageFile.fileBytes(files[asset % files.count]) { cache.write(key(asset), payload: bytes) }
        }
    }
}
