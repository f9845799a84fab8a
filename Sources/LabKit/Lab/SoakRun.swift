import ScrollKit

/// A long scripted run for the soak test (issue 7): one grid scene scrolled by a repeating mix of
/// gestures on the virtual clock, policy after policy, with the scene's memory invariants checked
/// every frame.
///
/// Each gesture of the mix is replayed through `HeadlessReplay`, shifted to start `gap` seconds after
/// the scene settled from the previous one, so the clock runs on without limit and nothing is kept
/// from one gesture to the next. Per frame the probe checks that the pool still has exactly six views
/// and that the decoded bytes (the cache's plus those only a tile still holds) stay within the cache
/// limit plus one image per view.
public final class SoakRun {
    /// The scene being scrolled.
    public let scene: GridScene
    /// The gestures replayed in turn (each from `down` to `up`, times in seconds).
    public let mix: [[PointerEvent]]
    /// Virtual seconds between the end of one gesture's motion and the next gesture's `down`.
    public var gap = 0.5
    /// The virtual time the next gesture starts after (the end of the last replay).
    public private(set) var clock = 0.0
    /// Gestures replayed so far.
    public private(set) var gesturesPlayed = 0
    /// Frames stepped so far.
    public var frames: Int { probe.frames }
    /// The largest decoded-byte figure seen on any frame.
    public var peakDecodedBytes: Int { probe.peakDecodedBytes }
    /// Frames on which an invariant did not hold (zero in a healthy run).
    public var violations: [String] { probe.violations }
    /// The decoded bytes allowed: the cache limit plus one image for each of the six views.
    public var decodedByteLimit: Int { probe.decodedByteLimit }

    private let probe: SoakProbe
    private var nextGesture = 0

    /// A soak run over `gestures` (each one gesture, see `GestureFile.gestures`), with the grid as configured.
    public init(gestures: [[PointerEvent]], configuration: GridSceneConfiguration = .init()) {
        precondition(!gestures.isEmpty, "a soak needs at least one gesture")
        mix = gestures
        scene = GridScene(configuration: configuration)
        probe = SoakProbe(scene: scene)
    }

    /// Each gesture followed by its mirror image (`y` reflected in the phone's height, so a fling down
    /// the list is followed by one back up), which keeps a long run in the middle of the grid's range.
    public static func mirroredMix(_ gestures: [[PointerEvent]], phoneHeight: Double = GridScene.phoneBounds.height) -> [[PointerEvent]] {
        gestures.flatMap { gesture in
            [gesture, gesture.map { event in
                var mirrored = event
                mirrored.position.y = phoneHeight - event.position.y
                return mirrored
            }]
        }
    }

    /// Switches the scene to `policy` (metrics start afresh), then replays gestures from the mix until
    /// `seconds` of virtual time have passed; returns the phase's figures.
    @discardableResult
    public func run(policy: LoadingPolicyKind, seconds: Double) -> SoakPhaseReport {
        scene.setPolicy(policy)
        scene.resetMetrics()
        let start = clock, startFrames = probe.frames, startGestures = gesturesPlayed
        probe.peakInPhase = 0
        while clock - start < seconds {
            let gesture = mix[nextGesture]
            nextGesture = (nextGesture + 1) % mix.count
            guard let first = gesture.first else { continue }
            let shift = clock + gap - first.time
            let shifted = gesture.map { event in
                var moved = event
                moved.time += shift
                return moved
            }
            let result = HeadlessReplay().run(shifted, on: scene) { probe.check(at: $0) }
            clock = Swift.max(result.endTime, clock + gap)
            gesturesPlayed += 1
        }
        return SoakPhaseReport(policy: policy, virtualSeconds: clock - start, gestures: gesturesPlayed - startGestures,
                               frames: probe.frames - startFrames, peakDecodedBytes: probe.peakInPhase,
                               viewsCreated: scene.pool.viewsCreated, metrics: scene.metrics)
    }
}

/// What one policy's phase of a soak did: time, work, the peak of decoded bytes, views and metrics.
public struct SoakPhaseReport: Sendable {
    /// The policy scrolled with.
    public var policy: LoadingPolicyKind
    /// Virtual seconds the phase covered.
    public var virtualSeconds: Double
    /// Gestures replayed.
    public var gestures: Int
    /// Frames stepped.
    public var frames: Int
    /// The largest decoded-byte figure seen in the phase (cache plus tile-only images).
    public var peakDecodedBytes: Int
    /// Views the pool had created by the end (six for the whole run).
    public var viewsCreated: Int
    /// The scene's B-POL-2 metrics for the phase.
    public var metrics: LoadMetrics

    /// One compact JSON object for the soak's output line.
    public var json: JSONValue {
        .object([
            ("policy", .string(policy.rawValue)), ("virtualSeconds", .number(virtualSeconds)),
            ("gestures", .int(gestures)), ("frames", .int(frames)), ("peakDecodedBytes", .int(peakDecodedBytes)),
            ("viewsCreated", .int(viewsCreated)), ("metrics", metrics.json),
        ])
    }
}

/// Checks a grid scene's memory invariants after every frame of a soak (`HeadlessReplay`'s `afterFrame`).
final class SoakProbe {
    let scene: GridScene
    /// Frames stepped.
    private(set) var frames = 0
    /// The largest decoded-byte figure of the whole run.
    private(set) var peakDecodedBytes = 0
    /// The largest decoded-byte figure since the caller last reset it.
    var peakInPhase = 0
    /// One line per frame that broke an invariant (kept to the first 20).
    private(set) var violations: [String] = []
    /// The cache limit plus one image per view.
    let decodedByteLimit: Int

    init(scene: GridScene) {
        self.scene = scene
        decodedByteLimit = scene.configuration.cacheByteLimit + scene.pool.capacity * scene.configuration.bytesPerImage
    }

    /// Records the frame the scene just stepped to `time` and checks it.
    func check(at time: Double) {
        frames += 1
        let decoded = decodedBytes()
        peakDecodedBytes = Swift.max(peakDecodedBytes, decoded)
        peakInPhase = Swift.max(peakInPhase, decoded)
        if decoded > decodedByteLimit { violate("t=\(time): \(decoded) decoded bytes > limit \(decodedByteLimit)") }
        if scene.pool.viewsCreated != 6 || scene.tiles.count != 6 {
            violate("t=\(time): \(scene.pool.viewsCreated) views created, \(scene.tiles.count) tiles")
        }
        if !scene.scrollView.contentOffset.isFinite { violate("t=\(time): non-finite offset") }
    }

    /// The cache's bytes plus those of images a tile shows that the cache no longer holds.
    private func decodedBytes() -> Int {
        var bytes = scene.pipeline.cache.totalBytes
        for tile in scene.tiles {
            if case let .shown(key, _) = tile.image, !scene.pipeline.cache.contains(key) {
                bytes += scene.configuration.bytesPerImage
            }
        }
        return bytes
    }

    private func violate(_ message: String) {
        if violations.count < 20 { violations.append(message) }
    }
}
