import ScrollKit

/// Chrome's effective connection type (net::EffectiveConnectionType), from the HTTP round trip as its
/// network quality estimator classifies it: slow-2G from 2010 ms, 2G from 1420 ms, 3G from 272 ms, else
/// 4G (`kHttpRttEffectiveConnectionTypeThresholds`, net/nqe/network_quality_estimator_params.cc; the lab
/// models the round trip only). Unknown when there is no estimate.
public enum EffectiveConnectionType: String, CaseIterable, Sendable {
    case unknown = "Unknown", slow2G = "Slow-2G", twoG = "2G", threeG = "3G", fourG = "4G"

    /// The type Chrome gives a network whose requests see their first byte after `httpRoundTrip` seconds.
    public init(httpRoundTrip: Double?) {
        guard let rtt = httpRoundTrip else { self = .unknown; return }
        switch rtt {
        case 2.010...: self = .slow2G
        case 1.420...: self = .twoG
        case 0.272...: self = .threeG
        default: self = .fourG
        }
    }

    /// `lazyLoadingImageMarginPx*` (third_party/blink/renderer/core/frame/settings.json5): how far from
    /// the viewport a `loading="lazy"` image starts loading, CSS px (lab points).
    public var lazyImageMargin: Double {
        switch self {
        case .unknown: return 3000
        case .slow2G: return 8000
        case .twoG: return 6000
        case .threeG: return 2500
        case .fourG: return 1250
        }
    }

    /// The value of Chrome's `--force-effective-connection-type` switch for this type.
    public var switchValue: String { rawValue }
}

/// Peer policy `chrome` (B-PEER-2): `<img loading="lazy">` in Chrome (Blink's `LazyLoadImageObserver`,
/// third_party/blink/renderer/core/html/lazy_load_image_observer.cc):
///
/// - One IntersectionObserver for the document, made with the first lazy image: its margin is the
///   effective connection type's `lazyLoadingImageMarginPx*` then, and stays (4G 1250 px, 3G 2500,
///   2G 6000, slow-2G 8000, unknown 3000). The margin extends the viewport above and below, and by half
///   of it to each side (`scroll_margin`: top and bottom the margin, right and left margin / 2), which
///   decides how far along a carousel's row images load.
/// - The observer runs in each rendering update after the scroll: an image whose box overlaps the
///   extended viewport by some area starts its fetch and is no longer observed (threshold: the smallest
///   float, which a box that only touches the band does not reach). The page scrolls by whole CSS pixels
///   (a device scale factor of 1, as the check's page: `scrollTo` rounds), so the band is taken at the
///   offset rounded. It is fetched once; a fetch is never cancelled by scrolling away.
/// - A tile coming on screen shows its image: from the cache, the fetch in flight, or, when the lab's
///   12-image cache has let it go, fetched again (a disk hit under a network). Chrome's document keeps
///   its decoded images: the lab's shared cache is the one difference of pipeline.
/// - Chrome's pipeline is the shared one (HTTP/1.1, 6 connections per host), so no `@shipped` variant.
public struct ChromePolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .chrome }
    public var cancelsOnRebind: Bool { false }

    /// The observer's margin, points: fixed by the first decision (nil before).
    public private(set) var margin: Double?
    /// The type that margin came from.
    public private(set) var connectionType: EffectiveConnectionType?
    /// Items whose fetch has started (no longer observed).
    public var requested: Set<Int> { requestedItems.set }
    private var requestedItems = ItemSet()
    private var storage = DecisionStorage()
    private let forcedType: EffectiveConnectionType?

    /// Chrome with the type its estimator gives the network, or `connectionType` when forced.
    public init(connectionType: EffectiveConnectionType? = nil) {
        forcedType = connectionType
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            // A tile on screen shows its image: from the cache, the fetch in flight, or fetched again.
            for item in items { requestedItems.insert(item) }
            return storage.load(items)
        case .frame, .bind:
            return observe(context)
        default:
            return .none
        }
    }

    /// The observer's pass: every unrequested item overlapping the viewport extended by the margin,
    /// the ones on screen first, then by distance.
    public mutating func observe(_ context: LoadingContext) -> LoadDecision {
        let m = margin ?? establishMargin(context)
        let b = context.bounds
        let y = b.minY.rounded(), x = b.minX.rounded()
        let top = y - m, bottom = y + b.height + m
        let left = x - m / 2, right = x + b.width + m / 2
        var decision = storage.begin()
        for item in context.items(in: Rect(x: left, y: top, width: right - left, height: bottom - top))
        where !requestedItems.contains(item) {
            let f = context.frame(of: item)
            guard f.maxY > top, f.minY < bottom, f.maxX > left, f.minX < right else { continue }
            requestedItems.insert(item)
            let dy = f.maxY < b.minY ? b.minY - f.maxY : (f.minY > b.maxY ? f.minY - b.maxY : 0)
            let dx = f.maxX < b.minX ? b.minX - f.maxX : (f.minX > b.maxX ? f.minX - b.maxX : 0)
            let distance = Swift.max(dx, dy)
            decision.load.append(LoadRequest(item: item, priority: distance == 0 ? 0 : 1 + distance / 10_000))
        }
        decision.load.sort { ($0.priority, $0.item) < ($1.priority, $1.item) }
        return storage.end(decision)
    }

    private mutating func establishMargin(_ context: LoadingContext) -> Double {
        let type = forcedType ?? EffectiveConnectionType(httpRoundTrip: context.httpRoundTrip)
        connectionType = type
        margin = type.lazyImageMargin
        return type.lazyImageMargin
    }
}

extension LoadingPolicyKind {
    /// Chrome's `<img loading="lazy">`: fetched once within a margin of the viewport set by the network.
    public static let chrome = LoadingPolicyKind(name: "chrome", declaration: Declaration(
        summary: "fetch once within a margin of the viewport set by the connection type", origin: .peer,
        system: "Chromium 156 loading=lazy", colour: (66, 133, 244))) { _ in ChromePolicy() }
}
