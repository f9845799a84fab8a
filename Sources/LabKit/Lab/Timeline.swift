import ScrollKit

/// The lab's timeline (B-UI-1): offset and velocity along the scroll axis over the last seconds,
/// the delegate callbacks as markers, and the target each release projected.
///
/// Fed once per frame with `record(time:contentOffset:velocity:)` and with every delegate callback
/// through `record(_:)`, all on the model clock. Storage is fixed-capacity rings allocated once,
/// so the per-frame work never allocates. `layout(in:now:seconds:into:)` maps a window of it into
/// plot coordinates, so that the renderer only draws what it is given.
public struct Timeline: Sendable {
    /// Default number of frame samples kept: three seconds of model time at 60 Hz even at the
    /// slowest slow motion (0.1×: 3 s × 60 Hz / 0.1 = 1800).
    public static let defaultSampleCapacity = 2048
    /// Default number of markers and of target lines kept.
    public static let defaultMarkerCapacity = 128

    /// The scroll axis the timeline follows (vertical for the grid, horizontal for the pager).
    public let axis: Axis
    /// Frame samples, oldest first.
    public private(set) var samples: RingBuffer<TimelineSample>
    /// Delegate callbacks other than `didScroll`, oldest first.
    public private(set) var markers: RingBuffer<TimelineMarker>
    /// Release targets, oldest first; the last one is open (`endTime == nil`) until the next drag.
    public private(set) var targets: RingBuffer<TimelineTarget>
    /// True between a `didEndDragging(willDecelerate: false)` and the next `willBeginDecelerating`
    /// or `willBeginDragging`: a `didEndDecelerating` then is the left-over of an interrupted fling.
    private var releasedWithoutDeceleration = false
    /// True between `willBeginDragging` and `didEndDragging`: samples then are marked `isDrag`.
    private var isDragging = false

    /// Makes an empty timeline for `axis`.
    public init(axis: Axis, sampleCapacity: Int = Timeline.defaultSampleCapacity,
                markerCapacity: Int = Timeline.defaultMarkerCapacity) {
        self.axis = axis
        samples = RingBuffer(capacity: sampleCapacity, filler: TimelineSample(time: 0, offset: 0, velocity: 0))
        markers = RingBuffer(capacity: markerCapacity,
                             filler: TimelineMarker(time: 0, offset: 0, event: .didScroll))
        targets = RingBuffer(capacity: markerCapacity,
                             filler: TimelineTarget(time: 0, target: 0, proposedTarget: 0))
    }

    /// The current release target: the last `willEndDragging`'s, until the motion it set ends or the next
    /// drag begins.
    public var projectedTarget: TimelineTarget? {
        guard let last = targets.last, last.endTime == nil else { return nil }
        return last
    }

    /// Adds one frame. A sample older than the newest one is ignored (model time never goes back);
    /// one at the same time replaces it. Non-finite values are ignored.
    public mutating func record(time: Double, contentOffset: Point, velocity: Point) {
        let sample = TimelineSample(time: time, offset: contentOffset[axis], velocity: velocity[axis], isDrag: isDragging)
        guard sample.time.isFinite, sample.offset.isFinite, sample.velocity.isFinite else { return }
        if let last = samples.last {
            if time < last.time { return }
            if time == last.time {
                samples[samples.count - 1] = sample
                return
            }
        }
        samples.append(sample)
    }

    /// Adds a delegate callback: a marker for every callback but `didScroll` and `didZoom`; `willEndDragging`
    /// also opens a target line, which the end of its motion (`didEndDragging` without deceleration,
    /// `didEndDecelerating`, `didEndScrollingAnimation`) or the next `willBeginDragging` closes.
    public mutating func record(_ record: ScrollEventRecord) {
        guard record.event != .didScroll, record.event != .didZoom else { return }
        let offset = record.offset[axis]
        var isLeftOver = false
        switch record.event {
        case .willBeginDragging:
            releasedWithoutDeceleration = false
            isDragging = true
            closeTarget(at: record.time)
        case let .willEndDragging(velocity, target, proposedTarget):
            closeTarget(at: record.time)
            // UIKit reports the release velocity in points per millisecond.
            targets.append(TimelineTarget(time: record.time, target: target[axis],
                                          proposedTarget: proposedTarget[axis], velocity: velocity[axis] * 1000))
        case let .didEndDragging(willDecelerate):
            releasedWithoutDeceleration = !willDecelerate
            isDragging = false
            if !willDecelerate { closeTarget(at: record.time) }
        case .willBeginDecelerating:
            releasedWithoutDeceleration = false
        case .didEndDecelerating:
            isLeftOver = releasedWithoutDeceleration
            releasedWithoutDeceleration = false
            closeTarget(at: record.time)
        case .didEndScrollingAnimation:
            closeTarget(at: record.time)
        case .didScroll, .contentTouch, .willBeginZooming, .didZoom, .didEndZooming:
            break
        }
        markers.append(TimelineMarker(time: record.time, offset: offset, event: record.event, isLeftOver: isLeftOver))
    }

    /// Ends the open target line at `time`, if there is one.
    private mutating func closeTarget(at time: Double) {
        if let last = targets.last, last.endTime == nil { targets[targets.count - 1].endTime = time }
    }

    /// Forgets everything (scene change, reset); storage is kept.
    public mutating func removeAll() {
        samples.removeAll()
        markers.removeAll()
        targets.removeAll()
        releasedWithoutDeceleration = false
        isDragging = false
    }
}

/// One frame of the timeline: where the content was along the scroll axis and how fast it moved.
public struct TimelineSample: Equatable, Sendable {
    /// Model time, in seconds.
    public var time: Double
    /// `contentOffset` along the scroll axis, in points.
    public var offset: Double
    /// Content velocity along the scroll axis, in points per second.
    public var velocity: Double
    /// True when recorded during a drag (between willBeginDragging and didEndDragging): its velocity
    /// follows the pointer's jitter and does not set the plot's velocity scale.
    public var isDrag: Bool

    /// Makes a sample.
    public init(time: Double, offset: Double, velocity: Double, isDrag: Bool = false) {
        self.time = time
        self.offset = offset
        self.velocity = velocity
        self.isDrag = isDrag
    }
}

/// A delegate callback pinned on the timeline: a vertical marker with a short label.
public struct TimelineMarker: Equatable, Sendable {
    /// Model time of the callback, in seconds.
    public var time: Double
    /// `contentOffset` along the scroll axis when the callback was made.
    public var offset: Double
    /// The callback.
    public var event: ScrollEvent
    /// True for a `didEndDecelerating` that closes a deceleration a later drag interrupted and
    /// released without velocity (B-EVT-3's left-over callback): no `willBeginDecelerating`
    /// preceded it since that drag ended.
    public var isLeftOver: Bool

    /// Makes a marker.
    public init(time: Double, offset: Double, event: ScrollEvent, isLeftOver: Bool = false) {
        self.time = time
        self.offset = offset
        self.event = event
        self.isLeftOver = isLeftOver
    }

    /// The short label drawn at the marker: `"wBD"`, `"wED"`, `"dED(T)"`, `"dED(F)"`, `"wBDec"`,
    /// `"dEDec"` (`"dEDec*"` when left over), `"dESA"`.
    public var label: String {
        let base = event.shortLabel ?? event.name
        return isLeftOver ? base + "*" : base
    }
}

/// The target a `willEndDragging` set, along the scroll axis: drawn as a horizontal line from the
/// release until the next drag begins.
public struct TimelineTarget: Equatable, Sendable {
    /// Model time of the `willEndDragging`, in seconds.
    public var time: Double
    /// The final `targetContentOffset` (after the delegate had its say), along the axis.
    public var target: Double
    /// What the scroll view proposed before the delegate could rewrite it, along the axis.
    public var proposedTarget: Double
    /// The release velocity along the axis, pt/s.
    public var velocity: Double
    /// When the next drag began (the line ends there), or nil while the target is current.
    public var endTime: Double?

    /// Makes a target line.
    public init(time: Double, target: Double, proposedTarget: Double, velocity: Double = 0, endTime: Double? = nil) {
        self.time = time
        self.target = target
        self.proposedTarget = proposedTarget
        self.velocity = velocity
        self.endTime = endTime
    }

    /// True when the delegate rewrote the proposed target (target mode, B-PAGE-4).
    public var isRewritten: Bool { target != proposedTarget }
}
