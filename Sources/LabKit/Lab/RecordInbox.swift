import ScrollKit

/// Where a scroll view's event handler drops its records until someone collects them: a reference, so
/// the handler (an escaping closure) and the collector share one list. The headless replay and the
/// window's scene adapter both use it.
public final class RecordInbox {
    /// Records not yet collected, oldest first.
    public var records: [ScrollEventRecord] = []

    /// An empty inbox.
    public init() {}

    /// Adds one record (the event handler's side).
    public func append(_ record: ScrollEventRecord) { records.append(record) }

    /// The records collected so far, oldest first, leaving the inbox empty (its storage kept for the next ones).
    public func takeAll() -> [ScrollEventRecord] {
        defer { records.removeAll(keepingCapacity: true) }
        return records
    }
}
