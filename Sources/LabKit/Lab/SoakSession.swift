import ScrollKit

/// A long scripted session for the soak test (issue 7): one grid scene scrolled by a repeating mix of
/// gestures on the virtual clock, policy after policy, with the scene's memory invariants checked
/// every frame.
///
/// Each gesture of the mix is replayed through `HeadlessReplay`, shifted to start `gap` seconds after
/// the scene settled from the previous one, so the clock runs on without limit and nothing is kept
/// from one gesture to the next. Per frame the probe checks that the pool still has exactly six views
/// and that the decoded bytes (the cache's plus those only a tile still holds) stay within the cache
/// limit plus one image per view.
public final class SoakSession {
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

    /// A session over `gestures` (each one gesture, see `GestureFile.gestures`), with the grid as configured.
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
