import Foundation

/// Text told apart by its UTF-8 bytes, for the caches keyed by what SDL_ttf measures and rasterizes: String's
/// own comparison and hashing normalize non-ASCII text (the HUD's "·", "×", "µ") on every lookup.
extension String {
    /// True when `a` and `b` are the same bytes (`withUTF8` gives a small string's, the HUD's and tiles' usual
    /// kind, from a copy on the stack, where `withContiguousStorageIfAvailable` gives none).
    static func sameUTF8(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) } }
    }

    /// Feeds the string's bytes to `hasher`, as `sameUTF8` compares them.
    func hashUTF8(into hasher: inout Hasher) {
        var bytes = self
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
