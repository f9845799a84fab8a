import ArgumentParser
import Foundation
import LabKit
import ScrollKit

/// Every option is honoured or refused, never ignored (B-OPT-1): the combinations in which a command
/// accepts an option it cannot honour, declared once. A refusal is a usage error (exit 64) whose line
/// names the option. docs/options.md lists the same table (a unit test keeps them equal) and a window
/// test runs every refusal's example. The command line's one checker (`ScrollLabCommand.parseLine`) runs it on every command once its options parse.
///
/// Whether an option was given is read from the command line itself: an option with a default (such
/// as `--latency-ms 80`) is otherwise indistinguishable from one left out.
enum OptionAudit {
    /// One option a command refuses in some condition.
    struct Refusal: Sendable {
        /// The command (`replay`, `bench`, `sweep run`).
        let command: String
        /// The option refused.
        let option: String
        /// When, in words (the docs' cell).
        let when: String
        /// Why it cannot be honoured then (the error line's end).
        let why: String
        /// Arguments after the command that trigger it (the test runs them; `GESTURE` stands for a gesture file).
        let example: [String]
        /// True when `line` triggers it.
        let applies: @Sendable (CommandLineOptions) -> Bool

        /// The error line.
        var message: String { "\(option) \(when): \(why)" }
    }

    /// The refusals, command by command (`window`: `scrolllab` without a subcommand).
    static let refusals: [Refusal] = [
        // The window: the trace's extras without a trace, a source's settings without that source.
        Refusal(command: "window", option: "--trace-did-scroll", when: "without --trace-out", why: "it adds to the trace file",
                example: ["--headless", "--trace-did-scroll"]) { $0.has("--trace-did-scroll") && !$0.has("--trace-out") },
        Refusal(command: "window", option: "--trace-pointer", when: "without --trace-out", why: "it adds to the trace file",
                example: ["--headless", "--trace-pointer"]) { $0.has("--trace-pointer") && !$0.has("--trace-out") },
        Refusal(command: "window", option: "--trace-frames", when: "without --trace-out", why: "it adds to the trace file",
                example: ["--headless", "--trace-frames"]) { $0.has("--trace-frames") && !$0.has("--trace-out") },
        Refusal(command: "window", option: "--http-timeout", when: "without --source", why: "it times HTTP fetches",
                example: ["--headless", "--http-timeout", "5"]) { $0.has("--http-timeout") && !$0.has("--source") },
        Refusal(command: "window", option: "--source-ca", when: "without --source", why: "it is the certificate --source's server is trusted by",
                example: ["--headless", "--source-ca", "CA.pem"]) { $0.has("--source-ca") && !$0.has("--source") },
        Refusal(command: "window", option: "--clear-disk-cache", when: "without --network or --source, or with --disk-cache off",
                why: "the disk cache sits in front of a network",
                example: ["--headless", "--clear-disk-cache"]) {
            $0.has("--clear-disk-cache") && ((!$0.has("--network") && !$0.has("--source")) || $0.value("--disk-cache") == "off")
        },
        Refusal(command: "window", option: "--disk-cache", when: "without --network or --source", why: "the disk cache sits in front of a network",
                example: ["--headless", "--disk-cache", "off"]) { $0.has("--disk-cache") && !$0.has("--network") && !$0.has("--source") },
        Refusal(command: "window", option: "--latency-ms", when: "with --network or --source", why: "the network (or the server) decides how long a load takes",
                example: ["--headless", "--network", "3g", "--latency-ms", "250"]) {
            $0.has("--latency-ms") && ($0.has("--network") || $0.has("--source"))
        },
        Refusal(command: "window", option: "--items", when: "with --feed", why: "the feed's lines are its items",
                example: ["--headless", "--feed", "FEED", "--items", "10"]) { $0.has("--items") && $0.has("--feed") },
        Refusal(command: "window", option: "--device", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["--headless", "--scene", "pager", "--device", "iphone-se"]) { $0.has("--device") && !$0.isGrid },
        Refusal(command: "window", option: "--downsample", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["--headless", "--scene", "pager", "--downsample", "off"]) { $0.has("--downsample") && !$0.isGrid },
        Refusal(command: "window", option: "--request-order", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["--headless", "--scene", "pager", "--request-order", "lifo"]) { $0.has("--request-order") && !$0.isGrid },
        // Compare mode: each phone's entry is its policy or physics (CompareEntry).
        Refusal(command: "window", option: "--policy", when: "with --compare naming policies", why: "each phone's policy is its --compare entry",
                example: ["--headless", "--compare", "eager,adaptive", "--policy", "target"]) { $0.has("--policy") && $0.comparesPolicies },
        Refusal(command: "window", option: "--physics", when: "with --compare naming physics", why: "each phone's physics is its --compare entry",
                example: ["--headless", "--compare", "ios,android", "--physics", "flutter-clamping"]) { $0.has("--physics") && $0.comparesPhysics },
        Refusal(command: "window", option: "--compare", when: "naming policies, with a --scene other than grid", why: "only the grid loads images",
                example: ["--headless", "--scene", "pager", "--compare", "eager,adaptive"]) { $0.comparesPolicies && !$0.isGrid },
        // replay: the video's options without a video, the printing options with one.
        Refusal(command: "replay", option: "--fps", when: "without --video", why: "it is the video's frame rate",
                example: ["GESTURE", "--headless", "--fps", "30"]) { $0.has("--fps") && !$0.has("--video") },
        Refusal(command: "replay", option: "--scale", when: "without --video", why: "it is the video's size",
                example: ["GESTURE", "--headless", "--scale", "0.5"]) { $0.has("--scale") && !$0.has("--video") },
        Refusal(command: "replay", option: "--video-layout", when: "without --video", why: "it is what the video shows",
                example: ["GESTURE", "--headless", "--video-layout", "window"]) { $0.has("--video-layout") && !$0.has("--video") },
        Refusal(command: "replay", option: "--stream", when: "with --video", why: "a video prints one line at its end",
                example: ["GESTURE", "--video", "VIDEO", "--stream"]) { $0.has("--stream") && $0.has("--video") },
        Refusal(command: "replay", option: "--did-scroll", when: "with --video", why: "a video prints no callbacks",
                example: ["GESTURE", "--video", "VIDEO", "--did-scroll"]) { $0.has("--did-scroll") && $0.has("--video") },
        // replay: the grid's options on a scene without the grid (the window keeps them for when S shows the grid).
        Refusal(command: "replay", option: "--seed-problem", when: "with a --scene other than grid", why: "the seed's problems are the grid's",
                example: ["GESTURE", "--headless", "--scene", "pager", "--policy", "deferred", "--seed-problem", "1"]) { $0.has("--seed-problem") && !$0.isGrid },
        Refusal(command: "replay", option: "--policy", when: "with --compare naming policies", why: "each phone's policy is its --compare entry",
                example: ["GESTURE", "--headless", "--compare", "eager,adaptive", "--policy", "target"]) { $0.has("--policy") && $0.comparesPolicies },
        Refusal(command: "replay", option: "--physics", when: "with --compare naming physics", why: "each phone's physics is its --compare entry",
                example: ["GESTURE", "--headless", "--compare", "ios,android", "--physics", "flutter-clamping"]) {
            $0.has("--physics") && $0.comparesPhysics
        },
        Refusal(command: "replay", option: "--compare", when: "naming policies, with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--compare", "eager,adaptive"]) { $0.comparesPolicies && !$0.isGrid },
        Refusal(command: "replay", option: "--policy", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--policy", "eager"]) { $0.has("--policy") && !$0.isGrid },
        Refusal(command: "replay", option: "--latency-ms", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--latency-ms", "250"]) { $0.has("--latency-ms") && !$0.isGrid },
        Refusal(command: "replay", option: "--paging", when: "with a --scene other than pager", why: "only the pager has paging modes (the grid does not page, the photos always page by the frame)",
                example: ["GESTURE", "--headless", "--paging", "target"]) { $0.has("--paging") && !$0.isPager },
        Refusal(command: "replay", option: "--rate", when: "with --scene pager paging by the frame (its default)", why: "a page's settle does not follow the deceleration rate (not modelled: docs/physics.md)",
                example: ["GESTURE", "--headless", "--scene", "pager", "--rate", "fast"]) {
            $0.has("--rate") && $0.isPager && ($0.value("--paging") ?? "frame") == "frame"
        },
        Refusal(command: "physics-compare", option: "--rate", when: "with --scene pager or photos", why: "they page by the frame, whose settle does not follow the deceleration rate (not modelled: docs/physics.md)",
                example: ["GESTURE", "--scene", "pager", "--rate", "fast"]) { $0.has("--rate") && ($0.isPager || $0.isPhotos) },
        Refusal(command: "replay", option: "--delays-content-touches", when: "with a --scene other than grid", why: "only the grid's tiles take content touches",
                example: ["GESTURE", "--headless", "--scene", "pager", "--delays-content-touches", "off"]) {
            $0.has("--delays-content-touches") && !$0.isGrid
        },
        Refusal(command: "replay", option: "--can-cancel-content-touches", when: "with a --scene other than grid", why: "only the grid's tiles take content touches",
                example: ["GESTURE", "--headless", "--scene", "photos", "--can-cancel-content-touches", "off"]) {
            $0.has("--can-cancel-content-touches") && !$0.isGrid
        },
        Refusal(command: "replay", option: "--items", when: "with a --scene other than grid", why: "the other scenes have their own content",
                example: ["GESTURE", "--headless", "--scene", "pager", "--items", "10"]) { $0.has("--items") && !$0.isGrid },
        Refusal(command: "replay", option: "--items", when: "with --feed", why: "the feed's lines are its items",
                example: ["GESTURE", "--headless", "--feed", "FEED", "--items", "10"]) { $0.has("--items") && $0.has("--feed") },
        Refusal(command: "replay", option: "--network", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "photos", "--network", "3g"]) { $0.has("--network") && !$0.isGrid },
        Refusal(command: "replay", option: "--device", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--device", "iphone-se"]) { $0.has("--device") && !$0.isGrid },
        Refusal(command: "replay", option: "--downsample", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--downsample", "off"]) { $0.has("--downsample") && !$0.isGrid },
        Refusal(command: "replay", option: "--cache-bytes", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--cache-bytes", "1000000"]) { $0.has("--cache-bytes") && !$0.isGrid },
        Refusal(command: "replay", option: "--decode-on-main", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--decode-on-main"]) { $0.has("--decode-on-main") && !$0.isGrid },
        Refusal(command: "replay", option: "--placeholder", when: "with a --scene other than grid", why: "only the grid's tiles wait for images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--placeholder", "color"]) { $0.has("--placeholder") && !$0.isGrid },
        Refusal(command: "replay", option: "--constrained", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--constrained"]) { $0.has("--constrained") && !$0.isGrid },
        Refusal(command: "replay", option: "--request-order", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--request-order", "lifo"]) { $0.has("--request-order") && !$0.isGrid },
        Refusal(command: "replay", option: "--disk-cache", when: "without --network", why: "the disk cache sits in front of a network",
                example: ["GESTURE", "--headless", "--disk-cache", "off"]) { $0.has("--disk-cache") && !$0.has("--network") },
        Refusal(command: "replay", option: "--disk-cache", when: "naming a folder, with --video", why: "a video starts with an empty modelled cache (give on, off, or none)",
                example: ["GESTURE", "--video", "VIDEO", "--network", "3g", "--disk-cache", "FOLDER"]) {
            $0.has("--disk-cache") && !["on", "off"].contains($0.value("--disk-cache") ?? "") && $0.has("--video")
        },
        // Under a network the profile's round trip is the latency.
        Refusal(command: "replay", option: "--latency-ms", when: "with --network", why: "the network profile's round trip is the latency",
                example: ["GESTURE", "--headless", "--network", "3g", "--latency-ms", "250"]) { $0.has("--latency-ms") && $0.has("--network") },
        // replay, bench, sweep run: the real server's settings without it (B-NET-3).
        Refusal(command: "replay", option: "--http-timeout", when: "without --source", why: "it times HTTP fetches",
                example: ["GESTURE", "--headless", "--http-timeout", "5"]) { $0.has("--http-timeout") && !$0.has("--source") },
        Refusal(command: "replay", option: "--source-ca", when: "without --source", why: "it is the certificate --source's server is trusted by",
                example: ["GESTURE", "--headless", "--source-ca", "CA.pem"]) { $0.has("--source-ca") && !$0.has("--source") },
        Refusal(command: "replay", option: "--source", when: "with a --scene other than grid", why: "only the grid loads images",
                example: ["GESTURE", "--headless", "--scene", "pager", "--source", "http://127.0.0.1:8080/img/{asset}.jpg"]) {
            $0.has("--source") && !$0.isGrid
        },
        Refusal(command: "replay", option: "--source", when: "with --video", why: "a video runs on the model clock, a real server in real time",
                example: ["GESTURE", "--video", "VIDEO", "--network", "3g", "--source", "http://127.0.0.1:8080/img/{asset}.jpg"]) {
            $0.has("--source") && $0.has("--video")
        },
        // bench: the frame bench's options without --frames, the loading bench's with it.
        Refusal(command: "bench", option: "--frames-gesture", when: "without --frames", why: "it is the frame bench's gesture",
                example: ["--frames-gesture", "GESTURE"]) { $0.has("--frames-gesture") && !$0.has("--frames") },
        Refusal(command: "bench", option: "--renderer", when: "without --frames", why: "it is the frame bench's renderer",
                example: ["--renderer", "software"]) { $0.has("--renderer") && !$0.has("--frames") },
        Refusal(command: "bench", option: "--compare", when: "without --frames", why: "it measures compare mode's frames",
                example: ["--compare", "2"]) { $0.has("--compare") && !$0.has("--frames") },
        Refusal(command: "bench", option: "--scale", when: "without --frames", why: "it is the frame bench's drawing scale",
                example: ["--scale", "0.97"]) { $0.has("--scale") && !$0.has("--frames") },
        Refusal(command: "bench", option: "--control", when: "without --frames", why: "it is the frame bench's control",
                example: ["--control"]) { $0.has("--control") && !$0.has("--frames") },
        Refusal(command: "bench", option: "--frames-trace", when: "without --frames", why: "it traces the frame bench's frames",
                example: ["--frames-trace", "TRACE"]) { $0.has("--frames-trace") && !$0.has("--frames") },
        Refusal(command: "bench", option: "--network", when: "with --frames", why: "the frame bench loads the files after --latency-ms",
                example: ["--frames", "--network", "3g"]) { $0.has("--network") && $0.has("--frames") },
        Refusal(command: "bench", option: "--disk-cache", when: "with --frames", why: "the frame bench has no network",
                example: ["--frames", "--disk-cache", "off"]) { $0.has("--disk-cache") && $0.has("--frames") },
        Refusal(command: "bench", option: "--device", when: "with --frames", why: "the frame bench measures this machine",
                example: ["--frames", "--device", "iphone-se"]) { $0.has("--frames") && $0.has("--device") },
        Refusal(command: "bench", option: "--downsample", when: "with --frames", why: "the frame bench decodes the bundled images whole",
                example: ["--frames", "--downsample", "off"]) { $0.has("--frames") && $0.has("--downsample") },
        Refusal(command: "bench", option: "--cache-bytes", when: "with --frames", why: "the frame bench measures this machine",
                example: ["--frames", "--cache-bytes", "1000000"]) { $0.has("--frames") && $0.has("--cache-bytes") },
        Refusal(command: "bench", option: "--decode-on-main", when: "with --frames", why: "the frame bench measures this machine",
                example: ["--frames", "--decode-on-main"]) { $0.has("--frames") && $0.has("--decode-on-main") },
        Refusal(command: "bench", option: "--physics", when: "with --frames", why: "the frame bench measures drawing, with UIKit's physics",
                example: ["--frames", "--physics", "android"]) { $0.has("--physics") && $0.has("--frames") },
        Refusal(command: "bench", option: "--refresh", when: "with --frames", why: "the frame bench paces at 60 Hz",
                example: ["--frames", "--refresh", "120"]) { $0.has("--refresh") && $0.has("--frames") },
        Refusal(command: "bench", option: "--touch-hz", when: "with --frames", why: "the frame bench plays its gesture as recorded",
                example: ["--frames", "--touch-hz", "120"]) { $0.has("--touch-hz") && $0.has("--frames") },
        Refusal(command: "bench", option: "--plot", when: "with --frames", why: "the plot is the loading bench's",
                example: ["--frames", "--plot", "PLOT"]) { $0.has("--plot") && $0.has("--frames") },
        Refusal(command: "bench", option: "--placeholder", when: "with --frames", why: "the frame bench draws the grid as the window does by default",
                example: ["--frames", "--placeholder", "color"]) { $0.has("--placeholder") && $0.has("--frames") },
        Refusal(command: "bench", option: "--constrained", when: "with --frames", why: "the frame bench measures drawing, not what loads",
                example: ["--frames", "--constrained"]) { $0.has("--constrained") && $0.has("--frames") },
        Refusal(command: "bench", option: "--policies", when: "with --frames", why: "the frame bench draws Adaptive, or --compare N's first N policies",
                example: ["--frames", "--policies", "eager"]) { $0.has("--policies") && $0.has("--frames") },
        Refusal(command: "bench", option: "--connections", when: "with --frames", why: "the frame bench loads the files after --latency-ms",
                example: ["--frames", "--connections", "2"]) { $0.has("--connections") && $0.has("--frames") },
        Refusal(command: "bench", option: "--disk-cache", when: "without --network", why: "the disk cache sits in front of a network",
                example: ["--disk-cache", "off"]) { $0.has("--disk-cache") && !$0.has("--network") && !$0.has("--frames") },
        Refusal(command: "bench", option: "--latency-ms", when: "with --network", why: "the network profile's round trip is the latency",
                example: ["--network", "3g", "--latency-ms", "250"]) { $0.has("--latency-ms") && $0.has("--network") },
        Refusal(command: "bench", option: "--http-timeout", when: "without --source", why: "it times HTTP fetches",
                example: ["--network", "3g", "--http-timeout", "5"]) { $0.has("--http-timeout") && !$0.has("--source") },
        Refusal(command: "bench", option: "--source-ca", when: "without --source", why: "it is the certificate --source's server is trusted by",
                example: ["--network", "3g", "--source-ca", "CA.pem"]) { $0.has("--source-ca") && !$0.has("--source") },
        Refusal(command: "bench", option: "--source", when: "with --frames", why: "the frame bench loads the files after --latency-ms",
                example: ["--frames", "--source", "http://127.0.0.1:8080/img/{asset}.jpg"]) { $0.has("--source") && $0.has("--frames") },
    ] + calibration + feedLayout + [
        // feed verdict: the generated feeds' size and seed with a feed of your own.
        Refusal(command: "feed verdict", option: "--count", when: "with --feed", why: "it sizes the generated feeds; the file is judged whole",
                example: ["--feed", "FEED", "--count", "10"]) { $0.has("--count") && $0.has("--feed") },
        Refusal(command: "feed verdict", option: "--seed", when: "with --feed", why: "it seeds the generated feeds",
                example: ["--feed", "FEED", "--seed", "3"]) { $0.has("--seed") && $0.has("--feed") },
        // sweep run: the disk cache needs a network.
        Refusal(command: "sweep run", option: "--disk-cache", when: "without --network", why: "the disk cache sits in front of a network",
                example: ["--gestures", "GESTURES", "--out", "OUT", "--disk-cache", "off"]) { $0.has("--disk-cache") && !$0.has("--network") },
        Refusal(command: "sweep run", option: "--http-timeout", when: "without --source", why: "it times HTTP fetches",
                example: ["--gestures", "GESTURES", "--out", "OUT", "--http-timeout", "5"]) { $0.has("--http-timeout") && !$0.has("--source") },
        Refusal(command: "sweep run", option: "--source-ca", when: "without --source", why: "it is the certificate --source's server is trusted by",
                example: ["--gestures", "GESTURES", "--out", "OUT", "--source-ca", "CA.pem"]) { $0.has("--source-ca") && !$0.has("--source") },
        // serve: a fault that answers every request leaves the others nothing to act on.
        Refusal(command: "serve", option: "--status", when: "with --redirect-loop", why: "every request is redirected",
                example: ["--redirect-loop", "--status", "404"]) { $0.has("--status") && $0.has("--redirect-loop") },
        Refusal(command: "serve", option: "--fail-rate", when: "with --redirect-loop or --status", why: "every request gets that answer",
                example: ["--status", "503", "--fail-rate", "0.5"]) { $0.has("--fail-rate") && ($0.has("--redirect-loop") || $0.has("--status")) },
        Refusal(command: "serve", option: "--truncate", when: "with --redirect-loop or --status", why: "no image is sent",
                example: ["--status", "404", "--truncate"]) { $0.has("--truncate") && ($0.has("--redirect-loop") || $0.has("--status")) },
        Refusal(command: "serve", option: "--stall", when: "with --redirect-loop or --status", why: "no image is sent",
                example: ["--status", "404", "--stall", "3"]) { $0.has("--stall") && ($0.has("--redirect-loop") || $0.has("--status")) },
        Refusal(command: "serve", option: "--content-type", when: "with --redirect-loop or --status", why: "no image is sent",
                example: ["--status", "503", "--content-type", "image/png"]) {
            $0.has("--content-type") && ($0.has("--redirect-loop") || $0.has("--status"))
        },
    ]

    /// `bench --calibrate` times this machine's decodes and uploads and prints a device file: every other
    /// option of `bench` is refused beside it.
    static let calibration: [Refusal] = [
        ["--json"], ["--gestures", "GESTURES"], ["--latency-ms", "80"], ["--network", "3g"], ["--assets", "Assets/Images"],
        ["--disk-cache", "off"], ["--connections", "2"], ["--http", "2"], ["--policies", "eager"], ["--physics", "android"],
        ["--refresh", "120"], ["--touch-hz", "120"], ["--plot", "PLOT"], ["--frames"], ["--compare", "2"],
        ["--frames-gesture", "GESTURE"], ["--renderer", "software"], ["--scale", "0.97"], ["--control"], ["--frames-trace", "TRACE"], ["--feed", "FEED"],
        ["--layout", "list"], ["--columns", "3"], ["--device", "iphone-se"], ["--downsample", "off"], ["--decode-on-main"],
        ["--cache-bytes", "1000000"], ["--placeholder", "color"], ["--constrained"], ["--tls"],
        ["--source", "http://127.0.0.1:8080/img/{asset}.jpg"], ["--http-timeout", "5"], ["--source-ca", "CA.pem"],
    ].map { words in
        Refusal(command: "bench", option: words[0], when: "with --calibrate", why: "the calibration times this machine's decodes and uploads alone",
                example: ["--calibrate"] + words) { $0.has("--calibrate") && $0.has(words[0]) }
    }

    /// `--layout` and `--columns` lay out a `--feed`: without one, each is refused (the window, `replay`,
    /// `bench`; `sweep run`'s factors say so themselves).
    static let feedLayout: [Refusal] = ["window", "replay", "bench"].flatMap { command in
        let before = command == "replay" ? ["GESTURE", "--headless"] : command == "window" ? ["--headless"] : []
        return [["--layout", "list"], ["--columns", "3"]].map { words in
            Refusal(command: command, option: words[0], when: "without --feed", why: "it lays out a --feed (scrolllab feed generate makes one)",
                    example: before + words) { $0.has(words[0]) && !$0.has("--feed") }
        }
    }

    /// Throws the first refusal of `command` (`window`, `sweep run`) that `line` triggers; beside
    /// `--calibrate` that refusal first (every other option is refused for it, whatever else it lacks).
    static func check(_ command: String, line: CommandLineOptions) throws {
        if let refusal = (calibration + refusals).first(where: { $0.command == command && $0.applies(line) }) {
            throw ValidationError(refusal.message)
        }
    }

    /// The docs' table of refusals (docs/options.md, between its markers), one row per refusal.
    static var markdownTable: String {
        var rows = ["| command | option | refused | why | example |", "|---|---|---|---|---|"]
        for r in refusals {
            let words = (r.command == "window" ? [] : [r.command]) + r.example
            rows.append("| `\(r.command)` | `\(r.option)` | \(r.when) | \(r.why) | `scrolllab \(words.joined(separator: " "))` |")
        }
        return rows.joined(separator: "\n")
    }
}

/// The options named on a command line (up to a lone `--`), with the value after each.
struct CommandLineOptions: Sendable {
    private var values: [String: String] = [:]

    init(_ arguments: [String]) {
        var i = 1
        while i < arguments.count, arguments[i] != "--" {
            let argument = arguments[i]
            if argument.hasPrefix("--") {
                if let equals = argument.firstIndex(of: "=") {
                    values[String(argument[..<equals])] = String(argument[argument.index(after: equals)...])
                } else {
                    values[argument] = i + 1 < arguments.count ? arguments[i + 1] : ""
                }
            }
            i += 1
        }
    }

    /// True when `option` was given.
    func has(_ option: String) -> Bool { values[option] != nil }

    /// The value after `option`, nil when it was not given.
    func value(_ option: String) -> String? { values[option] }

    /// True unless `--scene` names another scene than the grid.
    var isGrid: Bool { (values["--scene"] ?? "grid") == "grid" }
    /// True when the command runs the pager scene.
    var isPager: Bool { values["--scene"] == "pager" }
    /// True when the command runs the photos scene.
    var isPhotos: Bool { values["--scene"] == "photos" }

    /// The `--compare` entries' names (empty without it).
    private var compared: [String] {
        (values["--compare"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// True when `--compare` names a loading policy / a physics.
    var comparesPolicies: Bool { compared.contains { PolicyVariant(name: $0) != nil } }
    var comparesPhysics: Bool { compared.contains { ScrollPhysicsKind(rawValue: $0) != nil } }
}
