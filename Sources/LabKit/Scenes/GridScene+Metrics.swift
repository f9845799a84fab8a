import ScrollKit

/// Feeding the metrics recorder one observation per frame.
extension GridScene {
    /// The tiles as the recorder sees them: item, on screen or not, displayed key and bytes.
    func frameTiles() -> [FrameTile] {
        (0..<pool.capacity).map { frameTile(view: $0) }
    }

    /// The recorder's view of pool view `v`.
    func frameTile(view v: Int) -> FrameTile {
        frameTile(view: v, bounds: scrollView.bounds)
    }

    /// The same, with the scroll view's `bounds` read once by the caller.
    func frameTile(view v: Int, bounds: Rect) -> FrameTile {
        let item = pool.item(ofView: v)
        var shown: ImageKey?, bytes = 0
        if case let .shown(key, b, _) = slots[v].content { shown = key; bytes = b }
        // `intersection` is nil exactly when the frames do not intersect: the tile is visible when it is not.
        let overlap = item.flatMap { frame(ofItem: $0).intersection(bounds) }
        return FrameTile(item: item, isVisible: overlap != nil, displayedKey: shown, displayedBytes: bytes,
                         visibleArea: overlap.map { $0.width * $0.height } ?? 0)
    }

    /// Records the frame at `time`: counters, blank tiles, stale check, settle, decoded bytes.
    func recordFrame(time: Double) {
        var tiles = frameTileBuffer
        frameTileBuffer = []  // keep the buffer uniquely referenced while it is refilled
        tiles.removeAll(keepingCapacity: true)
        let bounds = scrollView.bounds
        for v in 0..<pool.capacity { tiles.append(frameTile(view: v, bounds: bounds)) }
        defer { frameTileBuffer = tiles }
        // Bytes of images shown but no longer cached, once per key (the last tile's, as a dictionary would).
        var tileOnlyBytes = 0
        for (i, t) in tiles.enumerated() {
            guard let k = t.displayedKey, !pipeline.cache.contains(k) else { continue }
            if !tiles[(i + 1)...].contains(where: { $0.displayedKey == k }) { tileOnlyBytes += t.displayedBytes }
        }
        let loads = pipeline.segmentLoads
        recorder.setLoadCounts(issued: loads.issued, completed: loads.completed, cancelled: loads.cancelled)
        recorder.setTraffic(pipeline.source.traffic.since(trafficBaseline))
        recorder.frame(time: time, tiles: tiles, isMoving: scrollView.isTracking || scrollView.isMoving,
                       cacheBytes: pipeline.cache.totalBytes, tileOnlyBytes: tileOnlyBytes)
    }

    /// Copies the source's traffic as it is now into the metrics: a window whose transfers ended after
    /// its last frame (they are stopped when it closes) counts their last bytes before its summary.
    public func noteTrafficNow() {
        recorder.setTraffic(pipeline.source.traffic.since(trafficBaseline))
    }
}
