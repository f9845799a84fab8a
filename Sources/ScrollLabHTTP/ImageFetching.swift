import Foundation
import LabKit
import ScrollLabCore

/// What the lab asks of an HTTP image client, whichever it is: URLSession (`HTTPImageFetcher`, HTTP/1.1
/// over `http://`) or async-http-client (`AsyncImageFetcher`, HTTP/2 over TLS). `HTTPImageSource` (the
/// headless commands) and the window's `HTTPRoute` use either through this.
package protocol ImageFetching: AnyObject, Sendable {
    /// Fetches asset `asset` for `ticket`; `completion` runs once on the client's queue, unless cancelled.
    /// `priority` is the pipeline's: seconds until the image is needed (lower is sooner).
    func fetch(ticket: Int, asset: Int, priority: Double, completion: @escaping HTTPImageFetcher.Completion)
    /// Stops the fetch of `ticket`; its completion will not run.
    func cancel(ticket: Int)
    /// Body bytes received so far (cancelled and failed fetches included) and requests sent.
    var traffic: (bytes: Int, requests: Int) { get }
    /// Body bytes received by fetches cancelled by `cancel(ticket:)` that have ended (part of `traffic`'s bytes).
    var cancelledBytes: Int { get }
    /// How `ticket`'s fetch arrived, if it ended with a body (`DispatchTime` seconds), taken once.
    func takeTiming(ticket: Int) -> TransferTiming?
    /// Cancels everything, then waits up to `timeout` seconds for every transfer to end, so `traffic` counts
    /// the bytes each received up to its cancel.
    func stopTransfers(timeout: Double)
    /// Cancels everything and lets the client go.
    func close()
    /// The address of asset `asset`.
    func url(for asset: Int) -> URL?
}

extension HTTPImageFetcher: ImageFetching {}
