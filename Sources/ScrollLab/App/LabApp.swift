import CSDL
import Foundation
import ScrollKit

/// The window application: owns SDL, the scene, the HUD and the trace, and runs the frame loop.
///
/// Frame loop: pump input every ~1 ms until the frame's deadline (see `InputPump`), then step the
/// scene to the frame time, draw, present. With vsync the deadline leaves a margin before the next
/// vertical blank for the frame's work; without it (Xvfb, offscreen) the loop paces itself at the
/// display rate. All SDL pointers live here, on the main thread.
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
    var events = EventLog(capacity: 7)
    var stats = FrameStats()
    /// Frames drawn while the content was dragged or decelerating.
    var motionStats = FrameStats()
    var frameIsMoving = false
    /// Durations of the empty presents measured at start (seconds), reported in the trace.
    var calibration: [Double] = []
    var status = HUDStatus()
    var trace: TraceWriter?
    var showHelp = false
    /// The pager's frame-outline overlay (key O).
    var showsPagerFrame = false
    var running = true
    var pointerDown = false
    /// The finger driving the scroll view when a touchscreen is used, nil for the mouse.
    var touchFinger: SDL_FingerID?
    /// The touchscreen fingers down, phone points (two make a pinch).
    var touchPoints: [SDL_FingerID: Point] = [:]
    /// The pinch in progress (Ctrl + wheel or two fingers), nil when none.
    var pinch: PinchInput?
    /// The photos scene's textures, from `images`.
    lazy var photoTextures = PhotoTextures(images: images)
    /// Moves of the current drag so far (`--debug-stall-at-sample`).
    var movesSinceDown = 0
    var screenshotTaken = false
    /// True once a `--screenshot` could not be saved (the exit code says so).
    var screenshotFailed = false
    var pendingScreenshot: String?
    var messageUntil = 0.0
    /// Frames presented so far; also the number of the frame being drawn.
    var frameCount = 0
    /// The content offset the last drawn frame shows (`--trace-frames`).
    var drawnOffset = Point.zero

    /// Opens the window and everything it needs; throws one clear line on failure.
    init(options: WindowOptions, sceneOptions: SceneOptions, imagePaths: [AssetFile]) throws(AppError) {
        self.options = options
        self.sceneOptions = sceneOptions
        if let path = options.traceOut { trace = try TraceWriter(path: path) }
        sdl = try SDLSession(headless: options.headless, software: options.software, renderDriver: options.renderDriver)
        images = ImageLoader(paths: imagePaths, latency: sceneOptions.latencyMs / 1000, renderer: sdl.renderer)
        do {
            fonts = try FontSet()
            scene = try Self.windowScene(for: sceneOptions.makeScene(imageSource: SDLImageSource(loader: images),
                                                                     assetCount: imagePaths.count))
        } catch {
            images.shutdown()
            sdl.close()
            throw error
        }
        text = TextCache(renderer: sdl.renderer, fonts: fonts)
        canvas = Canvas(renderer: sdl.renderer)
        instruments = LabInstruments(axis: LabInstruments.axis(ofScene: scene.name))
        instruments.pendingReplay = options.replay
        if gridScene != nil { status.latencyMs = sceneOptions.latencyMs }
        status.physics = "iOS fit · vel \(sceneOptions.estimator.rawValue)"
        status.renderer = sdl.rendererName + (sdl.hasVSync ? ", vsync" : ", no vsync") + " · " + sdl.videoDriver
    }

    /// Runs until Esc, the close button, `--frames` or `--quit-after`; returns the exit code.
    func run() -> Int32 {
        let period = 1 / sdl.refreshRate
        // Pace on the display's vertical blank only if presenting really waits for it (under Xvfb the
        // GL renderer claims vsync but returns at once); otherwise pace on our own schedule.
        let presentWaits = sdl.hasVSync && measurePresentWait(period: period)
        status.renderer += presentWaits ? " (waits)" : ""
        let pump = InputPump(clock: clock, window: options.headless ? nil : sdl.window)
        status.eventClock = pump.timeSource.rawValue
        writeTraceHeader()
        logSetting("eventClock", .string(pump.timeSource.rawValue), at: 0)
        logSetting("pacing", .string(options.pacing.rawValue), at: 0)
        var pacer = FramePacer(period: period, presentWaits: presentWaits, now: clock.now())
        var lastFrameStart: Double?
        var lastPresentEnd: Double?
        while running {
            let deadline: Double
            switch options.pacing {
            case .adaptive:
                deadline = pacer.wakeTime
            case .legacy:
                // The loop before the pacer: wake 4 ms before the blank, or one period after the last start.
                deadline = lastFrameStart.map { start in
                    presentWaits ? Swift.max(start + period, (lastPresentEnd ?? start) + period - 0.004) : start + period
                } ?? 0
            }
            pump.pump(until: deadline) { event, stamp in self.handle(&event, at: stamp) }
            if status.eventClock != pump.timeSource.rawValue { status.eventClock = pump.timeSource.rawValue }
            let frameStart = clock.now()
            frame(at: frameStart)
            let workEnd = clock.now()
            if options.pacing == .adaptive { Self.sleep(until: pacer.presentTime, clock: clock) }
            let presentStart = clock.now()
            SDL_RenderPresent(sdl.renderer)
            let presentEnd = clock.now()
            pacer.record(work: workEnd - frameStart, present: presentEnd - presentStart, presentEnd: presentEnd)
            if options.traceFrames {
                trace?.write(.object([("event", .string("frame")), ("frame", .int(frameCount)),
                                      ("t", .number(modelTimeShown)), ("offset", .point(drawnOffset))]))
            }
            // The interval between presented frames: what the eye sees.
            let interval = lastPresentEnd.map { presentEnd - $0 }
            stats.record(frameTime: workEnd - frameStart, presentTime: presentEnd - presentStart, interval: interval)
            if frameIsMoving {
                motionStats.record(frameTime: workEnd - frameStart, presentTime: presentEnd - presentStart, interval: interval)
            }
            updateFrameStatus()
            lastFrameStart = frameStart
            lastPresentEnd = presentEnd
            frameCount += 1
            if let n = options.frames, frameCount >= n { running = false }
            if let q = options.quitAfter, frameStart >= q { running = false }
            if trace?.failure != nil { running = false }
        }
        finish()
        return trace?.failure == nil && !screenshotFailed ? 0 : 1
    }

    /// The HUD's frame line, refreshed every 15 frames (its text is rasterized anew only then):
    /// frames per second and interval p99 over the last second, work time and its p99.
    private func updateFrameStatus() {
        guard frameCount % 15 == 0 else { return }
        let work = stats.frameTimes.suffix(60)
        let intervals = stats.intervals.suffix(60)
        status.frameMs = (work.last ?? 0) * 1000
        status.frameP99Ms = FrameStats.percentile(99, of: Array(stats.frameTimes.suffix(300))) * 1000
        status.intervalP99Ms = FrameStats.percentile(99, of: Array(intervals)) * 1000
        status.fps = FrameStats.fps(of: intervals)
    }

    /// Sleeps until app time `time` without pumping input (SDL_Delay for whole milliseconds, then a
    /// short `usleep`): no busy wait, so the decode workers keep the cores.
    static func sleep(until time: Double, clock: AppClock) {
        while true {
            let remaining = time - clock.now()
            if remaining <= 0 { return }
            if remaining > 0.0015 { SDL_Delay(UInt32(remaining * 1000 - 0.5)) } else { usleep(UInt32(remaining * 1_000_000)) }
        }
    }

    /// Presents a few empty frames back to back: true when they come one display period apart, i.e.
    /// vsync really blocks. A present that is merely slow (Xvfb copies the whole window: 7–10 ms, more
    /// on a loaded machine) takes a varying time, not the period.
    private func measurePresentWait(period: Double) -> Bool {
        var ends: [Double] = [clock.now()]
        for _ in 0..<8 {
            canvas.clear(.background)
            SDL_RenderPresent(sdl.renderer)
            ends.append(clock.now())
        }
        let durations = zip(ends, ends.dropFirst()).map { $1 - $0 }
        calibration = durations
        let settled = Array(durations.dropFirst(2))
        return settled.allSatisfy { abs($0 - period) < 0.1 * period }
    }

    /// One frame: step the model, draw, serve screenshot requests (before present).
    func frame(at t: Double) {
        // Images decoded since the last frame join the pipeline at the time the scene is at.
        images.pump(time: isReplaying ? modelTimeShown : modelClock.modelTime(atReal: t))
        stepModel(at: t)
        if status.message != nil, t > messageUntil { status.message = nil }
        let snapshot = scene.snapshot()
        drawnOffset = snapshot.contentOffset
        recordTimelineSample(snapshot)
        if gridScene != nil { images.retainTextures(snapshot.liveImageAssets) }
        frameIsMoving = snapshot.isDragging || snapshot.isDecelerating
        canvas.clear(.background)
        text.draw("ScrollLab", style: .heading, colour: .text, x: Int32(viewport.frame.minX), y: 14)
        text.draw("drag or wheel the phone · H for keys", style: .label, colour: .dimText,
                  x: Int32(viewport.frame.minX) + 90, y: 14)
        if let pager = pagerScene {
            PagerRenderer(canvas: canvas, text: text).draw(pager, viewport: viewport, showsFrame: showsPagerFrame)
        } else if let photos = photosScene {
            drawPhotos(photos, snapshot: snapshot)
        } else {
            PhoneRenderer(canvas: canvas, text: text, textures: images.textures).draw(snapshot, viewport: viewport)
        }
        HUDRenderer(canvas: canvas, text: text, fonts: fonts).draw(snapshot, events: events, status: status)
        drawTimeline()
        if showHelp { HelpOverlay(canvas: canvas, text: text).draw(keyHelp) }

        if let after = options.screenshotAfter, !screenshotTaken, t >= after, let path = options.screenshot {
            saveScreenshot(to: path)
            screenshotTaken = true
        }
        if let path = pendingScreenshot {
            pendingScreenshot = nil
            saveScreenshot(to: path)
        }
    }

    /// Drains the scene's delegate callbacks into the HUD log and the trace.
    func collectEvents() {
        for record in scene.takeEvents() {
            events.append(record)
            recordTimelineEvent(record)
            if record.event != .didScroll || options.traceDidScroll {
                trace?.write(record.json)
            }
        }
    }

    /// Logs a setting change to the trace (and the HUD message line).
    func logSetting(_ name: String, _ value: JSONValue, at t: Double) {
        trace?.write(.object([("t", .number(modelClock.modelTime(atReal: t))), ("event", .string("setting")),
                              ("name", .string(name)), ("value", value)]))
    }

    /// Shows a transient line in the HUD and on standard output.
    func say(_ message: String, at t: Double) {
        if !options.quiet { writeLine(message, to: STDOUT_FILENO) }
        status.message = message
        messageUntil = t + 4
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

    private func writeTraceHeader() {
        guard let trace else { return }
        trace.write(.object([("event", .string("setting")), ("name", .string("viewport")), ("value", viewport.json)]))
        for line in scene.settingLines { trace.write(line) }
        logSetting("scene", .string(scene.name), at: 0)
        logSetting("rate", .string(scene.isFastRate ? "fast" : "normal"), at: 0)
        logSetting("policy", .string(scene.snapshot().policy), at: 0)
        logSetting("renderer", .string(status.renderer), at: 0)
        logSetting("presentCalibrationMs", .array(calibration.map { .number(($0 * 10000).rounded() / 10) }), at: 0)
    }

    /// Writes the trace's summary (when tracing), stops the image workers and closes SDL. Call once, at the end.
    func finish() {
        stopRecording(at: clock.now())
        if let path = options.screenshot, !screenshotTaken {
            // The last frame is still in the back buffer only for some renderers: draw it again.
            frame(at: clock.now())
            saveScreenshot(to: path)
        }
        collectEvents()
        if let trace {
            var pairs: [(String, JSONValue)] = [("event", .string("summary"))]
            var extra = scene.summary
            if !extra.contains(where: { $0.0 == "viewsCreated" }) {
                extra.insert(("viewsCreated", .int(scene.snapshot().viewsCreated)), at: 0)
            }
            pairs += extra
            let ms = { (p: Double, v: [Double]) in JSONValue.number((FrameStats.percentile(p, of: v) * 1000 * 100).rounded() / 100) }
            pairs += [
                ("frameP50Ms", ms(50, stats.frameTimes)), ("frameP99Ms", ms(99, stats.frameTimes)),
                ("frameMaxMs", ms(100, stats.frameTimes)),
                ("intervalP50Ms", ms(50, stats.intervals)), ("intervalP99Ms", ms(99, stats.intervals)),
                ("presentP50Ms", ms(50, stats.presentTimes)), ("presentP99Ms", ms(99, stats.presentTimes)),
                ("frames", .int(stats.frameTimes.count)),
                ("motionFrameP50Ms", ms(50, motionStats.frameTimes)), ("motionFrameP99Ms", ms(99, motionStats.frameTimes)),
                ("motionFrameMaxMs", ms(100, motionStats.frameTimes)),
                ("motionPresentP50Ms", ms(50, motionStats.presentTimes)), ("motionPresentP99Ms", ms(99, motionStats.presentTimes)),
                ("motionIntervalP50Ms", ms(50, motionStats.intervals)), ("motionIntervalP99Ms", ms(99, motionStats.intervals)),
                ("motionFrames", .int(motionStats.frameTimes.count)),
                ("fps", .number((stats.presentedFPS * 10).rounded() / 10)),
                ("motionFps", .number((motionStats.presentedFPS * 10).rounded() / 10)),
                ("worstImageWorkMs", .number((images.worstFrameWork * 1000 * 100).rounded() / 100)),
            ]
            trace.write(.object(pairs))
        }
        images.shutdown()
        text.removeAll()
        fonts.close()
        sdl.close()
    }
}
