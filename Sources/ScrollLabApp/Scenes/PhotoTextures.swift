import LabKit
import ScrollKit
import ScrollLabCore

/// The photos scene's textures: the photos of the bound pages, asked for from the app's image loader
/// (the grid's textures and decode workers). Tickets have negative ids, so the grid's pipeline, which
/// numbers its own from zero up, ignores their completions; a photo is asked for again when its texture
/// was dropped (the grid keeps only its own live textures) or has not come after `retryAfter`.
@MainActor
final class PhotoTextures {
    /// Seconds before a photo still without a texture is asked for again.
    static let retryAfter = 2.0

    let images: ImageLoader
    private var nextID = -1
    private var asked: [Int: Double] = [:]

    init(images: ImageLoader) {
        self.images = images
    }

    /// Asks for the photos of `pages` not on the GPU yet, or only at a tile's size (page `k` shows asset `k`).
    func request(_ pages: [Int], time: Double) {
        for page in pages where !images.textures.contains(page) || images.textures.isReduced(page) {
            if let since = asked[page], time - since < Self.retryAfter, time >= since { continue }
            asked[page] = time
            images.begin(LoadTicket(id: nextID, key: ImageKey(asset: page)), time: time)
            nextID -= 1
        }
    }
}
