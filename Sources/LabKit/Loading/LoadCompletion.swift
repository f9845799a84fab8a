/// A finished load reported by an `ImageSource`: which ticket, its result, and when it finished.
public struct LoadCompletion: Hashable, Sendable {
    /// The request that finished.
    public var ticket: LoadTicket
    /// Its result.
    public var result: LoadResult
    /// When it finished, in the caller's clock (seconds).
    public var time: Double

    /// Makes a completion.
    public init(ticket: LoadTicket, result: LoadResult, time: Double) {
        self.ticket = ticket
        self.result = result
        self.time = time
    }
}
