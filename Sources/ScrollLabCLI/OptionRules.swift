import ArgumentParser
import LabKit
import ScrollLabCore

/// The rules of the options several commands share, declared once (§7: one option, one rule). Each
/// command's `validate()` calls them, so a bad value gives the same message and ArgumentParser's usage
/// exit code (64) everywhere. A negative number after any option reaches the rule ("must be between 0
/// and 60000") instead of being read as an option name ("Missing value"): the line checker attaches it
/// to its option (`NegativeValues`).
package enum OptionRules {
    /// `--latency-ms`: 0 to 60 000 ms.
    package static func latencyMs(_ value: Double) throws {
        guard value.isFinite, value >= 0, value <= 60_000 else {
            throw ValidationError("--latency-ms must be between 0 and 60000 (got \(value))")
        }
    }

    /// `--placeholder color|thumbhash`: only where the images have previews to show (the bundled images'
    /// built in, a feed's `thumbHash` fields). A `--assets` folder has none, and a feed whose images carry
    /// none would show nothing but the tile's fill: a sweep would report previews as buying nothing.
    static func placeholder(_ kinds: [PlaceholderKind], feed: Feed?, assets: String?) throws {
        guard kinds.contains(where: { $0 != .none }) else { return }
        if let feed {
            guard feed.images.contains(where: { $0.thumbHash != nil }) else {
                throw ValidationError("--placeholder needs previews: no image of the --feed has a thumbhash (docs/feeds.md; `feed generate` writes them)")
            }
        } else if assets != nil {
            throw ValidationError("--placeholder needs previews: the images of --assets have none built in (a --feed brings its own)")
        }
    }

    /// `--items`: 0 to 1 000 000.
    static func items(_ value: Int) throws {
        guard value >= 0, value <= 1_000_000 else { throw ValidationError("--items must be between 0 and 1000000 (got \(value))") }
    }

    /// `--columns`: 1 to `FeedParser.columnLimit`, and only for a `layout` that has columns (masonry,
    /// grid): a list or carousels would lay the feed out the same without it.
    static func columns(_ value: Int?, layout: FeedLayoutKind?) throws {
        guard let value else { return }
        guard (1...FeedParser.columnLimit).contains(value) else {
            throw ValidationError("--columns must be between 1 and \(FeedParser.columnLimit) (got \(value))")
        }
        if let layout, !layout.hasColumns {
            throw ValidationError("--columns lays out a masonry or a grid: the \(layout.rawValue) layout has no columns to set")
        }
    }

    /// `--refresh`: 10 to 1000 Hz.
    package static func refresh(_ value: Double?) throws {
        if let value, !(value.isFinite && value >= 10 && value <= 1000) {
            throw ValidationError("--refresh must be between 10 and 1000 Hz (got \(value))")
        }
    }

    /// `--cache-images`: 1 to 10 000 images in the memory cache.
    static func cacheImages(_ value: Int) throws {
        guard (1...10_000).contains(value) else { throw ValidationError("--cache-images must be between 1 and 10000 (got \(value))") }
    }

    /// `--connections`: 1 to 64 requests in flight.
    package static func connections(_ value: Int) throws {
        guard (1...64).contains(value) else { throw ValidationError("--connections must be between 1 and 64 (got \(value))") }
    }

    /// `--http 2`: only where a network is modelled (the constant latency has no connections to share).
    package static func http(_ value: HTTPVersion, hasNetwork: Bool) throws {
        guard value == .http1_1 || hasNetwork else {
            throw ValidationError("--http 2 needs a modelled network (--network PROFILE): --latency-ms's constant latency has no connections or bandwidth for HTTP/2 to share")
        }
    }

    /// `--tls`: only where a network is modelled (the constant latency has no connections to make; a real
    /// `--source` is TLS when its scheme is https).
    package static func tls(_ on: Bool, hasNetwork: Bool, hasSource: Bool = false) throws {
        guard !on || hasNetwork else {
            if hasSource {
                throw ValidationError("--tls models TLS under --network: a --source server is TLS when its URL is https:// (scrolllab serve --tls)")
            }
            throw ValidationError("--tls needs a modelled network (--network PROFILE): --latency-ms's constant latency has no connections to make")
        }
    }

    /// `--scale`: 0.25 to 4, the window's, a video's and the frame bench's alike (the 960×600 layout from
    /// 240×150 to 3840×2400; a window bigger than its screen is fitted to it).
    package static func scale(_ value: Double) throws {
        guard value.isFinite, (0.25...4).contains(value) else { throw ValidationError("--scale must be between 0.25 and 4 (got \(value))") }
    }

    /// `--touch-hz`: 10 to 1000 Hz. The velocity tracker keeps 20 samples (as Flutter's and Android's do);
    /// the `ios` estimator reads three pairs each at least 6 ms apart, so 20 samples must span 18 ms: above
    /// about 1000 Hz a fling read as a crawl (1200 Hz: 0.77 pt/ms where 1000 Hz gives 1.90).
    package static func touchHz(_ value: Double?) throws {
        if let value, !(value.isFinite && value >= 10 && value <= 1000) {
            throw ValidationError("--touch-hz must be between 10 and 1000 Hz (got \(value)): the velocity tracker's 20 samples must span the 18 ms its estimate reads")
        }
    }

    /// An option naming a folder the command writes files into (`--out DIR`, `--write-images DIR`): `-`
    /// elsewhere means standard output, which holds no folder, so it is refused rather than made a folder
    /// named `-`.
    static func folder(_ value: String?, option: String) throws {
        if value == "-" {
            throw ValidationError("\(option) names a folder to write files into: - (standard output) cannot hold them; give a folder")
        }
    }
}
