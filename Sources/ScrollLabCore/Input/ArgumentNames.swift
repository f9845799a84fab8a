#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names given on the command line in bytes that are not UTF-8. Swift's `CommandLine.arguments` (and so
/// every option) has U+FFFD in place of each bad sequence: such a path names no file, or a different
/// one, so a command refuses it by name (`rename it`) rather than read nothing or write elsewhere.
package struct ArgumentNames: Sendable {
    /// The arguments whose bytes are not UTF-8, as the program received them.
    package var changed: [String]

    /// The arguments of this process.
    package init() {
        var changed: [String] = []
        for i in 0..<Int(CommandLine.argc) {
            guard let bytes = CommandLine.unsafeArgv[i], String(validatingCString: bytes) == nil else { continue }
            changed.append(String(cString: bytes))
        }
        self.changed = changed
    }

    /// Arguments given as they were received (a test's).
    package init(changed: [String]) { self.changed = changed }

    /// True when `path` is one of them, or the value of one (`--out=VALUE`).
    package func isChanged(_ path: String) -> Bool {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return false }
        return changed.contains { $0 == path || $0.hasSuffix("=" + path) }
    }

    /// What a message says of such a name.
    package static let reason = "named in bytes that are not UTF-8 (rename it)"

    /// Why `path` could not be opened: `ArgumentNames.reason` for a missing file so named on the command
    /// line, else `strerror(code)`.
    package static func openFailure(_ path: String, code: Int32) -> String {
        if code == ENOENT, ArgumentNames().isChanged(path) { return reason }
        return String(cString: strerror(code))
    }
}
