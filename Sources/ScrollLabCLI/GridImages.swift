import LabKit
import ScrollLabCore

/// The bundled grid's images in `bench` and `sweep run`: `--assets DIR`'s image files (`replay`'s
/// meaning: the grid shows that many distinct images) or the bundled `Assets/Images`, and under a modelled
/// network or on a device the bytes each file holds (what the network moves, what the decode reads). Made
/// once per command; no image files to size ends the program (exit code 2, the fix named), so a verdict
/// never rests on a stand-in size.
struct GridImages {
    /// The image files, by asset index (asset `i` is file `i % count`): `--assets`'s, the bundled ones
    /// under a network, or none when nothing reads them.
    let files: [AssetFile]
    /// Their files' sizes when a network moves the bundled grid's images or a device decodes them (nil:
    /// neither, or a feed, which brings its own).
    let sizes: ImageTransferSizes?
    /// The grid's distinct images: `--assets`'s count, else the bundled grid's.
    let assetCount: Int

    /// The images for a run that reads their sizes (`sized`: under a network or on a device) or not, with a
    /// feed (`feed`: its images are its own) or the bundled grid; `command` names the command in a message.
    init(assets: String?, sized: Bool, feed: Bool, command: String) {
        if sized && !feed {
            let sizes: ImageTransferSizes
            do throws(ImageTransferSizes.Problem) { sizes = try ImageTransferSizes.resolve(assets: assets) } catch {
                fail("scrolllab \(command): \(error.description)", code: CommandExit.input)
            }
            self.sizes = sizes
            files = sizes.files
        } else {
            sizes = nil
            if let assets {
                do throws(AssetCatalog.Problem) { files = try AssetCatalog.imageFiles(in: assets) } catch {
                    fail("scrolllab \(command): \(error.description)", code: CommandExit.input)
                }
            } else {
                // Under a network with a feed, the bundled files stand for the disk cache folder's entries, as before.
                files = sized ? Self.bundledFiles() : []
            }
        }
        assetCount = assets == nil ? GridSceneConfiguration().assetCount : Swift.max(1, files.count)
    }

    /// The bundled image files, or none when they cannot be found.
    static func bundledFiles() -> [AssetFile] {
        guard let directory = AssetLocator.directory("Images") else { return [] }
        return (try? AssetCatalog.imageFiles(in: directory.path)) ?? []
    }

    /// The bytes each of `assetCount` images' files hold (none without `sizes`).
    var transferSizes: [Int] { sizes?.bytes(assetCount: assetCount) ?? [] }

    /// The images for a heading: their folder, count and mean size (nil without `sizes`).
    var summary: String? {
        sizes.map { "images of \(MessageText.quoted($0.folder)) (\($0.files.count) files, mean \(GridSceneConfiguration.roundedMean(transferSizes)) bytes)" }
    }
}
