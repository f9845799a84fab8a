import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `scrolllab velocity` (B-VEL-2): the release velocity of one gesture read from stdin, as the scroll view sees it.
///
/// The down and move samples of the gesture go through `VelocityTracker`, the type the scroll view
/// uses, exactly as the scroll view feeds it; the velocity at the up (whose time decides whether the
/// pointer had stopped) is printed as `{"vx":…,"vy":…}` in points per second.
/// If stdin holds several gestures, the first complete one (down … up) is used; if none is complete,
/// the gesture still open at the end is used, estimated at its newest sample. Times count from the
/// first sample, as in `replay` and the window's `--replay`.
struct VelocityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Print the release velocity of a gesture read from stdin as JSON lines.",
        discussion: """
            Input: one sample per line, {"t_ms":…,"x":…,"y":…,"phase":"down|move|up"}.
            Output: one line {"vx":…,"vy":…}, the pointer velocity in points per second.
            With several gestures, the first complete one is used; with none complete, the one still open \
            at the end, estimated at its newest sample (no up: the pointer had not stopped).
            """
    )

    /// Which estimator to run.
    @Option(name: .long, help: "Velocity estimator: ios (weighted last pairs, default) or lsq (least squares).")
    var estimator: EstimatorOption = .ios

    /// The most stdin may hold: a gesture is kilobytes, so more is not a gesture (`velocity < /dev/zero`).
    static let byteLimit = 64 << 20

    func run() throws {
        // Read line by line, each sample fed to the tracker as it comes: only the first complete
        // gesture (or the one still open at the end) counts, and the rest is still checked, so a bad
        // line anywhere is reported.
        var tracker = VelocityTracker(kind: estimator.kind)
        var isOpen = false
        var releaseTime: Double?
        readGesture("-", command: "velocity", byteLimit: Self.byteLimit) { event in
            guard releaseTime == nil else { return }
            switch event.phase {
            case .down:
                tracker = VelocityTracker(kind: estimator.kind)
                tracker.addSample(time: event.time, position: event.position)
                isOpen = true
            case .move:
                if isOpen { tracker.addSample(time: event.time, position: event.position) }
            case .up:
                if isOpen { releaseTime = event.time }
            case .pinch, .pinchEnd, .wheel:
                break  // a pinch or a wheel moves no finger
            }
        }
        guard isOpen else {
            fail("scrolllab velocity: stdin holds no gesture (expected JSON lines starting with a \"down\")")
        }
        let velocity = tracker.velocity(releasedAt: releaseTime)
        let line = JSONValue.object([("vx", .number(velocity.x)), ("vy", .number(velocity.y))])
        CommandOutput(command: "velocity").line(line.serialized)
    }
}
