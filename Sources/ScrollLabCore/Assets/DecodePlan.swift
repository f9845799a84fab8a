import LabKit

/// How the window decodes an image (B-COST-1): downsampled at decode to cover `target` pixels (a JPEG
/// larger than that, with libjpeg's scaled decode: `--downsample on`), or whole; and never allocated when
/// the decode's output alone would pass the device's memory limit (`--device`): the load fails with
/// `FeedDecodedSizes.overMemoryLimit`, as the headless replay's does, and the tile says so.
package struct DecodePlan: Hashable, Sendable {
    /// The pixels to cover when downsampling at decode (nil: decode whole).
    package var target: ImagePixels?
    /// The device's memory limit, bytes (nil: none).
    package var memoryLimitBytes: Int?

    package init(target: ImagePixels? = nil, memoryLimitBytes: Int? = nil) {
        self.target = target
        self.memoryLimitBytes = memoryLimitBytes
    }

    /// A pixel size.
    package struct ImagePixels: Hashable, Sendable {
        package var width: Int
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// What a decode of an image of `width` × `height` makes: the JPEG scale's denominator (1: whole) and
    /// the output's size. Only a JPEG scales at decode.
    package func output(width: Int, height: Int, isJPEG: Bool) -> (denominator: Int, width: Int, height: Int) {
        let d = isJPEG ? JPEGCodec.denominator(width: width, height: height, target: target.map { ($0.width, $0.height) }) : 1
        return (d, JPEGCodec.scaledSide(width, denominator: d), JPEGCodec.scaledSide(height, denominator: d))
    }

    /// The output of decoding the JPEG `bytes` (its header is enough).
    package func output(of bytes: [UInt8]) -> Result<(denominator: Int, width: Int, height: Int), JPEGCodec.Failure> {
        JPEGCodec.size(of: bytes).map { output(width: $0.width, height: $0.height, isJPEG: true) }
    }

    /// True when `bytes` are a JPEG this plan decodes scaled (libjpeg, not SDL2_image).
    package func scalesAtDecode(_ bytes: [UInt8]) -> Bool {
        guard target != nil, JPEGCodec.isJPEG(bytes), case let .success(out) = output(of: bytes) else { return false }
        return out.denominator > 1
    }

    /// Why an image whose header is in `header` is not decoded, before anything is allocated: its decode
    /// would pass the memory limit; or, decoded scaled, its output passes the lab's caps
    /// (`ImageFile.maxDecodedBytes`, `maxDimension` a side). Nil: go on (the usual header checks follow).
    package func refusal(header: [UInt8], maxDimension: Int) -> ImageDecodeFailure? {
        let isJPEG = JPEGCodec.isJPEG(header)
        let size: (width: Int, height: Int)
        if isJPEG, case let .success(s) = JPEGCodec.size(of: header) {
            size = s
        } else if let h = try? ImageHeader.read(header, maxDecodedBytes: .max, maxDimension: .max) {
            size = (h.width, h.height)
        } else {
            return nil
        }
        let out = output(width: size.width, height: size.height, isJPEG: isJPEG)
        let bytes = out.width * out.height * 4
        // The limit is held against what the phone keeps, as the model counts it (`FeedDecodedSizes`): downsampled,
        // the target's pixels (an ImageIO thumbnail decode makes them), never more than the image's own; whole, the
        // image's. libjpeg's 1/2ⁿ steps may allocate up to four times the target for a moment here; no phone does.
        let kept = target.map { Swift.min(size.width * size.height, $0.width * $0.height) } ?? size.width * size.height
        if let memoryLimitBytes, kept * 4 > memoryLimitBytes { return ImageDecodeFailure(reason: FeedDecodedSizes.overMemoryLimit) }
        if out.denominator > 1, bytes > ImageFile.maxDecodedBytes || Swift.max(out.width, out.height) > maxDimension {
            return ImageDecodeFailure(reason: "too large (\(size.width)×\(size.height))")
        }
        return nil
    }
}
