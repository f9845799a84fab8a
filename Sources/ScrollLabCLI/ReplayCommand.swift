import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP

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

    @OptionGroup var real: RealSourceOptions

    @Option(help: ArgumentHelp("Render the replay into a video instead (.mp4, .webm or .gif, encoded by ffmpeg): every frame offscreen at its exact replay time, the same frames every run; no window or --headless needed.", valueName: "OUT"))
    var video: String?

    @Option(name: .customLong("video-layout"), help: "With --video: phones (the phone alone, default) or window (the whole window with the HUD).")
    var videoLayout: VideoLayout = .phones

    @Option(parsing: .unconditional, help: "With --video: the video's frames per second (default 60); the model still steps at --refresh (default 60), so the figures are the headless replay's.")
    var fps: Double = 60

    @Option(parsing: .unconditional, help: "With --video: the size, times the layout's (phones: 320×480 for one phone, wider with margins for more; window: 960×600). Default 1; 0.5 for a small GIF.")
    var scale: Double = 1

    func validate() throws {
        guard fps.isFinite, (1...240).contains(fps) else { throw ValidationError("--fps must be between 1 and 240 (got \(fps))") }
        try OptionRules.scale(scale)
        if video != nil, scene.loading.policy == .all { throw ValidationError("--video renders one policy: give --policy NAME") }
        // Only the grid loads images: elsewhere --source is refused for that (`OptionAudit`), not checked here.
        if scene.configuration.scene == .grid {
            try real.validate(networks: scene.loading.network == nil ? 0 : 1, http: [scene.loading.http], tls: scene.loading.tls ? [true] : [])
        }
        if let video, ThisBuild.window != nil, !VideoEncoder.endings.contains((video as NSString).pathExtension.lowercased()) {
            throw ValidationError("--video must end in .mp4, .webm or .gif (got \(MessageText.quoted(video)))")
        }
    }

    func run() throws {
        if let video {
            renderVideo(to: video)
            return
        }
        guard headless else {
            fail("scrolllab replay: add --headless, or play the file in the window with `scrolllab --replay \(file)`", code: CommandExit.usage)
        }
        let certificate = real.certificate(command: "scrolllab replay")
        var options = self.scene.configuration
        if real.isTLS { options.tls = true }
        let files = options.assets == nil ? [] : options.imagePathsOrExit(command: "replay")
        // A folder with no image: the grid would model loads of images that do not exist (the window and a
        // video show "no images" placeholders instead).
        if let folder = options.assets, files.isEmpty, options.scene == .grid {
            fail("scrolllab replay: no images in \(MessageText.quoted(folder)) (--assets)", code: CommandExit.input)
        }
        // Under a network, the images' sizes (none found is refused before any output).
        let scene = options.withImageSizesOrExit(command: "scrolllab replay")
        let output = CommandOutput(command: "replay")
        let held = SpillingLineBuffer()
        let emit = { (line: String) in
            if stream { output.line(line) } else { held.line(line) }
        }
        // `--policy all`: the same gesture under every policy in turn, on the same clock from the same
        // offset; the callbacks (the same for every policy) once, then one `end` line per policy with its
        // name, each equal to that policy's own run. `--compare A,B`: one run per phone, each phone's
        // callbacks and `end` line marked `"phone": i`, phone after phone (the phones are independent, so
        // this is what they do side by side). The gesture is kept in memory for the runs after the first.
        let runs = scene.headlessRuns
        var kept: [PointerEvent] = []
        // `--disk-cache DIR` under a network: every run starts with the folder's images; what they stored is left there.
        // (The image files are looked for only then: a run without that folder, a feed's over `--source`, needs none.)
        let folder: HeadlessDiskFolder?
        if scene.network != nil, case .directory? = scene.diskCache {
            folder = HeadlessDiskFolder(scene.diskCache, files: files.isEmpty ? scene.imagePathsOrExit(command: "replay") : files)
        } else {
            folder = nil
        }
        let assetCount = scene.assets == nil ? GridSceneConfiguration().assetCount : files.count
        let start = folder?.start(assetCount: assetCount) ?? HeadlessDiskFolder.Start()
        var stored: Set<Int> = []
        let sizeCheck = FetchedSizeCheck()
        let external = real.external(http: scene.http, certificate: certificate, sizeCheck: sizeCheck)
        var noImage: String?
        for (index, run) in runs.enumerated() {
            let options = run.options
            // `--source`: this run's images from the server, on a client of its own.
            let made = external.map { external in
                var grid = options.gridConfiguration(assetCount: options.assets == nil ? GridSceneConfiguration().assetCount : files.count)
                grid.diskCacheEntries = start.entries
                grid.diskCacheCorrupt = start.corrupt
                return external.made(for: grid)
            }
            let lab = options.assets == nil ? options.makeScene(imageSource: made?.source, diskEntries: start.entries, diskCorrupt: start.corrupt)
                : options.makeScene(imageSource: made?.source, assetCount: files.count, photos: files, diskEntries: start.entries, diskCorrupt: start.corrupt)
            let first = index == 0
            let prints = first || run.phone != nil
            if prints { for line in lab.settingLines { emit(TraceLog.tagged(line, phone: run.phone).serialized) } }
            let replay = HeadlessReplayStream(options.replayClock, scene: lab, onRecord: { record in
                if prints, didScroll || record.event != .didScroll { emit(TraceLog.tagged(record.json, phone: run.phone).serialized) }
            })
            if first {
                var resampler = scene.touchHz.map(TouchResampler.init(rate:))
                let keep = runs.count > 1
                let count = readGesture(file, command: "replay") { event in
                    func take(_ e: PointerEvent) {
                        replay.push(e)
                        if keep { kept.append(e) }
                    }
                    if resampler == nil { take(event) } else { resampler!.push(event, take) }
                }
                guard count > 0 else { fail("scrolllab replay: \(inputName(file)) holds no pointer events") }
            } else {
                for event in kept { replay.push(event) }
            }
            let result = replay.finish()
            if let made {
                // The transfers the run cancelled end here, so every byte received is counted.
                made.finish()
                lab.noteTrafficNow()
            }
            stored.formUnion(lab.diskCacheAssets ?? [])
            var end: [(String, JSONValue)] = [
                ("event", .string("end")), ("t", .number(result.endTime)), ("offset", .point(result.finalOffset)),
            ]
            if let policy = run.policy { end.insert(("policy", .string(policy.rawValue)), at: 1) }
            if let phone = run.phone { end.insert(("compare", .string(scene.compare[phone].name)), at: 1) }
            if !result.isSettled { end.append(("settled", .bool(false))) }
            end += lab.summary
            if made != nil { end += external?.label ?? [] }
            emit(TraceLog.tagged(JSONValue.object(end), phone: run.phone).serialized)
            if made != nil, noImage == nil { noImage = (lab as? GridScene)?.metrics.noImageArrived }
        }
        folder?.store(stored.sorted())
        if !stream {
            do throws(SpillingLineBuffer.ReadFailure) { try held.flush(to: output) } catch { fail("scrolllab replay: \(error.message)") }
        }
        // The lines are written (they say what failed); the exit code says the run is no measurement.
        if let noImage, let source = real.source {
            fail(RealSourceOptions.noImageArrived(from: source, noImage, command: "replay"), code: CommandExit.failed)
        }
        real.warn(sizeCheck, command: "replay")
    }
}

extension VideoLayout: ExpressibleByArgument {}

extension ReplayCommand {
    /// `--video OUT`: the whole gesture read, then rendered offscreen frame by frame and encoded.
    func renderVideo(to output: String) {
        var paths = PathConflicts()
        paths.input(file == "-" ? nil : file, "FILE")
        paths.inputs(feed: scene.feedOptions.feed, phone: scene.phoneOptions, sourceCA: real.sourceCA)
        for image in scene.assets == nil ? [] : scene.imagePaths(command: "replay") { paths.input(String(decoding: image.path, as: UTF8.self), "--assets") }
        paths.output(output, "--video")
        paths.refuse(command: "scrolllab replay")
        let window = ThisBuild.windowRequired("--video", command: "replay")
        guard VideoEncoder.ffmpegPath() != nil else {
            fail("scrolllab replay: --video needs ffmpeg, which is not installed (Debian: apt-get install ffmpeg)", code: CommandExit.input)
        }
        // A stop ends ffmpeg and removes the partial video (the encoder's own clean-up runs first).
        installStopSignals(command: "replay --video") { _ in "no video kept (the partial \(MessageText.quoted(output)) removed)" }
        var events: [PointerEvent] = []
        readGesture(file, command: "replay") { events.append($0) }
        guard !events.isEmpty else { fail("scrolllab replay: \(inputName(file)) holds no pointer events") }
        if let touchHz = scene.rates.touchHz { events = TouchResampler.resample(events, rate: touchHz) }
        var options = WindowOptions()
        options.headless = true
        options.quiet = true
        options.software = true
        options.replay = events
        options.scale = scale
        options.imagesOnModelClock = true
        let sceneOptions = scene.configuration.withImageSizesOrExit(command: "scrolllab replay")
        let fps = self.fps, layout = videoLayout
        let imagePaths = sceneOptions.imagePathsOrExit(command: "replay")
        // A video draws the headless replay's loads with their images: without any, its loads would fail
        // where the replay's finish, and its metrics would not be the replay's (B-VID-2).
        if imagePaths.isEmpty, sceneOptions.scene == .grid {
            fail("scrolllab replay: --video has no images to draw (" + (sceneOptions.assets.map { "none in \(MessageText.quoted($0))" }
                 ?? "no Assets/Images found") + "; give --assets DIR)", code: CommandExit.input)
        }
        let outcome: Result<VideoResult, AppError> = MainActor.assumeIsolated {
            do throws(AppError) {
                return .success(try window.renderVideo(options, scene: sceneOptions, imagePaths: imagePaths, to: output, fps: fps, layout: layout))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case let .success(result):
            // The replay's end state (B-VID-2): one phone's beside the file, each phone's under `phones`.
            var pairs: [(String, JSONValue)] = [("event", .string("video")), ("file", .string(output)), ("frames", .int(result.frames)),
                                                ("fps", .number(fps)), ("seconds", .number(Double(result.frames) / fps))]
            if scene.compare.isEmpty {
                pairs += result.phones.first ?? []
            } else {
                pairs.append(("phones", .array(zip(scene.compare, result.phones).map { .object([("compare", .string($0.name))] + $1) })))
            }
            CommandOutput(command: "replay").line(JSONValue.object(pairs).serialized)
        case let .failure(problem):
            StopSignals.waitIfStopping()
            fail("scrolllab replay: --video: " + problem.message.replacingOccurrences(of: "scrolllab: ", with: ""))
        }
    }
}
