/// The policies of B-POL-1, by their command-line names: the five of the seeds and the project
/// (keys 1–5), then three peers that reproduce shipping systems (keys 6–8).
public enum LoadingPolicyKind: String, CaseIterable, Hashable, Sendable {
    /// Load whenever a tile is bound.
    case eager
    /// Seed 000: no new loads during deceleration; load the visible tiles when it ends and on a new drag.
    case deferred
    /// Seed 000 re-optimised: Deferred plus cache hits and the tiles at `targetContentOffset`.
    case target
    /// Seed 003: UICollectionView's prefetch window ahead in the scroll direction, cancelled on leaving it.
    case prefetch
    /// The physics-aware policy: loads where and when a fling will stop, skips what only flashes by.
    case adaptive
    /// Texture's ASRangeController: preload and display ranges in screenfuls around the viewport.
    case texture
    /// Flutter's ScrollAwareImageProvider inside a 250 pt cache extent.
    case flutter
    /// Android's RecyclerView bind-ahead (GapWorker) with Glide's ListPreloader.
    case glide

    /// A fresh policy of this kind; `problem` applies to Deferred and Target only.
    public func makePolicy(problem: SeedProblem? = nil) -> any LoadingPolicy {
        switch self {
        case .eager: return EagerPolicy()
        case .deferred: return DeferredPolicy(problem: problem)
        case .target: return TargetPolicy(problem: problem)
        case .prefetch: return PrefetchPolicy()
        case .adaptive: return AdaptivePolicy()
        case .texture: return TexturePolicy()
        case .flutter: return FlutterPolicy()
        case .glide: return GlidePolicy()
        }
    }

    /// A policy that reproduces a shipping system (keys 6–8).
    public var isPeer: Bool { !system.isEmpty && self != .prefetch }

    /// The system a policy reproduces, for the help and the bench plot ("" for the seeds' own ideas).
    public var system: String {
        switch self {
        case .eager, .deferred, .target, .adaptive: return ""
        case .prefetch: return "UICollectionView prefetching"
        case .texture: return "Texture ASRangeController"
        case .flutter: return "Flutter ScrollAwareImageProvider"
        case .glide: return "RecyclerView + Glide ListPreloader"
        }
    }
}

/// The three problems of seed 000's Deferred policy, each switchable back to its broken form so the
/// bug can be seen (B-POL-1). Applies to the Deferred and Target policies.
public enum SeedProblem: Int, CaseIterable, Hashable, Sendable {
    /// The policies that have the seed's problems: the seed's own Deferred and its re-optimised Target.
    public static let policies: Set<LoadingPolicyKind> = [.deferred, .target]

    /// One line saying what the problem is, for the help and the toast.
    public var summary: String {
        switch self {
        case .judgesDraggingByScrollViewFlags: return "1: \"dragging\" judged by isDragging/isDecelerating, not userDragging"
        case .noLoadAfterDeceleration: return "2: no load of the visible tiles in didEndDecelerating (tiles stay empty at rest)"
        case .noLoadOnNewDrag: return "3: no load of the visible tiles in willBeginDragging"
        }
    }

    /// Problem 1: judge "user dragging" with `isDragging && !isDecelerating` instead of the
    /// `userDragging` flag, so a drag that catches a decelerating view counts as deceleration.
    case judgesDraggingByScrollViewFlags = 1
    /// Problem 2: no load of the visible tiles in `didEndDecelerating`, so tiles stay empty at rest.
    case noLoadAfterDeceleration = 2
    /// Problem 3: no load of the visible tiles in `willBeginDragging`, so tiles left empty by a
    /// deceleration stay empty while a new drag holds them on screen.
    case noLoadOnNewDrag = 3
}
