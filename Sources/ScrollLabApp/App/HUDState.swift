/// What the HUD shows beyond the scene and its status: the toast and until when, the help overlay, and
/// the moment the timeline is frozen at.
struct HUDState {
    /// A transient line (a key's answer, the path of the last screenshot), shown as a toast.
    private(set) var message: String?
    /// The toast's opacity (it fades out at the end).
    private(set) var messageAlpha = 1.0
    /// App time the toast ends.
    private(set) var messageUntil = 0.0
    var showHelp = false
    /// The model time the timeline is frozen at (Space), nil while it runs live.
    var timelineFrozenAt: Double?

    /// Shows `message` until app time `until`.
    mutating func show(_ message: String, until: Double) {
        self.message = message
        messageUntil = until
    }

    /// Fades the toast out over its last 0.4 s and removes it after, at app time `t`.
    mutating func fadeMessage(at t: Double) {
        if message != nil, t > messageUntil { message = nil }
        messageAlpha = Swift.min(1, Swift.max(0, (messageUntil - t) / 0.4))
    }
}
