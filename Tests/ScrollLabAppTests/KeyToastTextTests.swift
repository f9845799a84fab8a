import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP
import Testing
@testable import ScrollLabApp

/// Every key answers with a sentence shown whole: the keys come from the window's key table, the
/// answers from the scenes that perform them (under every image route: files, a modelled network,
/// HTTP) and from `KeyToastText`, and each fits the toast over the phone at the least layout (960×600),
/// measured with the window's own fonts.
@MainActor @Suite(.serialized) struct KeyToastTextTests {
    /// An SDL software renderer drawing into memory: what the image loader's texture store needs.
    final class Renderer {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer

        init() throws {
            surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGB888.rawValue))
            renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        }

        deinit {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }
    }

    /// The image routes a window can run: files at a latency, a modelled network with a disk cache in
    /// front, the same with no disk cache, HTTP with a disk cache.
    func loaders(_ renderer: OpaquePointer, disk: String) -> [(String, ImageLoader)] {
        let assets: [AssetFile] = []
        let http = HTTPImageFetcher(template: "http://127.0.0.1:9/img/{asset}.jpg", timeout: 1)
        return [
            ("files", ImageLoader(paths: assets, latency: 0.08, renderer: renderer)),
            ("network", ImageLoader(paths: assets, latency: 0, renderer: renderer, route: .modelled(ModelledNetwork(network: NetworkImageSource(profile: .threeG))),
                                    disk: DiskCache.open(directory: disk, byteLimit: 1 << 20))),
            ("network, no disk", ImageLoader(paths: assets, latency: 0, renderer: renderer,
                                             route: .modelled(ModelledNetwork(network: NetworkImageSource(profile: .edge))))),
            ("http", ImageLoader(paths: assets, latency: 0, renderer: renderer, route: .http(HTTPRoute(fetcher: http, decode: DecodeTimes(constant: 0.006), sizes: ModelledDecodedSizes(GridSceneConfiguration()))),
                                 disk: DiskCache.open(directory: disk, byteLimit: 1 << 20))),
        ]
    }

    /// Every toast a scene's own keys give in a scene of `kind` over `images`: each key pressed five
    /// times (round its cycle) after each policy key, so B meets every policy and every problem.
    func sceneAnswers(_ kind: SceneKind, images: ImageLoader, options: SceneConfiguration) throws -> [String] {
        let model = try #require(kind.make(SceneSettings()) as? any WindowPresentable)
        let scene = model.windowScene(kind: kind, images: images, options: options)
        defer { scene.close() }
        let actions = KeyTable.window.bindings.filter { $0.scene == kind.name }.flatMap { binding in
            binding.keys.compactMap { key -> SceneAction? in
                if case let .scene(action) = binding.action(key) { return action }
                return nil
            }
        }
        let policies = actions.filter { $0.id == "policy" }
        var answers: [String] = []
        for setting in [nil] + policies.map(Optional.some) {
            if let setting { answers.append(scene.perform(setting).toast) }
            for action in actions where action.id != "policy" {
                for _ in 0..<5 { answers.append(scene.perform(action).toast) }
            }
        }
        return answers + policies.map { scene.perform($0).toast }
    }

    /// What a key's action can say, every state of it: a window key's answers (its window side lists
    /// them), none for a scene's (the scene answers: `sceneAnswers`).
    func appAnswers(_ action: KeyAction) -> [String] {
        guard case let .window(window) = action else { return [] }
        return (window.key as? any WindowPerformable.Type)?.answers ?? []
    }

    /// Every key the window performs has a window side: a press of it does something.
    @Test func everyWindowKeyHasAWindowSide() {
        for binding in KeyTable.window.bindings {
            for key in binding.keys {
                guard case let .window(window) = binding.action(key) else { continue }
                #expect(window.key is any WindowPerformable.Type, "\(window.key) (\(binding.id)) has no WindowPerformable conformance")
            }
        }
    }

    /// Every key of the table, in every scene: the answer of the scene or the window, the pointer to the
    /// scene it works in, or (a key bound nowhere) that it does nothing.
    func everyAnswer(_ renderer: OpaquePointer, disk: String) throws -> [String] {
        var answers: [String] = []
        let options = SceneConfiguration()
        for (_, loader) in loaders(renderer, disk: disk) {
            for kind in SceneKind.all { answers += try sceneAnswers(kind, images: loader, options: options) }
            loader.shutdown()
        }
        for binding in KeyTable.window.bindings {
            for key in binding.keys {
                answers += appAnswers(binding.action(key))
                for kind in SceneKind.all where !binding.acts(on: kind.name) {
                    if KeyTable.window.dispatch(key, scene: kind.name) == nil, let owner = binding.scene {
                        answers.append(KeyToastText.elsewhere(key, binding: binding, owner: owner))
                    }
                }
            }
        }
        let bound = Set(KeyTable.window.bindings.flatMap(\.keys))
        for character in "abcdefghijklmnopqrstuvwxyz0123456789" where !bound.contains(.character(character)) {
            answers.append(KeyToastText.noAction(.character(character)))
        }
        // Not a key's, but a toast all the same: the launch over a warm disk cache (its longest figures).
        answers.append(KeyToastText.warmDiskCache(entries: 99_999, bytes: 99_999 << 20))
        return answers
    }

    @Test func everyKeysAnswerIsASentenceShownWholeAt960x600() throws {
        let fonts = try FontSet()
        defer { fonts.close() }
        let target = try Renderer()
        let disk = NSTemporaryDirectory() + "scrolllab-keyanswers-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: disk) }
        let answers = try everyAnswer(target.renderer, disk: disk)
        #expect(answers.count > 100)
        for answer in Set(answers) {
            #expect(answer.count > 12, "\"\(answer)\" is not a sentence")
            let layout = ToastLayout(answer, over: PhoneViewport.standard.frame, metrics: fonts.metrics)
            #expect(!layout.isElided, "\"\(answer)\" is cut: \(layout.lines)")
            // Inside the phone, whose pixels the next frame draws again: the window keeps the rest (`keepsBackground`).
            #expect(PhoneViewport.standard.frame.encloses(layout.pill), "\"\(answer)\" at \(layout.pill)")
        }
    }

    @Test func kAndLSayWhatTheyDidInEveryImageRoute() throws {
        let target = try Renderer()
        let disk = NSTemporaryDirectory() + "scrolllab-keyanswers-kl-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: disk) }
        let options = SceneConfiguration()
        var said: [String: (k: String, l: String)] = [:]
        for (route, loader) in loaders(target.renderer, disk: disk) {
            let scene = try #require(SceneKind.grid.make(SceneSettings()) as? any WindowPresentable)
                .windowScene(kind: .grid, images: loader, options: options)
            said[route] = (scene.perform("clear-disk-cache").toast, scene.perform("latency").toast)
            scene.close()
            loader.shutdown()
        }
        #expect(said["files"]?.k == "K: no disk cache to clear; the images come from files (--network or --source puts one in front)")
        #expect(said["files"]?.l == "L: image source latency now 250 ms")
        #expect(said["network"]?.k == "K: disk cache emptied; images not in memory come over the network again")
        #expect(said["network"]?.l == "L: network now \(NetworkProfile.all[(NetworkProfile.all.firstIndex(of: .threeG) ?? 0) + 1])")
        #expect(said["network, no disk"]?.k == "K: no disk cache in this run (--disk-cache off, or its folder cannot be written)")
        #expect(said["http"]?.k == "K: disk cache emptied; images not in memory come over the network again")
        #expect(said["http"]?.l == "L: no effect over HTTP (--source); the server's network sets the latency")
    }

    @Test func aWordWiderThanTheToastIsBrokenNotCut() {
        let metrics = TextMetrics.fixed(characterWidth: [.label: 8], lineHeight: [.label: 17])
        let path = "screenshots/" + String(repeating: "x", count: 60) + ".png"
        let layout = ToastLayout("saved to " + path, over: PhoneViewport.standard.frame, metrics: metrics)
        #expect(!layout.isElided)
        #expect(layout.lines.joined() == "saved to" + path)
        #expect(layout.lines.allSatisfy { metrics.width($0, .label) <= 320 - 4 * ToastLayout.padding })
        let long = ToastLayout(String(repeating: "word ", count: 200), over: PhoneViewport.standard.frame, metrics: metrics)
        #expect(long.isElided && long.lines.count == ToastLayout.maxLines && long.lines.last?.hasSuffix("…") == true)
        #expect(PhoneViewport.standard.frame.encloses(long.pill))
    }
}
