import Foundation
import LabKit
import ScrollLabCore

/// Why a feed file could not be read: one line naming the file (and the line), and the exit code
/// (2: the file is missing or unreadable; 1: its content is not a feed).
struct FeedReadError: Error {
    let message: String
    let code: Int32
}

/// Reads the feed file at `path` (`-`: standard input) line by line with the shared line reader: memory
/// stays bounded by the line limit and the feed's item limit whatever the file holds.
func readFeedFile(_ path: String) throws(FeedReadError) -> Feed {
    let name = inputName(path)
    var parser = FeedParser()
    // The parser allows a line of `lineLimit` bytes and its `\r`.
    try readInputLines(path, lineLimit: Feed.lineLimit + 1, problem: { problem in
        switch problem {
        case let .unreadable(message): return FeedReadError(message: message, code: CommandExit.input)
        case let .lineTooLong(line):
            return FeedReadError(message: "\(name) \(FeedError(line: line, reason: "longer than \(Feed.lineLimit) bytes (not a feed file?)").description)",
                                 code: CommandExit.failed)
        case .tooLarge: return FeedReadError(message: "\(name) is too large", code: CommandExit.failed)
        }
    }) { line throws(FeedReadError) in
        do throws(FeedError) { try parser.parse(line: line) } catch {
            throw FeedReadError(message: "\(name) \(MessageText.singleLine(error.description))", code: CommandExit.failed)
        }
    }
    do {
        return try parser.finish()
    } catch {
        throw FeedReadError(message: "\(name) \(error.description)", code: CommandExit.failed)
    }
}

/// `readFeedFile`, or the end of the program with its one line (`scrolllab feed check: …`, the
/// `command`'s name as its messages give it) and exit code.
func loadFeed(_ path: String, command: CommandName) -> Feed {
    do throws(FeedReadError) {
        return try readFeedFile(path)
    } catch {
        fail("\(command.display): \(error.message)", code: error.code)
    }
}
