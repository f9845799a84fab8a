import ScrollKit

extension ScrollEvent {
    /// The short label the timeline draws for this callback, or nil for `didScroll`, which the
    /// timeline shows as the curve itself rather than as a marker (it draws none for `didZoom` either).
    public var shortLabel: String? {
        switch self {
        case .didScroll: return nil
        case .willBeginDragging: return "wBD"
        case .willEndDragging: return "wED"
        case let .didEndDragging(willDecelerate): return willDecelerate ? "dED(T)" : "dED(F)"
        case .willBeginDecelerating: return "wBDec"
        case .didEndDecelerating: return "dEDec"
        case .didEndScrollingAnimation: return "dESA"
        case .contentTouch(let phase, _):
            switch phase {
            case .touchesBegan: return "tB"
            case .touchesEnded: return "tE"
            case .touchesCancelled: return "tC"
            case .tap: return "tap"
            }
        case .willBeginZooming: return "wBZ"
        case .didZoom: return "dZ"  // the event list's abbreviation; the timeline draws no marker for it
        case .didEndZooming: return "dEZ"
        }
    }
}
