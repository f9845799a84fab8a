import ScrollKit

/// The HUD's list of recent delegate callbacks, newest first. `didScroll` is counted, not listed,
/// so that the interesting callbacks stay on screen during motion.
package struct EventLog {
    /// How many entries the HUD shows.
    package let capacity: Int
    /// Recent callbacks other than `didScroll`, newest first.
    package private(set) var entries: [ScrollEventRecord] = []
    /// `didScroll` callbacks since the start (or the last reset).
    package private(set) var didScrollCount = 0

    /// An empty log keeping `capacity` entries.
    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds one callback.
    package mutating func append(_ record: ScrollEventRecord) {
        if record.event == .didScroll {
            didScrollCount += 1
            return
        }
        entries.insert(record, at: 0)
        if entries.count > capacity { entries.removeLast(entries.count - capacity) }
    }

    /// Forgets everything.
    package mutating func reset() {
        entries.removeAll()
        didScrollCount = 0
    }
}
