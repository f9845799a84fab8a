import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// The window application: the frame loop and the wiring between its parts, each owning its state —
/// SDL (`SDLWindow`), the input translation (`InputTranslator`), the phones and what drives them
/// (`PhoneDriver`), the trace (`AppTrace`), the frame measurements (`FrameMeter`) and the HUD's state
/// (`HUDState`). Its loop is `LabApp+FrameLoop`, its keys the `KeyTable` (`LabApp+Keys`; the window's own
/// keys' window sides in `App/Keys`).
@MainActor
package final class LabApp {
    /// The window's options (the command line's), as the factory builds from them.
    var options: WindowOptions { factory.options }
    /// The scene options from the command line.
    let sceneOptions: SceneConfiguration
    let sdl: SDLWindow
    let text: TextCache
    let canvas: Canvas
    let clock = AppClock()
    /// What the phones' scenes and loaders are made by.
    let factory: SceneFactory
    /// The phones, the model clock, replay and recording: every input reaches the scenes through it.
    let phoneDriver: PhoneDriver<Phone>
    /// SDL's events → the lab's inputs.
    var input = InputTranslator()
    /// The `--trace-out` file, nil without one.
    var trace: AppTrace?
    var meter = FrameMeter()
    var hud = HUDState()
    /// The HUD's columns that change seldom, as last laid out.
    let hudMemo = HUDLayoutMemo()
    /// What the last frame left in the window's pixels (the HUD's text, the background).
    var pixels = KeptPixels()
    /// Whether the loop runs on, and why it ended.
    var loop = LoopState()

    /// Opens the window and everything it needs; throws one clear line on failure.
    package init(options: WindowOptions, sceneOptions: SceneConfiguration, imagePaths: [AssetFile]) throws(AppError) {
        self.sceneOptions = sceneOptions
        trace = try options.traceOut.map { path throws(AppError) in try AppTrace(path: path, includesDidScroll: options.traceDidScroll) }
        let phones = Swift.max(1, sceneOptions.compare.count)
        sdl = try SDLWindow(headless: options.headless, software: options.software, renderDriver: options.renderDriver,
                             scale: options.scale, baseSize: PhoneViewport.layoutBase(phones: phones))
        let fonts: FontSet
        do {
            fonts = try FontSet()
        } catch {
            sdl.close()
            throw error
        }
        // Made here, on the render thread before its loop places it: the decodes take the other CPUs.
        factory = SceneFactory(options: options, imagePaths: imagePaths, renderer: sdl.renderer, placement: .ofCallingThread())
        do {
            phoneDriver = PhoneDriver(phones: try factory.phones(sceneOptions, viewport: PhoneViewport.init(phone:)))
        } catch {
            fonts.close()
            sdl.close()
            throw error
        }
        text = TextCache(renderer: sdl.renderer, fonts: fonts, grid: sdl.grid)
        canvas = Canvas(renderer: sdl.renderer, grid: sdl.grid)
        if let replay = options.replay { phoneDriver.play(phoneDriver.resampled(replay)) }
        if let path = options.replayFile { phoneDriver.playFile(path) }
        wireSession()
        // A launch whose disk cache is warm says so: its first loads may not cross the network.
        if let warm = scene.diskWarmAtOpen {
            hud.show(KeyToastText.warmDiskCache(entries: warm.entries, bytes: warm.bytes), until: clock.now() + 5)
        }
    }

    /// The phone driver's callbacks to the app: callbacks to the trace, recordings to their file, a replay's
    /// start to the trace.
    private func wireSession() {
        let comparing = phoneDriver.isComparing
        phoneDriver.publish = { [weak self] phone, record in
            self?.trace?.log.event(record, phone: comparing ? phone : nil)
        }
        phoneDriver.gestureRecorded = { [weak self] in
            guard let self else { return }
            // Within an event or a frame whose time is already on the model clock: its latest time.
            _ = self.saveRecording(at: AppTime(real: self.clock.now(), model: self.phoneDriver.clock.now))
        }
        phoneDriver.replayStarted = { [weak self] count, time in
            self?.logSetting("replay", .int(count), at: time)
        }
    }

    /// The phone the HUD follows, and its scene.
    var phone: Phone { phoneDriver.focused }
    var scene: any WindowScene { phoneDriver.focused.scene }

    /// True while a replay feeds the scenes: live pointer input is ignored then.
    var isReplaying: Bool { phoneDriver.playback.isReplaying }

    /// One frame's work before it is finished and presented (`FrameStep` runs it): step the model (its
    /// images taken at every model step), draw every phone and the HUD, serve screenshot requests.
    func frame(at now: AppTime, onGrid: Bool) {
        let t = now.real
        text.beginFrame()
        stepModel(at: now, onGrid: onGrid)
        hud.fadeMessage(at: t)
        var focusedSnapshot: SceneSnapshot?
        var moving = false
        // The HUD's columns are left out of the clear when the last frame's text in them may stay, and the
        // background is filled only where the last frame drew over it.
        let keeping = keepsHUDPixels
        let kept = keeping ? pixels.hud : nil
        let background = pixels.background
        pixels.hud = nil
        pixels.background = nil
        let filled = clearBackground(keeping: kept?.columns ?? [], left: background)
        let reused = filled == .whole ? nil : kept
        drawBodies(within: filled.rects)
        for phone in phoneDriver.phones {
            let snapshot = draw(phone, at: t)
            moving = moving || MainThreadMeter.isScrolling(dragging: snapshot.isDragging, decelerating: snapshot.isDecelerating)
            if phone === phoneDriver.focused { focusedSnapshot = snapshot }
        }
        meter.isMoving = moving
        guard let snapshot = focusedSnapshot else {
            if let reused { canvas.fill(reused.columns, .background) }
            return
        }
        let left = drawHUD(snapshot, kept: reused)
        if keeping { pixels.hud = left.pixels }
        if keepsBackground {
            let phones = phoneDriver.phones.map(\.viewport.frame)
            pixels.background = BackgroundLeft(layout: sdl.layoutSize, phones: phones, hudColumns: left.columns,
                                               drawnOver: BackgroundLeft.drawnOver(hudTitle: left.title, timeline: left.timeline,
                                                                                   layout: sdl.layoutSize, phones: phones))
        }
        if let toast = toastLayout {
            Toast(canvas: canvas, text: text).draw(toast, alpha: hud.messageAlpha)
        }
        if hud.showHelp {
            HelpOverlay(canvas: canvas, text: text).draw(keyHelp, current: scene.kind.name, size: sdl.layoutSize, phones: phoneDriver.phones.count)
        }

        if let after = options.screenshotAfter, !loop.screenshots.taken, t >= after, let path = options.screenshot {
            saveScreenshot(to: path)
            loop.screenshots.taken = true
        }
        if let path = loop.screenshots.pending {
            loop.screenshots.pending = nil
            saveScreenshot(to: path)
        }
    }

    /// The window's background under everything but the phones' screens, which each phone fills whole first
    /// thing: a third of four phones' window is not written twice. The software renderer's window keeps its
    /// pixels from frame to frame, so the letterbox bars beyond the layout, which no fill reaches, are
    /// cleared with the whole target when the output's size changes; another renderer's back buffer is not
    /// kept, and is cleared whole every frame. `keeping`: rects left as they are too (the HUD's columns,
    /// which the HUD clears where it draws anew); `left`: the background as the last frame left it, when
    /// known, so that only where it drew over it is filled (for the same layout and phones), the HUD's
    /// columns too unless they are kept. Returns what was filled.
    private func clearBackground(keeping: [Rect], left: BackgroundLeft?) -> BackgroundFill {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(sdl.renderer, &width, &height)
        let output = SDL_Point(x: width, y: height)
        guard canvas.isSoftware, let cleared = pixels.clearedOutput, cleared.x == output.x, cleared.y == output.y else {
            canvas.clear(.background)
            pixels.clearedOutput = output
            return .whole
        }
        let phones = phoneDriver.phones.map(\.viewport.frame)
        guard let left, left.layout == sdl.layoutSize, left.phones == phones else {
            canvas.fill(Rect(origin: .zero, size: sdl.layoutSize), except: phones + keeping, .background)
            return .layout
        }
        let rects = left.drawnOver + (keeping.isEmpty ? left.hudColumns : [])
        for rect in rects { canvas.fill(rect, except: phones + keeping, .background) }
        return .only(rects)
    }

    /// The phones' bodies around their screens: whole, or only inside `rects` (the background filled anew),
    /// when the rest of each is the last frame's, drawn the same.
    private func drawBodies(within rects: [Rect]?) {
        for phone in phoneDriver.phones {
            let screen = phone.viewport.frame
            guard let rects else {
                PhoneRenderer.drawBody(around: screen, canvas: canvas)
                continue
            }
            let body = PhoneRenderer.body(around: screen)
            for rect in rects where rect.intersects(body) {
                canvas.clip(rect)
                PhoneRenderer.drawBody(around: screen, canvas: canvas)
            }
        }
        canvas.clip(nil)
    }

    /// Draws `phone` at app time `t` and returns what it showed.
    private func draw(_ phone: Phone, at t: Double) -> SceneSnapshot {
        // Only the phone the HUD follows makes the HUD's rows and Loading section.
        var snapshot = phone.scene.snapshot(forHUD: phone === phoneDriver.focused)
        phone.noteFrame(&snapshot, at: t, modelTime: phoneDriver.timeShown)
        if let live = snapshot.liveImageAssets, phone.scene.ownTextures == nil { phone.images.retainTextures(live) }
        phone.scene.draw(snapshot, with: ScenePainter(canvas: canvas, text: text, textures: phone.scene.ownTextures ?? phone.images.textures,
                                                      viewport: phone.viewport))
        if phoneDriver.isComparing { PhoneTitle(canvas: canvas, text: text).draw(phone, snapshot: snapshot, focused: phone === phoneDriver.focused) }
        return snapshot
    }

    /// Shows a transient line in the window and on standard output.
    func say(_ message: String, at t: Double) {
        if !options.quiet { writeLine(message, to: STDOUT_FILENO) }
        hud.show(message, until: t + 4)
    }

    /// A key's answer: a short toast over the phone for 2.5 s (not printed).
    func toast(_ message: String, at t: Double) {
        hud.show(message, until: t + 2.5)
    }

    /// Reads the frame's pixels for a screenshot at `path`; `screenshots` encodes and writes them
    /// (`reportScreenshots` tells the outcome).
    func saveScreenshot(to path: String) {
        switch Screenshot.capture(renderer: sdl.renderer, for: path) {
        case .success(let surface):
            loop.screenshots.writer.write(surface, to: path)
        case .failure(let error):
            reportScreenshot(ScreenshotWriter.Outcome(path: path, error: error.line))
        }
    }

    /// Says which screenshots have been saved or failed since the last call.
    func reportScreenshots() {
        for outcome in loop.screenshots.writer.takeWritten() { reportScreenshot(outcome) }
    }

    private func reportScreenshot(_ outcome: ScreenshotWriter.Outcome) {
        let t = clock.now()
        if let error = outcome.error {
            // Any screenshot, F12's too, that cannot be saved ends the window with exit code 1 (B-EXIT-1).
            loop.screenshots.failed = true
            Screenshot.removeIfEmpty(outcome.path)
            let message = "scrolllab: screenshot failed: \(error)"
            writeStandardError(message)
            hud.show(message, until: t + 4)
        } else {
            say(KeyToastText.screenshotSaved(to: outcome.path), at: t)
        }
    }

    /// Writes the trace's summary (when tracing), stops the image workers and closes SDL. Call once, at the end.
    func finish() {
        stopRecording(at: phoneDriver.time(atReal: clock.now()))
        if phoneDriver.hasUnsavedRecording {
            // Kept after a failed save for F5 to try again: at the end it is lost, said so, and exit 1.
            writeStandardError("scrolllab: the F5 recording that could not be saved is lost (the window closed)")
            loop.recordingFailed = true
        }
        if let path = options.screenshot, !loop.screenshots.taken, !loop.windowLost {
            // The last frame is still in the back buffer only for some renderers: draw it again.
            frame(at: phoneDriver.time(atReal: clock.now()), onGrid: phoneDriver.clock.scale != 1)
            saveScreenshot(to: path)
        }
        loop.screenshots.writer.waitForAll()
        reportScreenshots()
        let end = phoneDriver.time(atReal: clock.now())
        // Transfers still under way end first: the summary counts every byte they received.
        for phone in phoneDriver.phones {
            phone.images.stopTransfers()
            phone.scene.loading?.noteTrafficNow()
        }
        phoneDriver.collect()
        for phone in phoneDriver.phones { tracePolicySegment(of: phone, at: end.model) }
        writeTraceSummary()
        phoneDriver.close()
        text.removeAll()
        text.fonts.close()
        // A window another program destroyed cannot be torn down (every request on it fails, and SDL's
        // own teardown would end the process through Xlib's default handler): the process ends anyway.
        if !loop.windowLost { sdl.close() }
    }
}

/// The window's screenshots: `--screenshot`'s taken or failed, F12's waiting for the end of the frame, and
/// the writer that encodes and writes them off the main thread.
struct ScreenshotState {
    /// `--screenshot`: taken. `failed`: a screenshot (`--screenshot`'s or F12's) could not be saved.
    var taken = false
    var failed = false
    /// F12's screenshot, saved at the end of the frame.
    var pending: String?
    let writer = ScreenshotWriter()
}

/// Whether the loop runs on, what the exit code reports, and what the HUD's status says of the loop.
struct LoopState {
    var running = true
    /// True when the `--replay` file could not be read.
    var replayFailed = false
    /// True when an F5 recording could not be saved by the end (exit code 1, as for any file the window
    /// writes); a failed save that a later F5 made good is not a loss.
    var recordingFailed = false
    /// A replay finished; its `replayEnd` trace line waits for the phones to settle.
    var replayEndPending = false
    /// True once another program destroyed the window: the loop ends and nothing is drawn on it again.
    var windowLost = false
    /// `--screenshot` and F12's screenshots.
    var screenshots = ScreenshotState()
    /// The last time the window had something to draw (`canWaitForInput`), and how often it has waited for input.
    var lastBusyTime = 0.0
    var inputWaitCount = 0
    /// True while the window waits for input (its last frame says so).
    var isWaitingForInput = false
    /// How the window paces its frames (`vsync`, `paced 60.0 Hz`), once `run()` has found out.
    var pacing: String?
    /// The clock the window's pointer samples are stamped with, while it takes input.
    var eventClock: InputPump.TimeSource?
    /// The video's frame being drawn: its number, its time and the video's frame rate.
    var videoFrame: (index: Int, time: Double, fps: Double)?
}
