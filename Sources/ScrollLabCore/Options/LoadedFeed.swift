import LabKit

/// A feed file as read (`--feed FILE`), with its path (for messages and the trace).
package struct LoadedFeed: Sendable {
    package let path: String
    package let feed: Feed

    package init(path: String, feed: Feed) {
        self.path = path
        self.feed = feed
    }
}
