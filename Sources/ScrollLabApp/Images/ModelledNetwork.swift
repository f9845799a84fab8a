import LabKit

/// The window's modelled network (`--network`): the headless replay's network model, stepped on the
/// window's model clock, decides when each load completes (so the pipeline begins its next load when the
/// headless one does); the real decode of the asset file starts then, and its texture follows.
struct ModelledNetwork {
    /// The model: the same as the headless replay's for the configuration, without its disk cache (the
    /// window keeps a real one in front).
    var network: NetworkImageSource
    /// A feed's decoded size of each image and the device's memory limit, as the headless replay applies
    /// them (nil: the model's own size).
    var sizes: (decodedBytes: [Int], memoryLimitBytes: Int?)?
    /// Tickets the pipeline has had complete at the model's time whose texture is still being made.
    var following: Set<Int> = []

    /// The model's earliest completion at or before `time`, with the feed's decoded size.
    mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        guard let completion = network.nextCompletion(upTo: time) else { return nil }
        guard let sizes else { return completion }
        return FeedDecodedSizes.sized(completion, decodedBytes: sizes.decodedBytes, memoryLimitBytes: sizes.memoryLimitBytes)
    }
}
