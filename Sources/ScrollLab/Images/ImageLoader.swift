import CSDL
import Foundation
import LabKit
import ScrollKit

/// The window's image source: decodes asset files with SDL2_image on worker threads after the
/// simulated source latency, and uploads them to textures on the render thread within a per-frame
/// budget. A load counts as finished for the model only once its texture exists, so a fade never
/// starts on an image that cannot be drawn yet.
///
/// Used from the render thread only (it owns the texture store); the workers reach it solely through
/// the `DecodeMailbox`.
final class ImageLoader {
    /// Image files, by asset index.
    let paths: [AssetFile]
    /// Simulated source latency, seconds (`L` cycles it).
    var latency: Double
    /// Textures of decoded images.
    let textures: TextureStore
    /// At most this many uploads per frame…
    var uploadsPerFrame = 4
    /// …and no more upload work than this per frame, seconds.
    var uploadBudget = 0.003
    /// Output pixels per point (the window's scale), for the pixel size an image is drawn at.
    var pixelScale = 1.0
    /// Longest time one frame spent on image work (draining and uploading), seconds.
    private(set) var worstFrameWork = 0.0
    /// Time the last `pump` spent on image work, seconds.
    private(set) var lastFrameWork = 0.0

    private let mailbox = DecodeMailbox()
    private let workers: DecodeWorkers
    private var begun: [Int: LoadTicket] = [:]
    private var decoded: [(LoadTicket, DecodedSurface)] = []
    private var ready: [LoadCompletion] = []
    private var warned: Set<String> = []
    /// Assets that failed to decode, with why: asked for again they fail at once, without decoding them
    /// again (the decoder's own error lines, such as libpng's, would repeat each time).
    private var failedAssets: [Int: String] = [:]
    /// Decode on the render thread, in `pump`, once the latency has passed (`--decode-on-main`: the
    /// classic mistake, to show what it costs in hitches).
    var decodesOnMain = false
    /// Decodes waiting for their latency to pass, with decodes on the render thread: ticket, file,
    /// size to fit, when due (`DispatchTime` seconds).
    private var dueOnMain: [(ticket: Int, path: AssetFile, fitting: PixelSize?, due: Double)] = []

    /// A loader for `paths` drawing with `renderer`.
    init(paths: [AssetFile], latency: Double, renderer: OpaquePointer) {
        self.paths = paths
        self.latency = latency
        self.textures = TextureStore(renderer: renderer)
        self.workers = DecodeWorkers(mailbox: mailbox, maxDimension: Self.maxTextureSide(renderer))
    }

    /// Starts loading `ticket` (after the latency, on a worker). `drawnSize`: the largest size the image
    /// is drawn at, points; its texture is kept at that size (nil: the image's own).
    func begin(_ ticket: LoadTicket, time: Double, drawnSize: Size? = nil) {
        guard !paths.isEmpty else {
            ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: "no images"), time: time))
            return
        }
        if let reason = failedAssets[ticket.key.asset % paths.count] {
            ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: reason), time: time))
            return
        }
        begun[ticket.id] = ticket
        let fitting = drawnSize.map {
            PixelSize(width: Int32(($0.width * pixelScale).rounded(.up)), height: Int32(($0.height * pixelScale).rounded(.up)))
        }
        let path = paths[ticket.key.asset % paths.count]
        if decodesOnMain {
            dueOnMain.append((ticket.id, path, fitting, Self.now() + latency))
            return
        }
        workers.start(ticket: ticket.id, path: path, latency: latency, fitting: fitting)
    }

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Drops `ticket`: a queued decode is skipped, a finished one freed, a ready one withdrawn.
    func cancel(_ ticket: LoadTicket) {
        guard begun.removeValue(forKey: ticket.id) != nil else { return }
        mailbox.cancel(ticket.id)
        dueOnMain.removeAll { $0.ticket == ticket.id }
        if let i = decoded.firstIndex(where: { $0.0 == ticket }) { decoded.remove(at: i).1.free() }
        ready.removeAll { $0.ticket == ticket }
    }

    /// Once per frame before the model steps: takes finished decodes and uploads some of them.
    /// Completions are stamped with the model time `time`.
    func pump(time: Double) {
        let start = SDL_GetPerformanceCounter()
        var outcomes = mailbox.drain()
        if !dueOnMain.isEmpty {
            // The render thread decodes every image whose latency has passed, whatever it costs the frame.
            let now = Self.now(), maxSide = workers.maxDimension
            for job in dueOnMain where job.due <= now {
                outcomes.append(.init(ticket: job.ticket, result: ImageDecoder.decode(path: job.path, maxDimension: maxSide,
                                                                                      fitting: job.fitting)))
            }
            dueOnMain.removeAll { $0.due <= now }
        }
        for outcome in outcomes {
            guard let ticket = begun[outcome.ticket] else {
                if case let .success(surface) = outcome.result { surface.free() }
                continue
            }
            switch outcome.result {
            case let .success(surface):
                decoded.append((ticket, surface))
            case let .failure(failure):
                begun[ticket.id] = nil
                failedAssets[ticket.key.asset % paths.count] = failure.reason
                warnOnce(path: paths[ticket.key.asset % paths.count].displayPath, reason: failure.reason)
                ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: failure.reason), time: time))
            }
        }
        var uploads = 0
        while !decoded.isEmpty, uploads < uploadsPerFrame, seconds(since: start) < uploadBudget {
            let (ticket, surface) = decoded.removeFirst()
            let bytes = surface.decodedBytes
            begun[ticket.id] = nil
            if textures.upload(surface, for: ticket.key.asset) {
                ready.append(LoadCompletion(ticket: ticket, result: .image(bytes: bytes), time: time))
            } else {
                ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: "texture upload failed"), time: time))
            }
            uploads += 1
        }
        lastFrameWork = seconds(since: start)
        worstFrameWork = Swift.max(worstFrameWork, lastFrameWork)
    }

    /// The earliest uploaded (or failed) load at or before `time`.
    func nextCompletion(upTo time: Double) -> LoadCompletion? {
        guard let first = ready.first, first.time <= time else { return nil }
        return ready.removeFirst()
    }

    /// Destroys every texture whose asset is not in `live` (the cache's keys and the images on screen),
    /// so texture memory follows the memory cache.
    func retainTextures(_ live: Set<Int>) {
        textures.removeAll { !live.contains($0) }
    }

    /// Stops the workers (waiting up to `timeout` seconds for decodes in progress) and frees everything.
    func shutdown(timeout: Double = 0.5) {
        mailbox.close()
        workers.drain(timeout: timeout)
        for (_, surface) in decoded { surface.free() }
        decoded.removeAll()
        textures.removeAll()
    }

    /// The renderer's largest texture side (`SDL_GetRendererInfo`); renderers that state none (0, the
    /// software renderer) get `ImageHeader.defaultMaxDimension`: a 32768-pixel-wide surface crashed
    /// its present.
    static func maxTextureSide(_ renderer: OpaquePointer) -> Int {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0 else { return ImageHeader.defaultMaxDimension }
        let stated = [info.max_texture_width, info.max_texture_height].filter { $0 > 0 }.map(Int.init)
        return min(stated.min() ?? ImageHeader.defaultMaxDimension, ImageHeader.defaultMaxDimension)
    }

    private func warnOnce(path: String, reason: String) {
        guard warned.insert(path).inserted else { return }
        writeStandardError("scrolllab: warning: \(path): \(reason)")
    }

    private func seconds(since start: UInt64) -> Double {
        Double(SDL_GetPerformanceCounter() &- start) / Double(SDL_GetPerformanceFrequency())
    }
}
