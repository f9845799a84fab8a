import Foundation
import LabKit
import ScrollLabCore

/// `feed generate --write-images DIR`: each image of the feed as a real JPEG of its pixel and byte size
/// (`JPEGFileMaker`), named so that name order is the feed's image order (`000012-photo-5-12.jpg`): the
/// order `serve --assets DIR` and the window's `--assets DIR` number files in. Made when asked, never
/// kept in the repository.
struct ImageFolderWriter {
    /// The folder.
    let folder: String
    /// Digits of a file's number: enough for the feed's count, at least 6.
    let digits: Int
    /// The feed's seed, mixed into each picture's.
    let seed: UInt64
    /// What was written: files, bytes, qualities, padding, files larger than asked.
    private(set) var tally = Tally()

    struct Tally {
        var files = 0
        var bytes = 0
        var padding = 0
        var overSize = 0
        var qualities: ClosedRange<Int>?
    }

    init(folder: String, count: Int, seed: UInt64) {
        self.folder = folder
        digits = Swift.max(6, String(Swift.max(0, count - 1)).count)
        self.seed = seed
    }

    /// Makes the folder if missing; why it cannot be used, or nil.
    func prepare() -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "--write-images \(MessageText.quoted(folder)) is a file, not a folder"
        }
        return OutputFolder.make(folder).map { OutputFolder.refusal(folder, $0) }
    }

    /// The file name of image `index` named `name`.
    func fileName(index: Int, name: String) -> String {
        let number = String(index)
        let base = name.split(separator: "/").last.map(String.init) ?? name
        let stem = base.lowercased().hasSuffix(".jpg") || base.lowercased().hasSuffix(".jpeg") ? base : base + ".jpg"
        return String(repeating: "0", count: Swift.max(0, digits - number.count)) + number + "-" + stem
    }

    /// Writes image `index` and gives it the ThumbHash of the picture written (the preview the window
    /// then shows before that picture); why it could not be, or nil.
    mutating func write(_ image: inout FeedImage, index: Int) -> String? {
        let made: JPEGFileMaker.Made
        switch JPEGFileMaker.make(width: image.pixelWidth, height: image.pixelHeight, bytes: image.bytes,
                                  seed: seed &* 1_000_003 &+ UInt64(index)) {
        case let .failure(failure): return "cannot encode \(image.name) (\(image.pixelWidth)×\(image.pixelHeight)): \(failure.reason)"
        case let .success(m): made = m
        }
        let path = folder + (folder.hasSuffix("/") ? "" : "/") + fileName(index: index, name: image.name)
        // Written in place, the reason kept; a file that cannot be written whole is removed.
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { return "cannot write \(MessageText.quoted(path)): \(OutputFile.errorText())" }
        var problem = made.bytes.withUnsafeBytes { writeAll($0, to: file) } ? nil : OutputFile.errorText()
        if Glibc.close(file) != 0, problem == nil { problem = OutputFile.errorText() }
        if let problem {
            unlink(path)
            return "cannot write \(MessageText.quoted(path)): \(problem)"
        }
        image.thumbHash = JPEGCodec.thumbHash(of: made.bytes)
        tally.files += 1
        tally.bytes += made.bytes.count
        tally.padding += made.padding
        if made.isOverSize { tally.overSize += 1 }
        tally.qualities = tally.qualities.map { Swift.min($0.lowerBound, made.quality)...Swift.max($0.upperBound, made.quality) }
            ?? made.quality...made.quality
        return nil
    }

    /// The line said when done: `wrote 12 images to DIR (3.2 MB; JPEG quality 31–88; COM padding 1.2% of the bytes; 0 larger than asked)`.
    var summary: String {
        let t = tally
        let quality = t.qualities.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" } ?? "none"
        let megabytes = String(format: "%.1f", Double(t.bytes) / 1e6)
        let padding = String(format: "%.1f", t.bytes > 0 ? 100 * Double(t.padding) / Double(t.bytes) : 0)
        return "wrote \(t.files) image(s) to \(MessageText.quoted(folder)) (\(megabytes) MB; JPEG quality \(quality); "
            + "COM padding \(padding)% of the bytes; \(t.overSize) larger than asked: too few bytes for their pixels)"
    }
}
