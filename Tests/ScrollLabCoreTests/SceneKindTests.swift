import LabKit
import ScrollKit
import ScrollLabCore
import Testing

@Suite struct SceneKindTests {
    @Test func namesRoundTripThroughTheRegistry() {
        #expect(Array(SceneKind.all.prefix(3).map(\.name)) == ["grid", "pager", "photos"])
        #expect(Set(SceneKind.all.map(\.name)).count == SceneKind.all.count)
        for kind in SceneKind.all {
            #expect(SceneKind.named(kind.name) == kind)
            #expect(kind.make(SceneSettings()).name == kind.name)
        }
        #expect(SceneKind.named("album") == nil)
        #expect(SceneKind.named("Grid") == nil)
    }

    @Test func nextCyclesThroughEveryScene() {
        var kind = SceneKind.grid
        var names: [String] = []
        for _ in SceneKind.all.indices {
            kind = kind.next
            names.append(kind.name)
        }
        #expect(names == SceneKind.all.dropFirst().map(\.name) + ["grid"])
        #expect(SceneKind.all.first == .grid)
    }

    @Test func axesAndSettingsReachTheScenes() {
        #expect(SceneKind.grid.axis == .vertical)
        #expect(SceneKind.pager.axis == .horizontal)
        let pager = SceneKind.pager.make(SceneSettings(paging: .snap)) as? PagerScene
        #expect(pager?.mode == .snap)
        var grid = GridSceneConfiguration()
        grid.itemCount = 40
        #expect((SceneKind.grid.make(SceneSettings(grid: grid)) as? GridScene)?.layout.itemCount == 40)
    }

    @Test func aScenesKeysAreMarkedWithIt() {
        #expect(SceneKind.grid.keys.allSatisfy { $0.scene == "grid" })
        #expect(SceneKind.pager.keys.prefix(2).map(\.id) == ["paging", "frame-outline"])
        #expect(SceneKind.all.allSatisfy { kind in kind.keys.allSatisfy { $0.scene == kind.name } })
        #expect(SceneKind.grid.keys.suffix(2).map(\.id) == ["delays-content-touches", "can-cancel-content-touches"])
        #expect(SceneKind.photos.keys.isEmpty && SceneKind.photos.axis == .horizontal)
    }
}
