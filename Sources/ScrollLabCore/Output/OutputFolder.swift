import Foundation

/// The folders the window writes its files into (`screenshots/`, `recordings/`), made as `mkdir -p` makes
/// them, with the reason a folder cannot be made (`Read-only file system`): a `try?` lost it, and the
/// message then named the missing file instead.
package enum OutputFolder {
    /// Makes `path` and its missing parents; why it cannot be (`strerror`, or `not a folder` for a file in
    /// the way), or nil when it is a folder now.
    package static func make(_ path: String) -> String? {
        var code = makeOne(path)
        if code == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            if let why = make(String(path[..<slash])) { return why }
            code = makeOne(path)
        }
        if code == EEXIST { return "not a folder" }   // a file is in the way
        return code == 0 ? nil : String(cString: strerror(code))
    }

    /// `mkdir(path)`: 0 when `path` is a folder now, else `mkdir`'s error (read before anything else sets `errno`).
    private static func makeOne(_ path: String) -> Int32 {
        if mkdir(path, 0o755) == 0 { return 0 }
        let code = errno
        return isFolder(path) ? 0 : code
    }

    /// The line a window's file gives when its folder cannot be made.
    package static func refusal(_ folder: String, _ why: String) -> String {
        "cannot make the folder \(MessageText.quoted(folder)): \(why)"
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
