import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP

extension GridScene: WindowPresentable {
    @MainActor func windowScene(kind: SceneKind, images: ImageLoader, options: SceneConfiguration) -> any WindowScene {
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

    /// The HUD's Loading rows and policy table as last made, and what they were made from: during motion
    /// the figures change a few times a second, the frames come 60 to 240 times.
    private var loadingRows: (metrics: LoadMetrics, traffic: Bool, rows: [(String, String)])?
    private var tableRows: (tried: [PolicyComparison.Row], condition: LoadCondition, rows: [PolicyComparison.Row])?
    /// The previews drawn so far, by asset: a ThumbHash is decoded once, not every frame.
    private var previews: [Int: TilePreview] = [:]

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

    /// The scene's summary keys, then the decoded memory the HUD showed last (B-COST-1): bytes now, their
    /// peak, and the HUD's two rows as text; the render thread's image work over the run (`mainThreadMs`:
    /// its decodes and uploads, milliseconds; `mainThreadDecodes`), to set beside the model's charge; and
    /// `shownWithoutTexture`, the tiles the model shows an image on whose texture the window lacks now
    /// (drawn "decoding…"): 0 once the uploads have caught up; `shownUndecodable`, those of them whose
    /// image did not decode (a load the modelled network had already passed on; drawn with the reason).
    override var summary: [(String, JSONValue)] {
        let figures = images.figures, rows = figures.hudRows
        let textures = ownTextures ?? images.textures
        var missing = 0, undecodable = 0
        for tile in grid.tiles {
            guard case let .shown(key, _) = tile.image, !textures.contains(key.asset) else { continue }
            missing += 1
            if textures.undecodableReason(key.asset) != nil { undecodable += 1 }
        }
        return super.summary + [("decodedBytesNow", .int(figures.decodedBytes)), ("decodedBytesPeak", .int(figures.peakDecodedBytes)),
                                ("hudDecoded", .string(rows[0].value)), ("hudDecodeMs", .string(rows[1].value)),
                                ("mainThreadMs", .number((figures.mainThreadMs * 1000).rounded() / 1000)),
                                ("mainThreadDecodes", .int(figures.mainThreadDecodes)), ("shownWithoutTexture", .int(missing)),
                                ("shownUndecodable", .int(undecodable))]
    }

    override func content() -> SceneContent {
        var content = phoneContent()
        content.rows = [Self.policyRow(Self.policyLabel(grid), seedProblem: grid.seedProblem?.rawValue),
                        HUDRow(label: "touches U X", value: Self.contentTouches(grid.scrollView)),
                       ] + images.figures.hudRows.map { HUDRow(label: $0.label, value: $0.value) } + Self.feedRows(grid)
        content.viewsCreated = grid.pool.viewsCreated
        content.rebindCount = grid.pool.rebindCount
        content.loading = LoadingSection(policy: Self.policyLabel(grid), metrics: loadingMetricRows(),
                                         policyRows: policyTableRows(), currentPolicy: grid.segmentName)
        return content
    }

    /// The tiles and what they show, without the HUD's rows and Loading section (with four phones, three
    /// of them each frame).
    override func phoneContent() -> SceneContent {
        let tiles = grid.tiles
        return SceneContent(tiles: tiles.map { withPreview(Self.drawItem($0), of: $0) },
                            liveImageAssets: grid.liveImageAssets(showing: tiles), targetRect: grid.targetRect)
    }

    /// `item` with the preview its tile shows while its image is not all there (B-COST-2): none without a
    /// placeholder or once the image is opaque.
    private func withPreview(_ item: TileDrawItem, of tile: TileState) -> TileDrawItem {
        let kind = grid.configuration.placeholder
        guard kind != .none, let index = tile.item else { return item }
        if case let .shown(_, alpha) = tile.image, alpha >= 1 { return item }
        let asset = grid.itemImages.key(of: index).asset
        var out = item
        if let kept = previews[asset] {
            out.preview = kept
        } else {
            if previews.count >= 1024 { previews.removeAll() }
            out.preview = grid.configuration.previews.preview(ofAsset: asset, kind: kind)
            previews[asset] = out.preview
        }
        out.previewAsset = out.preview == nil ? nil : asset
        return out
    }

    /// The Loading rows of the current figures (`metrics`, and `traffic` under a network), made again only
    /// when the figures changed.
    private func loadingMetricRows() -> [(String, String)] {
        let metrics = grid.metrics, traffic = sourceNetwork != nil
        if let kept = loadingRows, kept.metrics == metrics, kept.traffic == traffic { return kept.rows }
        let rows = Self.metrics(metrics) + (traffic ? Self.traffic(metrics) : [])
        loadingRows = (metrics, traffic, rows)
        return rows
    }

    /// The policy table's rows (`PolicyComparison.fixedRows`), made again only when the policies' figures changed.
    private func policyTableRows() -> [PolicyComparison.Row] {
        let tried = grid.policyRows, condition = grid.condition
        if let kept = tableRows, kept.condition == condition, kept.tried == tried { return kept.rows }
        let rows = PolicyComparison.fixedRows(tried, condition: condition)
        tableRows = (tried, condition, rows)
        return rows
    }

    /// The HUD's policy row: a seed problem shown broken (1–3) leads, so no elision of a long policy name
    /// can hide it.
    static func policyRow(_ policy: String, seedProblem: Int?) -> HUDRow {
        HUDRow(label: "policy", value: seedProblem.map { "problem \($0) (B) · " + policy } ?? policy + " · B off")
    }

    /// The HUD's touches row: `delaysContentTouches` (U) and `canCancelContentTouches` (X), B-TCH-1, in
    /// at most 20 characters (`no delay · no cancel`), so the row never wraps into the policy table's room.
    static func contentTouches(_ view: ScrollView) -> String {
        (view.delaysContentTouches ? "delays" : "no delay") + " · " + (view.canCancelContentTouches ? "cancels" : "no cancel")
    }

    override var sourceLatencyMs: Double? {
        switch images.route {
        case .files: return images.latency * 1000
        case let .virtualClock(model): return (model as? VirtualImageSource).map { $0.latency * 1000 }
        case .modelled, .http: return nil
        }
    }

    override var diskWarmAtOpen: (entries: Int, bytes: Int)? { images.diskWarmAtOpen }

    override var hasDiskCache: Bool { images.disk != nil }

    override var sourceNetwork: String? {
        switch images.route {
        case .files, .virtualClock: return nil
        case let .modelled(model): return model.network.profile.name
        case let .http(http):
            let client = http.fetcher is AsyncImageFetcher ? " · HTTP/2 async-http-client" : ""
            return "HTTP " + (http.fetcher.url(for: 0).map { ($0.host ?? "") + ($0.port.map { ":\($0)" } ?? "") } ?? "") + client
        }
    }

    /// The grid's keys: a policy by number (0: the next), B, L, C, K, U and X; each answers with a toast.
    override func perform(_ action: SceneAction) -> SceneActionResult {
        switch action.id {
        case "policy":
            let number = action.argument ?? 0
            var result = SceneActionResult(setPolicy(number: number)) {
                $0.map { "\(number): loading policy \($0); its figures count from zero" } ?? "\(number): no policy has this key"
            }
            result.endsPolicySegment = !result.changes.isEmpty
            return result
        case "seed-problem":
            return nextSeedProblem()
        case "latency":
            let changes = nextLatency()
            return SceneActionResult(changes: changes, toast: latencyAnswer(changed: !changes.isEmpty))
        case "clear-cache":
            let cleared = grid.pipeline.cache.keysByRecency.count
            grid.clearMemoryCache()
            return SceneActionResult(changes: [("clearCache", .bool(true))],
                                     toast: "C: memory cache cleared (\(cleared) image\(cleared == 1 ? "" : "s"))")
        case "clear-disk-cache":
            guard images.clearDisk() else {
                return SceneActionResult(toast: sourceNetwork == nil
                    ? "K: no disk cache to clear; the images come from files (--network or --source puts one in front)"
                    : "K: no disk cache in this run (--disk-cache off, or its folder cannot be written)")
            }
            return SceneActionResult(changes: [("clearDiskCache", .bool(true))],
                                     toast: "K: disk cache emptied; images not in memory come over the network again")
        case "delays-content-touches":
            grid.scrollView.delaysContentTouches.toggle()
            return SceneActionResult([("delaysContentTouches", .bool(grid.scrollView.delaysContentTouches))]) {
                $0 == "on" ? "U: delaysContentTouches on: a tile sees a touch once it has held 150 ms"
                    : "U: delaysContentTouches off: a tile sees a touch at once"
            }
        case "can-cancel-content-touches":
            grid.scrollView.canCancelContentTouches.toggle()
            return SceneActionResult([("canCancelContentTouches", .bool(grid.scrollView.canCancelContentTouches))]) {
                $0 == "on" ? "X: canCancelContentTouches on: a drag takes a tile's touch and scrolls"
                    : "X: canCancelContentTouches off: a tile keeps its touch, the view does not scroll"
            }
        default:
            return super.perform(action)
        }
    }

    /// The policy of `number` (1-based in `LoadingPolicyKind.allCases`; 0: the one after the current, round
    /// the whole list); nothing when no policy has that number.
    private func setPolicy(number: Int) -> [(name: String, value: JSONValue)] {
        let kinds = LoadingPolicyKind.allCases
        let index = number == 0 ? ((kinds.firstIndex(of: grid.policyKind) ?? -1) + 1) % kinds.count : number - 1
        guard kinds.indices.contains(index) else { return [] }
        // A seed problem carries over only to a policy that has it (Deferred, Target).
        let kind = kinds[index]
        grid.setPolicy(kind, problem: SeedProblem.policies.contains(kind) ? grid.seedProblem : nil)
        // A key picks the policy's decisions on the shared pipeline (a `@shipped` variant comes from --policy).
        return [("policy", .string(kind.rawValue))]
    }

    /// B: the next seed problem shown broken. Only the seed's policies have its problems: elsewhere B
    /// changes nothing, and says which policies have them.
    private func nextSeedProblem() -> SceneActionResult {
        guard SeedProblem.policies.contains(grid.policyKind) else {
            let kinds = LoadingPolicyKind.allCases.filter { SeedProblem.policies.contains($0) }
            let names = kinds.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() + "'s" }.joined(separator: " and ")
            let keys = kinds.compactMap { LoadingPolicyKind.allCases.firstIndex(of: $0) }.map { "\($0 + 1)" }.joined(separator: ", ")
            return SceneActionResult(toast: "B: nothing to break in \(grid.policyKind.rawValue); the seed's problems are \(names) (keys \(keys))")
        }
        let problems: [SeedProblem?] = [nil] + SeedProblem.allCases
        let index = problems.firstIndex { $0 == grid.seedProblem } ?? 0
        let next = problems[(index + 1) % problems.count]
        grid.setPolicy(grid.policyKind, problem: next, shipped: grid.usesShippedPipeline)
        var result = SceneActionResult(changes: [("seedProblem", next.map { .int($0.rawValue) } ?? .null)],
                                       toast: next.map { "B: \(grid.policyKind.rawValue) shows seed problem " + $0.summary }
                                           ?? "B: seed problems off; \(grid.policyKind.rawValue) as fixed")
        result.endsPolicySegment = true
        return result
    }

    /// L's answer, after `nextLatency` (`changed`: it changed something): the network now modelled, the
    /// source latency now, or why nothing changed over HTTP.
    private func latencyAnswer(changed: Bool) -> String {
        if let profile = images.networkProfile { return "L: network now \(profile)" }
        guard changed else { return "L: no effect over HTTP (--source); the server's network sets the latency" }
        return "L: image source latency now \(Int((images.latency * 1000).rounded())) ms"
    }

    /// L: the next network profile under a network, nothing over HTTP, else the next source latency.
    private func nextLatency() -> [(name: String, value: JSONValue)] {
        if images.networkProfile != nil {
            let all = NetworkProfile.all
            let index = all.firstIndex { $0.name == images.networkProfile?.name } ?? -1
            let next = all[(index + 1) % all.count]
            images.setNetworkProfile(next)
            return [("network", .string(next.name))]
        }
        if images.isHTTP { return [] }
        let steps = SceneKind.latencySteps
        let next = steps.first { $0 > images.latency + 1e-9 } ?? steps[0]
        images.latency = next
        return [("latencyMs", .number(next * 1000))]
    }

    /// The policy as the HUD and the trace's header name it: its name (`texture@shipped` on the system's
    /// own pipeline), "peer" for a shipping system's policy.
    static func policyLabel(_ grid: GridScene) -> String {
        grid.policyVariant.name + (grid.policyKind.isPeer ? " · peer" : "")
    }

    /// One tile as the renderer draws it: identity, item, image (with its fade) or the reason it has none.
    nonisolated static func drawItem(_ tile: TileState) -> TileDrawItem {
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
    nonisolated static func status(of image: TileImage) -> String {
        switch image {
        case .none: return "no image"
        case .loading: return "loading…"
        case let .shown(key, alpha): return alpha < 1 ? "image \(key) " + HUDFormat.printf(alpha * 100, decimals: 0) + "%" : "image \(key)"
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
            ("peak", String(format: "%.1f MB · ready %d%%", Double(m.peakDecodedBytes) / 1e6,
                            Int((m.readyOnAppearShare * 100).rounded()))),
        ]
    }
}
