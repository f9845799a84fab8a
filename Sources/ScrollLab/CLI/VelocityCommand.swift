import ArgumentParser
import Foundation
import ScrollKit

/// `scrolllab velocity` (B-VEL-2): the release velocity of one gesture read from stdin, as the scroll view sees it.
///
/// The down and move samples of the gesture go through `VelocityTracker`, the type the scroll view
/// uses, exactly as the scroll view feeds it; the velocity at the up (whose time decides whether the
/// pointer had stopped) is printed as `{"vx":…,"vy":…}` in points per second.
/// If stdin holds several gestures, the first complete one (down … up) is used; if none is complete,
/// the gesture still open at the end is used, estimated at its newest sample.
struct VelocityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Print the release velocity of a gesture read from stdin as JSON lines.",
        discussion: """
            Input: one sample per line, {"t_ms":…,"x":…,"y":…,"phase":"down|move|up"}.
            Output: one line {"vx":…,"vy":…}, the pointer velocity in points per second.
            With several gestures, the first complete one is used.
            """
    )

    /// Which estimator to run.
    @Option(name: .long, help: "Velocity estimator: ios (weighted last pairs, default) or lsq (least squares).")
    var estimator: EstimatorOption = .ios

    func run() throws {
        var text = ""
        while let line = readLine(strippingNewline: false) { text += line }

        let events: [PointerEvent]
        do {
            events = try GestureFile.parse(text)
        } catch {
            fail("scrolllab velocity: stdin \(error.description)")
        }
        guard let gesture = GestureFile.gestures(events, includingIncomplete: true).first else {
            fail("scrolllab velocity: stdin holds no gesture (expected JSON lines starting with a \"down\")")
        }

        var tracker = VelocityTracker(kind: estimator.kind)
        var releaseTime: Double?
        for event in gesture {
            if event.phase == .up {
                releaseTime = event.time
            } else {
                tracker.addSample(time: event.time, position: event.position)
            }
        }
        let velocity = tracker.velocity(releasedAt: releaseTime)
        let line = JSONValue.object([("vx", .number(velocity.x)), ("vy", .number(velocity.y))])
        print(line.serialized)
    }
}
