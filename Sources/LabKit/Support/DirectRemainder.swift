/// `x % divisor` for many `x` and one divisor, without a division per `x`: Lemire, Kaser and Kurz's
/// direct remainder ("Faster Remainder by Direct Computation", 2019) with a 128-bit fraction, exact for
/// every 64-bit `x` and divisor ≥ 1. The bootstrap draws an index this way for every value of every
/// resample, where a 64-bit division costs more than the rest of the draw.
struct DirectRemainder: Sendable {
    let divisor: UInt64
    /// M = ⌊(2¹²⁸ − 1) / divisor⌋ + 1 mod 2¹²⁸, as two 64-bit halves.
    private let high: UInt64, low: UInt64

    init(_ divisor: UInt64) {
        precondition(divisor > 0, "a remainder by 0")
        self.divisor = divisor
        let quotientHigh = UInt64.max / divisor
        let (quotientLow, _) = divisor.dividingFullWidth((high: UInt64.max % divisor, low: UInt64.max))
        let (sum, carry) = quotientLow.addingReportingOverflow(1)
        low = sum
        high = quotientHigh &+ (carry ? 1 : 0)
    }

    /// `x % divisor`.
    @inline(__always)
    func callAsFunction(_ x: UInt64) -> UInt64 {
        // The fraction M·x mod 2¹²⁸, then its product with the divisor shifted down by 128 bits.
        let (carried, fractionLow) = low.multipliedFullWidth(by: x)
        let fractionHigh = carried &+ high &* x
        let (partHigh, _) = fractionLow.multipliedFullWidth(by: divisor)
        let (topHigh, topLow) = fractionHigh.multipliedFullWidth(by: divisor)
        let (_, overflow) = topLow.addingReportingOverflow(partHigh)
        return topHigh &+ (overflow ? 1 : 0)
    }
}
