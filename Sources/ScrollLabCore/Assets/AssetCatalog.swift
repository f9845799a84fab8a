import Foundation

/// The image files of an assets folder, in name order: asset index `i` is the `i`-th file.
package enum AssetCatalog {
    /// File endings SDL2_image is asked to decode (WebP and TIFF through its libwebp and libtiff).
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff"]

    /// Why a folder cannot serve as the assets folder.
    package enum Problem: Error, CustomStringConvertible {
        case missing(String)
        case notAFolder(String)
        case unreadable(String)

        package var description: String {
            switch self {
            case let .missing(path):
                if ArgumentNames().isChanged(path) { return "assets folder \(MessageText.quoted(path)) is \(ArgumentNames.reason)" }
                return "assets folder \(MessageText.quoted(path)) does not exist"
            case let .notAFolder(path): return "--assets \(MessageText.quoted(path)) is a file, not a folder of images"
            case let .unreadable(path): return "assets folder \(MessageText.quoted(path)) cannot be read"
            }
        }
    }

    /// The image files in `directory`, sorted by name (as bytes: a name need not be UTF-8); empty when
    /// it holds none (the grid then shows placeholders that say so). Other files are listed in one note
    /// on stderr, so nothing is skipped silently.
    package static func imageFiles(in directory: String) throws(Problem) -> [AssetFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { throw .missing(directory) }
        guard isDirectory.boolValue else { throw .notAFolder(directory) }
        guard let stream = opendir(directory) else { throw .unreadable(directory) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.first != UInt8(ascii: ".") { names.append(name) }
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        let isImage = { (name: [UInt8]) -> Bool in
            guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
            return imageExtensions.contains(String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased())
        }
        let skipped = names.filter { !isImage($0) }.map { String(decoding: $0, as: UTF8.self) }
        if !skipped.isEmpty {
            let shown = skipped.prefix(3).joined(separator: ", ") + (skipped.count > 3 ? ", …" : "")
            writeStandardError("scrolllab: note: \(directory): skipped \(skipped.count) file(s) without an image ending "
                               + "(\(imageExtensions.sorted().joined(separator: " "))): \(shown)")
        }
        let folder = Array(directory.utf8) + (directory.hasSuffix("/") ? [] : [UInt8(ascii: "/")])
        return names.filter(isImage).map { AssetFile(path: folder + $0) }
    }
}

/// An image file's path as the file system's bytes, so a name that is not UTF-8 still opens.
package struct AssetFile: Sendable, Hashable {
    /// The path's bytes, without a terminating NUL.
    package let path: [UInt8]

    package init(path: [UInt8]) { self.path = path }

    /// The path for messages (bytes that are not UTF-8 shown as U+FFFD).
    package var displayPath: String { MessageText.quoted(String(decoding: path, as: UTF8.self)) }

    /// The disk cache's key of this file: `file:` and its path made absolute, without `.`, `..` or links
    /// (`realpath`), so the same image is one entry however its folder was named (`--assets Assets/Images`,
    /// `./Assets/Images/`, an absolute path; the window started elsewhere); the path as given if it cannot
    /// be resolved.
    package var diskCacheKey: String {
        let resolved: String? = withCString { name in
            guard let real = realpath(name, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }
        return "file:" + (resolved ?? String(decoding: path, as: UTF8.self))
    }

    /// Calls `body` with the path as a NUL-terminated C string (for `open(2)`).
    package func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
