import Glibc
import Testing
@testable import ScrollLabCore

/// Names given in bytes that are not UTF-8 are told apart from names that hold U+FFFD in UTF-8.
@Suite struct ArgumentNamesTests {
    @Test func anArgumentOrAnOptionsValueIsRecognised() {
        let names = ArgumentNames(changed: ["r\u{FFFD}.jsonl", "--out=o\u{FFFD}.json"])
        #expect(names.isChanged("r\u{FFFD}.jsonl"))
        #expect(names.isChanged("o\u{FFFD}.json"))
        #expect(!names.isChanged("x\u{FFFD}.jsonl"))
        #expect(!names.isChanged("r.jsonl"))
    }

    @Test func aMissingFileOtherwiseNamedSaysWhyItIsMissing() {
        #expect(ArgumentNames.openFailure("/nonexistent/x", code: ENOENT) == "No such file or directory")
        #expect(ArgumentNames.openFailure("/root/x", code: EACCES) == "Permission denied")
    }
}
