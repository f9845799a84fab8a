import LabKit

/// The decoded size the model gives a finished network load in the window, as the headless replay gives
/// it: the configuration's size of an image, or a feed's own (downsampled to its item's frame), failed
/// when that alone passes the device's memory limit. The pipeline's memory cache counts these.
package struct ModelledDecodedSizes {
    /// Decoded bytes of an image without a feed.
    package var bytesPerImage: Int
    /// A feed's decoded bytes by image (nil: no feed).
    package var feedBytes: [Int]?
    /// The device's memory limit (nil: none).
    package var memoryLimitBytes: Int?

    /// The sizes of `grid`'s condition.
    package init(_ grid: GridSceneConfiguration) {
        bytesPerImage = grid.bytesPerImage
        feedBytes = grid.feed.map { FeedDecodedSizes.decodedBytes(feed: $0, layout: grid.feedGeometry, downsample: grid.downsample) }
        memoryLimitBytes = grid.device?.memoryLimitBytes
    }

    /// `completion` with its image's decoded size, or failed when that passes the memory limit (the bundled
    /// grid's images too, as the headless replay's `GridScene.feedSized`).
    package func sized(_ completion: LoadCompletion) -> LoadCompletion {
        if let feedBytes { return FeedDecodedSizes.sized(completion, decodedBytes: feedBytes, memoryLimitBytes: memoryLimitBytes) }
        guard let limit = memoryLimitBytes, bytesPerImage > limit else { return completion }
        return FeedDecodedSizes.sized(completion, decodedBytes: [], otherImagesBytes: bytesPerImage, memoryLimitBytes: limit)
    }
}
