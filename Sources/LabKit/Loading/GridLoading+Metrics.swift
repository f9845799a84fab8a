import ScrollKit

/// Feeding the metrics recorder one observation per frame, and starting a segment afresh.
extension GridLoading {
    /// Records the frame at `time`: counters, blank tiles, stale check, settle, decoded bytes.
    mutating func recordFrame(time: Double, grid: TileGrid) {
        var tiles = scratch.frameTiles
        scratch.frameTiles = []  // keep the buffer uniquely referenced while it is refilled
        tiles.removeAll(keepingCapacity: true)
        let bounds = grid.scrollView.bounds
        for v in 0..<grid.pool.capacity { tiles.append(grid.frameTile(view: v, bounds: bounds)) }
        defer { scratch.frameTiles = tiles }
        // Bytes of images shown but no longer cached, once per key (the last tile's, as a dictionary would).
        var tileOnlyBytes = 0
        for (i, t) in tiles.enumerated() {
            guard let k = t.displayedKey, !pipeline.cache.contains(k) else { continue }
            if !tiles[(i + 1)...].contains(where: { $0.displayedKey == k }) { tileOnlyBytes += t.displayedBytes }
        }
        let loads = pipeline.segmentLoads
        recorder.setLoadCounts(issued: loads.issued, completed: loads.completed, cancelled: loads.cancelled)
        recorder.setTraffic(pipeline.source.traffic.since(trafficBaseline))
        recorder.frame(time: time, tiles: tiles, isMoving: grid.scrollView.isTracking || grid.scrollView.isMoving,
                       cacheBytes: pipeline.cache.totalBytes, tileOnlyBytes: tileOnlyBytes)
    }

    /// Copies the source's traffic as it is now into the metrics.
    mutating func noteTrafficNow() {
        recorder.setTraffic(pipeline.source.traffic.since(trafficBaseline))
    }

    /// Starts the metrics afresh with `recorder` (the cache, the tiles and the look-ahead stay): the
    /// pipeline begins a segment, the traffic counts from now, and once started the recorder sees the
    /// grid's tiles as they are.
    mutating func resetMetrics(_ recorder: LoadMetricsRecorder, grid: TileGrid) {
        self.recorder = recorder
        pipeline.beginSegment()
        trafficBaseline = pipeline.source.traffic
        if started { self.recorder.start(time: now, tiles: grid.frameTiles) }
    }

    /// Empties the memory cache: tiles keep what they show; the recorder counts every key evicted.
    mutating func clearMemoryCache() {
        let keys = pipeline.cache.keysByRecency
        for key in keys { pipeline.cache.remove(key) }
        recorder.evicted(keys)
    }
}
