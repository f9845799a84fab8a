import Testing
@testable import LabKit

/// Numbers in JSON lines: rounded to 6 decimals, integers without a fraction, no "-0", non-finite as null.
@Suite struct JSONValueNumberTests {
    private func text(_ n: Double) -> String { JSONValue.number(n).serialized }

    @Test func fractionsAreRoundedToSixDecimals() {
        #expect(text(0.1234564) == "0.123456")
        #expect(text(0.1234566) == "0.123457")
        #expect(text(-812.4999996) == "-812.5")
        #expect(text(0.0000004) == "0")
    }

    @Test func wholeNumbersHaveNoFractionAndNoNegativeZero() {
        #expect(text(499) == "499")
        #expect(text(1310.9999997) == "1311")
        #expect(text(-0.0000004) == "0")
        #expect(text(-0.0) == "0")
        #expect(text(-8000) == "-8000")
    }

    /// From 1e15 on a whole number is not forced through Int64 (1e20 would not fit): Swift's own form.
    @Test func hugeWholeNumbersAreNotForcedThroughInt64() {
        #expect(text(999_999_999_999_999) == "999999999999999")
        #expect(text(1e15) == "1000000000000000.0")
        #expect(text(1e20) == "1e+20")
    }

    /// Past 2⁵³ a number is written as it is: rounding multiplied it by 10⁶, to infinity beyond 1.8e302.
    @Test func theLargestFiniteNumbersStayFinite() {
        #expect(text(1e308) == "1e+308")
        #expect(text(-7.5e304) == "-7.5e+304")
        #expect(text(.greatestFiniteMagnitude) == "\(Double.greatestFiniteMagnitude)")
    }

    @Test func nonFiniteNumbersAreNull() {
        #expect(text(.infinity) == "null")
        #expect(text(-.infinity) == "null")
        #expect(text(.nan) == "null")
    }
}
