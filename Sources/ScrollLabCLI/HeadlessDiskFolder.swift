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

    /// The folder `choice` names, or nil (`off`, none given, no image files, or a folder that cannot
    /// be used: `DiskCache.open` then warns once and the run models an empty cache).
    init?(_ choice: DiskCacheChoice?, files: [AssetFile]) {
        guard case let .directory(path)? = choice, !files.isEmpty,
              let cache = DiskCache.open(directory: path, byteLimit: GridSceneConfiguration().diskCacheByteLimit ?? (100 << 20)) else { return nil }
        self.cache = cache
        self.files = files
    }

    /// The window's key of asset `asset`.
    func key(_ asset: Int) -> String { "file:" + String(decoding: files[asset % files.count].path, as: UTF8.self) }

    /// The assets among the first `assetCount` whose image the folder holds.
    func entries(assetCount: Int) -> [Int] {
        (0..<assetCount).filter { cache.contains(key($0)) }
    }

    /// Stores the images of `assets` the folder does not hold yet (each file's bytes, as the window does).
    func store(_ assets: [Int]) {
        for asset in assets where !cache.contains(key(asset)) {
            if let bytes = ImageFile.fileBytes(files[asset % files.count]) { cache.write(key(asset), payload: bytes) }
        }
    }
}
