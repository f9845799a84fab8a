/// Why a feed file could not be read: the 1-based line and what is wrong with it.
public struct FeedError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line the problem was found on (0: the file as a whole).
    public var line: Int
    /// What is wrong, for a person.
    public var reason: String

    /// Makes an error.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line 3: missing field "height"`, or the reason alone for the whole file.
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
