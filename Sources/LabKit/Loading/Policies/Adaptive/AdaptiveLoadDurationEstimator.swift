/// The load duration Adaptive's rules read: the pipeline's measured one (`expectedLoadDuration`), and
/// while the loads at once follow the link, at least a load's duration when the pipeline's loads share it.
/// The rules' limits were set for that, not for the shorter time the link limit itself brings (on EDGE,
/// look-ahead the link cannot carry would pass the look-ahead limit again).
public struct AdaptiveLoadDurationEstimator: Hashable, Sendable {
    /// The pipeline's estimate, seconds.
    public var measured: Double
    /// A load's duration with the pipeline's loads sharing the link, seconds; nil while the loads at once
    /// do not follow the link.
    public var shared: Double?

    /// An estimator of these figures.
    public init(measured: Double, shared: Double? = nil) {
        self.measured = measured
        self.shared = shared
    }

    /// The context's figures; `limited` says whether the loads at once follow the link.
    public init(_ context: LoadingContext, link: AdaptiveLinkEstimator?, limited: Bool) {
        let shared = limited ? link?.sharedLoadDuration(loads: context.maxConcurrentLoads) : nil
        self.init(measured: context.expectedLoadDuration, shared: shared)
    }

    /// The duration the rules read, seconds.
    public var duration: Double {
        guard let shared else { return measured }
        return Swift.max(measured, shared)
    }
}
