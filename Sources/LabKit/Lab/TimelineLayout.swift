import ScrollKit

/// A window of the timeline mapped into a plot rectangle: everything the renderer draws, in window
/// points, with the value ranges it used.
///
/// Time runs left to right, `now` at the right edge. Larger values are higher up (smaller y).
/// Offset and velocity have their own vertical scales over the same rectangle.
public struct TimelineLayout: Equatable, Sendable {
    /// The plot rectangle the points are in.
    public var rect: Rect = .zero
    /// Seconds of model time across the plot width.
    public var seconds: Double = 3
    /// Offset values at the bottom and the top edge of the plot.
    public var offsetRange: ClosedRange<Double> = 0...1
    /// The offsets drawn, lowest to highest (samples, markers, targets; nil when the window holds none):
    /// the caption's range, where `offsetRange` adds the axis's margin.
    public var offsetSpan: ClosedRange<Double>?
    /// Velocity values (pt/s) at the bottom and the top edge; symmetric around zero.
    public var velocityRange: ClosedRange<Double> = -1...1
    /// The offset curve, oldest first.
    public var offsetPoints: [Point] = []
    /// The velocity curve, oldest first; a value beyond the velocity range is drawn at the edge.
    public var velocityPoints: [Point] = []
    /// The x of every velocity sample beyond the range (a drag's spike), for a tick at the edge.
    public var clippedVelocityXs: [Double] = []
    /// The y of zero velocity (the middle of the plot).
    public var velocityZeroY: Double = 0
    /// Delegate-callback markers inside the window, oldest first.
    public var markers: [Marker] = []
    /// One label per group of markers at one instant, newest first.
    public var labels: [Label] = []
    /// Callbacks whose label found no room (their marker lines are still drawn).
    public var hiddenLabelCount = 0
    /// Target lines inside the window, oldest first.
    public var targets: [Target] = []

    /// An empty layout, to be filled by `Timeline.layout(in:now:seconds:into:)`.
    public init() {}

    /// A marker placed in the plot: a vertical line at `x` and a dot on the offset curve.
    public struct Marker: Equatable, Sendable {
        /// Horizontal position of the vertical line.
        public var x: Double
        /// Where the offset curve was at the callback.
        public var offsetY: Double
        /// The marker itself (event, label, left-over flag).
        public var marker: TimelineMarker

        /// Makes a placed marker.
        public init(x: Double, offsetY: Double, marker: TimelineMarker) {
            self.x = x
            self.offsetY = offsetY
            self.marker = marker
        }
    }

    /// The label of the callbacks at one instant (markers closer than the merge distance): each
    /// callback's short label once, with a count when repeated (`wED dED(T) wBDec`, `wBD×3`).
    /// It ends at its newest marker's line, on the left of it, always: labels never change sides.
    public struct Label: Equatable, Sendable {
        /// The label's frame (its row's top, its measured width).
        public var frame: Rect
        /// Label row from the top of the plot.
        public var row: Int
        /// The text.
        public var text: String
        /// The newest callback of the group (its colour).
        public var newest: TimelineMarker
        /// How many callbacks the label stands for.
        public var count: Int

        /// Makes a label.
        public init(frame: Rect, row: Int, text: String, newest: TimelineMarker, count: Int) {
            self.frame = frame
            self.row = row
            self.text = text
            self.newest = newest
            self.count = count
        }
    }

    /// A target line placed in the plot: horizontal, from the release to the next drag (or the right edge).
    public struct Target: Equatable, Sendable {
        /// Left end: the release, clamped to the plot's left edge.
        public var startX: Double
        /// Right end: the next drag, or the plot's right edge while the target is current.
        public var endX: Double
        /// The y of the final target.
        public var y: Double
        /// The y of the proposed target when the delegate rewrote it, else nil.
        public var proposedY: Double?

        /// Makes a placed target line.
        public init(startX: Double, endX: Double, y: Double, proposedY: Double?) {
            self.startX = startX
            self.endX = endX
            self.y = y
            self.proposedY = proposedY
        }
    }
}

extension Timeline {
    /// Fraction of the value span added above and below the data, so curves do not touch the edges.
    public static let rangeMargin = 0.05
    /// Smallest offset span the plot shows (points): a content at rest is a flat line in the middle,
    /// not noise blown up to full height.
    public static let minimumOffsetSpan = 20.0
    /// Smallest velocity the plot's top edge stands for (pt/s).
    public static let minimumVelocityScale = 100.0
    /// Markers closer than this (points) are one instant and share one label.
    public static let mergeDistance = 4.0
    /// Label rows at the top of the plot, and their height.
    public static let labelRows = 4
    public static let labelRowHeight = 14.0
    /// Space kept between two labels on a row.
    public static let labelGap = 4.0

    /// The window of the last `seconds` before `now` mapped into `rect` (see `TimelineLayout`);
    /// `measure` gives a label's width (default: 8 points a character, a 13 px monospaced face).
    public func layout(in rect: Rect, now: Double, seconds: Double = 3,
                       measure: (String) -> Double = { Double($0.count) * 8 }) -> TimelineLayout {
        var layout = TimelineLayout()
        self.layout(in: rect, now: now, seconds: seconds, measure: measure, into: &layout)
        return layout
    }

    /// Fills `layout` with the window of the last `seconds` before `now` mapped into `rect`,
    /// reusing its arrays' storage.
    ///
    /// The offset range spans the samples, markers and target lines in the window, widened by
    /// `rangeMargin` on each side, or `minimumOffsetSpan` around their middle when flatter than that.
    /// The velocity range follows the glide, not the pointer: ±(the largest |velocity| of the samples
    /// taken outside drags and of the releases, × (1 + `rangeMargin`)), at least
    /// ±`minimumVelocityScale`; only when the window holds nothing but a drag does the drag set it.
    /// Drag samples beyond it are drawn at the edge and listed in `clippedVelocityXs`.
    ///
    /// Labels: markers within `mergeDistance` of the newest of their group form one instant with one
    /// label. Newest first, each label goes on the first of `labelRows` rows where it ends at least
    /// `labelGap` before the label to its right; one that fits on no row, or would run past the
    /// plot's left edge, is hidden (`hiddenLabelCount`).
    public func layout(in rect: Rect, now: Double, seconds: Double = 3,
                       measure: (String) -> Double = { Double($0.count) * 8 }, into layout: inout TimelineLayout) {
        let seconds = seconds > 0 ? seconds : 3
        let start = now - seconds
        layout.rect = rect
        layout.seconds = seconds
        layout.offsetPoints.removeAll(keepingCapacity: true)
        layout.velocityPoints.removeAll(keepingCapacity: true)
        layout.clippedVelocityXs.removeAll(keepingCapacity: true)
        layout.markers.removeAll(keepingCapacity: true)
        layout.labels.removeAll(keepingCapacity: true)
        layout.hiddenLabelCount = 0
        layout.targets.removeAll(keepingCapacity: true)

        // Value ranges over what is inside the window.
        var low = Double.infinity
        var high = -Double.infinity
        var glide = 0.0, drag = 0.0
        // The samples inside the window: a few hundred of the ring's 2 048, found by their times (`record` keeps
        // them in increasing order), not by reading every one twice a frame.
        let window = samples.indices(from: start, through: now)
        for i in window {
            let sample = samples[i]
            low = Swift.min(low, sample.offset)
            high = Swift.max(high, sample.offset)
            if sample.isDrag { drag = Swift.max(drag, abs(sample.velocity)) } else { glide = Swift.max(glide, abs(sample.velocity)) }
        }
        for marker in markers where marker.time >= start && marker.time <= now {
            low = Swift.min(low, marker.offset)
            high = Swift.max(high, marker.offset)
        }
        for target in targets where isVisible(target, start: start, now: now) {
            low = Swift.min(low, target.target, target.proposedTarget)
            high = Swift.max(high, target.target, target.proposedTarget)
            if target.time >= start { glide = Swift.max(glide, abs(target.velocity)) }
        }
        layout.offsetSpan = low > high ? nil : low...high
        if low > high { low = 0; high = 0 }
        let span = high - low
        if span < Timeline.minimumOffsetSpan {
            let middle = (low + high) / 2
            layout.offsetRange = (middle - Timeline.minimumOffsetSpan / 2)...(middle + Timeline.minimumOffsetSpan / 2)
        } else {
            layout.offsetRange = (low - span * Timeline.rangeMargin)...(high + span * Timeline.rangeMargin)
        }
        let fastest = glide > 0 ? glide : drag
        let scale = Swift.max(fastest * (1 + Timeline.rangeMargin), Timeline.minimumVelocityScale)
        layout.velocityRange = -scale...scale
        layout.velocityZeroY = rect.maxY - rect.height / 2

        let offsetRange = layout.offsetRange
        func x(_ time: Double) -> Double { rect.maxX - (now - time) * rect.width / seconds }
        func offsetY(_ value: Double) -> Double {
            rect.maxY - (value - offsetRange.lowerBound) * rect.height / (offsetRange.upperBound - offsetRange.lowerBound)
        }
        func velocityY(_ value: Double) -> Double {
            rect.maxY - (Swift.min(Swift.max(value, -scale), scale) + scale) * rect.height / (2 * scale)
        }

        for i in window {
            let sample = samples[i]
            layout.offsetPoints.append(Point(x: x(sample.time), y: offsetY(sample.offset)))
            layout.velocityPoints.append(Point(x: x(sample.time), y: velocityY(sample.velocity)))
            if abs(sample.velocity) > scale { layout.clippedVelocityXs.append(x(sample.time)) }
        }
        for marker in markers where marker.time >= start && marker.time <= now {
            layout.markers.append(TimelineLayout.Marker(x: x(marker.time), offsetY: offsetY(marker.offset), marker: marker))
        }
        placeLabels(in: rect, measure: measure, into: &layout)

        for target in targets where isVisible(target, start: start, now: now) {
            layout.targets.append(TimelineLayout.Target(
                startX: Swift.max(rect.minX, x(target.time)),
                endX: target.endTime.map { Swift.min(rect.maxX, x($0)) } ?? rect.maxX,
                y: offsetY(target.target),
                proposedY: target.isRewritten ? offsetY(target.proposedTarget) : nil))
        }
    }

    /// Groups `layout.markers` into instants and places their labels, newest first.
    private func placeLabels(in rect: Rect, measure: (String) -> Double, into layout: inout TimelineLayout) {
        // The left end of the leftmost label placed on each row so far.
        var rowStarts = [Double](repeating: .infinity, count: Timeline.labelRows)
        var end = layout.markers.count
        while end > 0 {
            let newest = layout.markers[end - 1]
            var first = end - 1
            while first > 0, newest.x - layout.markers[first - 1].x < Timeline.mergeDistance { first -= 1 }
            let group = layout.markers[first..<end].map(\.marker)
            end = first
            let text = Self.label(of: group)
            let width = measure(text)
            let right = newest.x - 2
            guard right - width >= rect.minX,
                  let row = rowStarts.indices.first(where: { right + Timeline.labelGap <= rowStarts[$0] }) else {
                layout.hiddenLabelCount += group.count
                continue
            }
            rowStarts[row] = right - width
            layout.labels.append(TimelineLayout.Label(
                frame: Rect(x: right - width, y: rect.minY + Double(row) * Timeline.labelRowHeight, width: width,
                            height: Timeline.labelRowHeight),
                row: row, text: text, newest: newest.marker, count: group.count))
        }
    }

    /// One instant's label: each distinct short label in order of first appearance, `×n` when repeated.
    static func label(of group: [TimelineMarker]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for marker in group {
            let label = marker.label
            if counts[label] == nil { order.append(label) }
            counts[label, default: 0] += 1
        }
        return order.map { counts[$0]! > 1 ? "\($0)×\(counts[$0]!)" : $0 }.joined(separator: " ")
    }

    /// True when some part of the target's line falls inside [start, now].
    private func isVisible(_ target: TimelineTarget, start: Double, now: Double) -> Bool {
        target.time <= now && (target.endTime ?? now) >= start
    }
}

extension RingBuffer where Element == TimelineSample {
    /// The positions of the samples with `start ≤ time ≤ now`, for samples in increasing order of time (as
    /// `Timeline.record` keeps them): two binary searches.
    func indices(from start: Double, through now: Double) -> Range<Int> {
        let lower = partitionPoint { $0.time >= start }
        let upper = Swift.max(lower, partitionPoint { $0.time > now })
        return lower..<upper
    }

    /// The first position whose sample satisfies `isAfter`, which holds from some position on (`count` if none).
    private func partitionPoint(_ isAfter: (TimelineSample) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
