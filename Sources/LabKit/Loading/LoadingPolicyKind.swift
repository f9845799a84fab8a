/// The policies of B-POL-1, by their command-line names: the seeds' and the project's, then peers that
/// reproduce shipping systems. A new policy is a case here, its `makePolicy` line and its `declaration`;
/// keys are given in this order (1–9, then `0` cycles through every policy).
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

    /// Where a policy comes from: the seeds, the lab, or a shipping system it reproduces (a peer).
    public enum Origin: String, Sendable {
        case seed, lab, peer
    }

    /// Everything the lab shows of a policy, declared with its case: one line on what it does, where it
    /// comes from, the system it reproduces and its colour in the plots (RGB). The keys, `--policy`, the
    /// help, the HUD's table, the bench and the plots all read it.
    public struct Declaration: Sendable {
        public var summary: String
        public var origin: Origin
        /// The shipping system reproduced, "" for the seeds' and the lab's own ideas.
        public var system: String
        public var colour: (red: UInt8, green: UInt8, blue: UInt8)
    }

    /// This policy's declaration.
    public var declaration: Declaration {
        switch self {
        case .eager:
            Declaration(summary: "load whenever a tile is bound", origin: .seed, system: "", colour: (128, 128, 128))
        case .deferred:
            Declaration(summary: "seed 000: no loads while decelerating; the visible tiles when it ends", origin: .seed,
                        system: "", colour: (150, 100, 50))
        case .target:
            Declaration(summary: "Deferred plus cache hits and the tiles at the deceleration target", origin: .seed,
                        system: "", colour: (0, 150, 140))
        case .prefetch:
            Declaration(summary: "seed 003: a prefetch window ahead in the scroll direction", origin: .seed,
                        system: "UICollectionView prefetching", colour: (40, 100, 220))
        case .adaptive:
            Declaration(summary: "the lab's: where and when a fling will stop, skipping what only flashes by", origin: .lab,
                        system: "", colour: (220, 30, 40))
        case .texture:
            Declaration(summary: "preload and display ranges in screenfuls around the viewport", origin: .peer,
                        system: "Texture ASRangeController", colour: (140, 60, 200))
        case .flutter:
            Declaration(summary: "decode deferred while scrolling fast, inside a 250 pt cache extent", origin: .peer,
                        system: "Flutter ScrollAwareImageProvider", colour: (240, 140, 0))
        case .glide:
            Declaration(summary: "bind-ahead of the next items and a preloader a screen ahead", origin: .peer,
                        system: "RecyclerView + Glide ListPreloader", colour: (40, 160, 60))
        }
    }

    /// A policy that reproduces a shipping system (its own key after the seeds' and the lab's).
    public var isPeer: Bool { declaration.origin == .peer }

    /// The system a policy reproduces, for the help and the bench plot ("" for the seeds' own ideas).
    public var system: String { declaration.system }
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
