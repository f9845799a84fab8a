/// What the HUD shows beyond the scene: its status lines, the toast and until when, the help overlay,
/// and the moment the timeline is frozen at.
struct HUDState {
    var status = HUDStatus()
    /// App time the toast ends.
    var messageUntil = 0.0
    var showHelp = false
    /// The model time the timeline is frozen at (Space), nil while it runs live.
    var timelineFrozenAt: Double?

    /// Shows `message` until app time `until`.
    mutating func show(_ message: String, until: Double) {
        status.message = message
        messageUntil = until
    }

    /// Fades the toast out over its last 0.4 s and removes it after, at app time `t`.
    mutating func fadeMessage(at t: Double) {
        if status.message != nil, t > messageUntil { status.message = nil }
        status.messageAlpha = Swift.min(1, Swift.max(0, (messageUntil - t) / 0.4))
    }
}
