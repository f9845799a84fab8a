import Testing
@testable import LabKit

@Suite struct DecodeRateFitTests {
    /// Decodes timed at two compressions of the same pixels give back the two rates exactly.
    @Test func twoCompressionsSeparatePixelsFromBytes() {
        let truth = DecodeRateFit(perMegapixel: 2, perMegabyte: 30)
        let samples = [(1.0, 0.265), (1.0, 0.13), (4.0, 1.06), (4.0, 0.52), (12.0, 3.18), (12.0, 1.56)].map {
            DecodeRateFit.Sample(megapixels: $0.0, megabytes: $0.1, ms: truth.ms(megapixels: $0.0, megabytes: $0.1))
        }
        let fit = DecodeRateFit(samples)
        #expect(abs(fit.perMegapixel - 2) < 1e-9)
        #expect(abs(fit.perMegabyte - 30) < 1e-9)
        #expect(fit.squaredError(samples) < 1e-18)
    }

    /// A time that falls as pixels grow at the same bytes would need a rate below 0: the better one-rate
    /// fit is kept instead (here by bytes: 10 ms a megabyte fits exactly).
    @Test func noRateBelowZero() {
        let samples = [DecodeRateFit.Sample(megapixels: 1, megabytes: 1, ms: 10), .init(megapixels: 2, megabytes: 1, ms: 10),
                       .init(megapixels: 3, megabytes: 2, ms: 20)]
        let fit = DecodeRateFit(samples)
        #expect(fit.perMegapixel == 0)
        #expect(abs(fit.perMegabyte - 10) < 1e-12)
    }

    /// One compression only (bytes proportional to pixels) cannot be split: all of it by pixels.
    @Test func oneCompressionIsByPixels() {
        let samples = [DecodeRateFit.Sample(megapixels: 1, megabytes: 0.2, ms: 5), .init(megapixels: 4, megabytes: 0.8, ms: 20)]
        let fit = DecodeRateFit(samples)
        #expect(abs(fit.perMegapixel - 5) < 1e-12)
        #expect(fit.perMegabyte == 0)
        #expect(DecodeRateFit([]) == DecodeRateFit(perMegapixel: 0, perMegabyte: 0))
    }

    /// With a constant per decode: times made from three terms give them back; times without one fit
    /// with none; a constant that would be below 0 is left out.
    @Test func aConstantPerDecode() {
        let shapes = [(1.0, 0.265), (1.0, 0.13), (4.0, 1.06), (4.0, 0.52), (12.0, 3.18), (12.0, 1.56)]
        let truth = DecodeRateFit(perMegapixel: 0.3, perMegabyte: 12, perImage: 2.5)
        let samples = shapes.map { DecodeRateFit.Sample(megapixels: $0.0, megabytes: $0.1, ms: truth.ms(megapixels: $0.0, megabytes: $0.1)) }
        let fit = DecodeRateFit.withConstant(samples)
        #expect(abs(fit.perMegapixel - 0.3) < 1e-9 && abs(fit.perMegabyte - 12) < 1e-9 && abs(fit.perImage - 2.5) < 1e-9)
        let plain = DecodeRateFit(perMegapixel: 2, perMegabyte: 30)
        let noConstant = shapes.map { DecodeRateFit.Sample(megapixels: $0.0, megabytes: $0.1, ms: plain.ms(megapixels: $0.0, megabytes: $0.1)) }
        let refit = DecodeRateFit.withConstant(noConstant)
        #expect(abs(refit.perMegapixel - 2) < 1e-9 && abs(refit.perMegabyte - 30) < 1e-9 && refit.perImage == 0)
        // 1 ms less than 10 ms a megabyte on every decode would need a constant of −1: none is kept.
        let below = shapes.map { DecodeRateFit.Sample(megapixels: $0.0, megabytes: $0.1, ms: 10 * $0.1 - 0.1) }
        #expect(DecodeRateFit.withConstant(below).perImage == 0)
    }
}
