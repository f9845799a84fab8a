import Foundation
import LabKit
import ScrollKit

/// The lab's instruments in the window (B-UI-1 timeline, B-UI-3 record and replay): the timeline
/// of offset, velocity and callbacks, the gesture recorder behind F5, and the replay of `--replay FILE`.
struct LabInstruments {
    /// Folder the recordings go to, relative to the working directory.
    static let recordingsFolder = "recordings"

    /// Offset, velocity and callbacks of the last seconds, on the model clock.
    var timeline: Timeline
    /// The plot geometry, reused frame to frame.
    var layout = TimelineLayout()
    /// The last gesture the grid received (A plays it under every policy), the touch still in progress,
    /// and the policies A has yet to play (nil when no comparison runs).
    var lastGesture: LabApp.PlayedGesture?
    var touchInProgress: LabApp.PlayedGesture?
    var comparisonQueue: [LoadingPolicyKind]?
    /// The scene A's runs stand in for (each run is a fresh scene), shown again when they end.
    var comparisonHome: (any WindowScene)?
    /// The model time the timeline is frozen at (Space), nil while it runs live.
    var timelineFrozenAt: Double?
    /// The model time of the last release (willEndDragging): the timeline widens to keep it and its glide in view.
    var lastRelease: Double?
    /// The nested scroll view the timeline plots (`photo`), nil while it plots the scene's own.
    var timelineFollows: String?
    /// Pointer samples as the model received them, while F5 recording is on.
    var recorder = GestureRecorder()
    /// The file the recording is written to as it goes (opened at the first complete gesture).
    var recordingFile: OutputFile?
    /// The gesture file being played, until its input is delivered and the motion it caused has ended.
    var replay: ReplayDriver?
    /// The gesture to play once the first frame's model time is known (`--replay FILE`).
    var pendingReplay: [PointerEvent]?
    /// The replay's model frames per second: the window's refresh rate (`--refresh`, else the display's).
    var replayFrameRate = 60.0

    /// Instruments for a scene scrolling along `axis`.
    init(axis: Axis) {
        timeline = Timeline(axis: axis)
    }

    /// The next free `recordings/gesture-<n>.jsonl` (n from 1), relative to the working directory.
    static func nextRecordingPath(fileManager: FileManager = .default) -> String {
        var n = 1
        while fileManager.fileExists(atPath: "\(recordingsFolder)/gesture-\(n).jsonl") { n += 1 }
        return "\(recordingsFolder)/gesture-\(n).jsonl"
    }
}
