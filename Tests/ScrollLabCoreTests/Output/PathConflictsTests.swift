import Foundation
import Testing
@testable import ScrollLabCore

/// §7: an output that names an input or another output is refused before anything is written.
@Suite struct PathConflictsTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "scrolllab-paths-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aTraceOntoTheReplayedGestureIsRefused() throws {
        let dir = try folder()
        let gesture = dir + "/a.jsonl"
        try "{}\n".write(toFile: gesture, atomically: false, encoding: .utf8)
        var paths = PathConflicts()
        paths.input(gesture, "--replay")
        paths.output(gesture, "--trace-out")
        #expect(paths.firstConflict() == "--trace-out \"\(gesture)\" is the file --replay reads: refused, nothing written")
    }

    @Test func aPathNamedInBytesThatAreNotUTF8IsRefusedByName() throws {
        let dir = try folder()
        var paths = PathConflicts()
        paths.argumentNames = ArgumentNames(changed: ["--out=\(dir)/o\u{FFFD}.json", "r\u{FFFD}.jsonl"])
        paths.input("r\u{FFFD}.jsonl", "FILE")
        paths.output(dir + "/o\u{FFFD}.json", "--out")
        #expect(paths.firstChangedName() == "FILE \"r\u{FFFD}.jsonl\" is named in bytes that are not UTF-8 (rename it): refused, nothing written")
        #expect(paths.firstConflict() == nil)
        paths.uses.removeFirst()
        #expect(paths.firstChangedName()?.hasPrefix("--out \"\(dir)/o\u{FFFD}.json\" is named in bytes") == true)
        // A name that holds U+FFFD in UTF-8 is the name asked for.
        paths.argumentNames = ArgumentNames(changed: [])
        #expect(paths.firstChangedName() == nil)
    }

    @Test func aLinkToTheInputIsTheSameFile() throws {
        let dir = try folder()
        let gesture = dir + "/a.jsonl"
        try "{}\n".write(toFile: gesture, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.jsonl", withDestinationPath: gesture)
        var paths = PathConflicts()
        paths.input(gesture, "--replay")
        paths.output(dir + "/link.jsonl", "--screenshot")
        #expect(paths.firstConflict()?.hasPrefix("--screenshot") == true)
    }

    @Test func twoOutputsToOneNewFileAreRefused() throws {
        let dir = try folder()
        var paths = PathConflicts()
        paths.output(dir + "/x", "--trace-out")
        paths.output(dir + "/./x", "--screenshot")
        #expect(paths.firstConflict() == "--screenshot \"\(dir)/./x\" is also --trace-out's output: refused, nothing written")
    }

    @Test func distinctFilesStdoutAndDevicesPass() throws {
        let dir = try folder()
        var paths = PathConflicts()
        paths.input(dir + "/a.jsonl", "--replay")
        paths.output(dir + "/b.jsonl", "--trace-out")
        paths.output("-", "--screenshot")
        paths.output("/dev/null", "--plot")
        paths.output("/dev/null", "--trace-out")
        #expect(paths.firstConflict() == nil)
    }

    @Test func namesAreQuotedAndEscaped() {
        #expect(MessageText.quoted("a\nscrolllab: warning: forged\u{1B}[31m") == "\"a\\nscrolllab: warning: forged\\u{1b}[31m\"")
        #expect(MessageText.quoted("say \"hi\" \\ there") == "\"say \\\"hi\\\" \\\\ there\"")
        #expect(MessageText.singleLine("one\ntwo\u{1B}[2J") == "one\\ntwo\\u{1b}[2J")
    }
}
