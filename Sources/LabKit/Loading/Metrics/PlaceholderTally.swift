/// What the recorder counts of placeholders (B-COST-2): which blank tiles show one, the preview bytes of
/// the images the run showed, and the previews that could not be drawn. With `kind` `.none` it counts
/// nothing, so every blank tile is empty.
struct PlaceholderTally: Sendable {
    /// The placeholder shown while an image is on its way.
    var kind: PlaceholderKind = .none
    /// The images' previews.
    var previews: ImagePreviews = .none
    /// Images whose preview has been counted (bytes, undecodable).
    private var counted = ItemSet()
    /// Preview bytes of the images counted, and those that could not be drawn.
    private(set) var bytes = 0
    private(set) var undecodable = 0

    /// Whether a blank tile of `asset` shows a placeholder. Inlined, as `visible(asset:)`: the recorder
    /// asks for every tile of every frame, and without placeholders the answer is at hand.
    @inline(__always)
    func shows(asset: Int) -> Bool { kind != .none && previews.hasPreview(asset: asset) }

    /// A visible tile of `asset`: its preview came with its item (counted once per image).
    @inline(__always)
    mutating func visible(asset: Int) {
        guard kind != .none else { return }
        count(asset: asset)
    }

    /// Counts `asset`'s preview the first time a tile of it is visible.
    private mutating func count(asset: Int) {
        guard let preview = previews.bytes(ofAsset: asset), counted.insert(asset) else { return }
        bytes += preview.count
        if previews.isUndecodable(asset: asset) { undecodable += 1 }
    }
}
