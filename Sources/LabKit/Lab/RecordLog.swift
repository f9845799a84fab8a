import ScrollKit

/// The growing list of records a replay collects (a reference, so the event handler can append).
final class RecordLog {
    /// Records in callback order.
    var records: [ScrollEventRecord] = []
}
