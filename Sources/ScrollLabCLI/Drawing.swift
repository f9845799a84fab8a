import LabKit
import ScrollKit
import ScrollLabCore

/// What only the window build can do: open the window, render a replay into a video, time drawn frames,
/// draw a plot. `scrolllab` provides it (ScrollLabApp, on SDL); `scrolllab-headless` links no SDL and has
/// none, so a command there that would draw refuses in one line (`Drawing.required`).
package protocol Drawing: Sendable {
    /// Opens the window and runs it until it quits: the exit code, or why it could not start.
    @MainActor func runWindow(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile]) throws(AppError) -> Int32
    /// Renders `options.replay` offscreen into `output` at `fps`: the frames and each phone's end, or one line.
    @MainActor func renderVideo(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile], to output: String,
                                fps: Double, layout: VideoLayout) throws(AppError) -> VideoResult
    /// Plays `options.replay` in an offscreen window through `options.renderDriver`, timing each frame.
    @MainActor func runFrameBench(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile]) throws(AppError) -> FrameBenchRun
    /// The frame bench's frame rate, Hz.
    var benchFrameRate: Double { get }
    /// The window's width for `phones` phones side by side, points.
    func windowWidth(phones: Int) -> Double
    /// `bench --plot`: the panels drawn into a PNG at `path`; nil, or why it could not be written.
    @MainActor func writeBenchPlot(_ panels: [BenchPlotPanel], subtitle: String, to path: String) -> String?
    /// `sweep report --plot`: the heatmaps and each condition's frontier drawn into a PNG at `path`; nil,
    /// or why not.
    @MainActor func writeSweepPlot(rows: [SweepSummary.Row], conditions: [SweepRecommendation], title: String, to path: String) -> String?
    /// Why `--source`'s URL template cannot be fetched from, or nil.
    func sourceProblem(_ template: String) -> String?
    /// The endings `--video` can write (`mp4`, …).
    var videoEndings: [String] { get }
    /// Whether ffmpeg, which encodes `--video`, is installed.
    var hasVideoEncoder: Bool { get }
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

/// The drawing the running executable provides, bound once by its `main` (`ScrollLabCommand.main(drawing:)`).
package enum Drawings {
    @TaskLocal package static var current: (any Drawing)?

    /// This build's drawing, or the end of the program with one line and exit code 64 when it has none
    /// (`scrolllab-headless`): `what` (e.g. `--plot`) needs the window build.
    static func required(_ what: String, command: String) -> any Drawing {
        if let drawing = Drawings.current { return drawing }
        fail("scrolllab \(command): \(what) draws, and this build (scrolllab-headless) links no SDL: use scrolllab", code: CommandExit.usage)
    }
}
