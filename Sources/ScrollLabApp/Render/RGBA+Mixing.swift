import ScrollLabCore
extension RGBA {
    /// This colour moved `amount` (0…1) of the way towards `other`.
    func mixed(with other: RGBA, _ amount: Double) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let from = Double(a), to = Double(b)
            return UInt8((from + (to - from) * amount).rounded())
        }
        return RGBA(mix(r, other.r), mix(g, other.g), mix(b, other.b), a)
    }
}

extension RGBA {
    /// This translucent colour blended over the opaque colour `under` as SDL's software renderer blends a
    /// fill (`SDL_BlendFillRect`: each channel `d·(255−a)/255 + c·a/255`, integer divisions): the one
    /// colour a translucent fill leaves on a solid background, so it can be filled opaque instead.
    func blended(over under: RGBA) -> RGBA {
        let alpha = UInt32(a), keep = 255 - alpha
        func channel(_ d: UInt8, _ c: UInt8) -> UInt8 { UInt8(UInt32(d) * keep / 255 + UInt32(c) * alpha / 255) }
        return RGBA(channel(under.r, r), channel(under.g, g), channel(under.b, b))
    }
}
