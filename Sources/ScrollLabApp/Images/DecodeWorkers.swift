import Dispatch
import Foundation
import ScrollLabCore

/// Runs image work off the render thread: each job gets its bytes (a file read after the simulated
/// latency, a disk cache entry, a body fetched over HTTP), decodes them with SDL2_image on a thread below
/// the render thread's priority (`DecodeThreads`) and posts its outcome to the mailbox.
///
/// Concurrency is bounded by the pipeline (it never begins more than its limit), so this type only
/// dispatches; it holds no SDL pointers.
struct DecodeWorkers: Sendable {
    /// Where outcomes go.
    let mailbox: DecodeMailbox
    /// The largest image side the renderer can hold in a texture, in pixels.
    let maxDimension: Int
    /// One thread a core, below the render thread's priority (`DecodeThreads`).
    private let threads: DecodeThreads
    /// Where the threads run (`DecodeThreads.placement`).
    var placement: ThreadPlacement? { threads.placement }

    /// Makes workers posting into `mailbox`, refusing images with a side over `maxDimension` pixels, their
    /// threads on `placement`'s decode CPUs when given.
    init(mailbox: DecodeMailbox, maxDimension: Int, placement: ThreadPlacement? = nil) {
        self.mailbox = mailbox
        self.maxDimension = maxDimension
        threads = DecodeThreads(width: ProcessInfo.processInfo.activeProcessorCount, placement: placement)
    }

    /// Starts decoding `path` for `ticket` after `latency` seconds (shrunk to `fitting` when larger).
    func start(ticket: Int, path: AssetFile, latency: Double, fitting: PixelSize? = nil, plan: DecodePlan = DecodePlan()) {
        let maxDimension = self.maxDimension
        run(ticket: ticket, after: latency) {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = ImageDecoder.decode(path: path, maxDimension: maxDimension, fitting: fitting, plan: plan)
            return .init(ticket: ticket, result: result, decodeSeconds: Self.seconds(since: start))
        }
    }

    /// Starts a job for `ticket`: `bytes` gives the image's bytes (or why there are none, or nil: fetch it
    /// again, the disk cache's entry was bad), which are decoded (shrunk to `fitting` when larger); `keep`
    /// gets the bytes of an image that decoded (to store them in the disk cache).
    /// With `onMain` (`--decode-on-main`) the job only gets the bytes: the outcome carries them
    /// undecoded (`Outcome.undecoded`) and the render thread decodes them.
    func start(ticket: Int, origin: DecodeMailbox.Origin, fitting: PixelSize?, plan: DecodePlan = DecodePlan(),
               onMain: Bool = false, keep: (@Sendable ([UInt8]) -> Void)? = nil,
               bytes: @escaping @Sendable () -> Result<[UInt8], ImageDecodeFailure>?) {
        let maxDimension = self.maxDimension
        run(ticket: ticket, after: 0) {
            switch bytes() {
            case nil:
                return .init(ticket: ticket, result: .failure(.init(reason: "disk cache entry corrupt")), origin: origin, refetch: true)
            case let .failure(failure)?:
                return .init(ticket: ticket, result: .failure(failure), origin: origin)
            case let .success(data)? where onMain:
                return .init(ticket: ticket, result: .failure(.init(reason: "not decoded yet")), origin: origin,
                             undecoded: DecodeMailbox.Undecoded(bytes: data, keep: keep))
            case let .success(data)?:
                let start = DispatchTime.now().uptimeNanoseconds
                let result = ImageDecoder.decode(bytes: data, maxDimension: maxDimension, fitting: fitting, plan: plan)
                let seconds = Self.seconds(since: start)
                if case .success = result { keep?(data) }
                return .init(ticket: ticket, result: result, origin: origin, decodeSeconds: seconds)
            }
        }
    }

    private func run(ticket: Int, after latency: Double, _ job: @escaping @Sendable () -> DecodeMailbox.Outcome) {
        let mailbox = self.mailbox
        let work: @Sendable () -> Void = {
            guard mailbox.begin(ticket) else { mailbox.forget(ticket); return }
            mailbox.post(job())
        }
        let threads = self.threads
        if latency > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + latency) { threads.async(work) }
        } else {
            threads.async(work)
        }
    }

    /// Seconds since `start` (`DispatchTime` nanoseconds).
    static func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9 }

    /// Waits up to `timeout` seconds for running decodes to finish (used at exit).
    func drain(timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        while mailbox.runningCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }
}
