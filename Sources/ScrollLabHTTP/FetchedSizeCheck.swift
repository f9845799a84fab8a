import Synchronization

/// What a command's runs over a real server (`--source`) fetched against what they expected: each body's
/// size against the image's own (the feed's `bytes`, or the file's under `--assets` or bundled), and the
/// fetches that failed. A server whose files are not the run's images (another feed's folder, fewer files
/// than the feed has images) still answers, and the run would count its bytes as this feed's: the command
/// says so on standard error once its lines are written (B-NET-3).
package final class FetchedSizeCheck: Sendable {
    private struct Tally {
        var bodies = 0
        var differing = 0
        var first: (asset: Int, got: Int, expected: Int)?
        var failures: [String: Int] = [:]
    }
    private let tally = Mutex(Tally())

    package init() {}

    /// A body of `got` bytes for image `asset`, whose own size is `expected`.
    package func fetched(asset: Int, got: Int, expected: Int) {
        tally.withLock { t in
            t.bodies += 1
            guard got != expected else { return }
            t.differing += 1
            if t.first == nil { t.first = (asset, got, expected) }
        }
    }

    /// A fetch that failed with `reason`.
    package func failed(_ reason: String) {
        tally.withLock { t in
            t.failures[reason, default: 0] += 1
        }
    }

    /// The warnings for `source`, one line each (none when every body was its image's size and no fetch failed).
    package func warnings(source: String) -> [String] {
        tally.withLock { t in
            var lines: [String] = []
            if let first = t.first {
                lines.append("\(t.differing) of \(t.bodies) images fetched from \(source) were not their own size (the first, image \(first.asset): "
                             + "\(first.got) bytes, its own \(first.expected)): the run counts the server's bytes, not its images' (a folder of other "
                             + "images, or of files `feed generate --write-images` made larger than asked, which it says)")
            }
            let failed = t.failures.values.reduce(0, +)
            if failed > 0 {
                let reasons = t.failures.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
                lines.append("\(failed) of \(t.bodies + failed) fetches from \(source) failed (\(reasons))"
                             + (t.failures.keys.contains("HTTP 404") ? ": the server lacks some of the run's images (a feed with more images than its folder has files?)" : ""))
            }
            return lines
        }
    }
}
