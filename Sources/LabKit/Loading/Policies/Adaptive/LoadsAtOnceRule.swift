/// Adaptive's network loads at once on a link its responses show to be the bottleneck (3G, EDGE): the
/// loads that keep it busy, rounded up, and `spare` more. More only split the link (its fair share):
/// every image comes later, the screen's too.
public struct LoadsAtOnceRule: Hashable, Sendable {
    /// Whether the loads at once follow the link at all.
    public var enabled: Bool
    /// Loads added to those that keep the link busy.
    public var spare: Int

    /// The rule of `tuning`.
    public init(_ tuning: AdaptiveTuning) {
        enabled = tuning.limitsLinkLoads
        spare = tuning.linkLoadsSpare
    }

    /// The loads at once over `link` with a pipeline of `pipelineLoads`; nil (the pipeline's) when the link
    /// is not measured or that is no fewer: a latency with no bandwidth to share, LTE's 4 ms images
    /// behind a 115 ms round trip.
    public func loads(link: AdaptiveLinkEstimator?, pipelineLoads: Int) -> Int? {
        guard enabled, let link else { return nil }
        let busy = link.busyLoads
        guard busy < Double(pipelineLoads) else { return nil }
        let loads = Int(busy.rounded(.up)) + spare
        return loads < pipelineLoads ? loads : nil
    }
}
