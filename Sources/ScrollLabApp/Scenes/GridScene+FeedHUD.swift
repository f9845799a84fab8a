import ScrollLabCore
import LabKit

extension GridWindowScene {
    /// With a feed: its layout and its views — how many exist (as many as the visible items needed at
    /// once), how many are bound now and how often one was taken from the reuse queue.
    static func feedRows(_ grid: GridScene) -> [HUDRow] {
        guard grid.configuration.feed != nil else { return [] }
        let bound = grid.pool.items.lazy.compactMap { $0 }.count
        return [HUDRow(label: "feed \(grid.layout.kind.rawValue)",
                       value: "\(grid.pool.viewsCreated) views · \(bound) bound · \(grid.pool.reuseCount) reused")]
    }
}
