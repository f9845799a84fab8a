import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP

/// Builds what a phone shows from the command line: its image loader and its scenes. Every phone has
/// its own of each, so its numbers are its own.
@MainActor
struct SceneFactory {
    /// The window's options (the image route, the disk cache).
    let options: WindowOptions
    /// The asset files the images are read from.
    let imagePaths: [AssetFile]
    /// The renderer textures are uploaded to.
    let renderer: OpaquePointer
    /// Where the render thread and the decodes run (nil: one CPU; the decodes then keep off the first).
    var placement: ThreadPlacement?

    /// The phones of `sceneOptions` (compare mode: one per entry of its `compare` list, each with that
    /// policy or physics), placed left to right by `viewport`.
    func phones(_ sceneOptions: SceneConfiguration, viewport: (Int) -> PhoneViewport) throws(AppError) -> [Phone] {
        var phones: [Phone] = []
        let entries: [CompareEntry?] = sceneOptions.compare.isEmpty ? [nil] : sceneOptions.compare.map { $0 }
        for (index, entry) in entries.enumerated() {
            let options = entry?.applied(to: sceneOptions) ?? sceneOptions
            do {
                phones.append(try Phone(index: index, sceneOptions: options, factory: self, viewport: viewport(index),
                                        entry: entry))
            } catch {
                for made in phones { made.close() }
                throw error
            }
        }
        return phones
    }

    /// A new scene of `kind` built from `sceneOptions`, put in the window by its `WindowPresentable` side.
    func scene(_ kind: SceneKind, options sceneOptions: SceneConfiguration, images: ImageLoader) throws(AppError) -> any WindowScene {
        var source = SDLImageSource(loader: images)
        // No image files: the scenes keep their default count, as `replay --headless` does (the photos
        // their pages; the grid's loads fail, "no images").
        let assetCount = images.paths.isEmpty ? GridSceneConfiguration().assetCount : images.paths.count
        source.drawnSizes = SDLImageSource.drawnSizes(sceneOptions.gridConfiguration(assetCount: assetCount))
        let lab = sceneOptions.makeScene(kind, imageSource: source, assetCount: assetCount)
        guard let presentable = lab as? any WindowPresentable else {
            throw .usage("the \(kind.name) scene cannot be shown in the window yet")
        }
        return presentable.windowScene(kind: kind, images: images, options: sceneOptions)
    }

    /// The image loader over the route the options choose: HTTP (`--source`), the modelled network
    /// (`--network`) or the asset files after a constant latency; the model clock's virtual source when
    /// `onModelClock` (A's runs, a video). A disk cache sits in front of a network unless `--disk-cache
    /// off` (one that cannot be used is left out with one warning).
    func loader(for sceneOptions: SceneConfiguration, onModelClock: Bool = false) -> ImageLoader {
        let route: ImageLoader.Route
        let grid = sceneOptions.gridConfiguration(assetCount: Swift.max(1, imagePaths.count))
        if onModelClock || options.imagesOnModelClock {
            route = .virtualClock(GridScene.headlessSource(grid))
        } else if let source = options.source {
            // The network says when each load completes, plus the model's decode; the texture follows. Under
            // --http 2, async-http-client over TLS (URLSession on Linux cannot speak HTTP/2 to serve), trusting
            // `--source-ca`'s bytes, checked when the window started.
            let fetcher: any ImageFetching = sceneOptions.http == .http2
                ? AsyncImageFetcher(template: source, timeout: options.httpTimeout,
                                    trust: options.sourceCAPEM.flatMap { try? AsyncImageFetcher.trustRoots(pem: $0, name: "--source-ca") })
                : HTTPImageFetcher(template: source, timeout: options.httpTimeout,
                                   connectionsPerHost: sceneOptions.policy.variant.connectionsPerHost(sharedConnections: sceneOptions.connections))
            route = .http(HTTPRoute(fetcher: fetcher, decode: DecodeTimes(constant: grid.decodeCost, byAsset: grid.decodeCosts),
                                    sizes: ModelledDecodedSizes(grid), roundTrip: grid.network.map(NetworkImageSource.httpRoundTrip(of:))))
        } else if let network = GridScene.networkSource(grid, modelsDisk: false) {
            // The headless replay's model decides when each load completes; the real decode follows it.
            route = .modelled(ModelledNetwork(network: network, sizes: ModelledDecodedSizes(grid), identities: grid.feed.map(ModelledNetwork.identities(of:))))
        } else {
            route = .files
        }
        var disk: DiskCache?
        let usesNetwork: Bool
        switch route {
        case .files, .virtualClock: usesNetwork = false
        case .modelled, .http: usesNetwork = true
        }
        if usesNetwork, sceneOptions.diskCache != .off {
            let directory: String
            if case let .directory(path) = sceneOptions.diskCache { directory = path } else { directory = DiskCacheChoice.defaultDirectory }
            disk = DiskCache.open(directory: directory, byteLimit: GridSceneConfiguration().diskCacheByteLimit ?? (100 << 20))
            if options.clearDiskCache { disk?.clear() }
        }
        let loader = ImageLoader(paths: imagePaths, latency: sceneOptions.latencyMs / 1000, renderer: renderer, route: route, disk: disk,
                                 sizes: grid.assetByteSizes, placement: placement)
        loader.decodesOnMain = options.decodeOnMain
        loader.downsample = options.downsample
        loader.memoryLimitBytes = options.memoryLimitBytes
        // Loads the route's model did not size (the asset files, disk-cache reads) complete at the model's size too.
        loader.modelledSizes = ModelledDecodedSizes(grid)
        loader.modelledDecodeTimes = DecodeTimes(constant: grid.decodeCost, byAsset: grid.decodeCosts)
        return loader
    }
}
