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
    private let queue = DispatchQueue(label: "scrolllab.decode", qos: .userInitiated, attributes: .concurrent)

    /// Makes workers posting into `mailbox`.
    init(mailbox: DecodeMailbox) {
        self.mailbox = mailbox
    }

    /// Starts decoding `path` for `ticket` after `latency` seconds.
    func start(ticket: Int, path: String, latency: Double) {
        let mailbox = self.mailbox
        let work: @Sendable () -> Void = {
            guard mailbox.begin(ticket) else { mailbox.forget(ticket); return }
            mailbox.post(.init(ticket: ticket, result: ImageDecoder.decode(path: path)))
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
