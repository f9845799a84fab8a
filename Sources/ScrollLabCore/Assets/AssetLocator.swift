import Foundation

/// Finds the bundled `Assets/` folders: from the current directory, else from the executable's folder
/// and its parents, so `make run`, `swift run` and `.build/release/scrolllab` all find them from
/// anywhere inside the repository.
package enum AssetLocator {
    /// The directory `Assets/<name>` nearest to the current directory or the executable, if any.
    package static func directory(_ name: String) -> URL? {
        let fm = FileManager.default
        var candidates = [URL(fileURLWithPath: fm.currentDirectoryPath)]
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir)
            dir = dir.deletingLastPathComponent()
        }
        for base in candidates {
            let url = base.appendingPathComponent("Assets").appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return url }
        }
        return nil
    }
}
