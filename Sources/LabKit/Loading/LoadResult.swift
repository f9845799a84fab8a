/// What a finished load produced.
public enum LoadResult: Hashable, Sendable {
    /// A decoded image of `bytes` bytes (width × height × 4); its pixels stay with the source's owner.
    case image(bytes: Int)
    /// The load failed; the tile shows the reason.
    case failed(reason: String)
}
