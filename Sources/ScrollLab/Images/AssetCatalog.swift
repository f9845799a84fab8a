import Foundation

/// The image files of an assets folder, in name order: asset index `i` is the `i`-th file.
enum AssetCatalog {
    /// File endings SDL2_image is asked to decode (WebP and TIFF through its libwebp and libtiff).
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff"]

    /// Why a folder cannot serve as the assets folder.
    enum Problem: Error, CustomStringConvertible {
        case missing(String)
        case unreadable(String)

        var description: String {
            switch self {
            case let .missing(path): return "assets folder \(path) does not exist"
            case let .unreadable(path): return "assets folder \(path) cannot be read"
            }
        }
    }

    /// The image files in `directory`, sorted by name; empty when it holds none (the grid then shows
    /// placeholders that say so).
    static func imagePaths(in directory: String) throws(Problem) -> [String] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missing(directory)
        }
        guard fm.isReadableFile(atPath: directory), let names = try? fm.contentsOfDirectory(atPath: directory) else {
            throw .unreadable(directory)
        }
        let visible = names.filter { !$0.hasPrefix(".") }.sorted()
        let images = visible.filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        let skipped = visible.filter { !imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        if !skipped.isEmpty {
            let shown = skipped.prefix(3).joined(separator: ", ") + (skipped.count > 3 ? ", …" : "")
            writeStandardError("scrolllab: note: \(directory): skipped \(skipped.count) file(s) without an image ending "
                               + "(\(imageExtensions.sorted().joined(separator: " "))): \(shown)")
        }
        return images.map { (directory as NSString).appendingPathComponent($0) }
    }
}
