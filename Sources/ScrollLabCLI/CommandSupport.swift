import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// The exit codes every command uses, one rule for all: the README's table (`markdownTable`, kept equal
/// by a unit test; a window test runs each row on every subcommand).
package enum CommandExit {
    /// Success.
    static let ok: Int32 = 0
    /// The run failed: an input's content is not what it should be (a gesture, feed or results file with
    /// a bad line), an output cannot be opened or written, a check failed.
    static let failed: Int32 = 1
    /// An input is missing or unreadable (a file, a folder, standard input), or there is no display.
    package static let input: Int32 = 2
    /// The command line is wrong: an unknown command or option (with the nearest name), a value the
    /// command cannot use, an option it cannot honour, an output that names an input.
    package static let usage: Int32 = 64

    /// The README's table of exit codes.
    static let rows: [(code: Int32, meaning: String)] = [
        (ok, "done"),
        (failed, "the run failed: an input's content is bad (a gesture, feed or results file; the message names the line), "
            + "an output cannot be opened or written, a check failed"),
        (input, "an input file or folder is missing or unreadable, or there is no display"),
        (usage, "the command line is wrong: an unknown command or option (\"did you mean …?\"), a value or an option the "
            + "command cannot use, an output that names an input"),
    ]

    /// `rows` as the README shows them.
    static var markdownTable: String {
        (["| Exit code | Meaning |", "| --: | --- |"] + rows.map { "| \($0.code) | \($0.meaning) |" }).joined(separator: "\n")
    }
}

/// Reads a gesture file line by line (`-` is standard input; a pipe or FIFO is read as it comes), with
/// bounded memory: each event goes to `body` as soon as its line is parsed. Exits with one clear line
/// naming the file and line on the first problem (2: the file cannot be read; 1: a bad line), or when
/// more than `byteLimit` bytes arrive. Returns how many events were read.
@discardableResult
package func readGesture(_ path: String, command: String, byteLimit: Int? = nil, _ body: (PointerEvent) -> Void) -> Int {
    do throws(GestureReadError) {
        return try readGestureEvents(path, byteLimit: byteLimit, body)
    } catch {
        fail("scrolllab \(command): \(error.message)", code: error.code)
    }
}

/// Reads and parses a whole gesture file (for the window's `--replay`, bench and soak), or exits with
/// one clear line naming the file and line.
package func loadGesture(_ path: String, command: String) -> [PointerEvent] {
    var events: [PointerEvent] = []
    readGesture(path, command: command) { events.append($0) }
    guard !events.isEmpty else { fail("scrolllab \(command): \(inputName(path)) holds no pointer events") }
    return events
}

/// Opens an output file (`-`: standard output) that `option` of `command` names, or exits 1 with one line.
/// With `keepingUntilWritten`, a file that exists keeps what it holds until the first write (`OutputFile`):
/// for a command that reads its input after opening its outputs.
func openOutput(_ path: String, option: String? = nil, command: String, keepingUntilWritten: Bool = false) -> OutputFile {
    do throws(AppError) {
        return try keepingUntilWritten ? OutputFile(keepingUntilWritten: path) : OutputFile(path: path)
    } catch {
        let why = error.message.replacingOccurrences(of: "scrolllab: ", with: "")
        fail("scrolllab \(command): " + (option.map { "\($0): " } ?? "") + why, code: CommandExit.failed)
    }
}

/// Writes `message` as one line on stderr and exits with `code` (`CommandExit`).
/// An input file an option names that cannot be used: missing or unreadable (exit 2) or not what it should
/// be (exit 1), not a usage error (B-EXIT-1).
struct InputFileRefusal: Error {
    let message: String
    let code: Int32
}

package func fail(_ message: String, code: Int32 = CommandExit.failed) -> Never {
    writeStandardError(message)
    exit(code)
}

/// Flushes what `print` buffered; on a write error (a full device, a closed pipe) says so in one line
/// and exits 1, so no command reports success for output that was lost.
package func finishStandardOutput(command: String) {
    if fflush(nil) != 0 {
        fail("scrolllab \(command): cannot write standard output: \(OutputFile.errorText())")
    }
}

/// Installs the batch commands' stop on SIGINT, SIGTERM and SIGHUP (`StopSignals`): the command's
/// clean-up, one line saying what was kept, and the exit with 128 + the signal's number.
func installStopSignals(command: String, cleanUp: @escaping @Sendable (Int32) -> String) {
    StopSignals.install(cleanUp: cleanUp) { signal, kept in
        writeStandardError("scrolllab \(command): stopped by \(StopSignals.name(of: signal)): \(kept)")
        _exit(128 + signal)
    }
}

/// Writes the command's output lines to standard output as they come; exits 1 on a write error.
package final class CommandOutput {
    private let command: String
    private let file: OutputFile

    /// Standard output for `command`.
    package init(command: String) {
        self.command = command
        file = .standardOutput()
    }

    /// Writes `text` (whole lines); exits with one line on a write error.
    package func write(_ text: String) {
        guard !file.write(text) else { return }
        fail("scrolllab \(command): \(file.failure ?? "cannot write to standard output")")
    }

    /// Writes one line.
    package func line(_ text: String) { write(text + "\n") }
}

/// Why the input at `path` cannot be read (`cannot read "x": No such file or directory`), or nil; found
/// without opening it (`-`, standard input, is always there).
func unreadableInput(_ path: String) -> String? {
    guard path != "-" else { return nil }
    var info = stat()
    if stat(path, &info) != 0 || access(path, R_OK) != 0 { return "cannot read \(inputName(path)): \(ArgumentNames.openFailure(path, code: errno))" }
    if (info.st_mode & S_IFMT) == S_IFDIR { return "cannot read \(inputName(path)): it is a folder" }
    return nil
}

extension AppError {
    /// The exit code of a window that could not start or run (`CommandExit`): no display or a missing
    /// library or font is an input missing (2), an output that cannot be opened a failure (1), a value
    /// the window cannot use a usage error (64).
    var exitCode: Int32 {
        switch self {
        case .noDisplay, .sdl, .font: return CommandExit.input
        case .output: return CommandExit.failed
        case .usage: return CommandExit.usage
        }
    }
}

extension PathConflicts {
    /// Ends the program before anything is read or written when a path cannot be used: one named in bytes
    /// that are not UTF-8 (exit 2: an input is missing as named, an output would get another name), or an
    /// output that names an input or another output (exit 64). `command` begins the line (`scrolllab bench`).
    func refuse(command: String) {
        if let name = firstChangedName() { fail("\(command): " + name, code: CommandExit.input) }
        if let conflict = firstConflict() { fail("\(command): " + conflict, code: CommandExit.usage) }
    }
}
