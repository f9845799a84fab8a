import LabKit

/// The window's modelled network (`--network`): the headless replay's network model, stepped on the
/// window's model clock, decides when each load completes (so the pipeline begins its next load when the
/// headless one does); the real decode of the asset file starts then, and its texture follows.
struct ModelledNetwork {
    /// The model: the same as the headless replay's for the configuration, without its disk cache (the
    /// window keeps a real one in front).
    var network: NetworkImageSource
    /// The decoded sizes, as the headless replay gives them (nil: the model's own).
    var sizes: ModelledDecodedSizes?

    /// The model's earliest completion at or before `time`, with its decoded size.
    mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        guard let completion = network.nextCompletion(upTo: time) else { return nil }
        return sizes?.sized(completion) ?? completion
    }
}
