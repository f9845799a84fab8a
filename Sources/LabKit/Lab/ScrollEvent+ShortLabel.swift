import ScrollKit

extension ScrollEvent {
    /// The short label the timeline draws for this callback, or nil for `didScroll`, which the
    /// timeline shows as the curve itself rather than as a marker.
    public var shortLabel: String? {
        switch self {
        case .didScroll: return nil
        case .willBeginDragging: return "wBD"
        case .willEndDragging: return "wED"
        case let .didEndDragging(willDecelerate): return willDecelerate ? "dED(T)" : "dED(F)"
        case .willBeginDecelerating: return "wBDec"
        case .didEndDecelerating: return "dEDec"
        case .didEndScrollingAnimation: return "dESA"
        }
    }
}
