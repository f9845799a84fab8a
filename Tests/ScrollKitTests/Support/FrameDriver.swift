@testable import ScrollKit
import Testing

/// Drives a scroll view like the window does: frames at k/60 s, pointer events delivered before the first
/// frame at or after their time. Lets a test stop between events to look at the flags. Every event and
/// frame is held to B-EVT-1: an offset that changes sends didScroll, the last one at the new offset.
final class FrameDriver {
    let scrollView: ScrollView
    private(set) var frame: Int
    private(set) var records: [ScrollEventRecord] = []

    init(_ scrollView: ScrollView, startFrame: Int = 0) {
        self.scrollView = scrollView
        frame = startFrame
        scrollView.eventHandler = { [unowned self] record in self.records.append(record) }
    }

    var time: Double { Double(frame) / 60 }

    /// Delivers one pointer event to the scroll view.
    func deliver(_ event: PointerEvent) {
        scrollsOnEveryMove { scrollView.handle(event) }
    }

    /// Steps to `time`.
    private func advance() {
        scrollsOnEveryMove { scrollView.advance(to: time) }
    }

    /// Runs `step`; if it moved the content, it must have sent didScroll, the last at the offset it left.
    private func scrollsOnEveryMove(_ step: () -> Void) {
        let before = scrollView.contentOffset, count = records.count
        step()
        guard scrollView.contentOffset != before else { return }
        let scrolled = records[count...].last { $0.event == .didScroll }
        if scrolled?.offset != scrollView.contentOffset {
            Issue.record("the offset moved from \(before) to \(scrollView.contentOffset) at \(time) s; the last didScroll said \(String(describing: scrolled?.offset))")
        }
    }

    /// Steps frames up to `time`, delivering events on the way; events after `time` are left undelivered.
    func play(_ events: [PointerEvent]) {
        var next = 0
        while next < events.count {
            while next < events.count, events[next].time <= time {
                deliver(events[next])
                next += 1
            }
            advance()
            if next < events.count { frame += 1 }
        }
    }

    /// Steps frames until `time` (inclusive).
    func run(until end: Double) {
        while time < end {
            frame += 1
            advance()
        }
    }

    /// Steps frames until nothing moves (at most `limit` seconds).
    func settle(limit: Double = 60) {
        let end = time + limit
        while scrollView.isMoving, time < end {
            frame += 1
            advance()
        }
    }

    /// Callback names without didScroll.
    var names: [String] { records.filter { $0.event != .didScroll }.map(\.event.name) }

    /// The `willEndDragging` records' velocities and targets.
    var releases: [(velocity: Point, target: Point, proposed: Point)] {
        records.compactMap {
            if case let .willEndDragging(v, t, p) = $0.event { return (v, t, p) }
            return nil
        }
    }

    /// The `didEndDragging` arguments in order.
    var willDecelerate: [Bool] {
        records.compactMap {
            if case let .didEndDragging(d) = $0.event { return d }
            return nil
        }
    }
}
