import LabKit

/// The window's modelled network (`--network`): the headless replay's network model, stepped on the
/// window's model clock, decides when each load completes (so the pipeline begins its next load when the
/// headless one does); the real decode of the asset file starts then, and its texture follows.
package struct ModelledNetwork {
    /// The model: the same as the headless replay's for the configuration, without its disk cache (the
    /// window keeps a real one in front).
    package var network: NetworkImageSource
    /// The decoded sizes, as the headless replay gives them (nil: the model's own).
    package var sizes: ModelledDecodedSizes?
    /// What each image is, by asset, where the files drawn are not the images moved (a feed's: its name,
    /// bytes and pixels), nil otherwise: the disk cache keys an image by it, so one feed's, or the grid's,
    /// stored image is never another's hit.
    package var identities: [String]?

    package init(network: NetworkImageSource, sizes: ModelledDecodedSizes? = nil, identities: [String]? = nil) {
        self.network = network
        self.sizes = sizes
        self.identities = identities
    }

    /// Each of `feed`'s images as the disk cache keys it: its name (the app's URL), and its bytes and pixels,
    /// so a feed that gives the same name another file is not served the first one's.
    package static func identities(of feed: Feed) -> [String] {
        feed.images.map { "feed:\($0.name) \($0.bytes) \($0.pixelWidth)x\($0.pixelHeight)" }
    }

    /// The model's earliest completion at or before `time`, with its decoded size.
    package mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        guard let completion = network.nextCompletion(upTo: time) else { return nil }
        return sizes?.sized(completion) ?? completion
    }
}
