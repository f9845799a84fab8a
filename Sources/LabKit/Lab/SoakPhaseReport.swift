/// What one policy's phase of a soak did: time, work, the peak of decoded bytes, views and metrics.
public struct SoakPhaseReport: Sendable {
    /// The policy scrolled with.
    public var policy: LoadingPolicyKind
    /// Virtual seconds the phase covered.
    public var virtualSeconds: Double
    /// Gestures replayed.
    public var gestures: Int
    /// Frames stepped.
    public var frames: Int
    /// The largest decoded-byte figure seen in the phase (cache plus tile-only images).
    public var peakDecodedBytes: Int
    /// Views the pool had created by the end (six for the whole run).
    public var viewsCreated: Int
    /// The scene's B-POL-2 metrics for the phase.
    public var metrics: LoadMetrics

    /// One compact JSON object for the soak's output line.
    public var json: JSONValue {
        .object([
            ("policy", .string(policy.rawValue)), ("virtualSeconds", .number(virtualSeconds)),
            ("gestures", .int(gestures)), ("frames", .int(frames)), ("peakDecodedBytes", .int(peakDecodedBytes)),
            ("viewsCreated", .int(viewsCreated)), ("metrics", metrics.json),
        ])
    }
}
