/// Where a headless run's images come from when not from the model: a real server (`--source`, B-NET-3).
/// Each run makes its own source from its grid configuration (the same pipeline, policies and metrics as
/// a modelled run; only the source differs), and `finish` is called once the run has settled, before its
/// metrics are read (a real client ends its transfers there, so every byte it received is counted).
/// `label` is appended to every output line of such a run, so a real network's results are never taken
/// for the model's.
public struct ExternalImageSource: Sendable {
    /// What a run's source is made of: the source, and what ends it.
    public typealias Made = (source: any ImageSource, finish: @Sendable () -> Void)
    /// The keys added to every output line (e.g. `"realNetwork":{"client":"URLSession","http":"1.1"}`).
    public var label: [(String, JSONValue)]
    /// Makes one run's source for its configuration.
    public var make: @Sendable (GridSceneConfiguration) -> Made

    public init(label: [(String, JSONValue)], make: @escaping @Sendable (GridSceneConfiguration) -> Made) {
        self.label = label
        self.make = make
    }

    /// A new source of this kind for `configuration` (a feed's decoded sizes on top, as the model's), and
    /// what ends it.
    public func made(for configuration: GridSceneConfiguration) -> Made {
        let made = make(configuration)
        return (GridScene.feedSized(made.source, configuration, layout: configuration.feedGeometry), made.finish)
    }
}
