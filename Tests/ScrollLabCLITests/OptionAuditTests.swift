import Foundation
@testable import ScrollLabCLI
import ScrollLabCore
import XCTest

/// B-OPT-1: the refusals are declared once; docs/options.md shows exactly them.
final class OptionAuditTests: XCTestCase {
    func testTheDocsListEveryRefusal() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/options.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- refusals -->\n")), end = try XCTUnwrap(text.range(of: "\n<!-- /refusals -->"))
        XCTAssertEqual(String(text[start.upperBound..<end.lowerBound]), OptionAudit.markdownTable,
                       "docs/options.md's table of refusals is OptionAudit.markdownTable")
    }

    func testOptionsAreReadFromTheCommandLine() {
        let line = CommandLineOptions(["scrolllab", "replay", "g.jsonl", "--headless", "--scene=pager", "--items", "5", "--", "--fps"])
        XCTAssertTrue(line.has("--items"))
        XCTAssertEqual(line.value("--items"), "5")
        XCTAssertFalse(line.isGrid)
        XCTAssertFalse(line.has("--fps"), "after a lone -- nothing is an option")
        XCTAssertTrue(CommandLineOptions(["scrolllab", "replay", "g.jsonl"]).isGrid)
    }

    func testEveryRefusalTriggersOnItsOwnExampleAndNamesItsOption() {
        for refusal in OptionAudit.refusals {
            let command = refusal.command == "window" ? [] : refusal.command.split(separator: " ").map(String.init)
            let line = CommandLineOptions(["scrolllab"] + command + refusal.example)
            XCTAssertTrue(refusal.applies(line), "\(refusal.command) \(refusal.option): its example triggers it")
            XCTAssertTrue(refusal.message.hasPrefix(refusal.option + " "), refusal.message)
        }
    }
}
