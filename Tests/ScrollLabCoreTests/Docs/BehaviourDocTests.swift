import Foundation
import Testing

/// docs/behaviour.md explains every behaviour id the code and its tests cite (`B-DEC-2`, `B-GRID-4`, …):
/// one table row each, `| B-… | what it means |`.
@Suite struct BehaviourDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The ids cited in the Swift and Python files under `folders`, with a file that cites each.
    static func citedIDs(in folders: [String]) -> [String: String] {
        var cited: [String: String] = [:]
        let pattern = /B-[A-Z0-9]+-[0-9]+/
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where ["swift", "py", "sh"].contains(file.pathExtension) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                for match in text.matches(of: pattern) { cited[String(match.output), default: file.path] = file.path }
            }
        }
        return cited
    }

    /// The ids docs/behaviour.md explains, one per table row, in the page's order.
    static func explainedIDs() throws -> [String] {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/behaviour.md"), encoding: .utf8)
        return doc.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| B-") else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        }
    }

    @Test func everyCitedIDIsExplained() throws {
        let explained = Set(try Self.explainedIDs())
        let cited = Self.citedIDs(in: ["Sources", "Tests", "Examples"])
        #expect(cited.count > 40)  // the scan found the code
        for (id, file) in cited.sorted(by: { $0.key < $1.key }) {
            #expect(explained.contains(id), "\(id) (cited in \(file)) is not explained in docs/behaviour.md")
        }
    }

    /// The other way: each row is one behaviour, explained once, that some code or test cites (a row nothing
    /// cites names a behaviour no one can find the code of).
    @Test func everyExplainedIDHasOneRowAndIsCited() throws {
        let explained = try Self.explainedIDs()
        let cited = Self.citedIDs(in: ["Sources", "Tests", "Examples"])
        #expect(explained.count > 60)
        var seen = Set<String>()
        for id in explained {
            #expect(seen.insert(id).inserted, "\(id) has more than one row in docs/behaviour.md")
            #expect(cited[id] != nil, "\(id) is explained in docs/behaviour.md but cited by no code or test")
        }
    }
}
