import Dispatch
import Foundation
import LabKit
import ScrollLabCore

/// `bench --calibrate` (B-COST-1): this machine's decode and downsampled decode per megapixel and per
/// megabyte of file, texture upload per megapixel, measured on generated JPEG files, and the window's own work
/// in a frame, written as a device file (`--device FILE.json` reads it).
extension BenchCommand {
    /// The images measured: 1, 4 and 12 megapixels at 4:3 (a phone camera's shape).
    static let calibrationSides: [(width: Int, height: Int)] = [(1155, 866), (2309, 1732), (4000, 3000)]
    /// Each side at two compressions, so that the fit tells a decode's pixels from its bytes: quality 85
    /// (about 265 kB a megapixel with the pictures' detail) and 50 (about half the bytes).
    static let calibrationQualities = [85, 50]
    /// What a downsampled decode covers: a 4:3 photo in a 2-column masonry's 150 pt tile at 2 px a point.
    static let calibrationTarget = DecodePlan.ImagePixels(width: 300, height: 225)
    /// The tile's pixels on the window's screen at scale 1 (the target at 1 px a point), which the window
    /// resamples each decode to.
    static let calibrationFitting = (width: Int((Double(calibrationTarget.width) / FeedDecodedSizes.pixelsPerPoint).rounded(.up)),
                                     height: Int((Double(calibrationTarget.height) / FeedDecodedSizes.pixelsPerPoint).rounded(.up)))
    /// Runs of each measure; the median is kept.
    static let calibrationRepeats = 5

    /// Measures, prints a line per image on standard error and the device file on standard output.
    func runCalibration() {
        let window = ThisBuild.windowRequired("--calibrate (it times texture uploads)", command: "bench")
        // The test images' folder goes on every way out: a stop (its handlers installed before SDL starts,
        // which keeps them), a failure, the end of the decodes.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrolllab-calibrate-\(UUID().uuidString)")
        let removeFolder: @Sendable () -> Void = { try? FileManager.default.removeItem(at: folder) }
        installStopSignals(command: "bench --calibrate") { _ in
            removeFolder()
            return "no device file written (the test images removed)"
        }
        func failing(_ message: String, code: Int32 = CommandExit.failed) -> Never {
            StopSignals.waitIfStopping()   // a failure a stop caused (its folder removed) is the stop's to report
            removeFolder()
            fail("scrolllab bench --calibrate: " + message, code: code)
        }
        // First: the measures after it draw offscreen (SDL's video driver is then set for the process).
        let present = MainActor.assumeIsolated { window.measurePresent() }
        var images: [(side: (width: Int, height: Int), quality: Int, jpeg: [UInt8])] = []
        for side in Self.calibrationSides {
            for quality in Self.calibrationQualities {
                switch JPEGCodec.encodePicture(width: side.width, height: side.height, quality: quality, seed: 7, noise: JPEGFileMaker.noise) {
                case let .success(data): images.append((side, quality, data))
                case let .failure(failure): failing("cannot encode a test image: \(failure.reason)")
                }
            }
        }
        // Decoded from files, as the window decodes the asset files: written to a folder of the calibration's own.
        // Each made whole before a stop removes the folder (`StopSignals.whole`): none is made after it.
        var files: [String] = []
        var failure: String?
        StopSignals.whole {
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                failure = error.localizedDescription
            }
        }
        for (i, image) in images.enumerated() where failure == nil {
            let url = folder.appendingPathComponent("\(i).jpg")
            StopSignals.whole {
                do { try Data(image.jpeg).write(to: url) } catch { failure = error.localizedDescription }
            }
            files.append(url.path)
        }
        // The calibration's own scratch files: one that cannot be written is an output's failure (B-EXIT-1).
        if let failure { failing("cannot write the test images to \(folder.path): \(failure)") }
        let decode = { (target: DecodePlan.ImagePixels?) -> [Double] in
            let ms = MainActor.assumeIsolated {
                window.measureDecodes(files: files, target: target, fitting: Self.calibrationFitting, rounds: Self.calibrationRepeats)
            }
            guard let ms else { failing("cannot decode the test images") }
            return ms
        }
        let wholeMs = decode(nil), scaledMs = decode(Self.calibrationTarget)
        removeFolder()
        var full: [DecodeRateFit.Sample] = [], scaled: [DecodeRateFit.Sample] = []
        for (i, image) in images.enumerated() {
            let side = image.side
            let megapixels = Double(side.width * side.height) / 1e6, megabytes = Double(image.jpeg.count) / 1e6
            let out = DecodePlan(target: Self.calibrationTarget).output(width: side.width, height: side.height, isJPEG: true)
            full.append(.init(megapixels: megapixels, megabytes: megabytes, ms: wholeMs[i]))
            scaled.append(.init(megapixels: megapixels, megabytes: megabytes, ms: scaledMs[i]))
            writeStandardError(String(format: "scrolllab bench --calibrate: %d×%d (%.1f MP, quality %d, %d kB): decode %.1f ms whole, %.1f ms at 1/%d (%d×%d)",
                                      side.width, side.height, megapixels, image.quality, image.jpeg.count / 1000, wholeMs[i], scaledMs[i],
                                      out.denominator, out.width, out.height))
        }
        let fullFit = DecodeRateFit.withConstant(full), scaledFit = DecodeRateFit.withConstant(scaled)
        writeStandardError(String(format: "scrolllab bench --calibrate: decode %.3f ms a megapixel + %.3f ms a megabyte + %.3f ms whole, %.3f + %.3f + %.3f downsampled",
                                  fullFit.perMegapixel, fullFit.perMegabyte, fullFit.perImage, scaledFit.perMegapixel, scaledFit.perMegabyte, scaledFit.perImage))
        let measured: Result<(msPerMegapixel: Double, renderer: String), AppError> = MainActor.assumeIsolated {
            do throws(AppError) {
                return .success(try window.measureUpload(sides: Self.calibrationSides, repeats: Self.calibrationRepeats))
            } catch {
                return .failure(error)
            }
        }
        let upload: (msPerMegapixel: Double, renderer: String)
        switch measured {
        case let .success(u): upload = u
        case let .failure(error): fail("scrolllab bench --calibrate: cannot time texture uploads: \(error.message)", code: CommandExit.input)
        }
        writeStandardError(String(format: "scrolllab bench --calibrate: upload %.3f ms a megapixel", upload.msPerMegapixel) + " (\(upload.renderer))")
        let drawMs = measureFrameMs(window: window, renderer: upload.renderer)
        // The window's frame is its drawing and its present to the display, which a frame started at the
        // blank pays before its slot.
        let frameMs = drawMs + (present?.ms ?? 0)
        let presented = present.map { String(format: "%.3f", $0.ms) + " (\($0.renderer))" } ?? "not measured (no display)"
        writeStandardError(String(format: "scrolllab bench --calibrate: the window's own frame %.3f ms (median): drawn %.3f", frameMs, drawMs)
                           + " (\(upload.renderer)), presented \(presented)")
        let round = { (x: Double) in (x * 1000).rounded() / 1000 }
        let profile = DeviceProfile(
            name: "calibrated", decodeMsPerMegapixel: round(fullFit.perMegapixel), downsampleMsPerMegapixel: round(scaledFit.perMegapixel),
            uploadMsPerMegapixel: round(upload.msPerMegapixel), completionMs: DeviceProfile.lab.completionMs, memoryLimitBytes: nil,
            source: "bench --calibrate on this machine: the window's decodes of 1, 4 and 12 MP JPEG files at quality 85 and 50 (libjpeg-turbo, "
                + "CPU time, median of \(Self.calibrationRepeats) rounds decoding each file in turn, whole and downsampled to cover 300×225 px, each resampled to the "
                + "window's 150×113; rates by pixels, by bytes and per decode fitted by least squares), "
                + "SDL texture uploads (\(upload.renderer)); the window's own frame: the median of the frame bench's "
                + "(\(Self.frameBenchGesture), one phone, \(upload.renderer), offscreen) and "
                + (present.map { "the median present to the display of a window of the window's size (\($0.renderer), wall time)" }
                   ?? "no present (no display to measure it on)")
                + "; completion the lab's estimate; no memory limit",
            decodeMsPerMegabyte: round(fullFit.perMegabyte), downsampleMsPerMegabyte: round(scaledFit.perMegabyte), frameMs: round(frameMs),
            decodeMsPerImage: round(fullFit.perImage), downsampleMsPerImage: round(scaledFit.perImage))
        let output = CommandOutput(command: "bench")
        output.line(profile.json.serialized)
    }

    /// The window's own work in a frame (`DeviceProfile.frameMs`): the median frame of the frame bench
    /// (`bench --frames`: the grid scene with the bundled images through its gesture, one phone at 960×600)
    /// drawn by `renderer`, the one the window draws with here, milliseconds.
    func measureFrameMs(window: any WindowBuild, renderer: String) -> Double {
        guard let directory = gestures.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.directory("Gestures") else {
            fail("scrolllab bench --calibrate: no Assets/Gestures found from the current directory or the executable (it times the "
                 + "window's frames through \(Self.frameBenchGesture)); use --gestures DIR", code: CommandExit.input)
        }
        let gesture = loadGesture(directory.appendingPathComponent(Self.frameBenchGesture + ".jsonl").path, command: "bench")
        let scene = SceneConfiguration()
        let images = scene.imagePathsOrExit(command: "bench")
        switch Self.frameBenchRun(window, renderer: renderer, gesture: gesture, scene: scene, images: images) {
        case let .success(run): return run.frameMs(percentile: 50)
        case let .failure(error): fail("scrolllab bench --calibrate: cannot time the window's frames: \(error.message)", code: CommandExit.input)
        }
    }
}
