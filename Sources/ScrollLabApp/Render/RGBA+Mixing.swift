extension RGBA {
    /// This colour moved `amount` (0…1) of the way towards `other`.
    func mixed(with other: RGBA, _ amount: Double) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
        return RGBA(mix(r, other.r), mix(g, other.g), mix(b, other.b), a)
    }
}
