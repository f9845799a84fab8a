import ScrollKit

/// Feeding the metrics recorder one observation per frame, and starting a segment afresh.
extension GridLoading {
    /// Records the frame at `time`: counters, blank tiles, stale check, settle, decoded bytes. The grid
    /// is only read; it is lent `inout` so a frame does not copy it.
    mutating func recordFrame(time: Double, grid: inout TileGrid) {
        var tiles = scratch.frameTiles
        scratch.frameTiles = []  // keep the buffer uniquely referenced while it is refilled
        let bounds = grid.scrollView.bounds, count = grid.pool.capacity
        if let memo = grid.memo {
            // In lockstep the tiles' geometry is the same in every scene: worked out by the first, the
            // others add what their own tiles show.
            if memo.tilesSerial != grid.bindingSerial || memo.tilesBounds != bounds || memo.tiles.count != count {
                memo.tiles.empty()
                for v in 0..<count { memo.tiles.append(grid.frameTile(view: v, bounds: bounds)) }
                memo.tilesSerial = grid.bindingSerial
                memo.tilesBounds = bounds
            }
            if tiles.count != count { tiles = memo.tiles }
            // Written in place through one buffer: one uniqueness check, not one per tile.
            tiles.withUnsafeMutableBufferPointer { tiles in
                for v in 0..<count {
                    var tile = memo.tiles[v]
                    if case let .shown(key, bytes, _) = grid.slots[v].content {
                        tile.displayedKey = key
                        tile.displayedBytes = bytes
                    } else {
                        tile.displayedKey = nil
                        tile.displayedBytes = 0
                    }
                    tiles[v] = tile
                }
            }
        } else if tiles.count == count {
            for v in 0..<count { tiles[v] = grid.frameTile(view: v, bounds: bounds) }
        } else {
            tiles.empty()
            for v in 0..<count { tiles.append(grid.frameTile(view: v, bounds: bounds)) }
        }
        defer { scratch.frameTiles = tiles }
        // Bytes of images shown but no longer cached, once per key (the last tile's, as a dictionary would).
        var tileOnlyBytes = 0
        for i in 0..<count {
            guard let k = tiles[i].displayedKey, !pipeline.cache.contains(k) else { continue }
            var shownLater = false
            for j in (i + 1)..<count where tiles[j].displayedKey == k { shownLater = true; break }
            if !shownLater { tileOnlyBytes += tiles[i].displayedBytes }
        }
        let loads = pipeline.segmentLoads
        recorder.setLoadCounts(issued: loads.issued, completed: loads.completed, cancelled: loads.cancelled)
        recorder.setTraffic(pipeline.source.traffic.since(trafficBaseline))
        let isMoving = grid.scrollView.isTracking || grid.scrollView.isMoving
        recorder.frame(time: time, tiles: tiles, isMoving: isMoving,
                       cacheBytes: pipeline.cache.totalBytes, tileOnlyBytes: tileOnlyBytes)
        var decoding = 0
        var decodingKeys = scratch.decodingKeys
        scratch.decodingKeys = []  // keep the buffer uniquely referenced while it is refilled
        pipeline.source.decodingKeys(at: time, into: &decodingKeys)
        for key in decodingKeys {
            let bytes = cost.costs.decodedBytes(of: key)
            if !cost.costs.refuses(bytes: bytes) { decoding += bytes }  // never allocated
        }
        cost.decoding(decodingKeys)
        scratch.decodingKeys = decodingKeys
        let isScrolling = MainThreadMeter.isScrolling(dragging: grid.scrollView.isDragging, decelerating: grid.scrollView.isDecelerating)
        cost.frame(time: time, isScrolling: isScrolling, residentBytes: pipeline.cache.totalBytes + tileOnlyBytes + decoding)
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
        cost = PhoneCostRecorder(costs: cost.costs, refresh: 1 / cost.meter.period)
        pipeline.beginSegment()
        trafficBaseline = pipeline.source.traffic
        if started { self.recorder.start(time: now, tiles: grid.frameTiles) }
    }

    /// Empties the memory cache: tiles keep what they show; the recorder counts every key evicted.
    mutating func clearMemoryCache() {
        let keys = pipeline.cache.keysByRecency
        for key in keys { pipeline.cache.remove(key) }
        recorder.evicted(keys)
        cost.evicted(keys)
    }
}
