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
