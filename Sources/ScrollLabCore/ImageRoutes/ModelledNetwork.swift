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

    package init(network: NetworkImageSource, sizes: ModelledDecodedSizes? = nil) {
        self.network = network
        self.sizes = sizes
    }

    /// The model's earliest completion at or before `time`, with its decoded size.
    package mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        guard let completion = network.nextCompletion(upTo: time) else { return nil }
        return sizes?.sized(completion) ?? completion
    }
}
