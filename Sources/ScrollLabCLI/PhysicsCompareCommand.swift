import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `scrolllab physics-compare FILE [--json]` (B-PHYS-1): the gesture replayed headless in the grid under
/// every physics; per physics the glide distance, the time from the last release to rest, the largest
/// difference from `ios` at the same frame (and when), and the overshoot past an edge.
struct PhysicsCompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "physics-compare",
        abstract: "Replay one gesture under every scroll physics and tabulate how each differs from UIKit's.",
        discussion: """
            Columns: distance (pt: each release to where its glide ended, added up), to rest (s: last \
            release to the end of its motion; a later zoom is not counted), largest difference from ios (pt, and when: seconds from the \
            first sample), overshoot past an edge (pt), final offset. With --json one line per physics: \
            {"physics":…,"distance":…,"durationToRest":…,"largestDifferenceFromIOS":…,\
            "largestDifferenceAt":…,"edgeOvershoot":…,"finalOffset":…}.
            """
    )

    @Argument(help: "Gesture file (- for stdin).")
    var file: String

    @Flag(help: "One JSON line per physics instead of a table.")
    var json = false

    @Option(help: "Scene: any the lab has. One that pages by the frame (pager, photos) settles each release on a page, the same under every physics.")
    var scene: SceneKind = .grid

    @Option(help: "Deceleration rate: normal (0.998) or fast (0.99).")
    var rate: RateOption = .normal

    func run() throws {
        defer { finishStandardOutput(command: "physics-compare") }
        let output = CommandOutput(command: "physics-compare")
        var events: [PointerEvent] = []
        let count = readGesture(file, command: "physics-compare") { events.append($0) }
        guard count > 0 else { fail("scrolllab physics-compare: \(inputName(file)) holds no pointer events") }
        let rows = PhysicsComparison().rows(events) { physics in
            // The replay's own scene options, with this physics.
            let options = try! SceneOptions.parse(["--scene", scene.name, "--rate", rate.rawValue, "--physics", physics.rawValue])
            return options.configuration.makeScene()
        }
        if json {
            for row in rows { output.line(row.json.serialized) }
            return
        }
        output.line("physics             distance pt  to rest s  largest diff from ios  overshoot pt  final offset")
        for row in rows {
            let difference = row.physics == .ios ? "—" : String(format: "%.1f pt at %.2f s", row.largestDifference,
                                                                 row.largestDifferenceTime)
            output.line(pad(row.physics.rawValue, 18) + lead(String(format: "%.1f", row.glideDistance), 13)
                  + lead(String(format: "%.2f", row.durationToRest), 11) + lead(difference, 23)
                  + lead(String(format: "%.1f", row.edgeOvershoot + 0), 14) + lead(String(format: "%.1f", row.finalOffset), 14))
        }
    }

    private func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    private func lead(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}
