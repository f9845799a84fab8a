import CJPEG

/// JPEG through libjpeg-turbo (the `CJPEG` target): the size in a file's header, decoding scaled at decode
/// (libjpeg's scaled IDCT: 1/2, 1/4 or 1/8 of each side, the cheap part of downsampling), and encoding the
/// seeded pictures `feed generate --write-images` writes. The size rules are pure and tested exactly.
package enum JPEGCodec {
    /// The scales libjpeg decodes at (`scale_denom` over a `scale_num` of 1), largest reduction first.
    package static let denominators = [8, 4, 2, 1]

    /// Why a JPEG call failed: libjpeg's message.
    package struct Failure: Error, Equatable, Sendable {
        package var reason: String
    }

    /// True when `bytes` start as a JPEG does (SOI and a marker).
    package static func isJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// A side of `side` pixels decoded at 1/`denominator`: libjpeg rounds up (`jdiv_round_up`).
    package static func scaledSide(_ side: Int, denominator: Int) -> Int {
        (side + denominator - 1) / Swift.max(1, denominator)
    }

    /// The largest reduction whose output still covers `target` both ways (1: whole when none does, or
    /// without a target): the image is then shrunk the rest of the way, so nothing is drawn enlarged.
    package static func denominator(width: Int, height: Int, target: (width: Int, height: Int)?) -> Int {
        guard let target, target.width > 0, target.height > 0 else { return 1 }
        return denominators.first { d in
            scaledSide(width, denominator: d) >= target.width && scaledSide(height, denominator: d) >= target.height
        } ?? 1
    }

    /// True when `bytes` are a JPEG of CMYK (or YCCK) ink: SDL2_image reads its inks as RGB, wrong colours;
    /// `decode` turns it into RGB as browsers do.
    package static func isCMYK(_ bytes: [UInt8]) -> Bool {
        isJPEG(bytes) && bytes.withUnsafeBufferPointer { cjpeg_is_cmyk($0.baseAddress, $0.count) } == 1
    }

    /// The pixel size in `bytes`' header.
    package static func size(of bytes: [UInt8]) -> Result<(width: Int, height: Int), Failure> {
        var width: Int32 = 0, height: Int32 = 0
        let failure = call { error, count in
            bytes.withUnsafeBufferPointer { cjpeg_size($0.baseAddress, $0.count, &width, &height, error, count) }
        }
        return failure.map { .failure($0) } ?? .success((Int(width), Int(height)))
    }

    /// Decodes `bytes` at 1/`denominator` into `pixels` (B, G, R, X; rows `pitch` bytes apart) of
    /// `width` × `height` pixels, libjpeg's output size for that scale.
    package static func decode(_ bytes: [UInt8], denominator: Int, into pixels: UnsafeMutableRawPointer, pitch: Int,
                               width: Int, height: Int) -> Failure? {
        call { error, count in
            bytes.withUnsafeBufferPointer {
                cjpeg_decode($0.baseAddress, $0.count, Int32(denominator), pixels.assumingMemoryBound(to: UInt8.self), Int32(pitch),
                             Int32(width), Int32(height), error, count)
            }
        }
    }

    /// A seeded picture (`cjpeg_encode_picture`: a gradient with `noise` levels of detail) at `quality`.
    package static func encodePicture(width: Int, height: Int, quality: Int, seed: UInt64, noise: Int) -> Result<[UInt8], Failure> {
        var out: UnsafeMutablePointer<UInt8>?, size = 0
        if let failure = call({ error, count in
            cjpeg_encode_picture(Int32(width), Int32(height), Int32(quality), seed, Int32(noise), &out, &size, error, count)
        }) { return .failure(failure) }
        defer { cjpeg_free(out) }
        return .success(out.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    }

    /// Runs `body` with an error buffer; nil when it returned 0, else its message.
    private static func call(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> Failure? {
        var error = [CChar](repeating: 0, count: 200)
        let code = error.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count)) }
        guard code != 0 else { return nil }
        let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return Failure(reason: message.isEmpty ? "not a JPEG" : message)
    }
}

extension JPEGCodec {
    /// The most bytes one COM segment adds: its marker and length (4 bytes) and 65 533 of text.
    package static let largestComment = 65_537

    /// `jpeg` grown to exactly `bytes` with COM (comment) segments placed before its first scan (SOS), where
    /// every decoder skips them and a header reader finds the frame before them; nil when it cannot be:
    /// it is already longer, 1–3 bytes short (a segment is at least 4), or has no scan. The added bytes
    /// are split evenly over as few segments as hold them.
    package static func padded(_ jpeg: [UInt8], to bytes: Int) -> [UInt8]? {
        let missing = bytes - jpeg.count
        guard missing >= 0, missing == 0 || missing >= 4, let scan = firstScan(jpeg) else { return nil }
        guard missing > 0 else { return jpeg }
        let segments = (missing + largestComment - 1) / largestComment
        var out = Array(jpeg[..<scan])
        out.reserveCapacity(bytes)
        for i in 0..<segments {
            let size = missing / segments + (i < missing % segments ? 1 : 0)
            let length = size - 2   // the length field counts itself, not the marker
            out += [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
            out += repeatElement(UInt8(ascii: " "), count: size - 4)
        }
        out += jpeg[scan...]
        return out
    }

    /// The offset of the first SOS marker, walking the segments from SOI; nil when there is none.
    package static func firstScan(_ jpeg: [UInt8]) -> Int? {
        guard isJPEG(jpeg) else { return nil }
        var i = 2
        while i + 4 <= jpeg.count {
            guard jpeg[i] == 0xFF else { return nil }
            let marker = jpeg[i + 1]
            if marker == 0xDA { return i }
            if marker == 0xFF { i += 1; continue }   // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }   // no length
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return nil
    }
}
