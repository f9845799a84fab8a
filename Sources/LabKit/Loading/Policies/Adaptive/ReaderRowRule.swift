import ScrollKit

/// A reader's row (Flutter's cache extent, from `FlutterPolicy`, ahead only): while the user reads, with
/// loads neither quick nor too slow for look-ahead and no disk cache in front of a network, the items
/// within `extent` beyond the screen's edge in the last direction load at rest as in motion, none while a
/// fling runs faster than `deferralSpeed`, and a drag with slow loads (`slowLoadMinimum` or more) loads
/// `dragRows` rows ahead.
public struct ReaderRowRule: Hashable, Sendable {
    /// Points beyond the screen's edge; 0: none.
    public var extent: Double
    /// Fling speed (pt/s) above which the row waits.
    public var deferralSpeed: Double
    /// Rows ahead a reader's drag loads when loads are slow.
    public var dragRows: Int
    /// From this load duration (seconds) loads are slow.
    public var slowLoadMinimum: Double

    /// The rule of `tuning`.
    public init(_ tuning: AdaptiveTuning) {
        extent = tuning.readerExtent
        deferralSpeed = tuning.readerDeferralSpeed
        dragRows = tuning.readerDragRows
        slowLoadMinimum = tuning.slowLoadMinimum
    }

    /// Whether the reader's row runs: the user reads, no disk cache is in front of a network (its images
    /// would share the link with the screen's), loads neither `quick` (ready as their tile appears) nor
    /// too slow for look-ahead (`lookingAhead` false).
    public func applies(reading: Bool, diskCache: Bool, quick: Bool, lookingAhead: Bool) -> Bool {
        reading && extent > 0 && !diskCache && !quick && lookingAhead
    }

    /// Rows ahead a reader's drag loads with loads of `duration`: `dragRows` when they are slow, else
    /// `rows` (the drag's own).
    public func dragRows(duration: Double, otherwise rows: Int) -> Int {
        duration >= slowLoadMinimum ? dragRows : rows
    }

    /// Whether the row waits: a fling (`decelerating`) faster than the deferral speed.
    public func waits(decelerating: Bool, speed: Double) -> Bool {
        decelerating && abs(speed) > deferralSpeed
    }

    /// The band of content (y from, to) the row covers beyond `bounds` in `direction` (+1 down, −1 up).
    public func band(beyond bounds: Rect, direction: Int) -> (fromY: Double, toY: Double) {
        direction > 0 ? (bounds.maxY, bounds.maxY + extent) : (bounds.minY - extent, bounds.minY)
    }
}
