import Foundation
import ScrollKit

extension LabSceneAdapter {
    /// The grid scene in the window: its six views with their image state, and its load metrics.
    static func grid(_ grid: GridScene) -> LabSceneAdapter {
        LabSceneAdapter(
            scene: grid,
            policy: { policyLabel(grid) },
            selectPolicy: { number in
                let kinds = LoadingPolicyKind.allCases
                guard (1...kinds.count).contains(number) else { return nil }
                grid.setPolicy(kinds[number - 1], problem: grid.seedProblem)
                return kinds[number - 1].rawValue
            },
            content: {
                let tiles = grid.tiles.map(drawItem)
                return SceneContent(tiles: tiles, viewsCreated: grid.pool.viewsCreated, rebindCount: grid.pool.rebindCount,
                                    metrics: metrics(grid.metrics), liveImageAssets: liveAssets(grid, shown: tiles),
                                    targetRect: grid.targetRect)
            })
    }

    /// The HUD's policy line: its name, "peer" for a shipping system's policy, a seed problem shown broken.
    static func policyLabel(_ grid: GridScene) -> String {
        let kind = grid.policyKind
        var label = kind.rawValue
        if kind.isPeer { label += " · peer" }
        if let problem = grid.seedProblem { label += " · problem \(problem.rawValue) broken" }
        return label
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

    /// The assets in the memory cache and on screen (`shown`): their textures stay, all others are destroyed.
    static func liveAssets(_ grid: GridScene, shown: [TileDrawItem]) -> Set<Int> {
        var live = Set(grid.pipeline.cache.keysByRecency.map(\.asset))
        for tile in shown { if let asset = tile.imageAsset { live.insert(asset) } }
        return live
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

    /// The HUD's load metric rows (B-POL-2).
    static func metrics(_ m: LoadMetrics) -> [(String, String)] {
        [
            ("loads", "\(m.loadsIssued) issued, \(m.loadsCompleted) done"),
            ("cancelled", "\(m.loadsCancelled), wasted \(m.loadsWasted)"),
            ("blank", String(format: "%.2f tile·s", m.blankTileSeconds)),
            ("settle", String(format: "%.0f ms (max %.0f)", m.settleLatency * 1000, m.settleLatencyMax * 1000)),
            ("hit fades", "\(m.cacheHitFades), stale \(m.staleFrames)"),
            ("peak", String(format: "%.1f MB decoded", Double(m.peakDecodedBytes) / 1_048_576)),
        ]
    }
}
