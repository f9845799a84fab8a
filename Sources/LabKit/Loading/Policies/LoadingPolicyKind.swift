/// A loading policy of B-POL-1, by its command-line name, and everything the lab shows of it.
///
/// A policy is one declaration — a `static let` giving its name, its `Declaration` and how to make it —
/// and its name in `all`; the lab's own are declared below, a new one beside its policy in its own file.
/// `--policy`, `replay --policy all`, the keys (1–9 by position in `all`, then `0` cycles through every
/// policy), the help, the footer, the HUD's table, the bench rows and the plots all read the registry.
public struct LoadingPolicyKind: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The command-line name (`adaptive`).
    public let rawValue: String
    /// What the lab shows of this policy.
    public let declaration: Declaration
    private let make: @Sendable (SeedProblem?) -> any LoadingPolicy

    /// The policy named `name`, declared as `declaration`, made by `make` (given the seed problem shown
    /// broken, which only the seed's policies heed).
    public init(name: String, declaration: Declaration, make: @escaping @Sendable (SeedProblem?) -> any LoadingPolicy) {
        rawValue = name
        self.declaration = declaration
        self.make = make
    }

    /// The registered policy named `rawValue`; nil for any other name.
    public init?(rawValue: String) {
        guard let kind = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// Every policy in key order: the seeds' and the project's, then peers that reproduce shipping systems.
    public static let all: [LoadingPolicyKind] = [.eager, .deferred, .target, .prefetch, .adaptive, .texture, .flutter, .glide,
                                                 .compose, .flashlist, .chrome]

    public static var allCases: [LoadingPolicyKind] { all }

    /// A fresh policy of this kind; `problem` applies to Deferred and Target only.
    public func makePolicy(problem: SeedProblem? = nil) -> any LoadingPolicy { make(problem) }

    public var description: String { rawValue }

    public static func == (a: LoadingPolicyKind, b: LoadingPolicyKind) -> Bool { a.rawValue == b.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Where a policy comes from: the seeds, the lab, or a shipping system it reproduces (a peer).
    public enum Origin: String, Sendable {
        case seed, lab, peer
    }

    /// Everything the lab shows of a policy: one line on what it does, where it comes from, the system
    /// it reproduces and its colour in the plots (RGB). The keys, `--policy`, the help, the HUD's table,
    /// the bench and the plots all read it.
    public struct Declaration: Sendable {
        public var summary: String
        public var origin: Origin
        /// The shipping system reproduced, "" for the seeds' and the lab's own ideas.
        public var system: String
        public var colour: (red: UInt8, green: UInt8, blue: UInt8)

        public init(summary: String, origin: Origin, system: String, colour: (red: UInt8, green: UInt8, blue: UInt8)) {
            self.summary = summary
            self.origin = origin
            self.system = system
            self.colour = colour
        }
    }

    /// A policy that reproduces a shipping system (its own key after the seeds' and the lab's).
    public var isPeer: Bool { declaration.origin == .peer }

    /// The system a policy reproduces, for the help and the bench plot ("" for the seeds' own ideas).
    public var system: String { declaration.system }
}

extension LoadingPolicyKind {
    /// Load whenever a tile is bound.
    public static let eager = LoadingPolicyKind(name: "eager", declaration: Declaration(
        summary: "load whenever a tile is bound", origin: .seed, system: "", colour: (128, 128, 128))) { _ in EagerPolicy() }

    /// Seed 000: no new loads during deceleration; load the visible tiles when it ends and on a new drag.
    public static let deferred = LoadingPolicyKind(name: "deferred", declaration: Declaration(
        summary: "seed 000: no loads while decelerating; the visible tiles when it ends", origin: .seed,
        system: "", colour: (150, 100, 50))) { DeferredPolicy(problem: $0) }

    /// Seed 000 re-optimised: Deferred plus cache hits and the tiles at `targetContentOffset`.
    public static let target = LoadingPolicyKind(name: "target", declaration: Declaration(
        summary: "Deferred plus cache hits and the tiles at the deceleration target", origin: .seed,
        system: "", colour: (0, 150, 140))) { TargetPolicy(problem: $0) }

    /// Seed 003: UICollectionView's prefetch window ahead in the scroll direction, cancelled on leaving it.
    public static let prefetch = LoadingPolicyKind(name: "prefetch", declaration: Declaration(
        summary: "seed 003: a prefetch window ahead in the scroll direction", origin: .seed,
        system: "UICollectionView prefetching", colour: (40, 100, 220))) { _ in PrefetchPolicy() }

    /// The physics-aware policy: loads where and when a fling will stop, skips what only flashes by.
    public static let adaptive = LoadingPolicyKind(name: "adaptive", declaration: Declaration(
        summary: "the lab's: where and when a fling will stop, skipping what only flashes by", origin: .lab,
        system: "", colour: (220, 30, 40))) { _ in AdaptivePolicy() }

    /// Texture's ASRangeController: preload and display ranges in screenfuls around the viewport.
    public static let texture = LoadingPolicyKind(name: "texture", declaration: Declaration(
        summary: "preload and display ranges in screenfuls around the viewport", origin: .peer,
        system: "Texture ASRangeController", colour: (140, 60, 200))) { _ in TexturePolicy() }

    /// Flutter's ScrollAwareImageProvider inside a 250 pt cache extent.
    public static let flutter = LoadingPolicyKind(name: "flutter", declaration: Declaration(
        summary: "decode deferred while scrolling fast, inside a 250 pt cache extent", origin: .peer,
        system: "Flutter ScrollAwareImageProvider", colour: (240, 140, 0))) { _ in FlutterPolicy() }

    /// Android's RecyclerView bind-ahead (GapWorker) with Glide's ListPreloader.
    public static let glide = LoadingPolicyKind(name: "glide", declaration: Declaration(
        summary: "bind-ahead of the next items and a preloader a screen ahead", origin: .peer,
        system: "RecyclerView + Glide ListPreloader", colour: (40, 160, 60))) { _ in GlidePolicy() }
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
