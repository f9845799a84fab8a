#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Refuses, before anything is written, an output path that names an input or another output (§7):
/// `--replay a.jsonl --trace-out a.jsonl` would replace the gesture with the trace, `--trace-out x
/// --screenshot x` the trace with a PNG.
///
/// Two paths are the same file when they name one existing file (the same device and inode, so through
/// links too), or, for an output not yet created, when they resolve to the same place (the folder's
/// real path and the name). `-` (standard output or input) and devices such as `/dev/null` are never a
/// conflict: writing through them replaces nothing.
public struct PathConflicts: Sendable {
    /// A path the command reads or writes, and what it is on the command line (`--trace-out`).
    public struct Use: Sendable {
        /// The path as given on the command line (`-`: standard input or output).
        public var path: String
        /// The option that names it (`--replay`), for the message.
        public var option: String
        /// True for a file the command writes.
        public var isOutput: Bool

        /// A path of the command line.
        public init(path: String, option: String, isOutput: Bool) {
            self.path = path
            self.option = option
            self.isOutput = isOutput
        }
    }

    /// The paths, in command-line order.
    public var uses: [Use] = []
    /// The command line's names in bytes that are not UTF-8: an input so named would not be found, an
    /// output would be written under another name.
    package var argumentNames = ArgumentNames()

    /// No paths yet.
    public init() {}

    /// Adds an input (nil: not given).
    public mutating func input(_ path: String?, _ option: String) {
        if let path { uses.append(Use(path: path, option: option, isOutput: false)) }
    }

    /// Adds an output (nil: not given).
    public mutating func output(_ path: String?, _ option: String) {
        if let path { uses.append(Use(path: path, option: option, isOutput: true)) }
    }

    /// The first path named on the command line in bytes that are not UTF-8, as one line (`--out "o�.json"
    /// is named in bytes that are not UTF-8 (rename it): refused, nothing written`), or nil.
    public func firstChangedName() -> String? {
        guard let use = uses.first(where: { argumentNames.isChanged($0.path) }) else { return nil }
        return "\(use.option) \(MessageText.quoted(use.path)) is \(ArgumentNames.reason): refused, nothing written"
    }

    /// The first conflict as one line (`--trace-out a.jsonl is the file --replay reads`), or nil.
    public func firstConflict() -> String? {
        let keys = uses.map { Self.identity(of: $0.path) }
        for (i, use) in uses.enumerated() where use.isOutput {
            guard let key = keys[i] else { continue }
            for j in 0..<uses.count where j != i && keys[j] == key {
                let other = uses[j]
                if !other.isOutput {
                    return "\(use.option) \(MessageText.quoted(use.path)) is the file \(other.option) reads: refused, nothing written"
                }
                if j < i {
                    return "\(use.option) \(MessageText.quoted(use.path)) is also \(other.option)'s output: refused, nothing written"
                }
            }
        }
        return nil
    }

    /// What a path names: the file's device and inode when it exists (regular files and folders
    /// only), else the resolved folder and the name; nil for `-` and for devices, FIFOs and sockets.
    static func identity(of path: String) -> String? {
        guard path != "-", !path.isEmpty else { return nil }
        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFDIR else { return nil }
            return "inode \(info.st_dev):\(info.st_ino)"
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder, nil) else { return "path \(folder)/\(name)" }
        defer { free(real) }
        return "path \(String(cString: real))/\(name)"
    }
}
