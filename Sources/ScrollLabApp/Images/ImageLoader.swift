import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP

/// The window's image source: gets each image's bytes by its route — an asset file after the simulated
/// latency, an asset file once the modelled network (`--network`) delivers it, or a body fetched over
/// HTTP (`--source`) — with the disk cache in front of the network, decodes them (SDL2_image, or libjpeg's
/// scaled decode when downsampling) on worker threads or, with `--decode-on-main`, on the render thread,
/// and uploads them to textures on the render thread within a per-frame budget. The model decides when a
/// load completes, as headless: an asset file at its latency plus the model's decode time (decoded at
/// once, its texture is usually there first; a slower decode completes when it is), the modelled network
/// at its arrival (the texture follows: `ModelledNetwork`; the disk cache stores an image when the model's
/// bytes arrive, as the model's own disk does), a disk cache hit at the model's disk read plus
/// its decode time (read and decoded at once, as an asset file); a body fetched over HTTP completes when it
/// arrives and is decoded.
///
/// Used from the render thread only (it owns the texture store); the workers reach it solely through
/// the `DecodeMailbox`.
final class ImageLoader {
    /// Where images come from.
    enum Route {
        /// The asset files after a constant latency (`--latency-ms`).
        case files
        /// The asset files, complete when the network model says (`--network`).
        case modelled(ModelledNetwork)
        /// HTTP (`--source`).
        case http(HTTPRoute)
        /// The headless replay's source on the model clock, each image decoded and uploaded on this thread
        /// the moment the source finishes it (video export: the same frames every run).
        case virtualClock(any ImageSource)

        var isFiles: Bool { if case .files = self { true } else { false } }
    }

    /// Image files, by asset index.
    let paths: [AssetFile]
    /// Simulated source latency, seconds (`L` cycles it), of the `files` route.
    var latency: Double
    /// The route.
    private(set) var route: Route
    /// The disk cache in front of the network, if any, with the index a policy reads.
    private(set) var disk: IndexedDiskCache?
    /// What the disk cache held from an earlier launch when it was opened (nil: it was empty, or K has
    /// emptied it since).
    var diskWarmAtOpen: (entries: Int, bytes: Int)? { disk?.warmAtOpen }
    /// Distinct images the grid shows: the asset files', or the default when over HTTP without local files.
    var assetCount: Int { paths.isEmpty ? (isHTTP ? GridSceneConfiguration().assetCount : 0) : paths.count }
    /// The upload stage: textures, the per-frame budget and its figures.
    private(set) var uploader: TextureUploader
    /// The decode stage: worker threads posting into their mailbox.
    private let workers: DecodeWorkers
    /// Loads begun and not yet ready, by ticket id.
    private var begun: [Int: BegunLoad] = [:]
    /// Loads the pipeline has had complete (at the network's time) whose texture is still being made.
    private var following: Set<Int> = []
    /// Decoded images waiting for their upload.
    private var decoded: [(LoadTicket, DecodedSurface)] = []
    /// Loads uploaded or failed, waiting for the pipeline.
    private var ready: [LoadCompletion] = []
    /// The asset files' decodes on the workers as the model's loads take them.
    private var fileDecodes = FileDecodes()
    /// Assets that failed to decode.
    private var failures = DecodeFailures()
    /// True when a pipeline takes this loader's completions (`nextCompletion`): on the model clock the
    /// source's loads are then taken one per call there rather than all at once in `pump`.
    var takesCompletionsOnDemand = false
    /// How images decode: on which thread, downsampled or whole, under which memory limit.
    private var decoding = DecodeChoices()
    /// True while a replay runs: only the model's time counts, so a load due by a frame waits for its
    /// decode however long the wall clock takes (at most `replayDecodeWait` past the model's time for it),
    /// and the window's replay is the headless replay on a busy machine too. Live, a decode slower than
    /// the model's time completes when it is taken.
    var waitsForDueDecodes: Bool {
        get { decoding.waitsForDue }
        set { decoding.waitsForDue = newValue }
    }
    /// The longest a replay's frame waits for a due decode past the wall's moment for it, nanoseconds.
    static let replayDecodeWait: UInt64 = 5_000_000_000

    /// A load begun: its ticket, the pixel size its texture is kept at, how it decodes, and the pipeline's priority.
    private struct BegunLoad {
        let ticket: LoadTicket
        let fitting: PixelSize?
        let plan: DecodePlan
        let priority: Double
        /// An asset file's load on a worker, or a disk cache hit: when the model completes it (begun +
        /// latency, or the model's disk read, + the model's decode time, model seconds), as the headless
        /// replay's source does.
        var due: Double?
        /// When the model's time for it (`due`) has passed on the wall clock too (`DispatchTime`
        /// nanoseconds): until then the real decode has had less time than the model gave it.
        var dueWall: UInt64 = 0
        /// A take at or after `due` found its decode not done (after waiting for it): the load completes
        /// when its decode is taken, later than the model's time.
        var isLate = false
    }

    /// Asset files decoded on the workers: those taken at an input between frames (their loads completed
    /// there), for the next pump, and the model time up to which finished decodes were taken.
    private struct FileDecodes {
        var held: [DecodeMailbox.Outcome] = []
        var takenUpTo = -Double.infinity
    }

    /// Assets that failed to decode, with why: asked for again they fail at once, without decoding them
    /// again (the decoder's own error lines, such as libpng's, would repeat each time); each file is
    /// warned about once.
    private struct DecodeFailures {
        var reasons: [Int: String] = [:]
        var warned: Set<String> = []
    }

    /// How images decode (B-COST-1). With `onMain` (`--decode-on-main`: the classic mistake, to show what
    /// it costs in hitches) on the render thread: asset files once their latency has passed (`due` holds
    /// those waiting; decoded at the frame or input that finds them due, see `decodeDueFiles`), and, in
    /// `pump`, the bytes a worker fetched over HTTP or read (the modelled network's arrivals, the disk cache). `downsample` (`--downsample on`, the default): a JPEG larger than
    /// its tile's pixels at 2 px a point is decoded scaled by libjpeg. `memoryLimitBytes` (`--device`): an
    /// image whose decode would pass it is never allocated.
    private struct DecodeChoices {
        var onMain = false
        var downsample = true
        var memoryLimitBytes: Int?
        /// The model's decoded sizes the files' loads complete with (nil: what each decode allocated).
        var sizes: ModelledDecodedSizes?
        /// The model's decode time of each image: a file decoded on the render thread completes that long
        /// after its latency, as headless.
        var times = DecodeTimes(constant: 0)
        /// Ticket, file, size to fit, plan, when begun and the latency then (model seconds).
        var due: [(ticket: Int, path: AssetFile, fitting: PixelSize?, plan: DecodePlan, begin: Double, latency: Double)] = []
        /// A replay runs: due decodes are waited for (`waitsForDueDecodes`).
        var waitsForDue = false
    }

    /// Textures of decoded images.
    var textures: TextureStore { uploader.textures }
    /// At most this many uploads per frame.
    var uploadsPerFrame: Int {
        get { uploader.perFrame }
        set { uploader.perFrame = newValue }
    }
    /// No more upload work than this per frame, seconds.
    var uploadBudget: Double {
        get { uploader.budget }
        set { uploader.budget = newValue }
    }
    /// Output pixels per point (the window's scale), for the pixel size an image is drawn at.
    var pixelScale: Double {
        get { uploader.pixelScale }
        set { uploader.pixelScale = newValue }
    }
    /// Longest time one frame spent on image work (draining and uploading), seconds.
    var worstFrameWork: Double { uploader.worstFrameWork }
    /// Decoded memory now and at its peak, the last image frame's decode and upload time (the HUD's row).
    var figures: ImageWorkFigures {
        var f = uploader.figures
        f.decodesOnMain = decoding.onMain
        f.memoryLimitBytes = decoding.memoryLimitBytes
        return f
    }
    /// Time the last `pump` spent on image work, seconds.
    var lastFrameWork: Double { uploader.lastFrameWork }
    /// The decoded sizes the asset files' loads complete with, as the headless replay's and the other
    /// routes' (a feed's images at their tiles' pixels): the pipeline's memory cache counts these, as
    /// headless; the HUD's decoded memory counts what each decode allocated (a JPEG's scaled decode keeps
    /// up to four times a tile's pixels). Nil: each decode's allocation.
    var modelledSizes: ModelledDecodedSizes? {
        get { decoding.sizes }
        set { decoding.sizes = newValue }
    }
    /// The model's decode times (`decodeDueFiles`), as the headless replay's source has them.
    var modelledDecodeTimes: DecodeTimes {
        get { decoding.times }
        set { decoding.times = newValue }
    }
    /// Decode on the render thread (`--decode-on-main`).
    var decodesOnMain: Bool {
        get { decoding.onMain }
        set { decoding.onMain = newValue }
    }
    /// Downsample JPEGs at decode to their tile's pixels (`--downsample on`).
    var downsample: Bool {
        get { decoding.downsample }
        set { decoding.downsample = newValue }
    }
    /// The device's memory limit (`--device`): an image whose decode would pass it is never allocated.
    var memoryLimitBytes: Int? {
        get { decoding.memoryLimitBytes }
        set { decoding.memoryLimitBytes = newValue }
    }

    /// The plan of a load drawn at `drawnSize` points: downsampled to its pixels at
    /// `FeedDecodedSizes.pixelsPerPoint` (the model's rule), under the memory limit.
    func plan(drawnSize: Size?) -> DecodePlan {
        let scale = FeedDecodedSizes.pixelsPerPoint
        let target = decoding.downsample ? drawnSize.map {
            DecodePlan.ImagePixels(width: TextureUploader.pixels($0.width, scale), height: TextureUploader.pixels($0.height, scale))
        } : nil
        return DecodePlan(target: target, memoryLimitBytes: decoding.memoryLimitBytes)
    }
    private var mailbox: DecodeMailbox { workers.mailbox }

    /// A loader for `paths` drawing with `renderer`, over `route` with `disk` in front of the network;
    /// `sizes`: each image's transfer size (the disk index's costs, as the headless replay's); its decodes on
    /// `placement`'s decode CPUs when given.
    init(paths: [AssetFile], latency: Double, renderer: OpaquePointer, route: Route = .files, disk: DiskCache? = nil, sizes: [Int] = [],
         placement: ThreadPlacement? = nil) {
        self.paths = paths
        self.latency = latency
        self.route = route
        self.uploader = TextureUploader(textures: TextureStore(renderer: renderer))
        self.workers = DecodeWorkers(mailbox: DecodeMailbox(), maxDimension: Self.maxTextureSide(renderer), placement: placement)
        if let disk {
            let keys = (0..<Swift.max(assetCount, sizes.count)).compactMap { asset in diskKey(asset: asset).map { (asset, $0) } }
            self.disk = IndexedDiskCache(files: disk, sizes: sizes, keys: keys)
            // The disk stores what the model's bytes bring as they arrive, as the model's own disk would.
            if case var .modelled(model) = route {
                model.network.keepArrivals()
                self.route = .modelled(model)
            }
        }
    }

    /// The index of the disk cache a policy reads (nil: no disk cache): on the model clock the model's own,
    /// as the headless replay's pipeline reads it (a video's loads are then the replay's).
    var diskIndex: MemoryCache<ImageKey>? {
        if case let .virtualClock(model) = route { return model.disk }
        return disk?.index
    }

    /// K: empties the disk cache; false when there is none.
    func clearDisk() -> Bool {
        guard disk != nil else { return false }
        disk?.clear()
        return true
    }

    /// A loader of `paths` from the files, for a scene's own pictures (the photos): the same renderer and
    /// pixel scale, no latency and no network; on the model clock when this one is (a video's frames).
    func loader(for paths: [AssetFile]) -> ImageLoader {
        let route: Route
        if case .virtualClock = self.route {
            route = .virtualClock(VirtualImageSource(latency: 0, decodeCost: 0, bytesPerImage: 0))
        } else {
            route = .files
        }
        let loader = ImageLoader(paths: paths, latency: 0, renderer: textures.renderer, route: route, placement: workers.placement)
        loader.pixelScale = pixelScale
        return loader
    }

    /// True when images come over HTTP.
    var isHTTP: Bool { if case .http = route { return true } else { return false } }

    /// The network profile of the modelled route.
    var networkProfile: NetworkProfile? { if case let .modelled(model) = route { return model.network.profile } else { return nil } }

    /// The HTTP round trip a policy reads, as the headless source of the same route gives it: the files'
    /// latency, the modelled profile's, the model's own; over HTTP the profile's the server shapes, when
    /// one is named (as `HTTPImageSource`).
    var httpRoundTrip: Double? {
        switch route {
        case .files: return latency
        case let .modelled(model): return model.network.httpRoundTrip
        case let .virtualClock(model): return model.httpRoundTrip
        case let .http(http): return http.roundTrip
        }
    }

    /// Switches the modelled network to `profile` (L); loads in flight go on at the new rates.
    func setNetworkProfile(_ profile: NetworkProfile) {
        guard case var .modelled(model) = route else { return }
        model.network.profile = profile
        route = .modelled(model)
    }

    /// What crossed the network and came from disk since the loader was made.
    var traffic: SourceTraffic {
        var t = SourceTraffic()
        switch route {
        case .files: break
        case let .virtualClock(model): return model.traffic   // the model's own disk, as headless
        case let .modelled(model): t = model.network.traffic
        case let .http(http):
            (t.networkBytes, t.requests) = http.fetcher.traffic
            t.cancelledBytes = http.fetcher.cancelledBytes   // part of wastedBytes, as headless over --source
        }
        t.diskHits = disk?.hits ?? 0
        t.diskCorrupt = disk?.files.corruptCount ?? 0
        return t
    }

    /// The disk cache key of asset `asset`: its URL over HTTP, else its file (path and size).
    func diskKey(asset: Int) -> String? {
        switch route {
        case .files, .virtualClock: return nil
        case let .http(http): return http.fetcher.url(for: asset)?.absoluteString
        case let .modelled(model):
            if let identities = model.identities { return asset < identities.count ? identities[asset] : nil }
            guard !paths.isEmpty else { return nil }
            // A feed's image past the files draws one of them again, but is an image of its own.
            let file = paths[asset % paths.count], own = asset >= paths.count ? "#\(asset)" : ""
            return file.diskCacheKey + own
        }
    }

    /// True when `key`'s image is on this device already (the disk cache, or the model's own disk on
    /// the model clock): a load of it measures no network (Adaptive leaves it out of its estimate).
    func isStoredLocally(_ key: ImageKey) -> Bool {
        switch route {
        case let .virtualClock(model): return model.isStoredLocally(key)
        case .modelled: return disk?.index.contains(key) ?? false   // listed as the model's disk lists it
        case .files, .http:
            guard let disk, let diskKey = diskKey(asset: key.asset) else { return false }
            return disk.files.contains(diskKey)
        }
    }

    /// The keys a modelled route is decoding at `time` (the resident bytes count their buffers, as headless):
    /// the asset files' and the disk hits' too, on the model's decode times; none for HTTP, whose decodes are
    /// this machine's own.
    func decodingKeys(at time: Double) -> [ImageKey] {
        switch route {
        case let .virtualClock(model): return model.decodingKeys(at: time)
        case let .modelled(model): return model.network.decodingKeys(at: time) + decodingFiles(at: time, onMainJobs: false)
        case .files: return decodingFiles(at: time)
        case .http: return []
        }
    }

    /// Starts loading `ticket` (by its route, on a worker). `drawnSize`: the largest size the image
    /// is drawn at, points; its texture is kept at that size (nil: the image's own). `priority`: the
    /// pipeline's, seconds until needed.
    func begin(_ ticket: LoadTicket, time: Double, drawnSize: Size? = nil, priority: Double = 0) {
        guard !paths.isEmpty || isHTTP else {
            ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: "no images"), time: time))
            return
        }
        if !isHTTP, let reason = failures.reasons[ticket.key.asset % paths.count] {
            ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: reason), time: time))
            return
        }
        let fitting = uploader.fitting(drawnSize), plan = plan(drawnSize: drawnSize)
        begun[ticket.id] = BegunLoad(ticket: ticket, fitting: fitting, plan: plan, priority: priority)
        if let disk, let key = diskKey(asset: ticket.key.asset), isStoredLocally(ticket.key) {
            self.disk?.reading(ticket.key)
            // The model's disk read and decode, as the headless replay's modelled disk completes a hit; the
            // real read and decode start now, so the texture is usually there first.
            setDue(ticket, at: time, after: NetworkImageSource.diskReadTime(bytes: disk.cost(of: ticket.key)) + decoding.times.seconds(ticket.key))
            let read = disk.reader
            workers.start(ticket: ticket.id, origin: .disk, fitting: fitting, plan: plan, onMain: decoding.onMain) {
                read(key).map { .success($0) }
            }
            return
        }
        fetch(ticket, time: time)
    }

    /// `ticket`, begun at model time `time`, completes `seconds` later on the model clock; the wall clock's
    /// moment for it is as long after now.
    private func setDue(_ ticket: LoadTicket, at time: Double, after seconds: Double) {
        begun[ticket.id]?.due = time + seconds
        begun[ticket.id]?.dueWall = DispatchTime.now().uptimeNanoseconds &+ UInt64(Swift.min(Swift.max(seconds, 0), 3600) * 1e9)
    }

    /// True when a load the model completes by `time` has its decode still to be taken (not yet late).
    private func owesDueDecodes(upTo time: Double) -> Bool {
        begun.values.contains { load in load.due.map { $0 <= time } == true && !load.isLate }
    }

    /// Before finished decodes are taken at model time `time`: with `waits`, waits for those of the loads
    /// due by then, each until its decode is posted or the wall clock has given it the model's time
    /// (`dueWall`); those still not decoded are late. A replay delivers the inputs between two frames at
    /// the second frame's moment, and a load the pipeline begins at a completion inside a frame is begun
    /// at that frame's moment too, so without the wait such a load (a disk hit: a few milliseconds of
    /// model time) reached the frame's take with no wall time for its decode and completed a frame late;
    /// live, the wall has already given it that time, and a decode slower than the model's completes
    /// when it is, as before.
    private func awaitDueDecodes(upTo time: Double, waits: Bool = true) {
        var latest: UInt64 = 0
        var waiting: [Int] = []
        for (id, load) in begun {
            guard let due = load.due, due <= time, !load.isLate else { continue }
            waiting.append(id)
            latest = Swift.max(latest, load.dueWall &+ (waitsForDueDecodes ? Self.replayDecodeWait : 0))
        }
        while waits, !waiting.isEmpty, DispatchTime.now().uptimeNanoseconds < latest {
            waiting.removeAll { mailbox.hasOutcome(for: $0) }
            if !waiting.isEmpty { usleep(100) }
        }
        for id in waiting where !mailbox.hasOutcome(for: id) { begun[id]?.isLate = true }
    }

    /// Sends `ticket` down its route past the disk cache.
    private func fetch(_ ticket: LoadTicket, time: Double) {
        let fitting = begun[ticket.id]?.fitting, plan = begun[ticket.id]?.plan ?? DecodePlan()
        switch route {
        case .files:
            let path = paths[ticket.key.asset % paths.count]
            if decoding.onMain {
                decoding.due.append((ticket.id, path, fitting, plan, time, latency))
                return
            }
            // The latency is the model's: the load completes at its time plus the model's decode time,
            // as headless, on whatever clock the window runs (a replay's model time drifts from the wall
            // clock). The file is decoded at once, so its texture is there by then.
            setDue(ticket, at: time, after: latency + decoding.times.seconds(ticket.key))
            workers.start(ticket: ticket.id, path: path, latency: 0, fitting: fitting, plan: plan)
        case var .modelled(model):
            model.network.begin(ticket, time: time)
            storeArrivals(&model)
            route = .modelled(model)
        case var .virtualClock(model):
            model.begin(ticket, time: time)
            route = .virtualClock(model)
        case var .http(http):
            http.starts[ticket.id] = (time, HTTPImageFetcher.now())
            route = .http(http)
            let arrivals = http.arrivals, id = ticket.id
            http.fetcher.fetch(ticket: id, asset: ticket.key.asset, priority: begun[id]?.priority ?? 0) { result in
                arrivals.add((id, result, HTTPImageFetcher.now()))
            }
        }
    }

    /// What stores a fetched image's bytes under `key` in the disk cache (nil: no cache or no key).
    private func storing(_ key: String?) -> (@Sendable ([UInt8]) -> Void)? {
        guard let files = disk?.files, let key else { return nil }
        return { bytes in files.write(key, payload: bytes) }
    }

    /// The virtual-clock source's loads finished by `time` (at most `limit` of them): each image decoded
    /// and uploaded now, its completion stamped with the source's own time (as headless), whatever the
    /// decode costs; a load the source failed fails.
    private func takeVirtualCompletions(upTo time: Double, limit: Int = .max) {
        guard case var .virtualClock(model) = route else { return }
        var finished: [LoadCompletion] = []
        while finished.count < limit, let c = model.nextCompletion(upTo: time) {
            if begun[c.ticket.id] != nil { finished.append(c) }
        }
        route = .virtualClock(model)
        for c in finished {
            let load = begun.removeValue(forKey: c.ticket.id)
            let fitting = load?.fitting
            if case .failed = c.result {
                ready.append(c)
                continue
            }
            let path = paths[c.ticket.key.asset % paths.count]
            switch ImageDecoder.decode(path: path, maxDimension: workers.maxDimension, fitting: fitting, plan: load?.plan ?? DecodePlan()) {
            case let .success(surface):
                // The model's decoded size, as headless, so the memory figures match it.
                var bytes = surface.decodedBytes
                if case let .image(bytes: modelled) = c.result { bytes = modelled }
                let uploaded = textures.upload(surface, for: c.ticket.key.asset)
                ready.append(LoadCompletion(ticket: c.ticket, result: uploaded ? .image(bytes: bytes) : .failed(reason: "texture upload failed"),
                                            time: c.time, timing: c.timing))
            case let .failure(failure):
                ready.append(LoadCompletion(ticket: c.ticket, result: .failed(reason: failure.reason), time: c.time))
            }
        }
    }

    /// The modelled network's completions up to `time` (at most `limit` of them), each passed on at the
    /// model's time while its file is read and decoded; the texture follows
    /// (`ModelledNetwork.following`).
    private func takeModelledCompletions(upTo time: Double, limit: Int = .max) {
        guard case var .modelled(model) = route else { return }
        var finished: [LoadCompletion] = []
        while finished.count < limit, let c = model.nextCompletion(upTo: time) {
            if begun[c.ticket.id] != nil { finished.append(c) }
        }
        for c in finished {
            ready.append(c)
            guard case .image = c.result, let load = begun[c.ticket.id] else {
                begun[c.ticket.id] = nil
                continue
            }
            following.insert(c.ticket.id)
            let file = paths[c.ticket.key.asset % paths.count]
            workers.start(ticket: c.ticket.id, origin: .network, fitting: load.fitting, plan: load.plan, onMain: decoding.onMain) {
                ImageDecoder.fileBytes(file).map { .success($0) } ?? .failure(.init(reason: "cannot read the file"))
            }
        }
        storeArrivals(&model)
        route = .modelled(model)
    }

    /// The images whose bytes arrived in `model` since it was last asked go into the disk cache: listed
    /// at once, as the model's own disk lists them (a load cancelled while it decodes is stored too), and
    /// each file written in the background from its asset file.
    private func storeArrivals(_ model: inout ModelledNetwork) {
        for key in model.network.takeArrivals() {
            guard let name = diskKey(asset: key.asset) else { continue }
            let file = paths[key.asset % paths.count]
            disk?.store(key, as: name) { ImageDecoder.fileBytes(file) }
        }
    }

    /// The HTTP fetches finished since the last frame (`time`): a body starts decoding on a worker and its
    /// load may complete at its last byte (placed on the model clock between the fetch's start and this
    /// frame, as the wall places it) plus the model's decode time; a failed fetch fails at its moment.
    /// Returns the previous frame's time (a decode taken in this frame finished after it).
    private func takeHTTPArrivals(time: Double) -> Double {
        guard case var .http(http) = route else { return time }
        let now = HTTPImageFetcher.now()
        for (id, result, wall) in http.arrivals.takeAll() {
            guard let load = begun[id], let start = http.starts.removeValue(forKey: id) else {
                _ = http.fetcher.takeTiming(ticket: id)
                continue
            }
            let span = FetchSpan(startTime: start.time, startWall: start.wall, endTime: time, endWall: now)
            switch result {
            case let .success(body):
                let seen = span.onClock(wall)
                let timing = http.fetcher.takeTiming(ticket: id).map(span.place)
                    ?? TransferTiming(firstByte: seen, lastByte: seen, bytes: body.count)
                http.decoding[id] = (timing.lastByte + http.decode.seconds(load.ticket.key), timing)
                workers.start(ticket: id, origin: .network, fitting: load.fitting, plan: load.plan, onMain: decoding.onMain,
                              keep: storing(diskKey(asset: load.ticket.key.asset))) { .success(body) }
            case let .failure(failure):
                _ = http.fetcher.takeTiming(ticket: id)
                begun[id] = nil
                ready.append(LoadCompletion(ticket: load.ticket, result: .failed(reason: failure.reason), time: span.onClock(wall)))
            }
        }
        defer { http.lastDrain = time; route = .http(http) }
        return http.lastDrain
    }

    /// The completion of an HTTP load whose body has been decoded (or failed to, `failure`) after model
    /// time `after`: at its network time plus the model's decode time, or `after` if later; with the
    /// model's decoded size (nil: not a fetched body).
    private func httpCompletion(_ ticket: LoadTicket, failure: String?, after: Double) -> LoadCompletion? {
        guard case var .http(http) = route, let due = http.decoding.removeValue(forKey: ticket.id) else { return nil }
        route = .http(http)
        let result: LoadResult = failure.map { .failed(reason: $0) } ?? .image(bytes: http.sizes.bytesPerImage)
        return http.sizes.sized(LoadCompletion(ticket: ticket, result: result, time: Swift.max(due.time, after), timing: due.timing))
    }

    /// True (and forgotten) when the pipeline has had `ticket` complete already and only its texture was owed.
    private func followed(_ ticket: Int) -> Bool {
        following.remove(ticket) != nil
    }

    /// Drops `ticket`: a fetch is cancelled, a queued decode skipped, a finished one freed, a ready one withdrawn.
    func cancel(_ ticket: LoadTicket) {
        guard begun.removeValue(forKey: ticket.id) != nil else { return }
        switch route {
        case .files: break
        case var .modelled(model):
            model.network.cancel(ticket)
            route = .modelled(model)
        case var .virtualClock(model):
            model.cancel(ticket)
            route = .virtualClock(model)
        case var .http(http):
            http.fetcher.cancel(ticket: ticket.id)
            http.starts[ticket.id] = nil
            http.decoding[ticket.id] = nil
            route = .http(http)
        }
        following.remove(ticket.id)
        mailbox.cancel(ticket.id)
        decoding.due.removeAll { $0.ticket == ticket.id }
        if let i = decoded.firstIndex(where: { $0.0 == ticket }) { decoded.remove(at: i).1.free() }
        ready.removeAll { $0.ticket == ticket }
    }

    /// Once per frame before the model steps: takes finished decodes and uploads some of them.
    /// Completions are stamped with the model time `time`.
    func pump(time: Double) {
        let start = SDL_GetPerformanceCounter()
        disk?.sync()
        if !takesCompletionsOnDemand {
            takeModelledCompletions(upTo: time)
            takeVirtualCompletions(upTo: time)
        }
        let drainedAfter = takeHTTPArrivals(time: time)
        awaitDueDecodes(upTo: time, waits: !decoding.onMain)
        var outcomes = fileDecodes.held + mailbox.drain()
        fileDecodes.held.removeAll()
        var decodeSeconds = outcomes.reduce(0) { $0 + $1.decodeSeconds }
        var mainDecodes = 0, mainDecodeSeconds = 0.0
        // --decode-on-main: bytes fetched or read by a worker are decoded here, whatever it costs the frame.
        for i in outcomes.indices {
            guard let undecoded = outcomes[i].undecoded else { continue }
            outcomes[i].undecoded = nil
            guard let load = begun[outcomes[i].ticket] else { continue }
            let began = DispatchTime.now().uptimeNanoseconds
            outcomes[i].result = ImageDecoder.decode(bytes: undecoded.bytes, maxDimension: workers.maxDimension, fitting: load.fitting, plan: load.plan)
            let seconds = DecodeWorkers.seconds(since: began)
            decodeSeconds += seconds
            mainDecodes += 1
            mainDecodeSeconds += seconds
            outcomes[i].decodeSeconds = seconds
            if case .success = outcomes[i].result { undecoded.keep?(undecoded.bytes) }
        }
        let files = decodeDueFiles(upTo: time)
        decodeSeconds += files.seconds
        mainDecodes += files.count
        mainDecodeSeconds += files.seconds
        for outcome in outcomes {
            guard let ticket = begun[outcome.ticket]?.ticket else {
                if case let .success(surface) = outcome.result { surface.free() }
                continue
            }
            if outcome.refetch {
                // The disk cache's entry was torn or corrupt (deleted and counted): fetch it again.
                disk?.forget(ticket.key)
                begun[ticket.id]?.due = nil
                fetch(ticket, time: time)
                continue
            }
            switch outcome.result {
            case let .success(surface):
                if outcome.origin == .disk { disk?.served() }
                if outcome.origin == .network, isHTTP { disk?.stored(ticket.key) }
                if let completion = httpCompletion(ticket, failure: nil, after: drainedAfter) {
                    // A fetched body decoded: the load completes at the network's time; the texture follows.
                    ready.append(completion)
                    following.insert(ticket.id)
                } else {
                    completeFile(ticket, bytes: surface.decodedBytes, time: time)
                }
                decoded.append((ticket, surface))
            case let .failure(failure):
                begun[ticket.id] = nil
                let owed = followed(ticket.id)
                if !isHTTP { noteFailure(asset: ticket.key.asset, reason: failure.reason) }
                if owed { textures.noteUndecodable(ticket.key.asset, reason: failure.reason) }
                if let completion = httpCompletion(ticket, failure: failure.reason, after: drainedAfter) {
                    ready.append(completion)
                } else if !owed {
                    ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: failure.reason), time: time))
                }
            }
        }
        fileDecodes.takenUpTo = Swift.max(fileDecodes.takenUpTo, time)
        var uploads = 0
        let uploadStart = SDL_GetPerformanceCounter()
        while !decoded.isEmpty, uploader.mayUpload(after: uploads, since: start) {
            let (ticket, surface) = decoded.removeFirst()
            let bytes = surface.decodedBytes
            begun[ticket.id] = nil
            if followed(ticket.id) {
                // The pipeline has this load already: only the texture was owed.
                if !textures.upload(surface, for: ticket.key.asset) { warnOnce(path: "image \(ticket.key.asset)", reason: "texture upload failed") }
            } else if textures.upload(surface, for: ticket.key.asset) {
                let completion = LoadCompletion(ticket: ticket, result: .image(bytes: bytes), time: time)
                ready.append(decoding.sizes?.sized(completion) ?? completion)
            } else {
                ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: "texture upload failed"), time: time))
            }
            uploads += 1
        }
        uploader.figures.noteFrame(decodeSeconds: decodeSeconds, uploadSeconds: uploads > 0 ? TextureUploader.seconds(since: uploadStart) : 0,
                                   mainDecodes: mainDecodes, mainDecodeSeconds: mainDecodeSeconds)
        uploader.figures.note(decodedBytes: textures.decodedBytes + decoded.reduce(0) { $0 + $1.1.decodedBytes })
        uploader.endFrame(since: start)
    }

    /// An asset file's load or a disk hit decoded on a worker (`due` set): it completes at the model's time for it when
    /// its decode was there for the first take at or after then (as headless: the usual case, the file is
    /// decoded at once), else at `time` (`isLate`); once, its texture following.
    private func completeFile(_ ticket: LoadTicket, bytes: Int, time: Double) {
        guard let load = begun[ticket.id], let due = load.due else { return }
        begun[ticket.id]?.due = nil
        let completion = LoadCompletion(ticket: ticket, result: .image(bytes: bytes), time: load.isLate ? Swift.max(due, time) : due)
        ready.append(decoding.sizes?.sized(completion) ?? completion)
        following.insert(ticket.id)
    }

    /// At an input between frames: the asset files and disk hits decoded since the last take complete (`completeFile`),
    /// so an input finds a load the model completed before it, as headless; the next pump uploads them.
    private func takeFileDecodes(upTo time: Double) {
        awaitDueDecodes(upTo: time)
        let outcomes = mailbox.drain()
        for outcome in outcomes where !outcome.refetch {
            guard case let .success(surface) = outcome.result, let ticket = begun[outcome.ticket]?.ticket else { continue }
            completeFile(ticket, bytes: surface.decodedBytes, time: time)
        }
        fileDecodes.held += outcomes
        fileDecodes.takenUpTo = Swift.max(fileDecodes.takenUpTo, time)
    }

    /// `--decode-on-main` over the asset files: the render thread decodes, one after another, every image
    /// whose latency has passed by `time` (model seconds), whatever it costs. The load completes at its due
    /// time plus the model's decode time, as the headless replay's source (and the HTTP route) completes it,
    /// so the pipeline keeps the headless schedule and the real decodes cost the real frames; the texture
    /// follows within the upload budget. Returns how many decoded and their seconds.
    private func decodeDueFiles(upTo time: Double) -> (count: Int, seconds: Double) {
        var count = 0, seconds = 0.0
        while let i = decoding.due.firstIndex(where: { $0.begin + $0.latency <= time }) {
            let job = decoding.due.remove(at: i)
            guard let ticket = begun[job.ticket]?.ticket else { continue }
            let began = DispatchTime.now().uptimeNanoseconds
            let result = ImageDecoder.decode(path: job.path, maxDimension: workers.maxDimension, fitting: job.fitting, plan: job.plan)
            let spent = DecodeWorkers.seconds(since: began)
            count += 1
            seconds += spent
            switch result {
            case let .success(surface):
                let completion = LoadCompletion(ticket: ticket, result: .image(bytes: surface.decodedBytes),
                                                time: job.begin + (job.latency + decoding.times.seconds(ticket.key)))
                ready.append(decoding.sizes?.sized(completion) ?? completion)
                following.insert(job.ticket)
                decoded.append((ticket, surface))
            case let .failure(failure):
                begun[job.ticket] = nil
                noteFailure(asset: ticket.key.asset, reason: failure.reason)
                ready.append(LoadCompletion(ticket: ticket, result: .failed(reason: failure.reason), time: time))
            }
        }
        return (count, seconds)
    }

    /// The files' loads and disk hits whose modelled decode is running at `time` (past their latency or
    /// read, not complete, whether or not the real decode is done): the resident bytes count their buffers,
    /// as headless. `onMainJobs`: with `--decode-on-main`, the files' loads are the jobs waiting their turn.
    private func decodingFiles(at time: Double, onMainJobs: Bool = true) -> [ImageKey] {
        let inModelDecode = { (due: Double, key: ImageKey) in due > time && due - self.decoding.times.seconds(key) <= time }
        var keys: [ImageKey] = [], listed = Set<Int>()
        if decoding.onMain, onMainJobs {
            for job in decoding.due where job.begin + job.latency <= time {
                if let ticket = begun[job.ticket]?.ticket { keys.append(ticket.key) }
            }
        } else {
            for (id, load) in begun {
                guard let due = load.due, inModelDecode(due, load.ticket.key) else { continue }
                keys.append(load.ticket.key)
                listed.insert(id)
            }
        }
        for completion in ready where !listed.contains(completion.ticket.id) && inModelDecode(completion.time, completion.ticket.key) {
            keys.append(completion.ticket.key)
        }
        return keys
    }

    /// An asset that failed to decode, with why: it fails at once from now on, and is warned about once.
    private func noteFailure(asset: Int, reason: String) {
        failures.reasons[asset % paths.count] = reason
        warnOnce(path: paths[asset % paths.count].displayPath, reason: reason)
    }

    /// The earliest finished (or failed) load at or before `time`. On the model clock, for a pipeline
    /// (`takesCompletionsOnDemand`), the source's loads are taken here, one per call, so each is
    /// delivered exactly when the headless replay's pipeline gets it. With `--decode-on-main` the asset
    /// files due by `time` are decoded first: an input between two frames finds them, as headless.
    func nextCompletion(upTo time: Double) -> LoadCompletion? {
        // Again at the same time when a load begun since (at a completion) is due by then.
        if !decoding.onMain, time > fileDecodes.takenUpTo ? route.isFiles || begun.values.contains(where: { $0.due != nil }) : owesDueDecodes(upTo: time) {
            takeFileDecodes(upTo: time)
        }
        if decoding.onMain, !decoding.due.isEmpty {
            let files = decodeDueFiles(upTo: time)
            if files.count > 0 {
                uploader.figures.noteFrame(decodeSeconds: files.seconds, uploadSeconds: 0, mainDecodes: files.count, mainDecodeSeconds: files.seconds)
            }
        }
        if takesCompletionsOnDemand {
            // One at a time: the pipeline begins its next load at this one's time before the source
            // moves on, as the headless replay's pipeline does. The source's next one comes first when it
            // is no later than a load waiting here (a disk hit or an asset file), as in the headless
            // source, which completes both.
            var upTo = time
            for completion in ready where completion.time < upTo { upTo = completion.time }
            takeModelledCompletions(upTo: upTo, limit: 1)
            takeVirtualCompletions(upTo: upTo, limit: 1)
        }
        // The earliest, ties by ticket (the order loads began), as the headless replay's source.
        guard let next = ready.indices.filter({ ready[$0].time <= time }).min(by: {
            (ready[$0].time, ready[$0].ticket.id) < (ready[$1].time, ready[$1].ticket.id)
        }) else { return nil }
        return ready.remove(at: next)
    }

    /// Destroys every texture whose asset is not in `live` (the cache's keys and the images on screen)
    /// nor owed to the pipeline (a completion not yet taken: a decode on the render thread or a fetched
    /// body is uploaded before the model's completion time), so texture memory follows the memory cache.
    func retainTextures(_ live: Set<Int>) {
        var keep = live
        for completion in ready { if case .image = completion.result { keep.insert(completion.ticket.key.asset) } }
        textures.removeAll { !keep.contains($0) }
    }

    /// Ends the transfers under way (waiting up to `timeout` seconds for their last counts), so `traffic`
    /// holds every byte the run cost; the window calls it before its summary.
    func stopTransfers(timeout: Double = 0.5) {
        if case let .http(http) = route { http.fetcher.stopTransfers(timeout: timeout) }
    }

    /// Stops the workers (waiting up to `timeout` seconds for decodes in progress, and at least 2 s for the
    /// disk cache's writes) and frees everything.
    func shutdown(timeout: Double = 0.5) {
        if case let .http(http) = route { http.fetcher.close() }
        mailbox.close()
        workers.drain(timeout: timeout)
        disk?.waitForWrites(timeout: Swift.max(timeout, 2))   // what the next launch finds
        for (_, surface) in decoded { surface.free() }
        decoded.removeAll()
        for outcome in fileDecodes.held { if case let .success(surface) = outcome.result { surface.free() } }
        fileDecodes.held.removeAll()
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
        guard failures.warned.insert(path).inserted else { return }
        writeStandardError("scrolllab: warning: \(path): \(reason)")
    }
}
