/// Reproducible random numbers: a uniform number in [0, 1) from a seed and three counters (a request,
/// a stream, an index), by SplitMix64's finaliser. The same arguments give the same number on every
/// run and platform, so a modelled network's losses and a server's injected faults can be replayed.
public enum SeededDraw {
    public static func unit(seed: UInt64, serial: Int, stream: UInt64, index: Int) -> Double {
        var z = seed &+ UInt64(bitPattern: Int64(serial)) &* 0x9E37_79B9_7F4A_7C15
        z ^= (stream &+ 1) &* 0xD1B5_4A32_D192_ED03
        z &+= UInt64(bitPattern: Int64(index)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
