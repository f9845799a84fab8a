import Foundation
import LabKit
import Testing
@testable import ScrollLabCLI

/// `FixedPointText` writes what `String(format: "%.Nf")` writes, digit for digit: ties of the exact binary
/// value, values that round up into the next power of ten, negative zero and negatives that round to it,
/// subnormals, and the numbers it hands to the C formatting.
@Suite struct FixedPointTextTests {
    static func printf(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    @Test func tiesRoundToEvenOnTheExactBinaryValue() {
        // 0.125 and 2.5 are exact ties; 0.005 and 1.005 are not (their binary values lie below the tie).
        #expect(FixedPointText.string(0.125, decimals: 2) == "0.12")
        #expect(FixedPointText.string(0.375, decimals: 2) == "0.38")
        #expect(FixedPointText.string(2.5, decimals: 0) == "2")
        #expect(FixedPointText.string(3.5, decimals: 0) == "4")
        #expect(FixedPointText.string(1.005, decimals: 2) == "1.00")
        #expect(FixedPointText.string(9.9996, decimals: 3) == "10.000")
        for value in [0.125, 0.375, 2.5, 3.5, 0.005, 1.005, 9.9996, 0.0625, 1e-3, 0.0015] {
            for decimals in 0...3 { #expect(FixedPointText.string(value, decimals: decimals) == Self.printf(value, decimals)) }
        }
    }

    @Test func signsAndTheEdges() {
        #expect(FixedPointText.string(-0.0, decimals: 1) == "-0.0")
        #expect(FixedPointText.string(-0.04, decimals: 1) == "-0.0")
        #expect(FixedPointText.string(-1.25, decimals: 1) == "-1.2")
        #expect(FixedPointText.string(0, decimals: 0) == "0")
        let edges: [Double] = [.leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p53 - 1, 0x1p53, 1e300, .infinity, -.infinity, .nan,
                               123_456.789, -98_765.4321, 0.999_5, 0.000_499_999]
        for value in edges {
            for decimals in 0...5 { #expect(FixedPointText.string(value, decimals: decimals) == Self.printf(value, decimals)) }
        }
    }

    @Test func manyNumbersAsPrintfWritesThem() {
        var generator = SplitMix64(seed: 58)
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 1_000, 1e6, 1e-3][Int(generator.next() % 5)]
            let value = (Double(generator.next() % 2_000_001) / 1_000_000 - 1) * magnitude
            let decimals = Int(generator.next() % 4)
            #expect(FixedPointText.string(value, decimals: decimals) == Self.printf(value, decimals))
            // A value with a short decimal form, whose next digit may be a 5 of the binary value's own.
            let short = (value * 10_000).rounded() / 10_000
            #expect(FixedPointText.string(short, decimals: decimals) == Self.printf(short, decimals))
        }
    }
}

