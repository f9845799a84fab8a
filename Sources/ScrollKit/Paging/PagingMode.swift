/// The ways the pager scene pages (seed 002), cycled live with a key (B-PAGE-5).
public enum PagingMode: String, CaseIterable, Sendable, Hashable {
    /// Free scrolling, for contrast.
    case none
    /// `isPagingEnabled`: page = frame size, at most one page per release (B-PAGE-1).
    case frame
    /// Natural deceleration, then an animated snap to the nearest page (B-PAGE-3).
    case snap
    /// `willEndDragging` rewrites the target to the nearest page (B-PAGE-4).
    case target
}
