import Foundation
import LabKit
import ScrollLabCore

/// Writes an import's gestures as they are made: `BASE-000.jsonl`, `BASE-001.jsonl`… in the folder
/// (made at the first gesture), each event a line; a whole session is one file, `BASE.jsonl`. Each is
/// written under a hidden temporary name beside it and takes its own name when the import is done
/// (`commit`), so a refused capture removes only what it wrote and an earlier import's files of the same
/// names stay as they were. A stop keeps what is whole (a stopped session its whole touches).
///
/// `@unchecked Sendable`: a stop's clean-up (`stop()`) runs on the signal watcher's thread, with the
/// output lock held; everything it reads is changed only inside `StopSignals.whole`, under that lock.
final class ImportWriter: @unchecked Sendable {
    private let folder: String
    private let base: String
    private let session: Bool
    /// The gesture being written, the files finished, the byte and touch counts: changed only inside
    /// `StopSignals.whole`.
    private var current: OutputFile?
    /// The name the gesture being written takes when the import is done.
    private var currentName = ""
    private var finished: [(temporary: String, name: String)] = []
    private var buffer = ""
    private var madeFolder = false
    /// Bytes of the current file written, and of its whole touches (a session's file cut back on a stop).
    private var bytes = 0
    private var wholeBytes = 0
    private(set) var touches = 0
    private(set) var failure: String?

    init(folder: String, base: String, session: Bool = false) {
        self.folder = folder
        self.base = base
        self.session = session
    }

    var written: Int { finished.count }

    /// True when an import of `base` writes a file named `name`: `BASE.jsonl` for a session, else
    /// `BASE-` and three or more digits.
    static func writes(_ name: String, base: String, session: Bool) -> Bool {
        if session { return name == "\(base).jsonl" }
        guard name.hasPrefix(base + "-"), name.hasSuffix(".jsonl") else { return false }
        let number = name.dropFirst(base.count + 1).dropLast(6)
        return number.count >= 3 && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Takes what a capture line completed.
    func take(_ outputs: [GeteventCapture.Output]) {
        for output in outputs where failure == nil {
            switch output {
            case let .event(event):
                if current == nil { start() }
                buffer += GestureFile.serialize([event])
                if buffer.utf8.count >= 1 << 16 { flush() }
            case .endOfTouch:
                flush()
                StopSignals.whole {
                    touches += 1
                    wholeBytes = bytes
                }
            case .endOfGesture:
                flush()
                StopSignals.whole {
                    if !session { touches += 1 }
                    guard let file = current else { return }
                    if let problem = file.close() { failure = problem; return }
                    finished.append((file.path, currentName))
                    current = nil
                    bytes = 0
                    wholeBytes = 0
                }
            }
        }
    }

    private func start() {
        StopSignals.whole {
            if finished.isEmpty, !madeFolder {
                var info = stat()
                madeFolder = stat(folder, &info) != 0
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                    failure = "cannot make \(MessageText.quoted(folder)): \(error.localizedDescription)"
                    return
                }
            }
            let name = session ? "\(base).jsonl" : String(format: "%@-%03d.jsonl", base, finished.count)
            currentName = (folder as NSString).appendingPathComponent(name)
            let temporary = (folder as NSString).appendingPathComponent(".\(name).tmp-\(getpid())")
            do throws(AppError) { current = try OutputFile(path: temporary) } catch { failure = error.message }
        }
    }

    private func flush() {
        guard let file = current, !buffer.isEmpty else { return }
        StopSignals.whole {
            if file.write(buffer) { bytes += buffer.utf8.count } else { failure = file.failure }
        }
        buffer = ""
    }

    /// The import is done: every finished file takes its name. False (and `failure` set) when one cannot.
    @discardableResult
    func commit() -> Bool {
        StopSignals.whole {
            for file in finished where failure == nil {
                if rename(file.temporary, file.name) != 0 {
                    failure = "cannot write \(MessageText.quoted(file.name)): \(OutputFile.errorText())"
                }
            }
        }
        return failure == nil
    }

    /// On a stop: the partial gesture removed (a session's cut back to its whole touches), the whole ones
    /// given their names; says what was kept.
    func stop() -> String {
        if session, let current {
            _ = current.close()
            guard wholeBytes > 0, truncate(current.path, off_t(wholeBytes)) == 0, rename(current.path, currentName) == 0 else {
                unlink(current.path)
                return "no whole touch kept: the partial session file removed"
            }
            return "\(touches) whole touch(es) kept in \(MessageText.quoted(currentName)), the partial one removed"
        }
        if let current { _ = current.close(); unlink(current.path) }
        for file in finished { _ = rename(file.temporary, file.name) }
        return "\(finished.count) whole gesture file(s) kept in \(MessageText.quoted(folder))"
            + (current == nil ? "" : ", the partial one removed")
    }

    /// On a refused capture: every file this import wrote removed (files of the same names from before stay).
    func discard() {
        StopSignals.whole {
            if let current { _ = current.close(); unlink(current.path) }
            for file in finished { unlink(file.temporary) }
            if madeFolder { rmdir(folder) }
            current = nil
            finished = []
        }
    }
}
