import ArgumentParser
import Foundation
import LabKit
import ScrollLabCore

/// `--device`, `--downsample`, `--decode-on-main`, `--cache-bytes`: the phone a run models (B-COST-1,
/// docs/cost.md), shared by the window, `replay`, `bench`, `sweep run` and `feed verdict`.
struct PhoneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The phone whose decode, upload and memory limit the run models: " + DeviceProfile.names
                               + ", or a device file (JSON, docs/cost.md). Default: none (the lab's constant decode, no memory limit).",
                               valueName: "NAME|FILE.json"))
    var device: String?

    @Option(help: "Decode images downsampled to their tile's pixels (on, the default) or whole (off).")
    var downsample: OnOff = .on

    @Flag(name: .customLong("decode-on-main"), help: "Decode images on the main (render) thread (the classic mistake) instead of off it: the model charges the decodes to its frames.")
    var decodeOnMain = false

    @Option(name: .customLong("cache-bytes"), parsing: .unconditional, help: "Bound the memory cache by decoded bytes (NSCache's totalCostLimit) instead of --cache-images's count of the bundled images.")
    var cacheBytes: Int?

    /// The `--device` file, nil for a named phone or none.
    var deviceFile: String? { device.flatMap { DeviceProfile.named($0) == nil ? $0 : nil } }

    func validate() throws {
        // A device file that cannot be used ends the program as an unreadable `--feed` does (exit 2 or 1).
        do { _ = try profile() } catch let refusal as InputFileRefusal {
            fail("\(CommandName.parsing.display): \(refusal.message)", code: refusal.code)
        }
        if let cacheBytes, !(0...(1 << 40)).contains(cacheBytes) {
            throw ValidationError("--cache-bytes must be between 0 and \(1 << 40) (got \(cacheBytes))")
        }
    }

    /// The `--device` profile: a name, or a device file. An unknown name is a usage error naming the choices; a
    /// device file that cannot be read is exit 2, one that is not a device file exit 1.
    func profile() throws -> DeviceProfile? {
        guard let device else { return nil }
        if let named = DeviceProfile.named(device) { return named }
        guard device.hasSuffix(".json") || device.contains("/") else {
            throw ValidationError("--device: unknown device \(MessageText.quoted(device)); the names are " + DeviceProfile.names
                                  + " (or a device file, NAME.json)")
        }
        guard let data = FileManager.default.contents(atPath: device) else {
            throw InputFileRefusal(message: "--device: cannot read the device file \(MessageText.quoted(device))", code: CommandExit.input)
        }
        do { return try DeviceProfile(json: String(decoding: data, as: UTF8.self)) } catch {
            throw InputFileRefusal(message: "--device: \(MessageText.quoted(device)) is not a device file: \(error.reason)",
                                   code: CommandExit.failed)
        }
    }

    /// The phone these options describe (validated first, so the device resolves).
    var phone: PhoneCost {
        PhoneCost(device: (try? profile()) ?? nil, downsample: downsample.isOn, decodeOnMain: decodeOnMain, cacheBytes: cacheBytes)
    }
}
