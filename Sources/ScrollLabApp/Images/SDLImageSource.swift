import LabKit
import ScrollKit
import ScrollLabCore

/// The grid's `ImageSource` in the window: forwards to the render thread's `ImageLoader`.
struct SDLImageSource: ImageSource {
    /// The loader doing the work.
    let loader: ImageLoader
    /// The size a grid tile draws its image at, points: textures are kept at that size.
    var drawnSize = GridLayout().tileSize

    /// The source of a pipeline: it takes the loader's completions itself.
    init(loader: ImageLoader) {
        self.loader = loader
        loader.takesCompletionsOnDemand = true
    }

    mutating func begin(_ ticket: LoadTicket, time: Double) { loader.begin(ticket, time: time, drawnSize: drawnSize) }

    mutating func begin(_ ticket: LoadTicket, priority: Double, time: Double) {
        loader.begin(ticket, time: time, drawnSize: drawnSize, priority: priority)
    }

    var traffic: SourceTraffic { loader.traffic }

    var httpRoundTrip: Double? { loader.networkProfile.map(NetworkImageSource.httpRoundTrip(of:)) ?? loader.latency }

    func isStoredLocally(_ key: ImageKey) -> Bool { loader.isStoredLocally(key) }

    func decodingKeys(at time: Double) -> [ImageKey] { loader.decodingKeys(at: time) }

    mutating func cancel(_ ticket: LoadTicket) { loader.cancel(ticket) }

    mutating func nextCompletion(upTo time: Double) -> LoadCompletion? { loader.nextCompletion(upTo: time) }
}
