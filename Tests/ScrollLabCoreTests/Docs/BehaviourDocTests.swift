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

    @Test func everyCitedIDIsExplained() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/behaviour.md"), encoding: .utf8)
        let explained = Set(doc.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| B-") else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        })
        let cited = Self.citedIDs(in: ["Sources", "Tests", "Examples"])
        #expect(cited.count > 40)  // the scan found the code
        for (id, file) in cited.sorted(by: { $0.key < $1.key }) {
            #expect(explained.contains(id), "\(id) (cited in \(file)) is not explained in docs/behaviour.md")
        }
    }
}
