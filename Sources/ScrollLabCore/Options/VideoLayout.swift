import LabKit

/// What `replay --video` shows: the phone alone, or the whole window with the HUD.
package enum VideoLayout: String, CaseIterable, Sendable {
    case phones
    case window
}

/// What a rendered video reports (`replay --video`): its frames, and per phone the `end` line's state
/// (offset, views created, the grid's `metrics`).
package struct VideoResult {
    package var frames: Int
    package var phones: [[(String, JSONValue)]]

    package init(frames: Int, phones: [[(String, JSONValue)]]) {
        self.frames = frames
        self.phones = phones
    }
}
