import Testing
@testable import LabKit

@Suite struct DeviceProfileTests {
    /// Every named profile is found by its name, and a device file written from one reads back the same.
    @Test(arguments: DeviceProfile.all)
    func aDeviceFileRoundTrips(_ device: DeviceProfile) throws {
        #expect(DeviceProfile.named(device.name) == device)
        #expect(try DeviceProfile(json: device.json.serialized) == device)
    }

    /// The per-megabyte rates round-trip; a device file written before them reads them as 0 (its decodes
    /// follow pixels, as they did).
    @Test func perMegabyteRates() throws {
        let file = DeviceProfile(name: "f", decodeMsPerMegapixel: 3, downsampleMsPerMegapixel: 0.5, uploadMsPerMegapixel: 1,
                                 completionMs: 0.1, memoryLimitBytes: nil, source: "s", decodeMsPerMegabyte: 20, downsampleMsPerMegabyte: 11.5)
        #expect(try DeviceProfile(json: file.json.serialized) == file)
        let old = try DeviceProfile(json: #"{"name":"o","decodeMsPerMegapixel":25,"downsampleMsPerMegapixel":9.25,"uploadMsPerMegapixel":1.5,"completionMs":0.1,"memoryLimitBytes":null}"#)
        #expect(old.decodeMsPerMegabyte == 0 && old.downsampleMsPerMegabyte == 0 && old.decodeMsPerMegapixel == 25 && old.frameMs == 0)
        #expect(throws: DeviceProfile.Invalid.self) {
            try DeviceProfile(json: #"{"name":"o","decodeMsPerMegapixel":25,"downsampleMsPerMegapixel":9.25,"uploadMsPerMegapixel":1.5,"completionMs":0.1,"decodeMsPerMegabyte":-1}"#)
        }
    }

    /// A field the file format does not have is refused, naming it: a misspelt memoryLimitBytes removed the
    /// limit without a word.
    @Test func aMisspeltFieldIsRefused() throws {
        let base = #""name":"t","decodeMsPerMegapixel":6.25,"downsampleMsPerMegapixel":0.4625,"uploadMsPerMegapixel":1.5,"completionMs":0.1"#
        #expect(try DeviceProfile(json: "{\(base),\"memoryLimitBytes\":1000}").memoryLimitBytes == 1000)
        for typo in ["memoryLimitByte", "uploadMsPerMegapixl", "bogus"] {
            #expect {
                try DeviceProfile(json: "{\(base),\"\(typo)\":1000}")
            } throws: { error in
                (error as? DeviceProfile.Invalid)?.reason.hasPrefix("unknown field \"\(typo)\" (expected \"name\", ") == true
            }
        }
        guard case let .object(pairs) = DeviceProfile.lab.json else { Issue.record("not an object"); return }
        #expect(DeviceProfile.fields == pairs.map(\.0))
    }

    /// The window's own frame (`frameMs`) round-trips; the named phones have none (what loading adds is
    /// charged alone).
    @Test func frameWork() throws {
        let file = DeviceProfile(name: "c", decodeMsPerMegapixel: 1, downsampleMsPerMegapixel: 0.1, uploadMsPerMegapixel: 0.5,
                                 completionMs: 0.1, memoryLimitBytes: nil, source: "s", frameMs: 2.25)
        #expect(try DeviceProfile(json: file.json.serialized).frameMs == 2.25)
        let perImage = DeviceProfile(name: "c", decodeMsPerMegapixel: 1, downsampleMsPerMegapixel: 0.1, uploadMsPerMegapixel: 0.5,
                                     completionMs: 0.1, memoryLimitBytes: nil, source: "s", decodeMsPerImage: 4.5, downsampleMsPerImage: 2.25)
        #expect(try DeviceProfile(json: perImage.json.serialized) == perImage)
        #expect(DeviceProfile.all.allSatisfy { $0.decodeMsPerImage == 0 && $0.downsampleMsPerImage == 0 })
        #expect(DeviceProfile.all.allSatisfy { $0.frameMs == 0 } && DeviceProfile.lab.frameMs == 0)
        #expect(throws: DeviceProfile.Invalid.self) {
            try DeviceProfile(json: #"{"name":"o","decodeMsPerMegapixel":1,"downsampleMsPerMegapixel":1,"uploadMsPerMegapixel":1,"completionMs":0.1,"frameMs":-2}"#)
        }
    }

    @Test func unknownNamesAndBadFilesAreRefused() {
        #expect(DeviceProfile.named("nokia-3310") == nil)
        #expect(DeviceProfile.named("lab") == .lab)
        #expect(throws: DeviceProfile.Invalid.self) { try DeviceProfile(json: #"{"name":"x"}"#) }
        #expect(throws: DeviceProfile.Invalid.self) { try DeviceProfile(json: "not json") }
    }

    /// The published limits: 1395 MiB for an iPhone SE, 48 MiB for a 512 MB Android phone; the lab has none.
    @Test func memoryLimits() {
        #expect(DeviceProfile.iphoneSE.memoryLimitBytes == 1395 << 20)
        #expect(DeviceProfile.android512MB.memoryLimitBytes == 48 << 20)
        #expect(DeviceProfile.lab.memoryLimitBytes == nil)
    }
}
