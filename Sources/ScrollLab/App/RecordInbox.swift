import ScrollKit

/// Where a scroll view's event handler drops its records until the window collects them.
final class RecordInbox {
    /// Records not yet collected, oldest first.
    var records: [ScrollEventRecord] = []
}
