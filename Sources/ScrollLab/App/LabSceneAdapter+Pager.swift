import ScrollKit

extension LabSceneAdapter {
    /// The pager scene in the window: its paging mode in the HUD and its five page views as the
    /// pool rows (the pager renderer draws the pages themselves).
    static func pager(_ pager: PagerScene) -> LabSceneAdapter {
        LabSceneAdapter(
            scene: pager,
            policy: { "—" },
            pagingMode: { pager.mode.rawValue },
            content: {
                SceneContent(tiles: pager.pool.items.enumerated().map { TileDrawItem(view: $0, item: $1, frame: .zero) },
                             viewsCreated: pager.pool.viewsCreated, rebindCount: pager.pool.rebindCount)
            })
    }
}
