import CSDL
import ScrollLabCore

/// `bench --calibrate`'s decode measure (B-COST-1): JPEG files decoded as the window decodes an asset file
/// (`ImageDecoder`: the file read, its header checked, libjpeg's scaled decode into a surface or SDL_image's
/// whole one, then the resample to the tile's pixels on screen), so that the device file charges what the
/// window's main thread pays. The window decodes each image once, its bytes fresh from the file: the
/// files are taken in turn, one decode each a round, so no image is decoded twice in a row with its bytes
/// and buffers still in the cache, and the thread sleeps a 60 Hz frame before each, as the render thread
/// waits for its frame's blank before it decodes (a woken core starts slower: 2–5% here). Times are the
/// thread's CPU time.
package enum DecodeCalibration {
    /// The sleep before each decode, seconds.
    static let idleBeforeDecode = 1.0 / 60

    /// The median of `rounds` decodes of each of `files` covering `target` pixels (nil: whole), shrunk to
    /// `fitting`, milliseconds, in the files' order; nil when one does not decode.
    package static func medianMs(files: [AssetFile], target: DecodePlan.ImagePixels?, fitting: (width: Int, height: Int), rounds: Int) -> [Double]? {
        let plan = DecodePlan(target: target)
        let size = PixelSize(width: Int32(fitting.width), height: Int32(fitting.height))
        var times = Array(repeating: [Double](), count: files.count)
        for _ in 0..<Swift.max(1, rounds) {
            for (i, file) in files.enumerated() {
                SDL_Delay(UInt32((idleBeforeDecode * 1000).rounded()))
                let start = threadCPUSeconds()
                guard case let .success(surface) = ImageDecoder.decode(path: file, fitting: size, plan: plan) else { return nil }
                times[i].append((threadCPUSeconds() - start) * 1000)
                surface.free()
            }
        }
        return times.map { $0.sorted()[$0.count / 2] }
    }
}
