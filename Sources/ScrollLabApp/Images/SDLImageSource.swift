import LabKit
import ScrollKit
import ScrollLabCore

/// The grid's `ImageSource` in the window: forwards to the render thread's `ImageLoader`.
struct SDLImageSource: ImageSource {
    /// The loader doing the work.
    let loader: ImageLoader
    /// The size a grid tile draws its image at, points: textures are kept at that size.
    var drawnSize = GridLayout().tileSize
    /// With a feed, the size each image is drawn at, by asset (its first item's frame): what it is
    /// downsampled to at decode (nil: `drawnSize` for every image).
    var drawnSizes: [Size]?

    /// The source of a pipeline: it takes the loader's completions itself.
    init(loader: ImageLoader) {
        self.loader = loader
        loader.takesCompletionsOnDemand = true
    }

    mutating func begin(_ ticket: LoadTicket, time: Double) { loader.begin(ticket, time: time, drawnSize: drawnSize(of: ticket.key)) }

    mutating func begin(_ ticket: LoadTicket, priority: Double, time: Double) {
        loader.begin(ticket, time: time, drawnSize: drawnSize(of: ticket.key), priority: priority)
    }

    /// The size `key`'s image is drawn at, points.
    func drawnSize(of key: ImageKey) -> Size {
        guard let drawnSizes, key.asset >= 0, key.asset < drawnSizes.count else { return drawnSize }
        return drawnSizes[key.asset]
    }

    /// Each feed image's drawn size, the frame of the first item showing it (nil without a feed).
    static func drawnSizes(_ c: GridSceneConfiguration) -> [Size]? {
        guard let feed = c.feed else { return nil }
        let layout = c.feedGeometry
        var out: [Size?] = Array(repeating: nil, count: feed.images.count)
        for (i, item) in feed.items.enumerated() where item.image >= 0 && item.image < out.count && out[item.image] == nil {
            let frame = layout.frame(ofItem: i)
            out[item.image] = Size(width: frame.width, height: frame.height)
        }
        return out.map { $0 ?? GridLayout().tileSize }
    }

    var traffic: SourceTraffic { loader.traffic }

    var httpRoundTrip: Double? { loader.httpRoundTrip }

    func isStoredLocally(_ key: ImageKey) -> Bool { loader.isStoredLocally(key) }

    /// The disk cache's index, as a policy reads the headless replay's modelled disk.
    var disk: MemoryCache<ImageKey>? { loader.diskIndex }

    func decodingKeys(at time: Double) -> [ImageKey] { loader.decodingKeys(at: time) }

    mutating func cancel(_ ticket: LoadTicket) { loader.cancel(ticket) }

    mutating func nextCompletion(upTo time: Double) -> LoadCompletion? { loader.nextCompletion(upTo: time) }
}
