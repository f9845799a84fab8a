import Foundation
@testable import ScrollLabCLI
import ScrollLabCore
import XCTest

/// B-COST-1: `--device` takes a named phone or a device file; an unknown name is a usage error (64) that
/// lists the names, in every command that models a phone (a device file that cannot be used: exit_codes_test.py).
final class DeviceOptionTests: XCTestCase {
    func testAnUnknownDeviceIsRefusedWithTheNames() {
        for line in [["replay", "g.jsonl", "--headless", "--device", "nokia-3310"], ["bench", "--device", "nokia-3310"],
                     ["sweep", "run", "--gestures", "d", "--out", "r.jsonl", "--device", "nokia-3310"],
                     ["feed", "verdict", "--device", "nokia-3310"]] {
            guard case let .refused(refusal) = ScrollLabCommand.parseLine(line) else { return XCTFail("\(line) parsed") }
            XCTAssertEqual(refusal.code, CommandExit.usage, line.joined(separator: " "))
            XCTAssertTrue(refusal.message.contains("iphone-se") && refusal.message.contains("android-512mb"), refusal.message)
        }
    }

    func testANamedDeviceAndADeviceFileAreTaken() throws {
        guard case .command = ScrollLabCommand.parseLine(["replay", "g.jsonl", "--headless", "--device", "iphone-xs"]) else {
            return XCTFail("--device iphone-xs refused")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(getpid()).json")
        try #"{"name":"calibrated","decodeMsPerMegapixel":9,"downsampleMsPerMegapixel":3,"uploadMsPerMegapixel":0.5,"completionMs":0.05,"memoryLimitBytes":1000000}"#
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let options = try PhoneOptions.parse(["--device", file.path])
        XCTAssertEqual(try options.profile()?.name, "calibrated")
        XCTAssertEqual(options.phone.device?.memoryLimitBytes, 1_000_000)
        // A device file that is missing ends the program with exit 2 as it is parsed: exit_codes_test.py.
    }
}
