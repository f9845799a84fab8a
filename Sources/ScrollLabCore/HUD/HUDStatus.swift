import LabKit
import ScrollKit

/// The window's own state the HUD shows next to the scene's: renderer, frame timing, input clock, slow
/// motion, the image source and the physics. A value built once a frame from the app's state
/// (`LabApp.hudStatus`), never written piecemeal.
package struct HUDStatus: Equatable {
    /// Renderer, video driver and how frames are paced (`software · x11 · paced 60.0 Hz`, `opengl · x11 · vsync`).
    package var renderer = ""
    /// The frame line's figures.
    package var frames = FrameLine()
    /// The clock pointer samples are stamped with (`x11-server`, `pump`); "" when the window takes no input.
    package var eventClock = ""
    /// The slow-motion scale when it is not 1× (`"0.25×"`), else nil.
    package var slowMotion: String?
    /// Simulated image source latency, milliseconds (nil when the scene has no images).
    package var latencyMs: Double?
    /// True while the window waits for input (no frames until an event).
    package var isWaitingForInput = false
    /// A video's frame line in place of the frame timings (which would differ run to run).
    package var videoLine: String?
    /// The network the images come over instead ("3g", "HTTP 127.0.0.1:8080"), nil for a constant latency.
    package var network: String?
    /// How the modelled network's connections speak when not HTTP/1.1 in cleartext (`HTTP/2`, `HTTP/1.1 TLS`),
    /// nil otherwise: the HUD's protocol row says what `--http` and `--tls` chose, as the trace's condition does.
    package var transport: String?
    /// The active physics and velocity estimator (`iOS fit · vel ios`).
    package var physics = ""
    /// True when the disk cache held images from an earlier launch when the window opened (and K has not
    /// emptied it since): the first loads may not cross the network.
    package var diskWarm = false
    /// True when a disk cache sits in front of the network: K empties it (not under `--disk-cache off`).
    package var diskCache = false

    /// The physics row: the physics (`iOS fit` for iOS's) and the velocity estimator.
    package static func physicsLine(_ physics: ScrollPhysicsKind, estimator: EstimatorOption) -> String {
        (physics == .ios ? "iOS fit" : physics.rawValue) + " · vel \(estimator.rawValue)"
    }

    /// The transport under a modelled network: nil for HTTP/1.1 in cleartext (the default), else the
    /// condition's words (`HTTP/2`, `HTTP/1.1 TLS`, `HTTP/2 TLS`).
    package static func transportLine(http: HTTPVersion, tls: Bool) -> String? {
        http == .http1_1 && !tls ? nil : http.description + (tls ? " TLS" : "")
    }

    /// The video's frame line: `video · frame 12 · 0.200 s · 60 fps`.
    package static func videoLine(frame: Int, time: Double, fps: Double) -> String {
        String(format: "video · frame %d · %.3f s · %.0f fps", frame, time, fps)
    }

    package init(renderer: String = "", frames: FrameLine = FrameLine(), eventClock: String = "", slowMotion: String? = nil, latencyMs: Double? = nil, isWaitingForInput: Bool = false, videoLine: String? = nil, network: String? = nil, physics: String = "") {
        self.renderer = renderer
        self.frames = frames
        self.eventClock = eventClock
        self.slowMotion = slowMotion
        self.latencyMs = latencyMs
        self.isWaitingForInput = isWaitingForInput
        self.videoLine = videoLine
        self.network = network
        self.physics = physics
    }
}

/// The figures of the HUD's frame line: the last frame's work time and its p99, presented frames per
/// second and the interval p99 over the last second, and the hitch ratio so far.
package struct FrameLine: Equatable {
    /// Last frame's work time and the running p99, milliseconds.
    package var frameMs = 0.0
    package var frameP99Ms = 0.0
    /// Presented frames per second and the 99th percentile of the interval between them, over the last second.
    package var fps = 0.0
    package var intervalP99Ms = 0.0
    /// The interval p99 of the latest frames of motion (a drag or a fling), milliseconds: the frames the
    /// hitch ratio counts.
    package var motionIntervalP99Ms = 0.0
    /// The display's refresh period, milliseconds.
    package var periodMs = 0.0
    /// Apple's hitch time ratio so far, ms of hitch per second of motion (B-HITCH-1).
    package var hitchRatio = 0.0

    package init() {}

    /// The figures of `stats` and `motion` (its frames of motion), at a display period of `period`
    /// seconds, with the hitch ratio so far.
    package init(_ stats: FrameStats, motion: FrameStats = FrameStats(), period: Double = 0, hitchRatio: Double) {
        frameMs = (stats.recentFrameTimes.last ?? 0) * 1000
        frameP99Ms = FrameStats.percentile(99, of: stats.recentFrameTimes) * 1000
        intervalP99Ms = FrameStats.percentile(99, of: stats.recentIntervals) * 1000
        motionIntervalP99Ms = FrameStats.percentile(99, of: motion.recentIntervals) * 1000
        fps = FrameStats.fps(of: stats.recentIntervals)
        periodMs = period * 1000
        self.hitchRatio = hitchRatio
    }

    /// True when the interval p99 is over one and a half periods but the frames of motion kept time:
    /// the slow frames came at rest (a fade, a load, the HUD), which no one sees as a hitch.
    package var slowFramesAtRest: Bool {
        periodMs > 0 && intervalP99Ms > 1.5 * periodMs && motionIntervalP99Ms <= 1.5 * periodMs
    }
}
