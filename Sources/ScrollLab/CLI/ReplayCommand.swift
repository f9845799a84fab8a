import ArgumentParser
import Foundation
import ScrollKit

/// `scrolllab replay FILE --headless` (B-UI-3): runs a gesture file through a scene on a virtual 60 Hz
/// clock and prints one JSON line per delegate callback, then an `end` line with the final state.
///
/// The output lines are an interface: `{"t":…,"event":…,"offset":{…},…}` per callback (didScroll only
/// with `--did-scroll`), the scene's setting lines first (the pager's geometry), and last
/// `{"event":"end","t":…,"offset":{…},"viewsCreated":…}` plus `"metrics"` for the grid.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a gesture file through the scroll model and print its delegate events as JSON lines."
    )

    @Argument(help: "Gesture file: JSON lines {\"t_ms\":…,\"x\":…,\"y\":…,\"phase\":\"down|move|up\"}.")
    var file: String

    @Flag(help: "Run with no window on a virtual clock (required: replay in the window is `scrolllab --replay FILE`).")
    var headless = false

    @OptionGroup var scene: SceneOptions

    @Flag(name: .customLong("did-scroll"), help: "Also print didScroll events.")
    var didScroll = false

    func run() throws {
        guard headless else {
            fail("scrolllab replay: add --headless, or play the file in the window with `scrolllab --replay \(file)`", code: 64)
        }
        let events = loadGesture(file, command: "replay")
        let lab = scene.assets == nil ? scene.makeScene() : scene.makeScene(assetCount: scene.imagePaths().count)
        for line in lab.settingLines { print(line.serialized) }
        let result = HeadlessReplay().run(events, on: lab)
        var out = ""
        for record in result.records where didScroll || record.event != .didScroll {
            out += record.json.serialized
            out += "\n"
        }
        print(out, terminator: "")
        var end: [(String, JSONValue)] = [
            ("event", .string("end")), ("t", .number(result.endTime)), ("offset", .point(result.finalOffset)),
        ]
        if !result.isSettled { end.append(("settled", .bool(false))) }
        end += lab.summary
        print(JSONValue.object(end).serialized)
    }
}
