import ScrollKit

/// `scrolllab physics-compare` (B-PHYS-1): one gesture replayed headless under every physics, with what
/// separates each from UIKit's: how far the glides went, how long until rest, the largest distance
/// between its offset and `ios`'s at the same frame, and how far it ran past an edge.
public struct PhysicsComparison: Sendable {
    /// One physics' run of the gesture.
    public struct Row: Hashable, Sendable {
        /// The physics.
        public var physics: ScrollPhysicsKind
        /// Σ over releases of the distance from the release to where that glide ended (rest, or the
        /// touch that caught it), points.
        public var glideDistance: Double
        /// Seconds from the last release to rest.
        public var durationToRest: Double
        /// The largest |offset − ios's offset| over the frames, points, and the time of that frame
        /// (seconds from the first sample).
        public var largestDifference: Double
        public var largestDifferenceTime: Double
        /// The farthest the content ran past an edge after a release (a bounce's overshoot), points.
        public var edgeOvershoot: Double
        /// The offset at the end.
        public var finalOffset: Double

        /// The `--json` line.
        public var json: JSONValue {
            .object([
                ("physics", .string(physics.rawValue)), ("distance", .number(glideDistance)),
                ("durationToRest", .number(durationToRest)), ("largestDifferenceFromIOS", .number(largestDifference)),
                ("largestDifferenceAt", .number(largestDifferenceTime)), ("edgeOvershoot", .number(edgeOvershoot)),
                ("finalOffset", .number(finalOffset)),
            ])
        }
    }

    /// The replay clock.
    public var replay = HeadlessReplay()

    /// A comparison on the default 60 Hz clock.
    public init() {}

    /// One frame of a run: time and offset along the scene's scroll axis.
    private struct Frame { var time: Double; var offset: Double }

    /// Runs `events` on a scene made by `makeScene(physics)` for every physics, `ios` first.
    public func rows(_ events: [PointerEvent], makeScene: (ScrollPhysicsKind) -> any LabScene) -> [Row] {
        let start = events.map(\.time).filter(\.isFinite).min() ?? 0
        var reference: [Frame] = []
        return ScrollPhysicsKind.allCases.map { physics in
            let scene = makeScene(physics)
            let view = scene.scrollView
            let vertical = view.contentSize.height > view.frame.height || view.contentSize.width <= view.frame.width
            let upper = vertical ? Swift.max(view.contentSize.height - view.frame.height, 0)
                : Swift.max(view.contentSize.width - view.frame.width, 0)
            var frames: [Frame] = []
            let result = replay.run(events, on: scene) { time in
                frames.append(Frame(time: time, offset: vertical ? view.contentOffset.y : view.contentOffset.x))
            }
            if physics == .ios { reference = frames }
            return Self.row(physics, frames: frames, records: result.records, vertical: vertical, upper: upper,
                            reference: reference, start: start)
        }
    }

    private static func row(_ physics: ScrollPhysicsKind, frames: [Frame], records: [ScrollEventRecord], vertical: Bool,
                            upper: Double, reference: [Frame], start: Double) -> Row {
        func offset(_ record: ScrollEventRecord) -> Double { vertical ? record.offset.y : record.offset.x }
        var distance = 0.0, lastRelease: Double?, releaseOffset: Double?, rest: Double?
        // `following`: the view still moves from the last release (until it rests or is touched or zoomed);
        // a later zoom's or animation's scrolling is not the release's.
        var overshoot = 0.0, gliding = false, following = false
        for record in records {
            switch record.event {
            case .willEndDragging:
                releaseOffset = offset(record)
                lastRelease = record.time
                rest = record.time
                following = true
            case .didEndDragging(let willDecelerate):
                if !willDecelerate { following = false }
            case .willBeginDecelerating:
                gliding = true
            case .willBeginDragging, .didEndDecelerating:
                if gliding, let from = releaseOffset { distance += abs(offset(record) - from) }
                gliding = false
                releaseOffset = nil
                if record.event == .didEndDecelerating, following { rest = record.time }
                following = false
            case .willBeginZooming:
                following = false
            case .didScroll:
                if gliding { overshoot = Swift.max(overshoot, 0 - offset(record), offset(record) - upper) }
                if following { rest = record.time }
            default: break
            }
        }
        // Both runs on the same replay clock: at every frame time of either, each shows its latest frame's
        // offset (a run that settled, or skipped idle frames, holds its offset).
        var largest = 0.0, when = 0.0
        var i = 0, j = 0
        while i < frames.count || j < reference.count {
            let time = Swift.min(i < frames.count ? frames[i].time : .infinity,
                                 j < reference.count ? reference[j].time : .infinity)
            while i < frames.count, frames[i].time <= time { i += 1 }
            while j < reference.count, reference[j].time <= time { j += 1 }
            guard i > 0, j > 0 else { continue }
            let difference = abs(frames[i - 1].offset - reference[j - 1].offset)
            if difference > largest {
                largest = difference
                when = time - start
            }
        }
        return Row(physics: physics, glideDistance: distance,
                   durationToRest: lastRelease.flatMap { release in rest.map { $0 - release } } ?? 0,
                   largestDifference: largest, largestDifferenceTime: when, edgeOvershoot: Swift.max(overshoot, 0) + 0,
                   finalOffset: frames.last?.offset ?? 0)
    }
}
