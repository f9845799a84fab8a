import LabKit

/// The decoded size the model gives a finished network load in the window, as the headless replay gives
/// it: the configuration's size of an image, or a feed's own (downsampled to its item's frame), failed
/// when that alone passes the device's memory limit. The pipeline's memory cache counts these.
package struct ModelledDecodedSizes {
    /// Decoded bytes of an image without a feed.
    package var bytesPerImage: Int
    /// A feed's decoded bytes by image, and the device's memory limit (nil: no feed).
    package var feed: (decodedBytes: [Int], memoryLimitBytes: Int?)?

    /// The sizes of `grid`'s condition.
    package init(_ grid: GridSceneConfiguration) {
        bytesPerImage = grid.bytesPerImage
        feed = grid.feed.map {
            (FeedDecodedSizes.decodedBytes(feed: $0, layout: grid.feedGeometry, downsample: grid.downsample), grid.device?.memoryLimitBytes)
        }
    }

    /// `completion` with its image's decoded size.
    package func sized(_ completion: LoadCompletion) -> LoadCompletion {
        guard let feed else { return completion }
        return FeedDecodedSizes.sized(completion, decodedBytes: feed.decodedBytes, memoryLimitBytes: feed.memoryLimitBytes)
    }
}
