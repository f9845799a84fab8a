import ScrollLabCore

/// `bench --calibrate`'s decode measure (B-COST-3): a JPEG decoded as the window decodes it
/// (`ImageDecoder`: the file's header checked, libjpeg's scaled decode into a surface or SDL_image's whole
/// one, then the resample to the tile's pixels on screen), so that the device file charges what the
/// window's main thread pays. Times are the thread's CPU time.
package enum DecodeCalibration {
    /// The median of `repeats` decodes of `jpeg` covering `target` pixels (nil: whole), shrunk to
    /// `fitting`, milliseconds; nil when it does not decode.
    package static func medianMs(_ jpeg: [UInt8], target: DecodePlan.ImagePixels?, fitting: (width: Int, height: Int), repeats: Int) -> Double? {
        let plan = DecodePlan(target: target)
        let size = PixelSize(width: Int32(fitting.width), height: Int32(fitting.height))
        var times: [Double] = []
        for _ in 0..<Swift.max(1, repeats) {
            let start = threadCPUSeconds()
            guard case let .success(surface) = ImageDecoder.decode(bytes: jpeg, fitting: size, plan: plan) else { return nil }
            times.append((threadCPUSeconds() - start) * 1000)
            surface.free()
        }
        times.sort()
        return times[times.count / 2]
    }
}
