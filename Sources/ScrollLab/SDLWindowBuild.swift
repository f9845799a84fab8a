import LabKit
import ScrollKit
import ScrollLabApp
import ScrollLabCLI
import ScrollLabCore

/// The window build's side: the lab window, its offscreen video and frame bench, and the plots, all on
/// SDL (ScrollLabApp).
struct SDLWindowBuild: WindowBuild {
    @MainActor func runWindow(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile]) throws(AppError) -> Int32 {
        try LabApp(options: options, sceneOptions: scene, imagePaths: imagePaths).run()
    }

    @MainActor func renderVideo(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile], to output: String,
                                fps: Double, layout: VideoLayout) throws(AppError) -> VideoResult {
        let app = try LabApp(options: options, sceneOptions: scene, imagePaths: imagePaths)
        do throws(VideoEncoder.Problem) {
            return try app.renderVideo(to: output, fps: fps, layout: layout)
        } catch {
            throw .usage(error.message.replacingOccurrences(of: "scrolllab: ", with: ""))
        }
    }

    @MainActor func runFrameBench(_ options: WindowOptions, scene: SceneConfiguration, imagePaths: [AssetFile]) throws(AppError) -> FrameBenchRun {
        try LabApp(options: options, sceneOptions: scene, imagePaths: imagePaths).runFrameBench()
    }

    @MainActor func writeBenchPlot(_ panels: [BenchPlotPanel], subtitle: String, to path: String) -> String? {
        BenchPlot(panels: panels.map { BenchPlot.Panel(gesture: $0.gesture, rows: $0.rows, showsBytes: $0.showsBytes) },
                  subtitle: subtitle).write(to: path)
    }

    @MainActor func measureUpload(sides: [(width: Int, height: Int)], repeats: Int) throws(AppError) -> (msPerMegapixel: Double, renderer: String) {
        try UploadCalibration.measure(sides: sides, repeats: repeats)
    }

    @MainActor func measureDecodes(files: [String], target: DecodePlan.ImagePixels?, fitting: (width: Int, height: Int), rounds: Int) -> [Double]? {
        DecodeCalibration.medianMs(files: files.map { AssetFile(path: Array($0.utf8)) }, target: target, fitting: fitting, rounds: rounds)
    }

    @MainActor func measurePresent() -> (ms: Double, renderer: String)? {
        PresentCalibration.median()
    }

    @MainActor func writeSweepPlot(rows: [SweepSummary.Row], conditions: [SweepRecommendation], title: String, to path: String) -> String? {
        SweepPlot(rows: rows, conditions: conditions, title: title).write(to: path)
    }
}
