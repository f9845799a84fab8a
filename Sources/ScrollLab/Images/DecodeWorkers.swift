import Dispatch
import Foundation

/// Runs decodes off the render thread: each job waits out the simulated source latency, then
/// decodes with SDL2_image on a global queue and posts its outcome to the mailbox.
///
/// Concurrency is bounded by the pipeline (it never begins more than its limit), so this type only
/// dispatches; it holds no SDL pointers.
struct DecodeWorkers: Sendable {
    /// Where outcomes go.
    let mailbox: DecodeMailbox
    /// The largest image side the renderer can hold in a texture, in pixels.
    let maxDimension: Int
    private let queue = DispatchQueue(label: "scrolllab.decode", qos: .userInitiated, attributes: .concurrent)

    /// Makes workers posting into `mailbox`, refusing images with a side over `maxDimension` pixels.
    init(mailbox: DecodeMailbox, maxDimension: Int) {
        self.mailbox = mailbox
        self.maxDimension = maxDimension
    }

    /// Starts decoding `path` for `ticket` after `latency` seconds (shrunk to `fitting` when larger).
    func start(ticket: Int, path: AssetFile, latency: Double, fitting: PixelSize? = nil) {
        let mailbox = self.mailbox, maxDimension = self.maxDimension
        let work: @Sendable () -> Void = {
            guard mailbox.begin(ticket) else { mailbox.forget(ticket); return }
            mailbox.post(.init(ticket: ticket, result: ImageDecoder.decode(path: path, maxDimension: maxDimension, fitting: fitting)))
        }
        if latency > 0 {
            queue.asyncAfter(deadline: .now() + latency, execute: work)
        } else {
            queue.async(execute: work)
        }
    }

    /// Waits up to `timeout` seconds for running decodes to finish (used at exit).
    func drain(timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        while mailbox.runningCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }
}
