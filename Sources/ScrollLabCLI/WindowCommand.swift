import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore
import ScrollLabHTTP

/// `scrolllab` / `scrolllab window`: opens the lab window (the default subcommand). Its options come in
/// groups by concern (the scene's, `Trace`, `Screenshot`, `Rendering`, `Stall`, `RealSource`,
/// `DebugStall`), declared in the order `--help` lists them; their rules run in `validate()`.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the lab window: the phone viewport with the grid scene and the HUD.",
        discussion: keysHelp
    )

    /// The window's keys, for `--help`: read from the key table the window dispatches and the H overlay
    /// lists (a scene's own keys marked with it).
    static var keysHelp: String {
        "Keys in the window: " + KeyTable.window.help.map { entry in
            entry.key + " " + entry.action + (entry.scene.map { " (\($0) only)" } ?? "")
        }.joined(separator: " · ") + "."
    }

    /// The window's options in one paragraph, for the top-level `--help`; the scenes, policies, networks
    /// and physics named from their registries. Written by hand (reading the options' declarations would
    /// cost every start); a test checks it names every option `window --help` lists.
    static let optionsSummary = """
        With no subcommand scrolllab opens the window; its options ('scrolllab window --help'): \
        --scene \(SceneKind.all.map(\.name).joined(separator: "|")), \
        --paging \(PagingMode.allCases.map(\.rawValue).joined(separator: "|")), \
        --policy \(LoadingPolicyKind.allCases.map(\.rawValue).joined(separator: "|")), --seed-problem 1|2|3, \
        --latency-ms MS, --network \(NetworkProfile.all.map(\.name).joined(separator: "|")), --source URL-TEMPLATE, \
        --connections N, --http \(HTTPVersion.allCases.map(\.rawValue).joined(separator: "|")), --tls, --constrained, \
        --source-ca FILE, --disk-cache DIR|on|off, --clear-disk-cache, --request-order fifo|lifo, --http-timeout S, \
        --device NAME|FILE.json, --downsample on|off, --cache-images N, --cache-bytes BYTES, \
        --placeholder \(PlaceholderKind.allCases.map(\.rawValue).joined(separator: "|")), --rate normal|fast, \
        --delays-content-touches on|off, --can-cancel-content-touches on|off, \
        --physics \(ScrollPhysicsKind.allCases.map(\.rawValue).joined(separator: "|")), \
        --refresh HZ, --touch-hz HZ, --items N, --estimator ios|lsq, --assets DIR, --scale N, \
        --feed FILE, --layout list|masonry|carousels|grid, --columns N (your own feed: docs/feeds.md), \
        --compare A,B[,C,D] (two to four phones side by side, one policy or physics each), \
        --trace-out FILE, --trace-did-scroll, --trace-pointer, --trace-frames, --replay FILE, \
        --screenshot FILE, --screenshot-after S, --headless, --software, --renderer NAME, --frames N, --quit-after S, \
        --stall-ms MS --stall-every S, --decode-on-main, --pacing adaptive|display-link|legacy.
        """

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var trace: Trace

    @OptionGroup var screenshots: Screenshot

    @OptionGroup var rendering: Rendering

    @Option(help: "Play a gesture file in the window in real time (same frames and input as `replay --headless`).")
    var replay: String?

    @Option(help: "Quit after this many frames.")
    var frames: Int?

    @Option(name: .customLong("quit-after"), help: "Quit after this many seconds.")
    var quitAfter: Double?

    @Option(help: "Open the window this many times its 960×600 size (2 on a HiDPI screen); drag its edges for any other size: text is drawn at the window's resolution.")
    var scale = 1.0

    @Option(help: "Frame pacing: adaptive (learns what work and present cost), display-link (a frame starts at the blank with the whole period, as a phone's main thread; one late shows a period later), or legacy (the loop before the pacer, for comparison).")
    var pacing: FramePacing = .adaptive

    @OptionGroup var stall: Stall

    @OptionGroup var realSource: RealSource

    @OptionGroup var debugStall: DebugStall

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let quitAfter, !(quitAfter.isFinite && quitAfter >= 0) { throw ValidationError("--quit-after must be a finite number of seconds, 0 or more") }
        if let screenshotAfter = screenshots.screenshotAfter, !(screenshotAfter.isFinite && screenshotAfter >= 0) {
            throw ValidationError("--screenshot-after must be a finite number of seconds, 0 or more")
        }
        try OptionRules.scale(scale)
        if screenshots.screenshotAfter != nil, screenshots.screenshot == nil { throw ValidationError("--screenshot-after needs --screenshot FILE") }
        if sceneOptions.loading.policy == .all {
            throw ValidationError("--policy all replays a gesture under every policy: use it with `scrolllab replay FILE --headless`")
        }
        if let source = realSource.source {
            if let problem = HTTPImageFetcher.problem(with: source) { throw ValidationError(problem) }
            if sceneOptions.loading.network != nil {
                throw ValidationError("--source fetches over a real network: shape it at the server (scrolllab serve --network PROFILE), not with --network")
            }
            // --http 2: async-http-client over TLS, as the headless commands (URLSession on Linux cannot).
            if let problem = RealSourceOptions.problem(source: source, http: [sceneOptions.loading.http], certificateFile: realSource.sourceCA) {
                throw ValidationError(problem)
            }
        }
        let httpTimeout = realSource.httpTimeout
        if !(httpTimeout.isFinite && httpTimeout >= 0.1 && httpTimeout <= 600) {
            throw ValidationError("--http-timeout must be between 0.1 and 600 seconds")
        }
        if (stall.stallMs == nil) != (stall.stallEvery == nil) { throw ValidationError("--stall-ms and --stall-every go together") }
        if let stallMs = stall.stallMs, !(stallMs.isFinite && stallMs > 0 && stallMs <= 10_000) {
            throw ValidationError("--stall-ms must be between 0 and 10000 milliseconds")
        }
        if let stallEvery = stall.stallEvery, !(stallEvery.isFinite && stallEvery >= 0.01 && stallEvery <= 3600) {
            throw ValidationError("--stall-every must be between 0.01 and 3600 seconds")
        }
    }

    func run() throws {
        // An output onto an input or another output is refused before anything is read or written (§7).
        var paths = PathConflicts()
        paths.input(replay, "--replay")
        paths.inputs(feed: sceneOptions.feedOptions.feed, phone: sceneOptions.phoneOptions, sourceCA: realSource.sourceCA)
        paths.output(trace.traceOut, "--trace-out")
        paths.output(screenshots.screenshot, "--screenshot")
        paths.refuse(command: "scrolllab")
        // A --replay file that is missing or unreadable ends the program before the window opens (a
        // FIFO is not opened here: its writer would see the check as its reader).
        if let replay, let problem = unreadableInput(replay) { fail("scrolllab: " + problem, code: CommandExit.input) }
        let options = windowOptions
        // Under a network over the bundled grid, its images' sizes (none found is refused before it opens).
        var scene = sceneOptions.configuration.withImageSizesOrExit(command: "scrolllab")
        // An https:// server's connections are TLS: its condition says so, as a headless run's lines do.
        if RealSourceOptions.isTLS(realSource.source) { scene.tls = true }
        let imagePaths = sceneOptions.imagePaths(served: realSource.source != nil)
        let code: Int32 = MainActor.assumeIsolated {
            do throws(AppError) {
                return try ThisBuild.windowRequired("the window", command: "window")
                    .runWindow(options, scene: scene, imagePaths: imagePaths)
            } catch {
                writeStandardError(error.message)
                return error.exitCode
            }
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// These options as the window takes them (the one place they are copied).
    var windowOptions: WindowOptions {
        var options = WindowOptions()
        options.traceOut = trace.traceOut
        options.traceDidScroll = trace.traceDidScroll
        options.tracePointer = trace.tracePointer
        options.traceFrames = trace.traceFrames
        options.screenshot = screenshots.screenshot
        options.screenshotAfter = screenshots.screenshotAfter
        options.headless = rendering.headless
        options.software = rendering.software
        options.renderDriver = rendering.renderer
        options.replayFile = replay
        options.frames = frames
        options.quitAfter = quitAfter
        options.scale = scale
        options.pacing = pacing
        options.debugStallAtSample = debugStall.debugStallAtSample
        options.debugStallMs = debugStall.debugStallMs
        options.stallMs = stall.stallMs
        options.stallEvery = stall.stallEvery
        options.decodeOnMain = sceneOptions.phoneOptions.decodeOnMain
        options.downsample = sceneOptions.phoneOptions.downsample.isOn
        options.memoryLimitBytes = ((try? sceneOptions.phoneOptions.profile()) ?? nil)?.memoryLimitBytes
        options.source = realSource.source
        options.clearDiskCache = realSource.clearDiskCache
        options.httpTimeout = realSource.httpTimeout
        // Read once and checked here (exit 2 unreadable, 1 not a certificate), before the window opens.
        options.sourceCAPEM = realSource.sourceCA.map { RealSourceOptions.certificate($0, command: "scrolllab") }
        return options
    }
}
