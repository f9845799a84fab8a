/// What a tile shows while its image is on its way (`--placeholder`, B-COST-2): nothing (the tile's fill),
/// the image's average colour, or its ThumbHash preview. The preview's bytes come with the feed item.
public enum PlaceholderKind: String, CaseIterable, Hashable, Sendable {
    case none
    case color
    case thumbhash

    /// The names, as the option lists them: `none|color|thumbhash`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
