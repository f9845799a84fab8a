import LabKit
import ScrollLabCore
import ScrollLabHTTP

/// The window's images over HTTP (`--source`): the fetcher, and when each load completes for the
/// pipeline, as the headless commands' `HTTPImageSource` says — its last byte placed on the model clock
/// plus the model's decode time — or once the real decode of its body has finished, if that is later (a
/// body that does not decode must fail the load). The texture follows within the upload budget.
struct HTTPRoute {
    /// The client.
    let fetcher: any ImageFetching
    /// Fetches finished on the fetcher's queue, not yet seen by the render thread.
    let arrivals = FetchArrivals()
    /// The model's decode time of each image.
    var decode: DecodeTimes
    /// The model's decoded size of each image.
    var sizes: ModelledDecodedSizes
    /// The HTTP round trip of the profile the server shapes (nil: none named), as `HTTPImageSource` gives it.
    var roundTrip: Double?
    /// Fetches in flight: when each started, on the model clock and the wall.
    var starts: [Int: (time: Double, wall: Double)] = [:]
    /// Bodies decoding: the earliest model time each load may complete, and how its response arrived.
    var decoding: [Int: (time: Double, timing: TransferTiming)] = [:]
    /// The model time of the last frame that took the workers' decodes: a decode taken now finished after it.
    var lastDrain = 0.0
}
