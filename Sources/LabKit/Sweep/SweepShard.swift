/// One part of a sweep's gestures (`--shard K/N`, 1-based): gestures K, K+N, K+2N, … Dealt round-robin,
/// so every part gets a like share of long and short sessions, and parts 1…N together hold every
/// gesture once.
public struct SweepShard: Hashable, Sendable {
    /// This part, 1…`parts`.
    public let part: Int
    /// The number of parts.
    public let parts: Int

    /// The whole sweep: one part of one.
    public static let whole = SweepShard(part: 1, of: 1)!

    /// Part `part` of `parts`; nil unless 1 ≤ part ≤ parts.
    public init?(part: Int, of parts: Int) {
        guard parts >= 1, (1...parts).contains(part) else { return nil }
        self.part = part
        self.parts = parts
    }

    /// `K/N` as given on the command line; nil when it is not two whole numbers with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let fields = text.split(separator: "/", omittingEmptySubsequences: false)
        guard fields.count == 2, let k = Int(fields[0]), let n = Int(fields[1]) else { return nil }
        self.init(part: k, of: n)
    }

    /// True when gesture number `index` (0-based) is in this part.
    public func contains(_ index: Int) -> Bool { index % parts == part - 1 }

    /// The indices of this part's gestures among `count`, in order.
    public func indices(of count: Int) -> [Int] { (0..<Swift.max(0, count)).filter(contains) }
}
