import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// The model step and the timeline (B-UI-1): the scenes stepped to each frame's model time, and the
/// panel of offset, velocity and callbacks of the phone the HUD follows.
extension LabApp {
    /// Steps the model to the frame's time `now` (see `PhoneDriver.step`); ends a wheel pinch gone quiet,
    /// moves A on once a run settles, and reports a replay that finished or could not be read. A replay
    /// whose motion has ended keeps its grid until its loads settle, as the headless replay runs on to
    /// its end: its `replayEnd` line is the headless end's frame, time and metrics (the first grid frame
    /// it settled at, though a busy window may have stepped a few more at that moment).
    func stepModel(at now: AppTime, onGrid: Bool) {
        let replaying = isReplaying
        if !replaying, let end = input.endIdleWheelPinch(at: now.model) { act(on: end, at: now) }
        let report = phoneDriver.step(to: now.model, onGrid: onGrid || loop.replayEndPending)
        if let failure = report.failure {
            writeStandardError("scrolllab: " + failure)
            loop.replayFailed = true
            loop.running = false
        }
        if report.finished {
            // A video films the scene, not the window's toasts: its last frames would carry this one.
            if loop.videoFrame == nil { say("replay finished", at: now.real) }
            loop.replayEndPending = true
        }
        if loop.replayEndPending, phoneDriver.isSettled {
            loop.replayEndPending = false
            traceReplayEnd(at: phoneDriver.takeReplayEnd() ?? phoneDriver.timeShown)
        }
        if !replaying { continueComparison(at: now) }
    }

    /// T: the next slow-motion step (1×, 0.25×, 0.1×), switched at `now` without a jump (the clock
    /// re-anchors at the real moment; model time goes on from `now.model`).
    func cycleSlowMotion(at now: AppTime) {
        phoneDriver.clock.cycleScale(atReal: now.real)
        logSetting("slowMotion", .number(phoneDriver.clock.scale), at: now.model)
    }

    /// R: the timelines start over, and so do the policy comparisons.
    func resetInstruments() {
        for phone in phoneDriver.phones {
            phone.track.timeline.removeAll()
            phone.scene.loading?.resetComparison()
        }
    }

    /// Draws the timeline panel in `frame`, its right edge at the model time the scene shows.
    func drawTimeline(in frame: Rect) {
        var status = phoneDriver.clock.scaleLabel
        if isReplaying { status += " · replay" }
        if hud.timelineFrozenAt != nil { status += " · frozen" }
        let recording = phoneDriver.isRecording ? "REC → ./\(Recording.folder)/" : nil
        let now = hud.timelineFrozenAt ?? phoneDriver.timeShown
        TimelinePlot(canvas: canvas, text: text).draw(phone.track.timeline, now: now,
                                                      seconds: Self.timelineSpan(now: now, lastRelease: phone.track.lastRelease, width: frame.width),
                                                      in: frame, status: status, recording: recording,
                                                      follows: phone.track.follows, layout: &phone.track.layout)
    }

    /// The timeline's span: 3 s in the 960×600 panel, more in a wider one (the same seconds a pixel),
    /// widened (up to 8 s, or the panel's own span if longer) to keep the last release and its glide in view.
    static func timelineSpan(now: Double, lastRelease: Double?, width: Double = HUDLayout.Frames(size: HUDLayout.baseSize).timeline.width) -> Double {
        let base = TimelinePlot.seconds * Swift.max(1, width / HUDLayout.Frames(size: HUDLayout.baseSize).timeline.width)
        let longest = Swift.max(8, base)
        guard let release = lastRelease, now - release < longest else { return base }
        return Swift.min(longest, Swift.max(base, now - release + 0.5))
    }
}

extension LabApp {
    /// Draws the HUD of the phone it follows, and its timeline. With phones side by side it stands right
    /// of the last, in the room the layout has beyond them. `kept`: what the last frame's HUD left in the
    /// pixels where this frame did not clear the background (see `HUDRenderer`); returns what this one leaves
    /// in its columns, and where it drew: those columns, its title column and the timeline's panel.
    func drawHUD(_ snapshot: SceneSnapshot, kept: HUDPixels?) -> (pixels: HUDPixels?, columns: [Rect], title: Rect, timeline: Rect) {
        let shift = Double(phoneDriver.phones.count - 1) * PhoneViewport.pitch
        let size = Size(width: sdl.layoutSize.width - shift, height: sdl.layoutSize.height)
        let drawn = HUDRenderer(canvas: canvas, text: text, fonts: text.fonts, memo: hudMemo)
            .draw(snapshot, events: phone.events, status: hudStatus, size: size, shift: shift, kept: kept)
        drawTimeline(in: drawn.timeline)
        return (drawn.pixels, drawn.columns, HUDLayout.Frames(size: size).title.frame, drawn.timeline)
    }

    /// True when the HUD's text may be left in the window's pixels from one frame to the next: SDL's software
    /// renderer (whose window keeps its pixels) at one pixel a point, with nothing drawn over the HUD.
    var keepsHUDPixels: Bool {
        keepsBackground && canvas.isUnscaled && text.fonts.scale == 1
    }

    /// True when the window's background may be left in its pixels from one frame to the next, at any size:
    /// SDL's software renderer, with nothing drawn over the window but the phones and the HUD. A toast may be:
    /// it lies inside the phone it is over, whose every pixel the next frame draws again.
    var keepsBackground: Bool {
        canvas.isSoftware && !hud.showHelp && (toastLayout.map { phone.viewport.frame.encloses($0.pill) } ?? true)
    }

    /// The toast shown now, laid out over the phone the HUD follows; nil when none is.
    var toastLayout: ToastLayout? {
        hud.message.map { ToastLayout($0, over: phone.viewport.frame, metrics: text.fonts.metrics) }
    }
}
