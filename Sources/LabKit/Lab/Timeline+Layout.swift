import ScrollKit

extension Timeline {
    /// Fraction of the value span added above and below the data, so curves do not touch the edges.
    public static let rangeMargin = 0.05
    /// Smallest offset span the plot shows (points): a content at rest is a flat line in the middle,
    /// not noise blown up to full height.
    public static let minimumOffsetSpan = 20.0
    /// Smallest velocity the plot's top edge stands for (pt/s).
    public static let minimumVelocityScale = 100.0

    /// The window of the last `seconds` before `now` mapped into `rect` (see `TimelineLayout`).
    public func layout(in rect: Rect, now: Double, seconds: Double = 3, labelWidth: Double = 40) -> TimelineLayout {
        var layout = TimelineLayout()
        self.layout(in: rect, now: now, seconds: seconds, labelWidth: labelWidth, into: &layout)
        return layout
    }

    /// Fills `layout` with the window of the last `seconds` before `now` mapped into `rect`,
    /// reusing its arrays' storage (no allocation once they have grown).
    ///
    /// The offset range spans the samples, markers and target lines in the window, widened by
    /// `rangeMargin` on each side, or `minimumOffsetSpan` around their middle when flatter than that.
    /// The velocity range is ±(largest |velocity| × (1 + `rangeMargin`)), at least ±`minimumVelocityScale`.
    /// Labels closer than `labelWidth` to the previous one on a row go to the next row; there are
    /// four rows, and a fifth crowded label reuses the row that has been free longest.
    public func layout(in rect: Rect, now: Double, seconds: Double = 3, labelWidth: Double = 40,
                       into layout: inout TimelineLayout) {
        let seconds = seconds > 0 ? seconds : 3
        let start = now - seconds
        layout.rect = rect
        layout.seconds = seconds
        layout.offsetPoints.removeAll(keepingCapacity: true)
        layout.velocityPoints.removeAll(keepingCapacity: true)
        layout.markers.removeAll(keepingCapacity: true)
        layout.targets.removeAll(keepingCapacity: true)

        // Value ranges over what is inside the window.
        var low = Double.infinity
        var high = -Double.infinity
        var fastest = 0.0
        for sample in samples where sample.time >= start && sample.time <= now {
            low = Swift.min(low, sample.offset)
            high = Swift.max(high, sample.offset)
            fastest = Swift.max(fastest, abs(sample.velocity))
        }
        for marker in markers where marker.time >= start && marker.time <= now {
            low = Swift.min(low, marker.offset)
            high = Swift.max(high, marker.offset)
        }
        for target in targets where isVisible(target, start: start, now: now) {
            low = Swift.min(low, target.target, target.proposedTarget)
            high = Swift.max(high, target.target, target.proposedTarget)
        }
        if low > high { low = 0; high = 0 }
        let span = high - low
        if span < Timeline.minimumOffsetSpan {
            let middle = (low + high) / 2
            layout.offsetRange = (middle - Timeline.minimumOffsetSpan / 2)...(middle + Timeline.minimumOffsetSpan / 2)
        } else {
            layout.offsetRange = (low - span * Timeline.rangeMargin)...(high + span * Timeline.rangeMargin)
        }
        let scale = Swift.max(fastest * (1 + Timeline.rangeMargin), Timeline.minimumVelocityScale)
        layout.velocityRange = -scale...scale
        layout.velocityZeroY = rect.maxY - rect.height / 2

        let offsetRange = layout.offsetRange
        let velocityRange = layout.velocityRange
        func x(_ time: Double) -> Double { rect.maxX - (now - time) * rect.width / seconds }
        func offsetY(_ value: Double) -> Double {
            rect.maxY - (value - offsetRange.lowerBound) * rect.height / (offsetRange.upperBound - offsetRange.lowerBound)
        }
        func velocityY(_ value: Double) -> Double {
            rect.maxY - (value - velocityRange.lowerBound) * rect.height / (velocityRange.upperBound - velocityRange.lowerBound)
        }

        for sample in samples where sample.time >= start && sample.time <= now {
            layout.offsetPoints.append(Point(x: x(sample.time), y: offsetY(sample.offset)))
            layout.velocityPoints.append(Point(x: x(sample.time), y: velocityY(sample.velocity)))
        }

        var rowEnds = InlineArray<4, Double>(repeating: -.infinity)
        for marker in markers where marker.time >= start && marker.time <= now {
            let markerX = x(marker.time)
            var row = 0
            var oldest = 0
            var found = false
            for candidate in 0..<rowEnds.count {
                let end = rowEnds[candidate]
                if markerX - end >= labelWidth { row = candidate; found = true; break }
                if end < rowEnds[oldest] { oldest = candidate }
            }
            if !found { row = oldest }
            rowEnds[row] = markerX
            layout.markers.append(TimelineLayoutMarker(x: markerX, offsetY: offsetY(marker.offset),
                                                       labelRow: row, marker: marker))
        }

        for target in targets where isVisible(target, start: start, now: now) {
            layout.targets.append(TimelineLayoutTarget(
                startX: Swift.max(rect.minX, x(target.time)),
                endX: target.endTime.map { Swift.min(rect.maxX, x($0)) } ?? rect.maxX,
                y: offsetY(target.target),
                proposedY: target.isRewritten ? offsetY(target.proposedTarget) : nil))
        }
    }

    /// True when some part of the target's line falls inside [start, now].
    private func isVisible(_ target: TimelineTarget, start: Double, now: Double) -> Bool {
        target.time <= now && (target.endTime ?? now) >= start
    }
}
