@testable import ScrollLabCLI
import ScrollLabCore
import XCTest

/// `feed generate --bytes MIN-MAX --pixels MIN-MAX --write-images DIR` (issue 57, B-COST-1): a bad range is a
/// usage error (64) naming the option; the window takes `--device` and `--downsample` in the grid; written
/// files are named so that name order is the feed's order.
final class FeedGenerateOptionsTests: XCTestCase {
    func testABadRangeIsRefusedNamingItsOption() {
        for (option, value) in [("--bytes", "3-2"), ("--pixels", "0"), ("--bytes", "lots")] {
            let line = ["feed", "generate", "--layout", "list", "--count", "3", "--seed", "1", option, value]
            guard case let .refused(refusal) = ScrollLabCommand.parseLine(line) else { return XCTFail("\(line) parsed") }
            XCTAssertEqual(refusal.code, CommandExit.usage, line.joined(separator: " "))
            XCTAssertTrue(refusal.message.contains(option), refusal.message)
        }
        guard case .command = ScrollLabCommand.parseLine(["feed", "generate", "--layout", "list", "--count", "3", "--seed", "1",
                                                          "--bytes", "200k-1.5M", "--pixels", "1M-12M"]) else {
            return XCTFail("good ranges refused")
        }
    }

    func testTheWindowTakesADeviceAndDownsamplingInTheGridOnly() {
        guard case .command = ScrollLabCommand.parseLine(["--device", "android-2gb", "--downsample", "off"]) else {
            return XCTFail("the window refused --device and --downsample in the grid")
        }
        guard case let .refused(refusal) = ScrollLabCommand.parseLine(["--scene", "pager", "--device", "android-2gb"]) else {
            return XCTFail("--device with the pager parsed")
        }
        XCTAssertEqual(refusal.code, CommandExit.usage)
    }

    func testWrittenFilesSortInTheFeedsOrder() {
        let writer = ImageFolderWriter(folder: "/tmp/x", count: 400, seed: 5)
        XCTAssertEqual(writer.fileName(index: 12, name: "photo-5-12.jpg"), "000012-photo-5-12.jpg")
        XCTAssertEqual(writer.fileName(index: 2, name: "a/b/pic.png"), "000002-pic.png.jpg")
        XCTAssertLessThan(writer.fileName(index: 9, name: "z.jpg"), writer.fileName(index: 10, name: "a.jpg"))
    }
}
