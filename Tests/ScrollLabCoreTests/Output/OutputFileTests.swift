import Foundation
import Testing
@testable import ScrollLabCore

/// SPEC §7: an output's failure is one line naming the file quoted and escaped (a name with a newline
/// cannot forge a second line), standard output by that name.
@Suite struct OutputFileTests {
    @Test func aFileThatCannotBeOpenedIsNamedQuoted() {
        let path = "/nonexistent-\(getpid())/dir\nX/out.png"
        do {
            _ = try OutputFile(path: path)
            Issue.record("opened \(path)")
        } catch {
            #expect(error.message == #"scrolllab: cannot open "/nonexistent-\#(getpid())/dir\nX/out.png" for writing: No such file or directory"#)
        }
    }

    @Test func aFullDeviceIsNamedQuoted() throws {
        let file = try OutputFile(path: "/dev/full")
        #expect(!file.write("eight by"))
        #expect(file.close() == #"cannot write "/dev/full": No space left on device"#)
    }

    /// A temporary file holding `text`; its path.
    private func file(holding text: String) throws -> String {
        let path = NSTemporaryDirectory() + "output-file-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Opened keeping what it holds, a file is as it was until the first write, which replaces it whole; a
    /// process that ends before that (a command refused for its input) leaves the earlier output.
    @Test func keptUntilTheFirstWrite() throws {
        let path = try file(holding: "the last report\n")
        defer { unlink(path) }
        let kept = try OutputFile(keepingUntilWritten: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the last report\n")
        #expect(kept.write("new"))
        #expect(kept.write(" page\n"))
        #expect(kept.close() == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new page\n")
    }

    /// Closed without a write, it is emptied as `init(path:)` would have: an output on exit 0 is this run's.
    @Test func emptiedWhenClosedUnwritten() throws {
        let path = try file(holding: "old\n")
        defer { unlink(path) }
        #expect(try OutputFile(keepingUntilWritten: path).close() == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    }

    /// The check opens a file as a write would and leaves one that exists as it was; one it had to create
    /// is gone again, so a command refused after the check leaves no empty output.
    @Test func checkingLeavesAFileAsItWas() throws {
        let path = try file(holding: "plot bytes")
        defer { unlink(path) }
        try OutputFile.checkWritable(path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "plot bytes")
        #expect(throws: AppError.self) { try OutputFile.checkWritable("/nonexistent-\(getpid())/plot.png") }
        let missing = path + ".new"
        try OutputFile.checkWritable(missing)
        #expect(access(missing, F_OK) != 0)
    }

    /// A folder that cannot be made says why (a file is in the way: not a folder), and one that is there is fine.
    @Test func aFolderThatCannotBeMadeSaysWhy() throws {
        let path = try file(holding: "")
        defer { unlink(path) }
        #expect(OutputFolder.make(path + "/screenshots") == "Not a directory")
        #expect(OutputFolder.make(path) == "not a folder")
        let folder = NSTemporaryDirectory() + "output-folder-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(OutputFolder.make(folder + "/a/b") == nil)
        #expect(OutputFolder.make(folder + "/a/b") == nil)
        // A folder refused by its file system (sysfs: EPERM, or EROFS read-only) gives mkdir's reason, not
        // that of a look at the missing folder after it (was: No such file or directory).
        if FileManager.default.fileExists(atPath: "/sys/kernel") {
            let why = OutputFolder.make("/sys/scrolllab-\(getpid())")
            #expect(why == "Operation not permitted" || why == "Read-only file system", "\(why ?? "made")")
        }
        #expect(OutputFolder.refusal("shots", "Read-only file system") == #"cannot make the folder "shots": Read-only file system"#)
    }
}
