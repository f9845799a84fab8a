/// What the HUD shows beyond the scene and its status: the toast and until when, the help overlay, and
/// the moment the timeline is frozen at.
package struct HUDState {
    /// A transient line (a key's answer, the path of the last screenshot), shown as a toast.
    package private(set) var message: String?
    /// The toast's opacity (it fades out at the end).
    package private(set) var messageAlpha = 1.0
    /// App time the toast ends.
    package private(set) var messageUntil = 0.0
    package var showHelp = false
    /// The model time the timeline is frozen at (Space), nil while it runs live.
    package var timelineFrozenAt: Double?

    /// Shows `message` until app time `until`.
    package mutating func show(_ message: String, until: Double) {
        self.message = message
        messageUntil = until
    }

    /// Fades the toast out over its last 0.4 s and removes it after, at app time `t`.
    package mutating func fadeMessage(at t: Double) {
        if message != nil, t > messageUntil { message = nil }
        messageAlpha = Swift.min(1, Swift.max(0, (messageUntil - t) / 0.4))
    }

    package init(message: String? = nil, messageAlpha: Double = 1.0, messageUntil: Double = 0.0, showHelp: Bool = false, timelineFrozenAt: Double? = nil) {
        self.message = message
        self.messageAlpha = messageAlpha
        self.messageUntil = messageUntil
        self.showHelp = showHelp
        self.timelineFrozenAt = timelineFrozenAt
    }
}
