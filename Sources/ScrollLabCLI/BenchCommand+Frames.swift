import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

extension BenchCommand {
    /// The renderers `--frames` measures: SDL's software renderer and its OpenGL one.
    static let frameBenchRenderers = ["software", "opengl"]
    /// The gesture `--frames` plays unless `--frames-gesture` names another.
    static let frameBenchGesture = "rapid-flings"

    /// `bench --frames`: the grid scene with the real images, drawn by the window's own frame in the
    /// offscreen video driver at 960×600, through a scripted gesture, once per renderer. Prints frame
    /// time p50/p99/max and the worst main-thread stall of image work (a table, or one JSON line per
    /// renderer, to `output`). A renderer SDL cannot create is reported as unavailable. With `--control`, a
    /// last row times frames of fixed work paced alike (`FrameControl`): the machine's own tail. With
    /// `--frames-trace`, each run's frames are written there too, one JSON line a frame (`FrameBenchRun.traceLines`).
    func runFrames(_ output: CommandOutput, gestureDirectory: URL?) {
        let path: String
        if let framesGesture = frameBench.framesGesture {
            path = framesGesture
        } else if let gestureDirectory {
            path = gestureDirectory.appendingPathComponent(Self.frameBenchGesture + ".jsonl").path
        } else {
            fail("scrolllab bench: no Assets/Gestures found from the current directory or the executable; use --frames-gesture FILE",
                 code: CommandExit.input)
        }
        let window = ThisBuild.windowRequired("--frames", command: "bench")
        let gesture = loadGesture(path, command: "bench")
        var sceneOptions = SceneConfiguration()
        sceneOptions.latencyMs = loading.latencyMs
        sceneOptions.assets = loading.assets
        let phones = frameBench.compare ?? 1
        if phones > 1 { sceneOptions.compare = PolicyVariant.shared.prefix(phones).map(CompareEntry.policy) }
        let images = sceneOptions.imagePathsOrExit(command: "bench")
        guard !images.isEmpty else { fail("scrolllab bench: --frames needs images: Assets/Images, or --assets DIR with image files", code: CommandExit.input) }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        // Opened before the runs: a trace that cannot be written fails at once.
        let trace = frameBench.framesTrace.map { openOutput($0, option: "--frames-trace", command: "bench") }
        /// Writes `run`'s frames to the trace; a write that fails says so and exits 1.
        func traceFrames(_ run: FrameBenchRun) {
            guard let trace else { return }
            for line in run.traceLines(period: 1 / FrameBenchRun.frameRate) {
                var written = true
                StopSignals.whole { written = trace.write(line.serialized + "\n") }
                if !written { fail("scrolllab bench: --frames-trace: " + (trace.failure ?? "cannot write \(trace.path)")) }
            }
        }
        if !json, printsFrameTable {
            output.line("scrolllab bench --frames — grid scene, gesture \(name), \(images.count) images, latency \(Self.format(loading.latencyMs, 0)) ms, "
                  + "\(Int(PhoneViewport.layoutBase(phones: phones).width))×600 offscreen"
                  + (frameBench.framesScale.map { $0 == 1 ? "" : " drawn at \(Self.format($0, 2))×" } ?? "")
                  + (phones > 1 ? ", \(phones) phones side by side (" + sceneOptions.compare.map(\.name).joined(separator: ", ") + ")" : "")
                  + ", frames paced at 60 Hz after 30 warm-up frames")
            output.line("frame = image pump + model step + drawing + present, timed with SDL_GetPerformanceCounter; goal p99 < 4 ms, no frame over 16.7 ms")
            output.line("renderer   frames  p50 ms  p99 ms  max ms  over 16.7  worst image stall ms  hitch ms/s  hitches")
        }
        var measured: FrameBenchRun?
        for renderer in frameBench.renderers.isEmpty ? Self.frameBenchRenderers : frameBench.renderers {
            let outcome = Self.frameBenchRun(window, renderer: renderer, scale: frameBench.framesScale ?? 1, gesture: gesture,
                                             scene: sceneOptions, images: images)
            switch outcome {
            case let .success(run):
                measured = measured ?? run
                traceFrames(run)
                printFrameRow(run, output)
            case let .failure(error):
                let reason = error.message.replacingOccurrences(of: "scrolllab: ", with: "")
                if !printsFrameTable {
                    break
                } else if json {
                    output.line(FrameBenchRun.unavailableJSON(renderer: renderer, reason: reason).serialized)
                } else {
                    output.line(renderer.padding(toLength: 9, withPad: " ", startingAt: 0) + "unavailable: " + reason)
                }
            }
        }
        if frameBench.control {
            // As many frames as the first renderer measured, each writing the window's pixels for about as
            // long as that renderer's median frame.
            let scale = frameBench.framesScale ?? 1
            let pixels = (PhoneViewport.layoutBase(phones: phones).width * scale).rounded() * (600 * scale).rounded()
            let control = FrameControl(frames: measured?.frameTimes.count ?? 300, period: 1 / FrameBenchRun.frameRate,
                                       bytes: Int(pixels) * 4, workSeconds: (measured?.frameMs(percentile: 50) ?? 0) / 1000)
            let run = control.run()
            traceFrames(run)
            printFrameRow(run, output)
        }
        if let failure = trace?.close() { fail("scrolllab bench: --frames-trace: " + failure) }
    }

    /// False when the frame trace goes to standard output (`--frames-trace -`): it is all that is printed.
    private var printsFrameTable: Bool { frameBench.framesTrace != "-" }

    /// One run's row of the table, or its JSON line.
    private func printFrameRow(_ run: FrameBenchRun, _ output: CommandOutput) {
        guard printsFrameTable else { return }
        if json {
            var line = run.json(period: 1 / FrameBenchRun.frameRate)
            if let compare = frameBench.compare, case let .object(pairs) = line { line = .object(pairs + [("phones", .int(compare))]) }
            if let scale = frameBench.framesScale, case let .object(pairs) = line { line = .object(pairs + [("scale", .number(scale))]) }
            output.line(line.serialized)
            return
        }
        let hitches = run.hitches(period: 1 / FrameBenchRun.frameRate)
        let cells = [Self.format(run.frameMs(percentile: 50), 2), Self.format(run.frameMs(percentile: 99), 2),
                     Self.format(run.frameMs(percentile: 100), 2), "\(run.framesOver(1.0 / 60))",
                     Self.format(run.worstImageStallMs, 2), Self.format(hitches.ratioMsPerS, 1) + " " + hitches.band.rawValue,
                     "\(hitches.hitchCount)"]
        output.line(run.renderer.padding(toLength: 9, withPad: " ", startingAt: 0)
              + String(format: "%8d", run.frameTimes.count)
              + zip(cells, [8, 8, 8, 11, 22, 20, 9]).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined())
    }

    /// One frame-bench run of `gesture` in an offscreen window drawn by `renderer` at `scale`.
    static func frameBenchRun(_ window: any WindowBuild, renderer: String, scale: Double = 1, gesture: [PointerEvent],
                              scene: SceneConfiguration, images: [AssetFile]) -> Result<FrameBenchRun, AppError> {
        var options = WindowOptions()
        options.headless = true
        options.quiet = true
        options.renderDriver = renderer
        options.scale = scale
        options.replay = gesture
        return MainActor.assumeIsolated {
            do throws(AppError) {
                return .success(try window.runFrameBench(options, scene: scene, imagePaths: images))
            } catch {
                return .failure(error)
            }
        }
    }
}
