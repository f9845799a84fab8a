import Foundation

/// What the window's own keys say they did, one sentence each, shown as a toast (`ToastLayout`): the key
/// first, then what happened or why nothing did. A scene's own keys answer from the scene
/// (`WindowScene.perform`). Kept apart from the app so a test can show every answer and find none cut.
package enum KeyToastText {
    /// At launch, when the disk cache in front of the network already holds `entries` images of `bytes`
    /// from an earlier launch: the run does not start cold, and how to make it.
    package static func warmDiskCache(entries: Int, bytes: Int) -> String {
        String(format: "disk cache warm: %d image%@ (%.1f MB) from an earlier launch; K or --clear-disk-cache empties it",
               entries, entries == 1 ? "" : "s", Double(bytes) / 1e6)
    }

    /// D.
    package static func rate(fast: Bool) -> String {
        fast ? "D: deceleration rate fast (0.99): flings stop sooner" : "D: deceleration rate normal (0.998)"
    }

    /// T: the model clock's new scale, `label` as the clock names it (`0.25×`).
    package static func slowMotion(_ label: String, isSlow: Bool) -> String {
        "T: model clock " + label + (isSlow ? " (slow motion; T again for the next speed)" : ", real time")
    }

    /// R.
    package static func reset(hasLoading: Bool) -> String {
        hasLoading ? "R: reset to offset 0; events, timeline and policy table cleared"
            : "R: reset to offset 0; events and timeline cleared"
    }

    /// Space.
    package static func freeze(frozen: Bool) -> String {
        frozen ? "Space: timeline frozen; [ and ] move it half a second" : "Space: timeline runs live again"
    }

    /// [ (`step` −1) or ] (+1): the frozen timeline now at `time` seconds, or nil when it runs live.
    package static func scrub(step: Int, to time: Double?) -> String {
        let key = step < 0 ? "[" : "]"
        guard let time else { return key + ": nothing to move, the timeline runs live; Space freezes it" }
        return String(format: "%@: timeline moved to %.1f s", key, time)
    }

    /// S: the scene now shown, and that the replay it stopped will not go on (it played in the scene it began in).
    package static func nextScene(_ name: String, stoppedReplay: Bool = false) -> String {
        "S: now the \(name) scene" + (stoppedReplay ? " · the replay stopped (it played in the scene it began in)" : "")
    }

    /// A key bound in another scene only: where it works and what it does there.
    package static func elsewhere(_ key: Key, binding: KeyBinding, owner: String) -> String {
        "\(key.label) works in the \(owner) scene (S switches): \(binding.description)"
    }

    /// A key with no binding at all.
    package static func noAction(_ key: Key) -> String { "\(key.label) does nothing here; H lists the keys" }

    /// A in compare mode.
    package static let compareAllWhileComparing = "A: the phones side by side already compare policies; A is for one phone"
    /// A before any gesture.
    package static let compareAllNeedsGesture = "A: make a gesture first (or --replay one); A then plays it under every policy"
    /// A during a replay.
    package static let compareAllWaitsForReplay = "A: a replay is playing; press A again when it ends"
    /// A started.
    package static let compareAllStarted = "A: playing the last gesture under every policy in turn, each from the same offset with a cold cache"
    /// A's next run: `policy`, the `index`-th of `count` (from 1).
    package static func compareAllRun(_ policy: String, index: Int, count: Int) -> String { "A: now \(policy) (\(index) of \(count))" }
    /// A done.
    package static let compareAllDone = "A: every policy played the same gesture; the table compares them"

    /// F5 started.
    package static let recordingStarted = "F5: recording pointer samples; F5 again stops and writes them"
    /// F5 stopped before any whole gesture.
    package static let recordingEmpty = "F5: recording stopped; no complete gesture, nothing written"
    /// F5 wrote `path`.
    package static func recorded(to path: String) -> String { "F5: recorded to ./\(path)" }

    /// F12 (or `--screenshot`) wrote `path`.
    package static func screenshotSaved(to path: String) -> String { "screenshot saved to \(MessageText.quoted(path))" }
}
