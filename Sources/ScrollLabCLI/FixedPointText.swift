import Foundation

/// A number written with a fixed count of digits after the point, exactly as C's `%.Nf` writes it: the
/// binary value's exact decimal expansion rounded to `N` digits, a tie to even, the sign always shown
/// (`-0.0`). Worked out in integers for up to three digits and magnitudes below 2⁵³, where the scaled
/// significand fits in 64 bits; any other number goes through `String(format:)`, which reaches the same
/// C formatting through Foundation's formatter at some 20 000 instructions a number (2% of a `bench`).
enum FixedPointText {
    static func string(_ value: Double, decimals: Int) -> String {
        guard (0...3).contains(decimals), value.isFinite, value.magnitude < 0x1p53 else {
            return String(format: "%.\(decimals)f", value)
        }
        let scale: UInt64 = [1, 10, 100, 1000][decimals]
        // value = significand × 2^exponent exactly; below 2⁵³ the exponent is at most 0.
        let significand = value.significandBitPattern | (value.exponentBitPattern == 0 ? 0 : 1 << 52)
        let exponent = value.exponentBitPattern == 0 ? -1074 : Int(value.exponentBitPattern) - 1075
        let scaled = significand * scale   // below 2⁵³ × 1000 < 2⁶³
        var rounded: UInt64
        let shift = -exponent
        if shift == 0 {
            rounded = scaled
        } else if shift >= 64 {
            rounded = 0   // below half a unit of the last digit: scaled < 2⁶³ ≤ 2^(shift - 1)
        } else {
            rounded = scaled >> UInt64(shift)
            let remainder = scaled & ((1 << UInt64(shift)) - 1), half: UInt64 = 1 << UInt64(shift - 1)
            if remainder > half || (remainder == half && rounded & 1 == 1) { rounded += 1 }
        }
        var text = value.sign == .minus ? "-" : ""
        text += String(rounded / scale)
        guard decimals > 0 else { return text }
        let fraction = String(rounded % scale)
        return text + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
