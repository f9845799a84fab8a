import Foundation
import LabKit
import ScrollLabCore

/// Why a feed file could not be read: one line naming the file (and the line), and the exit code
/// (2: the file is missing or unreadable; 1: its content is not a feed).
struct FeedReadError: Error {
    let message: String
    let code: Int32
}

/// Reads the feed file at `path` (`-`: standard input) line by line: memory stays bounded by the line
/// limit and the feed's item limit whatever the file holds.
func readFeedFile(_ path: String) throws(FeedReadError) -> Feed {
    let name = path == "-" ? "stdin" : MessageText.quoted(path)
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FeedReadError(message: "cannot read \(name): \(OutputFile.errorText())", code: OptionRules.Exit.input) }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var parser = FeedParser()
    var line: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    func parseLine() throws(FeedReadError) {
        do {
            try parser.parse(line: line)
        } catch {
            throw FeedReadError(message: "\(name) \(MessageText.singleLine(error.description))", code: OptionRules.Exit.failed)
        }
        line.removeAll(keepingCapacity: true)
    }
    while true {
        let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n >= 0 else { throw FeedReadError(message: "cannot read \(name): \(OutputFile.errorText())", code: OptionRules.Exit.input) }
        if n == 0 { break }
        var start = 0
        for i in 0..<n where chunk[i] == UInt8(ascii: "\n") {
            line += chunk[start..<i]
            try parseLine()
            start = i + 1
        }
        line += chunk[start..<n]
        // A line with no end in sight: let the parser name it (too long) now rather than buffer it all.
        if line.count > Feed.lineLimit + 1 { try parseLine() }
    }
    if !line.isEmpty { try parseLine() }
    do {
        return try parser.finish()
    } catch {
        throw FeedReadError(message: "\(name) \(error.description)", code: OptionRules.Exit.failed)
    }
}

/// `readFeedFile`, or the end of the program with its one line and exit code.
func loadFeed(_ path: String, command: String) -> Feed {
    do throws(FeedReadError) {
        return try readFeedFile(path)
    } catch {
        fail("scrolllab \(command): \(error.message)", code: error.code)
    }
}
