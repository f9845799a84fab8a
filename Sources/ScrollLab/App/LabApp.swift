import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// The window application: owns SDL, the scene, the HUD and the trace; draws one frame. Its frame loop
/// is `LabApp+FrameLoop`, its trace `LabApp+Trace` (lines formatted by `TraceLog`), its keys the
/// `KeyTable` (`LabApp+Keys`). All SDL pointers live here, on the main thread.
@MainActor
final class LabApp {
    let options: WindowOptions
    let sdl: SDLSession
    let fonts: FontSet
    let text: TextCache
    let canvas: Canvas
    let clock = AppClock()
    let viewport = PhoneViewport.standard
    /// The scene options from the command line (scene switching rebuilds from them).
    let sceneOptions: SceneOptions
    /// Decodes and uploads the grid's images.
    let images: ImageLoader
    var scene: any WindowScene
    /// Scenes not shown right now, by name, kept for when `S` comes back to them.
    var parkedScenes: [String: any WindowScene] = [:]
    /// Model time with slow motion (T); pointer samples and frames are both stamped on it.
    var modelClock = LabClock(realTime: 0)
    /// The model time the scene was last advanced to (what the screen shows).
    var modelTimeShown = 0.0
    /// Timeline, F5 recording and `--replay`.
    var instruments: LabInstruments
    var events = EventLog(capacity: 24)
    var stats = FrameStats()
    /// Frames drawn while the content was dragged or decelerating.
    var motionStats = FrameStats()
    /// Apple's hitch measure over the frames of motion (B-HITCH-1): the whole run, and the current
    /// policy segment's (a policy's drawing and uploads can hitch).
    var hitches = HitchMeter()
    var segmentHitches = HitchMeter()
    var frameIsMoving = false
    /// Durations of the empty presents measured at start (seconds), reported in the trace.
    var calibration: [Double] = []
    var status = HUDStatus()
    /// The `--trace-out` file, nil without one.
    let traceFile: TraceWriter?
    /// The trace's lines, written to `traceFile`.
    var trace: TraceLog?
    var showHelp = false
    var running = true
    var pointerDown = false
    /// The finger driving the scroll view when a touchscreen is used, nil for the mouse.
    var touchFinger: SDL_FingerID?
    /// The touchscreen fingers down, phone points (two make a pinch).
    var touchPoints: [SDL_FingerID: Point] = [:]
    /// The pinch in progress (Ctrl + wheel or two fingers), nil when none.
    var pinch: PinchInput?
    /// Moves of the current drag so far (`--debug-stall-at-sample`).
    var movesSinceDown = 0
    var screenshotTaken = false
    /// The `--replay` file while it is being read (the window does not wait for it).
    var replayLoad: GestureLoad?
    /// True when the `--replay` file could not be read (the exit code says so).
    var replayFailed = false
    /// True once another program destroyed the window: the loop ends and nothing is drawn on it again.
    var windowLost = false
    /// True once a `--screenshot` could not be saved (the exit code says so).
    var screenshotFailed = false
    var pendingScreenshot: String?
    var messageUntil = 0.0
    /// The last time the window had something to draw (`canRest`), and how often it has rested.
    var lastBusyTime = 0.0
    var restCount = 0
    /// Frames presented so far; also the number of the frame being drawn.
    var frameCount = 0
    /// The content offset the last drawn frame shows (`--trace-frames`).
    var drawnOffset = Point.zero
    /// The phone's rect in window coordinates last written to the trace.
    var lastViewportLine: Rect?
    /// App time of the last frame whose content moved or was dragged (the scroll indicator fades after it).
    var lastScrollTime = -Double.infinity

    /// Opens the window and everything it needs; throws one clear line on failure.
    init(options: WindowOptions, sceneOptions: SceneOptions, imagePaths: [AssetFile]) throws(AppError) {
        self.options = options
        self.sceneOptions = sceneOptions
        traceFile = try options.traceOut.map { path throws(AppError) in try TraceWriter(path: path) }
        trace = traceFile.map { file in TraceLog(includesDidScroll: options.traceDidScroll, write: file.write) }
        sdl = try SDLSession(headless: options.headless, software: options.software, renderDriver: options.renderDriver,
                             scale: options.scale)
        images = Self.imageLoader(paths: imagePaths, options: options, sceneOptions: sceneOptions, renderer: sdl.renderer)
        images.decodesOnMain = options.decodeOnMain
        do {
            fonts = try FontSet()
            scene = try Self.windowScene(sceneOptions.scene, options: sceneOptions, images: images)
        } catch {
            images.shutdown()
            sdl.close()
            throw error
        }
        text = TextCache(renderer: sdl.renderer, fonts: fonts)
        canvas = Canvas(renderer: sdl.renderer)
        instruments = LabInstruments(axis: scene.kind.axis)
        instruments.pendingReplay = options.replay.map(resampledForReplay)
        replayLoad = options.replayFile.map(GestureLoad.init(path:))
        refreshSourceStatus()
        status.physics = (sceneOptions.physics == .ios ? "iOS fit" : sceneOptions.physics.rawValue)
            + " · vel \(sceneOptions.estimator.rawValue)"
        status.renderer = sdl.rendererName + (sdl.rendererNote.map { " (\($0))" } ?? "") + " · " + sdl.videoDriver   // the pacing is added by `run()`
    }

    /// One frame: step the model, draw, serve screenshot requests (before present).
    func frame(at t: Double) {
        // Images decoded since the last frame join the pipeline at the time the scene is at.
        images.pump(time: isReplaying ? modelTimeShown : modelClock.modelTime(atReal: t))
        text.beginFrame()
        stepModel(at: t)
        if status.message != nil, t > messageUntil { status.message = nil }
        status.messageAlpha = Swift.min(1, Swift.max(0, (messageUntil - t) / 0.4))
        var snapshot = scene.snapshot()
        if snapshot.contentOffset != drawnOffset || snapshot.isDragging || snapshot.isDecelerating { lastScrollTime = t }
        snapshot.scrollIndicatorAlpha = ScrollIndicator.alpha(since: t - lastScrollTime)
        drawnOffset = snapshot.contentOffset
        recordTimelineSample(snapshot)
        if let live = snapshot.liveImageAssets, scene.ownTextures == nil { images.retainTextures(live) }
        frameIsMoving = snapshot.isDragging || snapshot.isDecelerating
        canvas.clear(.background)
        scene.draw(snapshot, with: ScenePainter(canvas: canvas, text: text, textures: scene.ownTextures ?? images.textures,
                                                viewport: viewport))
        let timelineFrame = HUDRenderer(canvas: canvas, text: text, fonts: fonts)
            .draw(snapshot, events: events, status: status, size: sdl.layoutSize)
        drawTimeline(in: timelineFrame)
        if let message = status.message {
            Toast(canvas: canvas, text: text).draw(message, alpha: status.messageAlpha, over: viewport.frame)
        }
        if showHelp { HelpOverlay(canvas: canvas, text: text).draw(keyHelp, current: scene.kind.name, size: sdl.layoutSize) }

        if let after = options.screenshotAfter, !screenshotTaken, t >= after, let path = options.screenshot {
            saveScreenshot(to: path)
            screenshotTaken = true
        }
        if let path = pendingScreenshot {
            pendingScreenshot = nil
            saveScreenshot(to: path)
        }
    }

    /// Shows a transient line in the window and on standard output.
    func say(_ message: String, at t: Double) {
        if !options.quiet { writeLine(message, to: STDOUT_FILENO) }
        status.message = message
        messageUntil = t + 4
    }

    /// A key's answer: a short toast over the phone for 2.5 s (not printed).
    func toast(_ message: String, at t: Double) {
        status.message = message
        messageUntil = t + 2.5
    }

    func saveScreenshot(to path: String) {
        let t = clock.now()
        if let error = Screenshot.save(renderer: sdl.renderer, to: path) {
            if path == options.screenshot { screenshotFailed = true }
            let message = "scrolllab: screenshot failed: \(error)"
            writeStandardError(message)
            status.message = message
            messageUntil = t + 4
        } else {
            say("screenshot saved to \(path)", at: t)
        }
    }

    /// Writes the trace's summary (when tracing), stops the image workers and closes SDL. Call once, at the end.
    func finish() {
        stopRecording(at: clock.now())
        if let path = options.screenshot, !screenshotTaken, !windowLost {
            // The last frame is still in the back buffer only for some renderers: draw it again.
            frame(at: clock.now())
            saveScreenshot(to: path)
        }
        collectEvents()
        tracePolicySegment(at: clock.now())
        writeTraceSummary()
        scene.close()
        for parked in parkedScenes.values { parked.close() }
        images.shutdown()
        text.removeAll()
        fonts.close()
        // A window another program destroyed cannot be torn down (every request on it fails, and SDL's
        // own teardown would end the process through Xlib's default handler): the process ends anyway.
        if !windowLost { sdl.close() }
    }
}

extension LabApp {
    /// The image loader over the route the options choose: HTTP (`--source`), the modelled network
    /// (`--network`) or the asset files after a constant latency; a disk cache in front of a network
    /// unless `--disk-cache off` (one that cannot be used is left out with one warning).
    static func imageLoader(paths: [AssetFile], options: WindowOptions, sceneOptions: SceneOptions,
                            renderer: OpaquePointer) -> ImageLoader {
        let route: ImageLoader.Route
        if options.imagesOnModelClock {
            route = .virtualClock(GridScene.headlessSource(sceneOptions.gridConfiguration(assetCount: Swift.max(1, paths.count))))
        } else if let source = options.source {
            route = .http(HTTPImageFetcher(template: source, timeout: options.httpTimeout))
        } else if let profile = sceneOptions.network {
            // The decode is real here: the model stands for the network alone.
            route = .modelled(NetworkImageSource(profile: profile, byteSizes: sceneOptions.transferSizes(), decodeCost: 0,
                                                 order: sceneOptions.requestOrder))
        } else {
            route = .files
        }
        var disk: DiskCache?
        let usesNetwork: Bool
        switch route {
        case .files, .virtualClock: usesNetwork = false
        case .modelled, .http: usesNetwork = true
        }
        if usesNetwork, sceneOptions.diskCache != .off {
            let directory: String
            if case let .directory(path) = sceneOptions.diskCache { directory = path } else { directory = DiskCacheChoice.defaultDirectory }
            disk = DiskCache.open(directory: directory, byteLimit: GridSceneConfiguration().diskCacheByteLimit ?? (100 << 20))
            if options.clearDiskCache { disk?.clear() }
        }
        return ImageLoader(paths: paths, latency: sceneOptions.latencyMs / 1000, renderer: renderer, route: route, disk: disk)
    }

    /// The HUD's source row: the latency, or the network.
    func refreshSourceStatus() {
        status.latencyMs = scene.sourceLatencyMs
        status.network = scene.sourceNetwork
    }
}
