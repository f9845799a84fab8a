import LabKit
import ScrollKit

/// What `PhoneDriver` needs of a phone: the scene shown, as input, steps and callbacks. The window's
/// phone (its scene's drawing, its textures) conforms; the driver itself makes no SDL call.
@MainActor
package protocol DrivenPhone: AnyObject {
    /// Its place, 0 from the left (the trace's `"phone"`).
    var index: Int { get }
    /// The scroll view of the scene shown.
    var scrollView: ScrollView { get }
    /// True while A plays the last gesture under every policy on this phone.
    var isRunningComparison: Bool { get }
    /// True when the scene shown is at rest with nothing pending.
    var isSettled: Bool { get }
    /// `--touch-hz`: the rate a replayed gesture is resampled to, nil to play it as read.
    var touchHz: Double? { get }
    /// Routes a pointer sample to the scene shown.
    func pointer(_ event: PointerEvent)
    /// The touch in progress was cancelled at model time `time`.
    func cancelPointer(time: Double)
    /// Takes the images finished since the last step, then steps the scene to model time `time`.
    /// `replaying`: a replay runs, whose figures are the headless replay's: the decodes due by `time` are
    /// waited for, however long the wall clock takes.
    func advance(to time: Double, replaying: Bool)
    /// Hands each callback made since the last call to `publish`, with the phone's index.
    func collect(_ publish: (Int, ScrollEventRecord) -> Void)
    /// Releases the phone's scenes and images; the window is closing.
    func close()
}
