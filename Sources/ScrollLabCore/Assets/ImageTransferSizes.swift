import Foundation

/// The bytes a modelled network moves for each image: the stored size of each image file of the images
/// folder (`--assets DIR`, else the bundled `Assets/Images` that `AssetLocator` finds). Every command that
/// models a network over the bundled grid (`replay`, `bench`, `sweep run`, the window) resolves them here,
/// and a network with no image files to size is an error, not a guess: a fixed stand-in made the same
/// command on the same gestures give another verdict depending on where it ran.
package struct ImageTransferSizes: Sendable, Equatable {
    /// The images folder, as given or found.
    package let folder: String
    /// The image files, by asset index (`AssetCatalog`'s order).
    package let files: [AssetFile]
    /// Each file's stored size in bytes, by asset index.
    package let bytes: [Int]

    /// Why the sizes cannot be resolved.
    package enum Problem: Error, CustomStringConvertible {
        /// No `--assets` and no `Assets/Images` from the current directory or the executable.
        case notFound
        /// The `--assets` folder is missing, a file or unreadable.
        case folder(AssetCatalog.Problem)
        /// The folder holds no image file.
        case empty(String)
        /// A file's size cannot be read (a dangling link, a file removed meanwhile).
        case unreadable(AssetFile)

        package var description: String {
            switch self {
            case .notFound:
                return "the images' file sizes are needed (a modelled network moves them, a device's decode reads them), and no "
                    + "Assets/Images was found from the current directory or the executable's folder: run it inside the repository, "
                    + "or pass --assets DIR"
            case let .folder(problem):
                return problem.description
            case let .empty(folder):
                return "the images' file sizes are needed (a modelled network moves them, a device's decode reads them), and "
                    + "\(MessageText.quoted(folder)) holds no image files: pass --assets DIR with the images"
            case let .unreadable(file):
                return "the size of \(file.displayPath) cannot be read: a modelled network moves each image's file, a device's decode reads it"
            }
        }
    }

    /// The sizes of the image files in `assets`, or in the bundled `Assets/Images` when it is nil.
    package static func resolve(assets: String?) throws(Problem) -> ImageTransferSizes {
        guard let folder = assets ?? AssetLocator.directory("Images")?.path else { throw .notFound }
        let files: [AssetFile]
        do throws(AssetCatalog.Problem) { files = try AssetCatalog.imageFiles(in: folder) } catch { throw .folder(error) }
        return try ImageTransferSizes(folder: folder, files: files)
    }

    /// The sizes of `files`, the images of `folder`; throws when there are none or one cannot be read.
    package init(folder: String, files: [AssetFile]) throws(Problem) {
        guard !files.isEmpty else { throw .empty(folder) }
        var bytes: [Int] = []
        bytes.reserveCapacity(files.count)
        for file in files {
            let size = file.withCString { path -> Int? in
                var info = stat()
                return stat(path, &info) == 0 ? Int(info.st_size) : nil
            }
            guard let size else { throw .unreadable(file) }
            bytes.append(size)
        }
        self.folder = folder
        self.files = files
        self.bytes = bytes
    }

    /// The bytes of each of a grid's `assetCount` images: asset `i` shows file `i % files.count`, as the
    /// window and the disk cache folder map them (the bundled grid's 72 assets are the 72 bundled files).
    package func bytes(assetCount: Int) -> [Int] {
        (0..<Swift.max(0, assetCount)).map { bytes[$0 % bytes.count] }
    }
}
