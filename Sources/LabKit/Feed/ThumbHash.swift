#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ThumbHash (B-COST-2): an image's preview in about 25 bytes, drawn while the image is on its way.
///
/// Written from the format's published description (Evan Wallace's ThumbHash, 2023): the image, composited
/// over its average colour, is turned into a luminance channel L, two colour channels P (yellow–blue) and
/// Q (red–green) and, when it has transparency, A; each channel keeps its constant (DC) term and its lowest
/// cosine (DCT) terms, normalised to the channel's largest and quantised to 4 bits. The first five bytes
/// (six with alpha) are the header: the DC terms, the scales, how many luminance terms each way (which
/// also gives the aspect ratio) and whether the image is landscape. Decoding renders the terms on a grid of
/// at most 32×32 pixels.
public struct ThumbHash: Hashable, Sendable {
    /// The hash's bytes.
    public let bytes: [UInt8]

    /// A decoded preview: `width`×`height` pixels, RGBA row by row (not premultiplied).
    public struct Image: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]
    }

    /// The header, read once.
    private struct Header {
        var lDC: Double, pDC: Double, qDC: Double, lScale: Double
        var pScale: Double, qScale: Double, aDC: Double, aScale: Double
        var hasAlpha: Bool, isLandscape: Bool
        /// Luminance terms across and down.
        var lx: Int, ly: Int
        /// Where the 4-bit terms begin.
        var acStart: Int
    }

    /// The hash of `bytes`, or nil when they cannot be one: too short for their header, or too short for
    /// the terms the header announces (a preview that cannot be drawn is the colour placeholder's case).
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 5 else { return nil }
        let hasAlpha = bytes[2] & 0x80 != 0
        guard !hasAlpha || bytes.count >= 6 else { return nil }
        self.bytes = bytes
        let header = Self.header(bytes)
        guard header.lx >= 1, header.ly >= 1, bytes.count >= header.acStart + (Self.termCount(header) + 1) / 2 else { return nil }
    }

    /// Encodes an image of at most 100×100 pixels, RGBA row by row (not premultiplied); nil for an empty
    /// or larger image, or one whose buffer is not `width·height·4` bytes.
    public init?(width w: Int, height h: Int, rgba: [UInt8]) {
        guard w >= 1, h >= 1, w <= 100, h <= 100, rgba.count == w * h * 4 else { return nil }
        // The average colour, weighted by alpha.
        var avg = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for i in 0..<(w * h) {
            let alpha = Double(rgba[4 * i + 3]) / 255
            avg.r += alpha / 255 * Double(rgba[4 * i])
            avg.g += alpha / 255 * Double(rgba[4 * i + 1])
            avg.b += alpha / 255 * Double(rgba[4 * i + 2])
            avg.a += alpha
        }
        if avg.a > 0 { avg.r /= avg.a; avg.g /= avg.a; avg.b /= avg.a }
        let hasAlpha = avg.a < Double(w * h)
        let limit = hasAlpha ? 5.0 : 7.0
        let longest = Double(Swift.max(w, h))
        let lx = Swift.max(1, Int((limit * Double(w) / longest).rounded(.toNearestOrAwayFromZero)))
        let ly = Swift.max(1, Int((limit * Double(h) / longest).rounded(.toNearestOrAwayFromZero)))
        // Composited over the average colour, as L, P, Q and A.
        var l = [Double](repeating: 0, count: w * h), p = l, q = l, a = l
        for i in 0..<(w * h) {
            let alpha = Double(rgba[4 * i + 3]) / 255
            let r = avg.r * (1 - alpha) + alpha / 255 * Double(rgba[4 * i])
            let g = avg.g * (1 - alpha) + alpha / 255 * Double(rgba[4 * i + 1])
            let b = avg.b * (1 - alpha) + alpha / 255 * Double(rgba[4 * i + 2])
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }
        let lc = Self.transform(l, w, h, nx: Swift.max(3, lx), ny: Swift.max(3, ly))
        let pc = Self.transform(p, w, h, nx: 3, ny: 3)
        let qc = Self.transform(q, w, h, nx: 3, ny: 3)
        let ac = hasAlpha ? Self.transform(a, w, h, nx: 5, ny: 5) : nil
        let isLandscape = w > h
        func q6(_ x: Double) -> Int { Int((x).rounded(.toNearestOrAwayFromZero)) }
        let header24 = q6(63 * lc.dc) | q6(31.5 + 31.5 * pc.dc) << 6 | q6(31.5 + 31.5 * qc.dc) << 12
            | q6(31 * lc.scale) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 = (isLandscape ? ly : lx) | q6(63 * pc.scale) << 3 | q6(63 * qc.scale) << 9 | (isLandscape ? 1 << 15 : 0)
        var out: [UInt8] = [UInt8(header24 & 255), UInt8(header24 >> 8 & 255), UInt8(header24 >> 16 & 255),
                            UInt8(header16 & 255), UInt8(header16 >> 8 & 255)]
        if let ac { out.append(UInt8(q6(15 * ac.dc) | q6(15 * ac.scale) << 4)) }
        let start = out.count
        var index = 0
        for channel in [lc, pc, qc] + (ac.map { [$0] } ?? []) {
            for f in channel.ac {
                if start + index / 2 >= out.count { out.append(0) }
                out[start + index / 2] |= UInt8(q6(15 * f) << ((index & 1) * 4))
                index += 1
            }
        }
        bytes = out
    }

    /// A channel's DC term, its AC terms normalised to 0–1, and their largest magnitude.
    private static func transform(_ channel: [Double], _ w: Int, _ h: Int, nx: Int, ny: Int) -> (dc: Double, ac: [Double], scale: Double) {
        var dc = 0.0, ac: [Double] = [], scale = 0.0
        var fx = [Double](repeating: 0, count: w)
        for cy in 0..<ny {
            var cx = 0
            while cx * ny < nx * (ny - cy) {
                for x in 0..<w { fx[x] = cos(Double.pi / Double(w) * Double(cx) * (Double(x) + 0.5)) }
                var f = 0.0
                for y in 0..<h {
                    let fy = cos(Double.pi / Double(h) * Double(cy) * (Double(y) + 0.5))
                    for x in 0..<w { f += channel[x + y * w] * fx[x] * fy }
                }
                f /= Double(w * h)
                if cx > 0 || cy > 0 {
                    ac.append(f)
                    scale = Swift.max(scale, abs(f))
                } else {
                    dc = f
                }
                cx += 1
            }
        }
        if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
        return (dc, ac, scale)
    }

    private static func header(_ bytes: [UInt8]) -> Header {
        let h24 = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
        let h16 = Int(bytes[3]) | Int(bytes[4]) << 8
        let hasAlpha = h24 >> 23 & 1 == 1
        let isLandscape = h16 >> 15 & 1 == 1
        let long = hasAlpha ? 5 : 7
        return Header(lDC: Double(h24 & 63) / 63, pDC: Double(h24 >> 6 & 63) / 31.5 - 1, qDC: Double(h24 >> 12 & 63) / 31.5 - 1,
                      lScale: Double(h24 >> 18 & 31) / 31, pScale: Double(h16 >> 3 & 63) / 63, qScale: Double(h16 >> 9 & 63) / 63,
                      aDC: hasAlpha ? Double(bytes[5] & 15) / 15 : 1, aScale: hasAlpha ? Double(bytes[5] >> 4) / 15 : 0,
                      hasAlpha: hasAlpha, isLandscape: isLandscape,
                      lx: Swift.max(3, isLandscape ? long : h16 & 7), ly: Swift.max(3, isLandscape ? h16 & 7 : long),
                      acStart: hasAlpha ? 6 : 5)
    }

    /// AC terms of a channel of `nx`×`ny` (the triangle the encoder keeps, the DC term left out).
    private static func terms(nx: Int, ny: Int) -> Int {
        var n = 0
        for cy in 0..<ny {
            var cx = cy == 0 ? 1 : 0
            while cx * ny < nx * (ny - cy) { n += 1; cx += 1 }
        }
        return n
    }

    private static func termCount(_ h: Header) -> Int {
        terms(nx: h.lx, ny: h.ly) + 2 * terms(nx: 3, ny: 3) + (h.hasAlpha ? terms(nx: 5, ny: 5) : 0)
    }

    /// The average colour, RGBA each 0–1.
    public var averageRGBA: (r: Double, g: Double, b: Double, a: Double) {
        let h = Self.header(bytes)
        let (r, g, b) = Self.rgb(l: h.lDC, p: h.pDC, q: h.qDC)
        return (Swift.min(1, Swift.max(0, r)), Swift.min(1, Swift.max(0, g)), Swift.min(1, Swift.max(0, b)), h.aDC)
    }

    /// The original image's approximate width over height.
    public var approximateAspectRatio: Double {
        let long = bytes[2] & 0x80 != 0 ? 5.0 : 7.0
        let short = Double(bytes[3] & 7)
        return bytes[4] & 0x80 != 0 ? long / short : short / long
    }

    private static func rgb(l: Double, p: Double, q: Double) -> (Double, Double, Double) {
        let b = l - 2.0 / 3.0 * p
        let r = (3 * l - b + q) / 2
        return (r, r - q, b)
    }

    /// The preview, at most 32 pixels on its longer side, with the colour terms boosted by 1.25 to make up
    /// for their quantisation (as the format's reference does).
    public func decoded() -> Image {
        let h = Self.header(bytes)
        var index = 0
        func channel(nx: Int, ny: Int, scale: Double) -> [Double] {
            var out: [Double] = []
            for cy in 0..<ny {
                var cx = cy == 0 ? 1 : 0
                while cx * ny < nx * (ny - cy) {
                    let byte = bytes[h.acStart + index / 2]
                    out.append((Double(byte >> UInt8((index & 1) * 4) & 15) / 7.5 - 1) * scale)
                    index += 1
                    cx += 1
                }
            }
            return out
        }
        let lAC = channel(nx: h.lx, ny: h.ly, scale: h.lScale)
        let pAC = channel(nx: 3, ny: 3, scale: h.pScale * 1.25)
        let qAC = channel(nx: 3, ny: 3, scale: h.qScale * 1.25)
        let aAC = h.hasAlpha ? channel(nx: 5, ny: 5, scale: h.aScale) : []
        let ratio = approximateAspectRatio
        let w = Int((ratio > 1 ? 32 : 32 * ratio).rounded(.toNearestOrAwayFromZero))
        let ht = Int((ratio > 1 ? 32 / ratio : 32).rounded(.toNearestOrAwayFromZero))
        var rgba = [UInt8](repeating: 0, count: w * ht * 4)
        let nxMax = Swift.max(h.lx, h.hasAlpha ? 5 : 3), nyMax = Swift.max(h.ly, h.hasAlpha ? 5 : 3)
        var fx = [Double](repeating: 0, count: nxMax), fy = [Double](repeating: 0, count: nyMax)
        func byte(_ v: Double) -> UInt8 { UInt8(Swift.max(0, 255 * Swift.min(1, v))) }
        for y in 0..<ht {
            for cy in 0..<nyMax { fy[cy] = cos(Double.pi / Double(ht) * (Double(y) + 0.5) * Double(cy)) }
            for x in 0..<w {
                for cx in 0..<nxMax { fx[cx] = cos(Double.pi / Double(w) * (Double(x) + 0.5) * Double(cx)) }
                var l = h.lDC, p = h.pDC, q = h.qDC, a = h.aDC
                var j = 0
                for cy in 0..<h.ly {
                    var cx = cy == 0 ? 1 : 0
                    while cx * h.ly < h.lx * (h.ly - cy) { l += lAC[j] * fx[cx] * fy[cy] * 2; j += 1; cx += 1 }
                }
                j = 0
                for cy in 0..<3 {
                    var cx = cy == 0 ? 1 : 0
                    while cx < 3 - cy {
                        let f = fx[cx] * fy[cy] * 2
                        p += pAC[j] * f
                        q += qAC[j] * f
                        j += 1; cx += 1
                    }
                }
                if h.hasAlpha {
                    j = 0
                    for cy in 0..<5 {
                        var cx = cy == 0 ? 1 : 0
                        while cx < 5 - cy { a += aAC[j] * fx[cx] * fy[cy] * 2; j += 1; cx += 1 }
                    }
                }
                let (r, g, b) = Self.rgb(l: l, p: p, q: q)
                let i = 4 * (y * w + x)
                rgba[i] = byte(r); rgba[i + 1] = byte(g); rgba[i + 2] = byte(b); rgba[i + 3] = byte(a)
            }
        }
        return Image(width: w, height: ht, rgba: rgba)
    }
}

extension ThumbHash {
    /// Whether the decoded preview has pixels: its aspect ratio gives it at least one pixel each way
    /// (a header whose shorter side's term count is 0 decodes to nothing).
    public var isDrawable: Bool {
        let ratio = approximateAspectRatio
        guard ratio.isFinite, ratio > 0 else { return false }
        let w = Int((ratio > 1 ? 32 : 32 * ratio).rounded(.toNearestOrAwayFromZero))
        let h = Int((ratio > 1 ? 32 / ratio : 32).rounded(.toNearestOrAwayFromZero))
        return w >= 1 && h >= 1
    }
}
