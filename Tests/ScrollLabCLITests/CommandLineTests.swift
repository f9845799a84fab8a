import ArgumentParser
import Foundation
@testable import ScrollLabCLI
import ScrollLabCore
import ScrollKit
import XCTest

/// One rule for the command line: every subcommand's line goes through one checker, is refused in one
/// form with the README's exit codes, and a mistyped name gets the nearest one. Parsed in-process; what
/// reads and writes files is run on the binary by Tests/Window/exit_codes_test.py.
final class CommandLineTests: XCTestCase {
    /// Every leaf command with arguments it accepts, and a mistyped option with the name it should suggest.
    static let leaves: [(path: String, valid: [String], typo: String, suggestion: String?)] = [
        ("window", ["--headless"], "--asets", "--assets"),
        ("velocity", [], "--estimater", "--estimator"),
        ("bench", [], "--jsn", "--json"),
        ("replay", ["g.jsonl", "--headless"], "--polcy", "--policy"),
        ("soak", ["--headless"], "--minuts", "--minutes"),
        ("physics-compare", ["g.jsonl"], "--scnee", "--scene"),
        ("serve", [], "--prot", "--port"),
        ("sweep run", ["--gestures", "dir", "--out", "r.jsonl"], "--polices", "--policies"),
        ("sweep merge", ["a.jsonl", "--out", "m.jsonl"], "--outt", "--out"),
        ("sweep report", ["r.jsonl"], "--plto", "--plot"),
        ("sweep repair", ["r.jsonl"], "--jsno", nil),
        ("gestures generate", ["--count", "2", "--seed", "1", "--out", "pop"], "--kidn", "--kind"),
        ("gestures import", ["capture.txt", "--out", "g", "--max-x", "1", "--max-y", "1"], "--densty", "--density"),
        ("feed generate", ["--layout", "list", "--count", "2", "--seed", "1"], "--columsn", "--columns"),
        ("feed check", ["f.jsonl"], "--layuot", "--layout"),
        ("feed verdict", [], "--netwrok", "--network"),
        ("feed html", ["f.jsonl", "--out", "p.html"], "--soruce", "--source"),
    ]

    /// Every command in ScrollLabCommand's tree that runs (has no subcommands).
    static func leafCommands(_ command: ParsableCommand.Type = ScrollLabCommand.self) -> [ParsableCommand.Type] {
        let children = command.configuration.subcommands
        return children.isEmpty ? [command] : children.flatMap { leafCommands($0) }
    }

    /// The refusal `arguments` get, or a failure when they parse.
    func refusal(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> CommandLineRefusal? {
        switch ScrollLabCommand.parseLine(arguments) {
        case let .refused(refusal): return refusal
        case .command:
            XCTFail("\(arguments.joined(separator: " ")) parsed", file: file, line: line)
            return nil
        }
    }

    func testTheReadmeTableIsTheExitCodesTheCommandsUse() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- exit codes -->\n")), end = try XCTUnwrap(text.range(of: "\n<!-- /exit codes -->"))
        XCTAssertEqual(String(text[start.upperBound..<end.lowerBound]), CommandExit.markdownTable)
        XCTAssertEqual(CommandExit.rows.map(\.code), [0, 1, 2, 64])
        XCTAssertEqual(CommandExit.usage, ExitCode.validationFailure.rawValue, "ArgumentParser's usage errors are the table's 64")
    }

    func testTheTableOfLeavesIsEverySubcommand() {
        XCTAssertEqual(Set(Self.leafCommands().map { CommandName($0).path }), Set(Self.leaves.map(\.path)))
    }

    func testEverySubcommandParsesItsOwnValidLine() {
        for leaf in Self.leaves {
            let words = leaf.path == "window" ? [] : leaf.path.split(separator: " ").map(String.init)
            guard case let .command(_, name) = ScrollLabCommand.parseLine(words + leaf.valid) else {
                XCTFail("\(leaf.path) \(leaf.valid) is refused")
                continue
            }
            XCTAssertEqual(name.path, leaf.path)
        }
    }

    /// A command parsed on its own (`parseAlone`, what `parseLine` tries first) is the command the root's
    /// parse gives, value for value; a line it might read otherwise, or cannot parse, is left to the root's.
    func testACommandParsedAloneIsTheOneTheRootsParseGives() throws {
        var lines = Self.leaves.map { (path: $0.path, rest: $0.valid) }
        lines += [("window", ["--policy", "glide", "--network", "3g", "--refresh", "120"]),
                  ("replay", ["g.jsonl", "--headless", "--policy", "all", "--physics", "android", "--latency-ms", "250"]),
                  ("bench", ["--json", "--network", "lte", "--connections", "2", "--physics", "android", "--refresh", "120"]),
                  ("sweep run", ["--gestures", "dir", "--out", "r.jsonl", "--policies", "eager,adaptive", "--jobs", "1"])]
        for line in lines {
            let words = line.path == "window" ? [] : line.path.split(separator: " ").map(String.init)
            let command = try XCTUnwrap(CommandLineTests.leafCommands().first { CommandName($0).path == line.path })
            let alone = try XCTUnwrap(ScrollLabCommand.parseAlone(command, line.rest), "\(line.path) \(line.rest)")
            let root = try ScrollLabCommand.parseAsRoot(words + line.rest)
            var aloneDump = "", rootDump = ""
            dump(alone, to: &aloneDump)
            dump(root, to: &rootDump)
            XCTAssertEqual(aloneDump, rootDump, "\(line.path) \(line.rest)")
        }
        let replay: ParsableCommand.Type = ReplayCommand.self
        XCTAssertNil(ScrollLabCommand.parseAlone(replay, ["bench"]), "a word naming a command is the root's to read")
        XCTAssertNil(ScrollLabCommand.parseAlone(replay, ["g.jsonl", "--polcy", "eager"]), "an error is the root's to word")
        XCTAssertNil(ScrollLabCommand.parseAlone(replay, ["--help"]), "help is the root's to write")
        XCTAssertNil(ScrollLabCommand.parseAlone(SweepCommand.self, []), "a command with subcommands is the root's")
    }

    func testAMistypedOptionIsAUsageErrorNamingTheNearestOneInOneForm() {
        for leaf in Self.leaves {
            let words = leaf.path == "window" ? [] : leaf.path.split(separator: " ").map(String.init)
            guard let refusal = refusal(words + leaf.valid + [leaf.typo]) else { continue }
            XCTAssertEqual(refusal.code, 64, leaf.path)
            let display = CommandName(Self.leafCommands().first { CommandName($0).path == leaf.path }!).display
            XCTAssertTrue(refusal.message.hasPrefix(display + ": Unknown option '\(leaf.typo)'"), refusal.message)
            if let suggestion = leaf.suggestion {
                XCTAssertTrue(refusal.message.hasSuffix("Did you mean '\(suggestion)'?"), refusal.message)
            }
            XCTAssertFalse(refusal.message.contains("\n"), "one line: \(refusal.message)")
        }
    }

    func testAMistypedCommandGetsTheNearestNameNotTheWindowsUsage() {
        let cases: [([String], String)] = [
            (["replya", "x"], "scrolllab: Unknown command 'replya'. Did you mean 'replay'?"),
            (["sweeep"], "scrolllab: Unknown command 'sweeep'. Did you mean 'sweep'?"),
            (["physics-comapre", "g.jsonl"], "scrolllab: Unknown command 'physics-comapre'. Did you mean 'physics-compare'?"),
            (["sweep", "reprot", "r.jsonl"], "scrolllab sweep: Unknown subcommand 'reprot'. Did you mean 'report'?"),
            (["feed", "chek", "f.jsonl"], "scrolllab feed: Unknown subcommand 'chek'. Did you mean 'check'?"),
            (["gestures", "generat"], "scrolllab gestures: Unknown subcommand 'generat'. Did you mean 'generate'?"),
        ]
        for (arguments, message) in cases {
            guard let refusal = refusal(arguments) else { continue }
            XCTAssertEqual(refusal.code, 64)
            XCTAssertEqual(refusal.message, message)
        }
        let far = refusal(["zzzzzz"])
        XCTAssertEqual(far?.message.hasPrefix("scrolllab: Unknown command 'zzzzzz'. Commands: window, velocity, bench, replay"), true,
                       far?.message ?? "")
        XCTAssertEqual(CommandSuggestion.distance("replya", "replay"), 1, "a swap of two letters is one edit")
    }

    func testAValueACommandCannotUseIsRefusedWithTheSameRuleEverywhere() {
        let refresh = "--refresh must be between 10 and 1000 Hz (got 5.0)"
        let cases: [([String], String)] = [
            (["replay", "g.jsonl", "--headless", "--refresh", "5"], "scrolllab replay: " + refresh),
            (["bench", "--refresh", "5"], "scrolllab bench: " + refresh),
            (["sweep", "--gestures", "d", "--out", "r.jsonl", "--refresh", "60,5"], "scrolllab sweep: " + refresh),
            (["sweep", "run", "--gestures", "d", "--out", "r.jsonl", "--latency-ms", "-5"],
             "scrolllab sweep: --latency-ms must be between 0 and 60000 (got -5.0)"),
            (["bench", "--latency-ms", "-5"], "scrolllab bench: --latency-ms must be between 0 and 60000 (got -5.0)"),
            (["sweep", "--gestures", "d", "--out", "r.jsonl", "--connections", "65"],
             "scrolllab sweep: --connections must be between 1 and 64 (got 65)"),
            (["bench", "--connections", "65"], "scrolllab bench: --connections must be between 1 and 64 (got 65)"),
            // One --scale range for the window, a video and the frame bench.
            (["window", "--scale", "5"], "scrolllab: --scale must be between 0.25 and 4 (got 5.0)"),
            (["replay", "g.jsonl", "--video", "v.gif", "--scale", "5"], "scrolllab replay: --scale must be between 0.25 and 4 (got 5.0)"),
            (["bench", "--frames", "--scale", "0.1"], "scrolllab bench: --scale must be between 0.25 and 4 (got 0.1)"),
            (["physics-compare", "g.jsonl", "--scene", "photos", "--rate", "fast"],
             "scrolllab physics-compare: --rate with --scene pager or photos: they page by the frame, whose settle does not follow the deceleration rate (not modelled: docs/physics.md)"),
            (["sweep", "repair", "-"], "scrolllab sweep repair: repair rewrites FILE in place: give a file, not - (standard input)"),
            (["sweep", "merge", "-", "-", "--out", "m.jsonl"], "scrolllab sweep merge: standard input (-) can be read once: name it once"),
            (["gestures", "generate", "--count", "2", "--seed", "1", "--out", "-"], "scrolllab gestures generate: --out names a folder to write files into: - (standard output) cannot hold them; give a folder"),
            (["gestures", "import", "c.txt", "--max-x", "1", "--max-y", "1", "--out", "-"], "scrolllab gestures import: --out names a folder to write files into: - (standard output) cannot hold them; give a folder"),
            (["feed", "generate", "--layout", "list", "--count", "2", "--seed", "1", "--write-images", "-"],
             "scrolllab feed generate: --write-images names a folder to write files into: - (standard output) cannot hold them; give a folder"),
        ]
        for (arguments, message) in cases {
            guard let refusal = refusal(arguments) else { continue }
            XCTAssertEqual(refusal.code, 64, arguments.joined(separator: " "))
            XCTAssertEqual(refusal.message, message)
        }
        // Every scene the lab has (a scene is one declaration: physics-compare takes it as it is).
        for scene in SceneKind.all {
            guard case .command = ScrollLabCommand.parseLine(["physics-compare", "g.jsonl", "--scene", scene.name]) else {
                return XCTFail("physics-compare --scene \(scene.name) is refused")
            }
        }
    }

    func testEveryOptionAuditRefusalGoesThroughTheOneChecker() {
        // A feed is read as the line is parsed: a real one, of one item.
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("refusals-\(getpid()).jsonl").path
        XCTAssertTrue(FileManager.default.createFile(atPath: feed, contents: Data(
            #"{"width":150,"height":220,"image":"a.jpg","bytes":1000,"pixelWidth":300,"pixelHeight":440}"#.utf8 + [10])))
        defer { try? FileManager.default.removeItem(atPath: feed) }
        for audit in OptionAudit.refusals {
            let words = audit.command == "window" ? [] : audit.command.split(separator: " ").map(String.init)
            let places = ["GESTURES": "dir", "GESTURE": "g.jsonl", "VIDEO": "v.mp4", "FOLDER": "folder", "PLOT": "p.png", "OUT": "r.jsonl",
                          "FEED": feed]
            guard let refusal = refusal(words + audit.example.map { places[$0] ?? $0 }) else { continue }
            XCTAssertEqual(refusal.code, 64)
            XCTAssertTrue(refusal.message.hasPrefix(refusal.command.display + ": " + audit.option), refusal.message)
            // Refused for the reason docs/options.md gives, not by another rule that fired first.
            XCTAssertTrue(refusal.message.contains(audit.why), "\(audit.example): \(refusal.message)")
        }
    }

    /// `feed html --source` names each image in its URL, as `--source` does everywhere else.
    func testAFeedPagesSourceNamesTheImage() {
        let refused = refusal(["feed", "html", "f.jsonl", "--out", "p.html", "--source", "http://x/{nothing}"])
        XCTAssertEqual(refused?.code, 64)
        XCTAssertTrue(refused?.message.contains("--source must contain {asset} or {image}") == true, refused?.message ?? "")
        for source in ["http://x/{asset}.jpg", "http://x/p?i={image}"] {
            guard case .command = ScrollLabCommand.parseLine(["feed", "html", "f.jsonl", "--out", "p.html", "--source", source]) else {
                return XCTFail("\(source) refused")
            }
        }
    }

    /// `--touch-hz` stops where the velocity tracker's 20 samples would span less than its estimate reads.
    func testATouchRateAboveAThousandIsRefusedSayingWhy() {
        let refused = refusal(["replay", "g.jsonl", "--headless", "--touch-hz", "1200"])
        XCTAssertEqual(refused?.code, 64)
        XCTAssertTrue(refused?.message.contains("--touch-hz must be between 10 and 1000 Hz (got 1200.0): the velocity tracker's 20 samples") == true,
                      refused?.message ?? "")
        guard case .command = ScrollLabCommand.parseLine(["replay", "g.jsonl", "--headless", "--touch-hz", "1000"]) else {
            return XCTFail("--touch-hz 1000 refused")
        }
    }

    func testHelpIsNotARefusal() {
        for arguments in [["--help"], ["replay", "--help"], ["sweep", "report", "--help"], ["help", "feed"]] {
            switch ScrollLabCommand.parseLine(arguments) {
            case let .refused(refusal): XCTAssertEqual(refusal.code, 0, arguments.joined(separator: " "))
            case .command: continue   // `help feed` parses to the help command, which prints it when run
            }
        }
    }

    /// The top-level help's paragraph of the window's options names every one of them.
    func testTheTopLevelHelpNamesEveryWindowOption() {
        let names = OptionNames.longNames(WindowCommand.self, shown: true).subtracting(["--help"])
        XCTAssertGreaterThan(names.count, 40)
        let summary = WindowCommand.optionsSummary
        let missing = names.filter { name in
            !summary.components(separatedBy: name).dropFirst().contains { rest in rest.first.map { !$0.isLetter && $0 != "-" } ?? true }
        }
        XCTAssertEqual(missing.sorted(), [])
    }

    /// `help` with a word that names no subcommand is refused as the word alone would be (it printed the
    /// root's help, exit 0).
    func testHelpForAnUnknownCommandIsRefused() {
        XCTAssertEqual(refusal(["help", "replya"])?.message, "scrolllab: Unknown command 'replya'. Did you mean 'replay'?")
        XCTAssertEqual(refusal(["help", "sweep", "rnu"])?.message, "scrolllab sweep: Unknown subcommand 'rnu'. Did you mean 'run'?")
        XCTAssertEqual(refusal(["help", "sweep", "rnu"])?.code, CommandExit.usage)
        for arguments in [["help", "sweep", "run"], ["help", "replay"], ["help"]] {
            if case let .refused(refusal) = ScrollLabCommand.parseLine(arguments) { XCTAssertEqual(refusal.code, 0, refusal.message) }
        }
    }

    /// A value not among an option's names is refused on one line, with the nearest name when one is near,
    /// however many names there are (past four ArgumentParser lists them a line each).
    func testAValueNotAmongTheNamesIsRefusedOnOneLine() {
        let policy = refusal(["replay", "g.jsonl", "--headless", "--policy", "adaptve"])?.message ?? ""
        XCTAssertFalse(policy.contains("\n"), policy)
        XCTAssertTrue(policy.hasPrefix("scrolllab replay: The value 'adaptve' is invalid for '--policy <policy>'. Did you mean 'adaptive'? "
                                       + "Please provide one of 'eager', 'deferred', "), policy)
        XCTAssertTrue(policy.hasSuffix(" or 'all'."), policy)
        XCTAssertEqual(refusal(["replay", "g.jsonl", "--headless", "--physics", "iso"])?.message,
                       "scrolllab replay: The value 'iso' is invalid for '--physics <physics>'. Did you mean 'ios'? "
                       + "Please provide one of \(ValueSuggestion.listed(ScrollPhysicsKind.allCases.map(\.rawValue))).")
        XCTAssertEqual(ValueSuggestion.listed(["ios", "android", "flutter-bouncing"]), "'ios', 'android' or 'flutter-bouncing'")
        XCTAssertEqual(refusal(["replay", "g.jsonl", "--headless", "--paging", "zzzzz"])?.message,
                       "scrolllab replay: The value 'zzzzz' is invalid for '--paging <paging>'. Please provide one of 'none', 'frame', 'snap' or 'target'.")
        XCTAssertEqual(refusal(["sweep", "run", "--gestures", "d", "--out", "r.jsonl", "--policies", "eager,adaptve"])?.message,
                       "scrolllab sweep: --policies: \"adaptve\" is not a valid value. Did you mean 'adaptive'?")
        XCTAssertEqual(refusal(["sweep", "run", "--gestures", "d", "--out", "r.jsonl", "--network", "lte,zzzzzz"])?.message,
                       "scrolllab sweep: --network: \"zzzzzz\" is not a valid value (one of 'wifi', 'lte', '3g', 'edge', 'very-bad', 'fast-3g' or 'slow-3g')")
    }

    /// A negative number after an option that takes a value is its value, for every option: the option's
    /// own rule judges it (it was "Missing value" where the option was not parsed unconditionally).
    func testANegativeNumberIsAValueNeverAnOptionName() {
        let cases: [([String], String)] = [
            (["soak", "--minutes", "-1"], "scrolllab soak: --minutes must be more than 0 and at most 1440 (24 hours)"),
            (["--quit-after", "-1"], "scrolllab: --quit-after must be a finite number of seconds, 0 or more"),
            (["sweep", "run", "--gestures", "d", "--out", "r.jsonl", "--shard", "-1/2"], "scrolllab sweep: --shard must be K/N with 1 ≤ K ≤ N (got -1/2)"),
            (["soak", "--minutes", "-inf"], "scrolllab soak: --minutes must be more than 0 and at most 1440 (24 hours)"),
        ]
        for (arguments, message) in cases {
            guard let refusal = refusal(arguments) else { continue }
            XCTAssertEqual(refusal.code, 64, arguments.joined(separator: " "))
            XCTAssertEqual(refusal.message, message)
        }
        XCTAssertFalse(refusal(["serve", "--seed", "-1"])?.message.contains("Missing value") ?? true)
        // A header value with a CR LF would add lines to every answer (RFC 9110 §5.5).
        XCTAssertEqual(refusal(["serve", "--content-type", "image/jpeg\r\nX-Injected: 1"])?.code, CommandExit.usage)
        if case .refused = ScrollLabCommand.parseLine(["serve", "--content-type", "image/png"]) { XCTFail("--content-type image/png refused") }
        guard case .command = ScrollLabCommand.parseLine(["feed", "generate", "--layout", "list", "--count", "2", "--seed", "1", "--out", "-1"]) else {
            return XCTFail("--out -1 is a file named -1")
        }
        // Only after an option that takes a value, and nothing after `--`.
        let names: Set<String> = ["--minutes"]
        XCTAssertEqual(NegativeValues.attached(["--minutes", "-1", "--headless", "-2", "--", "--minutes", "-3"], options: { names }),
                       ["--minutes=-1", "--headless", "-2", "--", "--minutes", "-3"])
        for word in ["-1", "-0.5", "-.5", "-1/2", "-1e3", "-inf", "-Infinity", "-nan"] { XCTAssertTrue(NegativeValues.isNegativeNumber(word), word) }
        for word in ["-", "--", "-h", "--x", "-.", "-i", "1"] { XCTAssertFalse(NegativeValues.isNegativeNumber(word), word) }
        XCTAssertTrue(OptionNames.takingValues(SoakCommand.self).isSuperset(of: ["--minutes", "--gestures", "--latency-ms"]))
        XCTAssertFalse(OptionNames.takingValues(SoakCommand.self).contains("--headless"))
    }

    /// Every option that takes a value, of every command (as ArgumentParser describes it, hidden ones
    /// included): `-1` after it is its value, never "Missing value". An unknown option after it keeps the
    /// line from parsing whatever the value.
    func testEveryOptionTakesANegativeNumberAsItsValue() {
        var tried = 0
        for command in Self.leafCommands() {
            let path = CommandName(command).path
            let words = path == "window" ? [] : path.split(separator: " ").map(String.init)
            // `--feed` reads its file while the line parses, and a missing one ends the process: run on the binary.
            for option in OptionNames.takingValues(command).sorted() where option != "--feed" {
                tried += 1
                guard case let .refused(refusal) = ScrollLabCommand.parseLine(words + [option, "-1", "--no-such-option-here"]) else {
                    XCTFail("\(path) \(option) -1 --no-such-option-here parsed")
                    continue
                }
                XCTAssertFalse(refusal.message.contains("Missing value"), "\(path) \(option): \(refusal.message)")
            }
        }
        XCTAssertGreaterThan(tried, 100)
    }
}
