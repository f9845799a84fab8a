/// The grid scene's private record of one pool view's image: what it displays or waits for.
struct TileSlot: Hashable, Sendable {
    /// The image state of a slot.
    enum Content: Hashable, Sendable {
        /// Nothing displayed, nothing requested.
        case empty
        /// Waiting for `key`, asked for at `since`.
        case loading(key: ImageKey, since: Double)
        /// Displaying `key` (`bytes` decoded), fading in from `fadeStart` or opaque when nil.
        case shown(key: ImageKey, bytes: Int, fadeStart: Double?)
        /// The load failed.
        case failed(reason: String)
    }

    /// Current content.
    var content: Content = .empty

    /// The key being waited for, if loading.
    var loadingKey: ImageKey? {
        if case let .loading(key, _) = content { return key }
        return nil
    }
}
