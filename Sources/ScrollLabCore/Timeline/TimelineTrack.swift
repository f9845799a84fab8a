import LabKit
import ScrollKit

/// A phone's timeline (B-UI-1): offset, velocity and callbacks of the last seconds on the model clock,
/// the plot's geometry reused frame to frame, the last release (the plot widens to keep its glide in
/// view) and the nested scroll view it follows, if any.
package struct TimelineTrack {
    package var timeline: Timeline
    package var layout = TimelineLayout()
    /// The model time of the last release (willEndDragging).
    package var lastRelease: Double?
    /// The nested scroll view the timeline plots (`photo`), nil while it plots the scene's own.
    package var follows: String?

    /// A track for a scene scrolling along `axis`.
    package init(axis: Axis) {
        timeline = Timeline(axis: axis)
    }

    /// Adds a delegate callback.
    package mutating func record(_ record: ScrollEventRecord) {
        timeline.record(record)
        if case .willEndDragging = record.event { lastRelease = record.time }
    }

    /// Adds a frame's offset and velocity at model time `time`. A nested scroll view that is the one
    /// moving (a zoomed photo) is followed instead, and the track says so.
    package mutating func record(_ snapshot: SceneSnapshot, at time: Double) {
        let inner = snapshot.inner.flatMap { $0.drivesTimeline ? $0 : nil }
        follows = inner?.name
        timeline.record(time: time, contentOffset: inner?.contentOffset ?? snapshot.contentOffset,
                        velocity: inner?.velocity ?? snapshot.velocity)
    }
}
