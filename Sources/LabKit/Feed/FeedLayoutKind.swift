/// How a feed's items are placed (B-FEED-1); `FeedLayout` computes the frames.
public enum FeedLayoutKind: String, CaseIterable, Hashable, Sendable {
    /// One column, each item as tall as its size at the column's width.
    case list
    /// Columns of equal width, each item in the shortest one (Pinterest; Android's
    /// StaggeredGridLayoutManager).
    case masonry
    /// A vertical list of rows, each a horizontal strip of its section's items (App Store, Netflix;
    /// UIKit's orthogonal sections).
    case carousels
    /// The lab's grid: 2 columns of 150×220 tiles, whatever the items' sizes.
    case grid

    /// Whether `--columns` means anything to it: a masonry's and a grid's columns; a list and the
    /// carousels' rows have one.
    public var hasColumns: Bool { self == .masonry || self == .grid }

    /// The names, for messages: `list, masonry, carousels or grid`.
    public static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }
}
