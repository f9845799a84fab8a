import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

extension FeedLayoutKind: ExpressibleByArgument {}
extension FeedImageSizes: ExpressibleByArgument {}

/// `scrolllab feed`: make and check feed files (B-FEED-1; format in docs/feeds.md).
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Make and check feed files: items of their own sizes with images of real sizes.",
        subcommands: [Generate.self, Check.self, Verdict.self, Html.self]
    )

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Write a seeded feed for a layout as a feed file (standard output by default).",
            discussion: """
                Image file and pixel sizes follow the HTTP Archive's Web Almanac 2024, Media chapter (mobile: the \
                largest image per page, 6 KB to 1 MB between its 10th and 90th percentiles); shapes and the other \
                modelling choices are in docs/feeds.md. Item i depends only on the seed and i.
                """
        )

        @Option(help: ArgumentHelp("Layout the feed is made for: \(FeedLayoutKind.names)."))
        var layout: FeedLayoutKind

        @Option(parsing: .unconditional, help: "Number of items (1–\(Feed.itemLimit)).")
        var count: Int

        @Option(parsing: .unconditional, help: "Seed.")
        var seed: UInt64

        @Option(parsing: .unconditional, help: "Columns of a masonry or grid (1–\(FeedParser.columnLimit), default \(FeedLayout.defaultColumns)).")
        var columns: Int?

        @Option(help: "File to write (default, or -: standard output).")
        var out: String?

        @Option(help: "The images' sizes: web (the HTTP Archive's content images, default) or photos (camera photos of 1–12 MP in 0.2–2 MB files).")
        var images: FeedImageSizes = .web

        @Option(help: ArgumentHelp("The images' file sizes instead of --images': bytes, log-uniform between MIN and MAX (k: 1000, M: 1000000; e.g. 200k-1.5M).", valueName: "MIN-MAX"),
                transform: { try sizeRange($0, option: "--bytes") })
        var bytes: SizeRange?

        @Option(help: ArgumentHelp("The images' pixel counts instead of --images', keeping their shapes: log-uniform between MIN and MAX (e.g. 1M-12M); a long side stays within \(FeedParser.pixelLimit) px, the feed's limit.", valueName: "MIN-MAX"),
                transform: { try sizeRange($0, option: "--pixels") })
        var pixels: SizeRange?

        @Option(name: .customLong("write-images"), help: ArgumentHelp("Also write each image as a real JPEG of its pixel and byte size into this folder (made if missing), named in the feed's order, for serve --assets DIR or --assets DIR.", valueName: "DIR"))
        var writeImages: String?

        func validate() throws {
            guard (1...Feed.itemLimit).contains(count) else {
                throw ValidationError("--count must be between 1 and \(Feed.itemLimit) (got \(count))")
            }
            try OptionRules.columns(columns, layout: layout)
            try OptionRules.folder(writeImages, option: "--write-images")
            // A feed holds files of at most FeedParser.byteLimit bytes and sides of at most pixelLimit.
            if let bytes, bytes.high > FeedParser.byteLimit {
                throw ValidationError("--bytes must not go past \(FeedParser.byteLimit), a feed's largest image file (got \(bytes.high))")
            }
            if let pixels, pixels.high > FeedParser.pixelLimit * FeedParser.pixelLimit {
                throw ValidationError("--pixels must not go past \(FeedParser.pixelLimit * FeedParser.pixelLimit) (\(FeedParser.pixelLimit) × \(FeedParser.pixelLimit), a feed's largest image) (got \(pixels.high))")
            }
        }

        func run() throws {
            // The image folder first: a folder that cannot be made leaves an earlier --out as it was.
            var writer = writeImages.map { ImageFolderWriter(folder: $0, count: count, seed: seed) }
            if let failure = writer?.prepare() { fail("scrolllab feed generate: \(failure)") }
            let file = out.map { openOutput($0, command: "feed generate") } ?? .standardOutput()
            var generator = FeedGenerator(layout: layout, seed: seed, columns: columns ?? FeedLayout.defaultColumns, images: images)
            generator.ranges = FeedSizeRanges(bytes: bytes, pixels: pixels)
            var text = generator.headerLine + "\n"
            func flush() {
                guard file.write(text) else {
                    fail("scrolllab feed generate: \(file.failure ?? "cannot write \(MessageText.quoted(out ?? "-"))")")
                }
                text.removeAll(keepingCapacity: true)
            }
            generator.generate(count: count) { item, image in
                var image = image
                if let failure = writer?.write(&image, index: item.image) { fail("scrolllab feed generate: \(failure)") }
                text += Feed.line(item, image: image) + "\n"
                if text.utf8.count > 1 << 16 { flush() }
            }
            flush()
            if let failure = file.close() { fail("scrolllab feed generate: \(failure)") }
            if let writer { writeStandardError("scrolllab feed generate: " + writer.summary) }
        }
    }

    /// `--bytes`/`--pixels`' value, or a usage error naming the option.
    static func sizeRange(_ text: String, option: String) throws -> SizeRange {
        guard let range = SizeRange(parsing: text) else {
            throw ValidationError("\(option) must be MIN-MAX or N, whole numbers of at least 1 with an optional k or M, MIN ≤ MAX (got \(text))")
        }
        return range
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Read a feed file and print one JSON line about it, or the first problem with its line.",
            discussion: """
                The line: items, distinct images, their bytes (total, median), the layout and its content height. \
                Exit 0 for a good feed, 1 for a bad one (the message names the line), 2 for a file that cannot be read.
                """
        )

        @Argument(help: "The feed file (- for standard input).")
        var file: String

        @Option(help: ArgumentHelp("Lay it out as \(FeedLayoutKind.names) (default: the file's header, else list)."))
        var layout: FeedLayoutKind?

        @Option(parsing: .unconditional, help: "Columns of a masonry or grid (default: the file's, else 2).")
        var columns: Int?

        func validate() throws {
            try OptionRules.columns(columns, layout: layout)
        }

        func run() throws {
            let feed = loadFeed(file, command: CommandName(Self.self))
            try OptionRules.columns(columns, layout: layout ?? feed.layout ?? .list)
            let geometry = FeedLayout(feed: feed, kind: layout, columns: columns)
            let bytes = feed.images.map(\.bytes).sorted()
            let line = JSONValue.object([
                ("items", .int(feed.items.count)), ("images", .int(feed.images.count)),
                ("bytes", .int(bytes.reduce(0, +))), ("medianBytes", .int(bytes[bytes.count / 2])),
                ("layout", .string(geometry.kind.rawValue)), ("columns", .int(geometry.columns)),
                ("rows", .int(geometry.rowCount)), ("contentHeight", .number(geometry.contentSize.height)),
            ])
            let output = CommandOutput(command: "feed check")
            output.line(line.serialized)
            finishStandardOutput(command: "feed check")
        }
    }
}
