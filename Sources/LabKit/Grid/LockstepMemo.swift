import ScrollKit

/// What the grids of scenes replayed in lockstep (`GridSceneLockstep`) work out alike, worked out by the
/// first and taken by the others: a binding update's pool and rebinds, the items on screen, the tiles'
/// geometry the metrics observe, and the scroll view's state as a policy's context reads it.
///
/// Every scene in lockstep binds at the same viewports in the same order from the same first pool, and
/// decides on the same scroll view, so the answers are equal; each is keyed by what it was worked out
/// from (the update's number and viewport; the scroll view's state number), and a scene whose key
/// differs works its own out as it would alone.
final class LockstepMemo {
    /// The items in the viewport at update `serial` (`GridLayout.items(in:)`).
    struct Screen {
        var serial: Int
        var bounds: Rect
        var range: Range<Int>
    }

    /// The scroll view's state as `GridLoading.refreshContext` reads it, at state `serial`.
    struct ScrollState {
        var serial: Int
        var bounds: Rect
        var velocity: Point
        var isTracking: Bool
        var isDragging: Bool
        var isDecelerating: Bool
        var targetContentOffset: Point?
        /// The motion the context gets: the forecast of a release at `release` (willEndDragging), else the
        /// scroll view's own.
        var release: (velocity: Point, target: Point)?
        var motion: MotionForecast?

        /// Writes the state into a policy's context (`LockstepMemo.applyScroll` writes the memo's the same
        /// way, field by field in place: `apply` called on the stored state copies it first).
        func apply(to context: inout LoadingContext) {
            context.bounds = bounds
            context.velocity = velocity
            context.isTracking = isTracking
            context.isDragging = isDragging
            context.isDecelerating = isDecelerating
            context.targetContentOffset = targetContentOffset
            context.motion = motion
        }
    }

    // Read and written dozens of times a frame by one scene at a time: not checked for exclusive access.
    /// The last binding update's number and viewport (-1: none yet), and the pool and rebinds it made.
    @exclusivity(unchecked) var bindingSerial = -1
    @exclusivity(unchecked) var bindingBounds = Rect.zero
    @exclusivity(unchecked) var boundPool: ViewPool?
    @exclusivity(unchecked) var rebinds: [ReusePool.Rebind] = []
    @exclusivity(unchecked) var screen: Screen?
    /// The tiles' geometry (item, on screen, visible area; no image) at binding update `tilesSerial` and
    /// viewport `tilesBounds`, by view.
    @exclusivity(unchecked) var tiles: [FrameTile] = []
    @exclusivity(unchecked) var tilesSerial = -1
    @exclusivity(unchecked) var tilesBounds = Rect.zero
    /// Not optional, so a scene reads it in place (serial -1: none yet).
    @exclusivity(unchecked) var scroll = ScrollState(serial: -1, bounds: .zero, velocity: .zero, isTracking: false,
                                                     isDragging: false, isDecelerating: false, targetContentOffset: nil,
                                                     release: nil, motion: nil)
    /// The scroll view's state number: the lockstep moves it on whenever the scroll view may have changed.
    @exclusivity(unchecked) var scrollSerial = 0

    /// Writes the scroll state into `context` when it is the state now (`scrollSerial`) for a decision
    /// with `release`; false, and nothing written, otherwise. Reads the fields in place (as
    /// `ScrollState.apply` writes them): a scene's decision copies neither the state nor its forecast.
    func applyScroll(release: (velocity: Point, target: Point)?, to context: inout LoadingContext) -> Bool {
        guard scroll.serial == scrollSerial, scroll.release?.velocity == release?.velocity,
              scroll.release?.target == release?.target else { return false }
        context.bounds = scroll.bounds
        context.velocity = scroll.velocity
        context.isTracking = scroll.isTracking
        context.isDragging = scroll.isDragging
        context.isDecelerating = scroll.isDecelerating
        context.targetContentOffset = scroll.targetContentOffset
        context.motion = scroll.motion
        return true
    }
}
