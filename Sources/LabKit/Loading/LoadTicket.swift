/// One load request handed to an `ImageSource`: a unique id (increasing in request order) and the image.
///
/// Ids are never reused, so a late result for a cancelled or replaced request is recognised and dropped.
public struct LoadTicket: Hashable, Sendable, CustomStringConvertible {
    /// Request id, unique within one pipeline, increasing in the order requests were made.
    public var id: Int
    /// The image to load.
    public var key: ImageKey

    /// Makes a ticket.
    public init(id: Int, key: ImageKey) {
        self.id = id
        self.key = key
    }

    /// "ticket <id> #<asset>", for logs.
    public var description: String { "ticket \(id) \(key)" }
}
