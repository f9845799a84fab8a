import Testing
import LabKit

/// Which image an item shows: its index modulo the asset count, in 0..<count for every item.
@Suite struct ImageKeyTests {
    /// Items wrap around the assets both ways (a negative item counts back from the last asset), and a count
    /// of zero or less is one asset.
    @Test func anItemsAssetIsItsIndexModuloTheAssetCount() {
        #expect(ImageKey(item: 3, assetCount: 72).asset == 3)
        #expect(ImageKey(item: 75, assetCount: 72).asset == 3)
        #expect(ImageKey(item: 72, assetCount: 72).asset == 0)
        #expect(ImageKey(item: -1, assetCount: 72).asset == 71)
        #expect(ImageKey(item: -72, assetCount: 72).asset == 0)
        #expect(ImageKey(item: -73, assetCount: 72).asset == 71)
        #expect(ImageKey(item: 5, assetCount: 0).asset == 0)
        #expect(ImageKey(item: -5, assetCount: -3).asset == 0)
        #expect(ImageKey(item: Int.min, assetCount: 7).asset == ((Int.min % 7) + 7) % 7)
        #expect(ImageKey(item: Int.max, assetCount: 7).asset == Int.max % 7)
        for count in 1...9 {
            for item in -40...40 { #expect(ImageKey(item: item, assetCount: count).asset == ((item % count) + count) % count) }
        }
    }
}
