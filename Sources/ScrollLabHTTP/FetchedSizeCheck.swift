import Synchronization

/// What a command's runs over a real server (`--source`) fetched against what they expected: each body's
/// size against the image's own (the feed's `bytes`, or the file's under `--assets` or bundled), and the
/// fetches that failed. A server whose files are not the run's images (another feed's folder, fewer files
/// than the feed has images) still answers, and the run would count its bytes as this feed's: the command
/// says so on standard error once its lines are written (B-NET-3). So does a server that does not shape the
/// profile the runs name: `--network` labels a real run (its radio's energy, Chrome's margin), and nothing else
/// ties it to what `serve --network` shapes; the fastest first byte of a run's fetches tells them apart.
package final class FetchedSizeCheck: Sendable {
    private struct Tally {
        var bodies = 0
        var differing = 0
        var first: (asset: Int, got: Int, expected: Int)?
        var failures: [String: Int] = [:]
        /// Per profile named: the fastest time to first byte seen, and the profile's own HTTP round trip.
        var firstBytes: [String: (fastest: Double, roundTrip: Double)] = [:]
    }
    /// The fastest first byte under this share of the profile's round trip: the server shapes a faster link.
    static let fasterShare = 0.5
    /// Over this many round trips, and `slowerMargin` more: the server shapes a slower link (a new
    /// connection's handshake takes one more round trip, a loaded machine some milliseconds).
    static let slowerTimes = 2.0, slowerMargin = 0.1
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

    /// A response's first byte `seconds` after its request was made, in a run naming `profile`, whose HTTP
    /// round trip (the request up the uplink and the round trip, as the model gives it) is `roundTrip`.
    package func firstByte(after seconds: Double, profile: String, roundTrip: Double) {
        tally.withLock { t in
            let fastest = Swift.min(seconds, t.firstBytes[profile]?.fastest ?? .infinity)
            t.firstBytes[profile] = (fastest, roundTrip)
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
            for (profile, seen) in t.firstBytes.sorted(by: { $0.key < $1.key }) {
                let fast = seen.fastest < seen.roundTrip * Self.fasterShare
                let slow = seen.fastest > seen.roundTrip * Self.slowerTimes + Self.slowerMargin
                guard fast || slow else { continue }
                lines.append("the fastest first byte from \(source) came \(Self.milliseconds(seen.fastest)) after its request, where \(profile)'s "
                             + "round trip is \(Self.milliseconds(seen.roundTrip)): the server shapes a \(fast ? "faster" : "slower") link than the "
                             + "--network \(profile) the runs are labelled with (their energy and Chrome's margin are \(profile)'s); "
                             + "start it with `scrolllab serve --network \(profile)`")
            }
            return lines
        }
    }

    private static func milliseconds(_ seconds: Double) -> String {
        seconds < 0.01 ? String(format: "%.1f ms", seconds * 1000) : "\(Int((seconds * 1000).rounded())) ms"
    }
}
