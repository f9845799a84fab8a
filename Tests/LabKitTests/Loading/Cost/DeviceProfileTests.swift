import Testing
@testable import LabKit

@Suite struct DeviceProfileTests {
    /// Every named profile is found by its name, and a device file written from one reads back the same.
    @Test(arguments: DeviceProfile.all)
    func aDeviceFileRoundTrips(_ device: DeviceProfile) throws {
        #expect(DeviceProfile.named(device.name) == device)
        #expect(try DeviceProfile(json: device.json.serialized) == device)
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
