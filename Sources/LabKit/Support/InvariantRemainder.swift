/// `x % divisor` for many `x` and one divisor, without a division per `x`: Granlund and Montgomery's
/// division by an invariant integer ("Division by Invariant Integers using Multiplication", 1994, figure
/// 4.1), exact for every 64-bit `x` and divisor ≥ 1. The quotient is one high multiply, two shifts and
/// two additions; the remainder one more multiply. The bootstrap draws an index this way for every value
/// of every resample, where a 64-bit division costs more than the rest of the draw.
struct InvariantRemainder: Sendable {
    let divisor: UInt64
    /// m′ = ⌊2⁶⁴ · (2ˡ − divisor) / divisor⌋ + 1, with l = ⌈log₂ divisor⌉.
    private let multiplier: UInt64
    /// min(l, 1) and max(l − 1, 0).
    private let shift1: UInt64, shift2: UInt64

    init(_ divisor: UInt64) {
        precondition(divisor > 0, "a remainder by 0")
        self.divisor = divisor
        let l = divisor == 1 ? 0 : UInt64.bitWidth - (divisor - 1).leadingZeroBitCount
        // 2ˡ − divisor, taken modulo 2⁶⁴ (l is 64 for a divisor over 2⁶³); it is below the divisor, so the
        // quotient fits in 64 bits.
        let excess: UInt64 = l == UInt64.bitWidth ? 0 &- divisor : (1 << UInt64(l)) &- divisor
        multiplier = divisor.dividingFullWidth((high: excess, low: 0)).quotient &+ 1
        shift1 = UInt64(Swift.min(l, 1))
        shift2 = UInt64(Swift.max(l - 1, 0))
    }

    /// `x % divisor`.
    @inline(__always)
    func callAsFunction(_ x: UInt64) -> UInt64 {
        let t = multiplier.multipliedFullWidth(by: x).high
        let quotient = (t &+ ((x &- t) &>> shift1)) &>> shift2
        return x &- quotient &* divisor
    }
}
