import ScrollLabCore

/// The HUD's status, built in one place from the app's state each time the HUD is drawn.
extension LabApp {
    /// What the HUD shows of the window beside the scene: the renderer and pacing, the frame line (the
    /// meter's, refreshed every 15 frames), the input clock, the slow-motion scale, the image source and
    /// the physics of the phone it follows (of the scene A stands in for while A runs), whether the window
    /// waits for input, and a video's frame line.
    var hudStatus: HUDStatus {
        let home = phone.comparison?.home ?? scene
        var status = HUDStatus()
        status.renderer = rendererLine
        status.frames = meter.shown
        status.eventClock = loop.eventClock?.rawValue ?? ""
        status.slowMotion = phoneDriver.clock.scale == 1 ? nil : phoneDriver.clock.scaleLabel
        status.latencyMs = home.sourceLatencyMs
        status.network = home.sourceNetwork
        status.diskWarm = home.diskWarmAtOpen != nil
        status.diskCache = home.hasDiskCache
        if status.network?.hasPrefix("HTTP ") == false {
            status.transport = HUDStatus.transportLine(http: phone.sceneOptions.http, tls: phone.sceneOptions.tls)
        }
        status.physics = HUDStatus.physicsLine(phone.sceneOptions.physics, estimator: phone.sceneOptions.estimator)
        status.isWaitingForInput = loop.isWaitingForInput
        status.videoLine = loop.videoFrame.map { HUDStatus.videoLine(frame: $0.index, time: $0.time, fps: $0.fps) }
        return status
    }

    /// Renderer, video driver and, once the loop knows it, the pacing: `software (llvmpipe) · x11 · paced 60.0 Hz`.
    var rendererLine: String {
        sdl.rendererName + (sdl.rendererNote.map { " (\($0))" } ?? "") + " · " + sdl.videoDriver + (loop.pacing.map { " · " + $0 } ?? "")
    }
}
