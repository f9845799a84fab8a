import ScrollLabCore
import Synchronization

/// Fetches finished on the fetcher's queue and not yet taken by the run's thread: ticket id, result and
/// the wall time it was seen (`HTTPImageFetcher.now()`).
package final class FetchArrivals: Sendable {
    package typealias Arrival = (id: Int, result: Result<[UInt8], ImageDecodeFailure>, wall: Double)
    private let list = Mutex<[Arrival]>([])

    package init() {}

    package func add(_ arrival: Arrival) { list.withLock { $0.append(arrival) } }

    package func takeAll() -> [Arrival] { list.withLock { a in defer { a.removeAll() }; return a } }
}
