@testable import ScrollKit

/// Checks a stream of callbacks against the UIKit order (B-EVT-1, B-EVT-3):
///
///     session  := willBeginDragging willEndDragging didEndDragging(d) tail
///     tail     := [d] willBeginDecelerating (didEndDecelerating | willBeginDragging … (rapid fling))
///               | [!d, owed] didEndDecelerating | [!d, nothing owed] ε
///     didEndScrollingAnimation only at rest; didScroll anywhere, only when the offset changed.
struct CallbackGrammar {
    enum State: Equatable {
        case idle
        case dragging(owesDidEndDecelerating: Bool)
        case released(owesDidEndDecelerating: Bool)
        case awaitingWillBeginDecelerating
        case owedDidEndDecelerating
        case decelerating
    }

    private(set) var state: State = .idle
    private(set) var lastOffset: Point
    private(set) var lastTime = -Double.infinity
    private(set) var violations: [String] = []

    init(initialOffset: Point = .zero) { lastOffset = initialOffset }

    mutating func accept(_ record: ScrollEventRecord) {
        if record.time < lastTime { violations.append("time went back at \(record.event.name)") }
        lastTime = record.time
        if record.event == .didScroll {
            if record.offset == lastOffset { violations.append("didScroll without a change at \(record.offset)") }
            lastOffset = record.offset
            return
        }
        if record.offset != lastOffset {
            violations.append("\(record.event.name): offset changed without didScroll")
            lastOffset = record.offset
        }
        switch (state, record.event) {
        case (.idle, .willBeginDragging):
            state = .dragging(owesDidEndDecelerating: false)
        case (.decelerating, .willBeginDragging):
            state = .dragging(owesDidEndDecelerating: true)
        case (.dragging(let owes), .willEndDragging):
            state = .released(owesDidEndDecelerating: owes)
        case (.released, .didEndDragging(true)):
            state = .awaitingWillBeginDecelerating
        case (.released(let owes), .didEndDragging(false)):
            state = owes ? .owedDidEndDecelerating : .idle
        case (.awaitingWillBeginDecelerating, .willBeginDecelerating):
            state = .decelerating
        case (.owedDidEndDecelerating, .didEndDecelerating), (.decelerating, .didEndDecelerating):
            state = .idle
        case (.idle, .didEndScrollingAnimation):
            break
        default:
            violations.append("\(record.event.name) in state \(state)")
        }
    }

    /// True at rest or during a drag/deceleration (not in the middle of a release sequence).
    var isBetweenSequences: Bool {
        switch state {
        case .idle, .dragging, .decelerating: return true
        default: return false
        }
    }

    /// What `isDragging` must be in this state (UIKit meaning).
    var expectsDragging: Bool {
        switch state {
        case .dragging, .decelerating: return true
        default: return false
        }
    }

    /// What `isDecelerating` must be in this state.
    var expectsDecelerating: Bool {
        switch state {
        case .decelerating, .dragging(owesDidEndDecelerating: true): return true
        default: return false
        }
    }
}
