import ScrollKit

/// Forwards to a grid scene and checks it after every frame: six tiles, items inside the grid, a
/// finite offset inside the rubber band.
final class CheckedGridScene: LabScene {
    let grid: GridScene

    init(_ grid: GridScene) { self.grid = grid }

    var name: String { grid.name }
    var scrollView: ScrollView { grid.scrollView }
    var isSettled: Bool { grid.isSettled }
    var settingLines: [JSONValue] { grid.settingLines }
    var summary: [(String, JSONValue)] { grid.summary }

    func pointer(_ event: PointerEvent) { grid.pointer(event) }

    func advance(to time: Double) {
        grid.advance(to: time)
        FuzzModel.check(grid.scrollView)
        let tiles = grid.tiles
        require(tiles.count == 6, "\(tiles.count) tiles")
        for tile in tiles {
            if let item = tile.item { require(item >= 0 && item < grid.layout.itemCount, "tile shows item \(item)") }
        }
    }
}
