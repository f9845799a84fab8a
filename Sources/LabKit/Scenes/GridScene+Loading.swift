import ScrollKit

/// The scene's entry points into its loading: each lends the grid to `GridLoading` for one call.
extension GridScene {
    /// The image key of `item`.
    func key(of item: Int) -> ImageKey { itemImages.key(of: item) }

    /// The frame of `item` in content coordinates (`layout.frame(ofItem:)`).
    func frame(ofItem item: Int) -> Rect { grid.frame(ofItem: item) }

    /// Rebinds the pool to the content offset and tells the policy what was bound and what appeared.
    func updateBinding(time: Double) {
        loading.updateBinding(time: time, grid: &grid)
    }

    /// Asks the policy at `trigger` and carries out its decision.
    func consult(_ trigger: LoadTrigger, time: Double) {
        loading.consult(trigger, time: time, grid: &grid)
    }

    /// The context the policy would decide on at `time` (a value of its own, for a test or a tool).
    func context(time: Double) -> LoadingContext {
        loading.standaloneContext(time: time, grid: grid)
    }

    /// True when `item`'s tile overlaps the viewport.
    func isVisible(_ item: Int) -> Bool { grid.isVisible(item) }

    /// A slot as the renderer sees it.
    func image(of slot: TileSlot) -> TileImage {
        switch slot.content {
        case .empty: return .none
        case .loading: return .loading
        case let .failed(reason): return .failed(reason: reason)
        case let .shown(key, _, fadeStart):
            guard let fadeStart, configuration.fadeDuration > 0 else { return .shown(key: key, alpha: 1) }
            return .shown(key: key, alpha: Swift.min(1, Swift.max(0, (now - fadeStart) / configuration.fadeDuration)))
        }
    }

    /// Copies the source's traffic as it is now into the metrics: a window whose transfers ended after
    /// its last frame (they are stopped when it closes) counts their last bytes before its summary.
    public func noteTrafficNow() { loading.noteTrafficNow() }
}
