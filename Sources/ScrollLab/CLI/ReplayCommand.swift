import ArgumentParser
import Foundation
import LabKit
import ScrollKit

/// `scrolllab replay FILE --headless` (B-UI-3): runs a gesture file through a scene on a virtual 60 Hz
/// clock and prints one JSON line per delegate callback, then an `end` line with the final state.
///
/// The output lines are an interface: `{"t":…,"event":…,"offset":{…},…}` per callback (didScroll only
/// with `--did-scroll`), the scene's setting lines first (the pager's geometry), and last
/// `{"event":"end","t":…,"offset":{…},"viewsCreated":…}` plus `"metrics"` for the grid.
///
/// The file (`-`: stdin; a pipe or FIFO works) is read line by line and replayed as it is read, so
/// memory stays bounded for any length. By default the lines are printed once the whole file has
/// parsed (a bad file prints only its error); `--stream` prints each callback as it happens.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a gesture file through the scroll model and print its delegate events as JSON lines."
    )

    @Argument(help: "Gesture file (- for stdin): JSON lines {\"t_ms\":…,\"x\":…,\"y\":…,\"phase\":\"down|move|up\"}.")
    var file: String

    @Flag(help: "Run with no window on a virtual clock (required: replay in the window is `scrolllab --replay FILE`).")
    var headless = false

    @OptionGroup var scene: SceneOptions

    @Flag(name: .customLong("did-scroll"), help: "Also print didScroll events.")
    var didScroll = false

    @Flag(help: "Print each event as it happens, while the input is still being read.")
    var stream = false

    func run() throws {
        guard headless else {
            fail("scrolllab replay: add --headless, or play the file in the window with `scrolllab --replay \(file)`", code: 64)
        }
        let output = CommandOutput(command: "replay")
        let files = scene.assets == nil ? [] : scene.imagePaths()
        let lab = scene.assets == nil ? scene.makeScene() : scene.makeScene(assetCount: files.count, images: files)
        let held = HeldOutput()
        let emit = { (line: String) in
            if stream { output.line(line) } else { held.line(line) }
        }
        for line in lab.settingLines { emit(line.serialized) }
        let replay = HeadlessReplayStream(scene.replayClock, scene: lab, onRecord: { record in
            if didScroll || record.event != .didScroll { emit(record.json.serialized) }
        })
        var resampler = scene.touchHz.map(TouchResampler.init(rate:))
        let count = readGesture(file, command: "replay") { event in
            if resampler == nil { replay.push(event) } else { for e in resampler!.push(event) { replay.push(e) } }
        }
        guard count > 0 else { fail("scrolllab replay: \(file == "-" ? "stdin" : file) holds no pointer events") }
        let result = replay.finish()
        var end: [(String, JSONValue)] = [
            ("event", .string("end")), ("t", .number(result.endTime)), ("offset", .point(result.finalOffset)),
        ]
        if !result.isSettled { end.append(("settled", .bool(false))) }
        end += lab.summary
        emit(JSONValue.object(end).serialized)
        if !stream { held.flush(to: output) }
    }
}
