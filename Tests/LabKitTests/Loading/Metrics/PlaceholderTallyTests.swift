import Testing
import LabKit

/// Blank time split by what the blank tile shows (B-COST-2): `emptyTileSeconds` + `placeholderTileSeconds`
/// = `blankTileSeconds`; the previews' bytes once per image; undecodable previews counted.
@Suite struct PlaceholderTallyTests {
    let k = { (asset: Int) in ImageKey(asset: asset) }
    static let hash = Base64.decode("3BcSHQZod4t3CIeHiIh4d3iAgIcI")!

    /// Assets 0 and 2 have previews (2's undecodable, 3 bytes), 1 none.
    func recorder(_ kind: PlaceholderKind) -> LoadMetricsRecorder {
        LoadMetricsRecorder(assetCount: 3, placeholder: kind, previews: ImagePreviews(hashes: [Self.hash, nil, [9, 9, 9]]))
    }

    func run(_ r: inout LoadMetricsRecorder) {
        let waiting = [FrameTile(item: 0, isVisible: true, displayedKey: nil), FrameTile(item: 1, isVisible: true, displayedKey: nil),
                       FrameTile(item: 2, isVisible: true, displayedKey: nil), FrameTile(item: 3, isVisible: false, displayedKey: nil)]
        let some = [FrameTile(item: 0, isVisible: true, displayedKey: k(0)), FrameTile(item: 1, isVisible: true, displayedKey: nil),
                    FrameTile(item: 2, isVisible: true, displayedKey: nil), FrameTile(item: 3, isVisible: false, displayedKey: nil)]
        r.start(time: 0, tiles: waiting)
        r.frame(time: 0.5, tiles: waiting, isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 0.75, tiles: some, isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 1.75, tiles: some, isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
    }

    @Test func blankTimeSplitsIntoEmptyAndPlaceholder() {
        var r = recorder(.color)
        run(&r)
        let m = r.metrics
        // 0–0.75: three blank tiles, two with a placeholder (0 and 2); 0.75–1.75: 1 and 2 blank, 2 with one.
        #expect(m.blankTileSeconds == 3 * 0.75 + 2 * 1.0)
        #expect(m.placeholderTileSeconds == 2 * 0.75 + 1 * 1.0)
        #expect(m.emptyTileSeconds == 1 * 0.75 + 1 * 1.0)
        #expect(m.emptyTileSeconds + m.placeholderTileSeconds == m.blankTileSeconds)
        // The previews of the visible items: asset 0's 21 bytes and 2's 3, once each; 2's undecodable. Item 3
        // (asset 0 again, not visible) adds nothing.
        #expect(Self.hash.count == 21)
        #expect(m.previewBytes == 21 + 3)
        #expect(m.undecodablePreviews == 1)
    }

    @Test func withoutPlaceholdersEveryBlankTileIsEmpty() {
        var r = recorder(.none)
        run(&r)
        let m = r.metrics
        #expect(m.emptyTileSeconds == m.blankTileSeconds && m.blankTileSeconds == 4.25)
        #expect(m.placeholderTileSeconds == 0 && m.previewBytes == 0 && m.undecodablePreviews == 0)
        var plain = LoadMetricsRecorder(assetCount: 3)
        run(&plain)
        #expect(plain.metrics == m)
    }
}
