import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

extension GridScene: WindowPresentable {
    @MainActor func windowScene(kind: SceneKind, images: ImageLoader, options: SceneOptions) -> any WindowScene {
        GridWindowScene(grid: self, kind: kind, images: images)
    }
}

/// The grid scene in the window: its six views with their image state, its load metrics and policy
/// in the HUD, and its keys (policies, seed problems, latency, cache). The phone renderer draws it.
final class GridWindowScene: LabSceneAdapter {
    let grid: GridScene
    /// Decodes the grid's images; `L` sets its simulated latency.
    let images: ImageLoader

    /// True when `images` is this scene's own (A's runs: images on the model clock), not the app's: the
    /// scene then pumps it, draws from it and shuts it down.
    var ownsImages = false

    init(grid: GridScene, kind: SceneKind, images: ImageLoader) {
        self.grid = grid
        self.images = images
        super.init(scene: grid, kind: kind)
    }

    // With images of its own, on the model clock, the scene takes them at every input and frame, as the
    // headless replay's source delivers them.
    override func pointer(_ event: PointerEvent) {
        if ownsImages { images.pump(time: event.time) }
        super.pointer(event)
    }

    override func advance(to time: Double) {
        if ownsImages { images.pump(time: time) }
        super.advance(to: time)
    }

    override func close() { if ownsImages { images.shutdown() } }

    override var ownTextures: TextureStore? { ownsImages ? images.textures : nil }

    override func content() -> SceneContent {
        let tiles = grid.tiles
        return SceneContent(policy: Self.policyLabel(grid), tiles: tiles.map(Self.drawItem),
                            viewsCreated: grid.pool.viewsCreated, rebindCount: grid.pool.rebindCount,
                            hasLoading: true, seedProblem: grid.seedProblem?.rawValue,
                            metrics: Self.metrics(grid.metrics) + (sourceNetwork == nil ? [] : Self.traffic(grid.metrics)), policyRows: PolicyComparison.fixedRows(grid.policyRows), currentPolicy: grid.segmentName,
                            liveImageAssets: grid.liveImageAssets(showing: tiles), targetRect: grid.targetRect,
                            contentTouches: Self.contentTouches(grid.scrollView))
    }

    /// The HUD's touches row: `delaysContentTouches` (U) and `canCancelContentTouches` (X), B-TCH-1.
    static func contentTouches(_ view: ScrollView) -> String {
        "delay \(view.delaysContentTouches ? "on" : "off") · cancel \(view.canCancelContentTouches ? "on" : "off")"
    }

    override var sourceLatencyMs: Double? {
        switch images.route {
        case .files: return images.latency * 1000
        case let .virtualClock(model): return (model as? VirtualImageSource).map { $0.latency * 1000 }
        case .modelled, .http: return nil
        }
    }

    override var sourceNetwork: String? {
        switch images.route {
        case .files, .virtualClock: return nil
        case let .modelled(model): return model.profile.name
        case let .http(fetcher): return "HTTP " + (fetcher.url(for: 0).map { ($0.host ?? "") + ($0.port.map { ":\($0)" } ?? "") } ?? "")
        }
    }

    override func perform(_ action: KeyAction) -> [(name: String, value: JSONValue)] {
        switch action {
        case .policy(let number):
            let kinds = LoadingPolicyKind.allCases
            // 0: the policy after the current one, round the whole list.
            let index = number == 0 ? ((kinds.firstIndex(of: grid.policyKind) ?? -1) + 1) % kinds.count : number - 1
            guard kinds.indices.contains(index) else { return [] }
            // A seed problem carries over only to a policy that has it (Deferred, Target).
            let kind = kinds[index]
            grid.setPolicy(kind, problem: SeedProblem.policies.contains(kind) ? grid.seedProblem : nil)
            return [("policy", .string(kind.rawValue))]
        case .latency where images.networkProfile != nil:
            let all = NetworkProfile.all
            let index = all.firstIndex { $0.name == images.networkProfile?.name } ?? -1
            let next = all[(index + 1) % all.count]
            images.setNetworkProfile(next)
            return [("network", .string(next.name))]
        case .latency where images.isHTTP:
            return []
        case .clearDiskCache:
            guard let disk = images.disk else { return [] }
            disk.clear()
            return [("clearDiskCache", .bool(true))]
        case .latency:
            let steps = SceneKind.latencySteps
            let next = steps.first { $0 > images.latency + 1e-9 } ?? steps[0]
            images.latency = next
            return [("latencyMs", .number(next * 1000))]
        case .clearCache:
            grid.clearMemoryCache()
            return [("clearCache", .bool(true))]
        case .delaysContentTouches:
            grid.scrollView.delaysContentTouches.toggle()
            return [("delaysContentTouches", .bool(grid.scrollView.delaysContentTouches))]
        case .canCancelContentTouches:
            grid.scrollView.canCancelContentTouches.toggle()
            return [("canCancelContentTouches", .bool(grid.scrollView.canCancelContentTouches))]
        case .seedProblem:
            // Only the seed's policies have its problems: elsewhere B changes nothing (and says so).
            guard SeedProblem.policies.contains(grid.policyKind) else { return [] }
            let problems: [SeedProblem?] = [nil] + SeedProblem.allCases
            let index = problems.firstIndex { $0 == grid.seedProblem } ?? 0
            let next = problems[(index + 1) % problems.count]
            grid.setPolicy(grid.policyKind, problem: next)
            return [("seedProblem", next.map { .int($0.rawValue) } ?? .null)]
        default:
            return []
        }
    }

    /// The HUD's policy line: its name, "peer" for a shipping system's policy (the seed problem has a
    /// row of its own).
    static func policyLabel(_ grid: GridScene) -> String {
        grid.policyKind.rawValue + (grid.policyKind.isPeer ? " · peer" : "")
    }

    /// One tile as the renderer draws it: identity, item, image (with its fade) or the reason it has none.
    static func drawItem(_ tile: TileState) -> TileDrawItem {
        var item = TileDrawItem(view: tile.view, item: tile.item, frame: tile.frame, status: status(of: tile.image),
                                isPressed: tile.isPressed, isHeartPressed: tile.isHeartPressed,
                                isSelected: tile.isSelected, isLiked: tile.isLiked)
        switch tile.image {
        case let .shown(key, alpha):
            item.imageAsset = key.asset
            item.imageAlpha = alpha
        case let .failed(reason):
            item.failure = reason
            item.status = nil
        case .none, .loading:
            break
        }
        return item
    }

    /// A tile's image state in a few characters (the texture itself is drawn by the image layer).
    static func status(of image: TileImage) -> String {
        switch image {
        case .none: return "no image"
        case .loading: return "loading…"
        case let .shown(key, alpha): return alpha < 1 ? String(format: "image %@ %.0f%%", "\(key)", alpha * 100) : "image \(key)"
        case let .failed(reason): return "failed: " + reason
        }
    }

    /// The HUD's traffic row under a network (B-POL-3): requests, loads served from disk and failures (the
    /// tiles name their reasons). The kilobytes are in the policy table; the time to the first image and
    /// the memory hits in the trace.
    static func traffic(_ m: LoadMetrics) -> [(String, String)] {
        [("traffic", "req \(m.requests) · disk \(m.diskHits) · ✗\(m.failedLoads)")]
    }

    /// The HUD's rows for the current policy's segment (B-POL-2); loads, wasted, blank time and settle
    /// are in the comparison table.
    static func metrics(_ m: LoadMetrics) -> [(String, String)] {
        [
            ("loads done", "\(m.loadsCompleted)/\(m.loadsIssued) · \(m.loadsCancelled) cancelled"),
            ("fades·stale", "\(m.cacheHitFades) · \(m.staleFrames) (must be 0)"),
            ("peak", String(format: "%.1f MB · ready %d%%", Double(m.peakDecodedBytes) / 1_048_576,
                            Int((m.readyOnAppearShare * 100).rounded()))),
        ]
    }
}
