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
}
