/// The phone's side of a run's metrics (B-COST-1): the main thread's charges per frame (`MainThreadMeter`),
/// the decoded bytes resident (memory cache, images only tiles hold, decodes running) and their peak,
/// whether they passed the device's memory limit, and the bytes downloaded again because the memory
/// cache had evicted them.
struct PhoneCostRecorder: Sendable {
    /// What each image costs.
    let costs: ImageCosts
    /// The main thread's frames.
    private(set) var meter: MainThreadMeter
    /// Keys the memory cache evicted (or refused) whose image has not come back since.
    private var evicted: ImageKeySet
    /// Network bytes of loads of such keys.
    private(set) var redownloadedBytes = 0
    /// The most decoded bytes resident at a frame.
    private(set) var peakResidentBytes = 0
    /// True once the resident bytes passed the device's limit.
    private(set) var memoryLimitExceeded = false
    /// With decodes on the main thread: the loads decoding at the last frame, whose decode that frame (or
    /// an earlier one) was charged, so their completion is charged only its upload and callback.
    private var decodesCharged: [ImageKey] = []
    private var lastFrameTime: Double?

    init(costs: ImageCosts, refresh: Double) {
        self.costs = costs
        evicted = ImageKeySet(assetCount: costs.decodedBytes.count)
        meter = MainThreadMeter(refresh: refresh, frameMs: costs.device.frameMs)
    }

    /// A load of `key` finished with `result` (`networkBytes` over the network): an image charges the main
    /// thread (its decode too when decoded there and no frame has been charged it yet), and one the cache had
    /// evicted counts its bytes as downloaded again.
    mutating func completed(_ key: ImageKey, result: LoadResult, networkBytes: Int?) {
        let decodeCharged = decodesCharged.firstIndex(of: key).map { decodesCharged.remove(at: $0) } != nil
        guard case let .image(bytes) = result else { return }
        meter.charge(costs.mainThreadMs(completing: key, bytes: bytes) - (decodeCharged ? costs.mainThreadDecodeMs(of: key) : 0))
        if evicted.remove(key) { redownloadedBytes += networkBytes ?? 0 }
    }

    /// The memory cache dropped `keys` (or did not keep them).
    mutating func evicted(_ keys: [ImageKey]) {
        for key in keys { evicted.insert(key) }
    }

    /// The loads whose decode runs at the coming frame (`ImageSource.decodingKeys`). Decoded on the main
    /// thread, a decode is the work of the frame that takes its arrival, not of the later one that shows
    /// its image: the main thread decodes it there, and the image is ready when the decode ends, as it
    /// would be off the main thread. Charges each decode that arrived since the last frame.
    mutating func decoding(_ keys: [ImageKey]) {
        guard costs.decodeOnMain, !(keys.isEmpty && decodesCharged.isEmpty) else { return }
        for key in keys where !decodesCharged.contains(key) { meter.charge(costs.mainThreadDecodeMs(of: key)) }
        // Copied into its own storage: `keys` is a buffer its owner refills next frame.
        decodesCharged.empty()
        decodesCharged.append(contentsOf: keys)
    }

    /// The frame at `time`, scrolling or not (`MainThreadMeter.isScrolling`), with `residentBytes` decoded.
    mutating func frame(time: Double, isScrolling: Bool, residentBytes: Int) {
        meter.frame(interval: Swift.max(0, time - (lastFrameTime ?? time)), isScrolling: isScrolling)
        lastFrameTime = time
        peakResidentBytes = Swift.max(peakResidentBytes, residentBytes)
        if let limit = costs.device.memoryLimitBytes, residentBytes > limit { memoryLimitExceeded = true }
    }

    /// Writes these figures into `metrics`.
    func fill(_ metrics: inout LoadMetrics) {
        metrics.peakResidentBytes = peakResidentBytes
        metrics.redownloadedBytes = redownloadedBytes
        metrics.memoryLimitExceeded = memoryLimitExceeded ? 1 : 0
        metrics.hitchTimeRatioMsPerS = meter.hitchTimeRatioMsPerS
        metrics.frameOverrunMsP99 = meter.frameOverrunMsP99
        metrics.mainThreadMs = meter.totalMs
    }
}
