/// The link as Adaptive reads it from its own responses (`LinkEstimate`'s figures): how many loads keep it
/// busy, and how long one load takes when several share it.
public struct AdaptiveLinkEstimator: Hashable, Sendable {
    /// Request start to first byte, seconds.
    public var timeToFirstByte: Double
    /// Last byte to decoded image, seconds: the load holds its slot, the link is free.
    public var timeAfterLastByte: Double
    /// The time one image holds the whole link, seconds (more than 0).
    public var imageTransferTime: Double

    /// An estimator of these figures.
    public init(timeToFirstByte: Double, timeAfterLastByte: Double = 0, imageTransferTime: Double) {
        self.timeToFirstByte = timeToFirstByte
        self.timeAfterLastByte = timeAfterLastByte
        self.imageTransferTime = imageTransferTime
    }

    /// The context's measured link; nil before a response is measured or on a link too fast to measure.
    public init?(_ context: LoadingContext) {
        guard let ttfb = context.timeToFirstByte, let transfer = context.imageTransferTime, transfer > 0 else { return nil }
        self.init(timeToFirstByte: ttfb, timeAfterLastByte: context.timeAfterLastByte ?? 0, imageTransferTime: transfer)
    }

    /// Loads that keep the link busy: while one waits for its first byte or decodes after its last, the
    /// others take the link, so 1 + (time to first byte + time after last byte) / transfer time.
    public var busyLoads: Double {
        1 + (timeToFirstByte + timeAfterLastByte) / imageTransferTime
    }

    /// One load's duration when `loads` share the link: its first byte, then `loads` images' transfer.
    public func sharedLoadDuration(loads: Int) -> Double {
        timeToFirstByte + Double(loads) * imageTransferTime
    }
}
