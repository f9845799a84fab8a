import LabKit
import ScrollKit
import ScrollLabCore

/// What only the window build can do, all on SDL: open the window, render a replay into a video, time
/// drawn frames, draw a plot. `scrolllab` provides it (ScrollLabApp); `scrolllab-headless` links no SDL and
/// has none, so a command there that would draw refuses in one line (`ThisBuild.windowRequired`).
package protocol WindowBuild: Sendable {
    /// Opens the window and runs it until it quits: the exit code, or why it could not start.
    @MainActor func runWindow(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile]) throws(AppError) -> Int32
    /// Renders `options.replay` offscreen into `output` at `fps`: the frames and each phone's end, or one line.
    @MainActor func renderVideo(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile], to output: String,
                                fps: Double, layout: VideoLayout) throws(AppError) -> VideoResult
    /// Plays `options.replay` in an offscreen window through `options.renderDriver`, timing each frame.
    @MainActor func runFrameBench(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile]) throws(AppError) -> FrameBenchRun
    /// `bench --plot`: the panels drawn into a PNG at `path`; nil, or why it could not be written.
    @MainActor func writeBenchPlot(_ panels: [BenchPlotPanel], subtitle: String, to path: String) -> String?
    /// `sweep report --plot`: the heatmaps and each condition's frontier drawn into a PNG at `path`; nil,
    /// or why not.
    @MainActor func writeSweepPlot(rows: [SweepSummary.Row], conditions: [SweepRecommendation], title: String, to path: String) -> String?
    /// `bench --calibrate`: texture uploads of 32-bit images of `sides` pixels, timed `repeats` times each in an
    /// offscreen renderer: milliseconds per megapixel, and the renderer's name.
    @MainActor func measureUpload(sides: [(width: Int, height: Int)], repeats: Int) throws(AppError) -> (msPerMegapixel: Double, renderer: String)
    /// `bench --calibrate`: the JPEG `files` decoded as the window decodes an asset file (covering `target`
    /// pixels, or whole), shrunk to `fitting` on screen, each once a round for `rounds` rounds: each file's
    /// median milliseconds, or nil when one does not decode.
    @MainActor func measureDecodes(files: [String], target: DecodePlan.ImagePixels?, fitting: (width: Int, height: Int), rounds: Int) -> [Double]?
    /// `bench --calibrate`: a frame presented to the display in a window of the window's size: the median
    /// milliseconds and the renderer's name, or nil without a display.
    @MainActor func measurePresent() -> (ms: Double, renderer: String)?
}

/// One gesture's panel of `bench --plot`.
package struct BenchPlotPanel: Sendable {
    package var gesture: String
    package var rows: [GridBenchRow]
    /// Each policy's label also gives the megabytes it moved over the network.
    package var showsBytes = false

    package init(gesture: String, rows: [GridBenchRow], showsBytes: Bool = false) {
        self.gesture = gesture
        self.rows = rows
        self.showsBytes = showsBytes
    }
}

/// The build that is running: its window side, bound once by its `main` (`ScrollLabCommand.main(window:)`).
package enum ThisBuild {
    @TaskLocal package static var window: (any WindowBuild)?

    /// This build's window side, or the end of the program with one line and exit code 64 when it has
    /// none (`scrolllab-headless`): `what` (e.g. `--plot`) needs the window build.
    static func windowRequired(_ what: String, command: String) -> any WindowBuild {
        if let window = ThisBuild.window { return window }
        fail("scrolllab \(command): \(what) draws, and this build (scrolllab-headless) links no SDL: use scrolllab", code: CommandExit.usage)
    }
}
