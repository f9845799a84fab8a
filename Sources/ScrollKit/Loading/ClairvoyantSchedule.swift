/// The bench's clairvoyant bound, simulated: a loader that knows every frame in advance loads each item
/// once so that it arrives just as the item first comes on screen, within the lab's pipeline limits,
/// and its blank time is measured on the same frames as the policies' (B-POL-2).
///
/// The schedule: each distinct item ever visible is one load of `loadDuration`, with `maxConcurrent`
/// loads at once, none before `startTime` (the run's first event: nothing is known to be needed
/// earlier). Loads are planned backwards from the latest first appearance, each on the slot that is
/// free latest, to finish exactly when its item appears (or as late before that as the slots allow);
/// then played forwards from `startTime`, a load beginning at its planned time or when a slot frees,
/// whichever is later. An image shows in the first frame at or after its load finishes, and stays
/// (the bound assumes a cache that keeps every image it loaded), so an item is blank in a frame while
/// it is visible and its load has not finished; a frame's blanks last until the next frame, as in
/// `LoadMetricsRecorder`.
public struct ClairvoyantSchedule: Hashable, Sendable {
    /// One frame: its time and the items on screen.
    public struct Frame: Hashable, Sendable {
        public var time: Double
        public var visibleItems: [Int]
        /// Makes a frame.
        public init(time: Double, visibleItems: [Int]) {
            self.time = time
            self.visibleItems = visibleItems
        }
    }

    /// When each item's load finishes.
    public private(set) var finish: [Int: Double] = [:]
    /// Visible tile-seconds without the tile's image under this schedule.
    public private(set) var blankTileSeconds = 0.0

    /// Loads issued: one per item ever visible.
    public var loads: Int { finish.count }

    /// Plans the loads for `frames` (in time order) and measures their blank time.
    public init(frames: [Frame], startTime: Double, loadDuration: Double, maxConcurrent: Int) {
        let duration = Swift.max(0, loadDuration), slots = Swift.max(1, maxConcurrent)
        var need: [Int: Double] = [:]
        for frame in frames {
            for item in frame.visibleItems where need[item] == nil { need[item] = Swift.max(startTime, frame.time) }
        }
        // Backwards: latest appearance first, each on the slot free latest, finishing by its appearance.
        var busyFrom = Array(repeating: Double.infinity, count: slots)
        var planned: [(item: Int, start: Double, end: Double)] = []
        for (item, time) in need.sorted(by: { ($0.value, $0.key) > ($1.value, $1.key) }) {
            let s = busyFrom.indices.max { busyFrom[$0] < busyFrom[$1] }!
            let end = Swift.min(time, busyFrom[s])
            busyFrom[s] = end - duration
            planned.append((item, end - duration, end))
        }
        // Forwards: no load before the run starts, never more than `slots` at once.
        var freeAt = Array(repeating: startTime, count: slots)
        for p in planned.sorted(by: { ($0.start, $0.item) < ($1.start, $1.item) }) {
            let s = freeAt.indices.min { freeAt[$0] < freeAt[$1] }!
            let end = p.start >= freeAt[s] ? p.end : freeAt[s] + duration
            freeAt[s] = end
            finish[p.item] = end
        }
        // Blank: a frame's visible items whose loads are not done, until the next frame; the first
        // frame's screen is also what showed from the start of the run.
        var timeline = frames
        if let first = frames.first, first.time > startTime {
            timeline.insert(Frame(time: startTime, visibleItems: first.visibleItems), at: 0)
        }
        for (index, frame) in timeline.enumerated() where index + 1 < timeline.count {
            let dt = timeline[index + 1].time - frame.time
            let blank = frame.visibleItems.filter { (finish[$0] ?? .infinity) > frame.time }.count
            blankTileSeconds += Double(blank) * dt
        }
    }
}
