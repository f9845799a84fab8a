import ScrollKit

/// Adaptive's plan at a fling's release: from the deceleration forecast, the tiles on screen at rest, the
/// tiles passed on the way whose image can be ready and then show for at least the minimum show time,
/// and the rows beyond the rest; each load issued a lead time before its tile appears.
public struct FlingPlanRule: Hashable, Sendable {
    /// Least show time (seconds) worth a load; nil: half the load duration, at least `frame`.
    public var minimumShowTime: Double?
    /// One frame, seconds.
    public var frame: Double
    /// Rows beyond the rest position.
    public var rowsBeyondTarget: Int
    /// Below this load duration (seconds) no row beyond the rest is planned.
    public var beyondTargetMinimum: Double
    /// Seconds before its tile appears that a load is issued; nil: from the load duration.
    public var leadTime: Double?
    /// The lead time's margin over one load duration, seconds.
    public var leadMargin: Double
    /// The lead time in load durations when that is less.
    public var leadLoads: Double
    /// With slow loads, whether the screen at rest is planned anyway.
    public var plansRestWhenSlow: Bool

    /// The rule of `tuning`.
    public init(_ tuning: AdaptiveTuning) {
        minimumShowTime = tuning.minimumShowTime
        frame = tuning.frame
        rowsBeyondTarget = tuning.rowsBeyondTarget
        beyondTargetMinimum = tuning.beyondTargetMinimum
        leadTime = tuning.leadTime
        leadMargin = tuning.leadMargin
        leadLoads = tuning.leadLoads
        plansRestWhenSlow = tuning.plansRestWhenSlow
    }

    /// The least time a passed tile must show its image to be worth a load, with loads of `duration`.
    public func showTime(duration: Double) -> Double {
        minimumShowTime ?? Swift.max(frame, duration / 2)
    }

    /// How long before its tile appears a planned load is issued, with loads of `duration`; with no
    /// look-ahead (only the screen at rest), at once.
    public func leadTime(duration: Double, lookingAhead: Bool) -> Double {
        lookingAhead ? leadTime ?? duration + Swift.min(leadMargin, leadLoads * duration) : .infinity
    }

    /// Whether a tile on screen over `interval` (absolute times; exit infinite: on screen at rest), its
    /// load asked at `time` behind `queuedBefore` others on `maxConcurrentLoads` slots, each taking
    /// `duration`, would show its image for at least the show time.
    public func isWorthLoading(interval: (enter: Double, exit: Double), time: Double, duration: Double,
                               queuedBefore: Int = 0, maxConcurrentLoads: Int) -> Bool {
        if interval.exit == .infinity { return true }
        let waves = Double(queuedBefore / Swift.max(1, maxConcurrentLoads) + 1)
        let ready = time + waves * duration
        return interval.exit - Swift.max(interval.enter, ready) >= showTime(duration: duration)
    }

    /// The loads the fling `forecast` to `targetRect` wants, priority the seconds until the tile appears
    /// (the rows beyond: after the last), in order of appearance. `quick`: loads quick enough that every
    /// passed tile is worth one; `lookingAhead`: loads quick enough for look-ahead at all.
    public func requests(forecast f: DecelerationForecast, targetRect: Rect, in context: LoadingContext,
                         duration: Double, lookingAhead: Bool, quick: Bool) -> [LoadRequest] {
        let target = targetRect.origin, height = context.bounds.height
        let visible = Set(context.visibleItems)
        let layout = context.layout

        // Every tile the motion passes or stops on, with its on-screen interval.
        let low = Swift.min(context.contentOffset.y, target.y), high = Swift.max(context.contentOffset.y, target.y) + height
        let swept = layout.items(in: Rect(x: 0, y: low, width: layout.contentSize.width, height: high - low))
        var atRest: [(item: Int, enter: Double)] = []
        var passing: [(item: Int, enter: Double, exit: Double)] = []
        for item in swept where !visible.contains(item) && !context.isCached(item) && (lookingAhead || plansRestWhenSlow) {
            guard let iv = f.visibleInterval(of: layout.frame(ofItem: item)) else { continue }
            if iv.exit == .infinity { atRest.append((item, iv.enter)) } else { passing.append((item, iv.enter, iv.exit)) }
        }
        passing.sort { ($0.enter, $0.item) < ($1.enter, $1.item) }

        // Every tile seen at rest, and each passing tile that would show its image (ready in queue order).
        var chosen: [LoadRequest] = atRest.map { LoadRequest(item: $0.item, priority: $0.enter - context.time) }
        // An image in the disk cache is ready within a disk read and a decode: worth it for any tile that shows.
        for (index, p) in passing.enumerated()
        where lookingAhead && (quick || context.isStored(p.item)
                               || isWorthLoading(interval: (p.enter, p.exit), time: context.time, duration: duration,
                                                 queuedBefore: index, maxConcurrentLoads: context.maxConcurrentLoads)) {
            chosen.append(LoadRequest(item: p.item, priority: p.enter - context.time))
        }
        // The rows beyond the rest position, for the next gesture, unless loads are too quick for it to matter.
        if rowsBeyondTarget > 0 && lookingAhead && duration >= beyondTargetMinimum {
            let restVisible = layout.items(in: targetRect)
            let restContext = LoadingContext(layout: layout, bounds: targetRect, visibleItems: Array(restVisible))
            let beyond = restContext.itemsAhead(rows: rowsBeyondTarget, direction: f.direction)
            let stopPriority = (chosen.map(\.priority).filter(\.isFinite).max() ?? 0) + duration
            for item in beyond where !visible.contains(item) && !context.isCached(item) {
                chosen.append(LoadRequest(item: item, priority: stopPriority))
            }
        }
        chosen.sort { ($0.priority, $0.item) < ($1.priority, $1.item) }
        return chosen
    }
}
