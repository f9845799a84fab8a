import LabKit
import ScrollKit

/// `--replay FILE` in the window: the file while it is read, the gesture waiting for its first frame,
/// and the replay running.
package struct Playback {
    /// The file while it is being read (the window does not wait for it).
    package var load: GestureLoad?
    /// The gesture to play once the first frame's model time is known.
    package var pending: [PointerEvent]?
    /// The gesture being played, until its input is delivered and the motion it caused has ended.
    package var replay: ReplayDriver?
    /// The replay's model frames per second: the window's refresh rate (`--refresh`, else the display's).
    package var frameRate = 60.0

    /// The clock the model steps on outside a replay, when the caller steps on a grid (a video, the frame
    /// bench, slow motion): the one the last replay ran on, continued.
    package var clock: ModelClock?

    /// The replay's end, from its start until it is taken (`PhoneDriver.takeReplayEnd`): the model time
    /// of its last sample, and the first grid frame at or after it at which every phone had settled
    /// (motion and loads), as `replay --headless` ends. A busy window may step several grid frames at one
    /// moment; its end is still that frame.
    package var end: (lastSample: Double, settledAt: Double?)?

    /// True while a replay feeds the scenes: live pointer input is ignored then.
    package var isReplaying: Bool { replay != nil || pending != nil }
}
