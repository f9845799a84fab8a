import Testing
@testable import ScrollKit

@Suite struct RubberBandTests {
    let band = RubberBand()

    @Test func pinsTheSpecNumbersInA600PointViewport() {
        #expect(abs(band.displayed(overscroll: 100, dimension: 600) - 50.4) <= 0.1)
        #expect(abs(band.displayed(overscroll: 300, dimension: 600) - 129.4) <= 0.1)
        #expect(abs(band.displayed(overscroll: 600, dimension: 600) - 212.9) <= 0.1)
        #expect(abs(band.displayed(overscroll: -100, dimension: 600) - -50.4) <= 0.1)
    }

    @Test func neverReachesTheViewportLength() {
        for x in [1e3, 1e6, 1e12] {
            let b = band.displayed(overscroll: x, dimension: 480)
            #expect(b < 480 && b > 0)
        }
        #expect(band.displayed(overscroll: 1e300, dimension: 480) <= 480)
        // An infinite pull shows the limit, the viewport's length (a guard once gave 0: the content snapped back).
        #expect(band.displayed(overscroll: .infinity, dimension: 480) == 480)
        #expect(band.displayed(overscroll: -.infinity, dimension: 480) == -480)
        #expect(band.displayed(overscroll: .nan, dimension: 480) == 0)
        #expect(band.slope(overscroll: .infinity, dimension: 480) == 0)
        #expect(band.overscroll(displayed: .infinity, dimension: 480) == band.overscroll(displayed: 480, dimension: 480))
        #expect(band.displayed(overscroll: 50, dimension: 0) == 0)
    }

    @Test func inverseRoundTrips() {
        for x in [0.0, 0.5, 10, 100, 300, 600, 5000, -250] {
            let b = band.displayed(overscroll: x, dimension: 600)
            #expect(abs(band.overscroll(displayed: b, dimension: 600) - x) < 1e-6 * max(1, abs(x)))
        }
        #expect(band.overscroll(displayed: 600, dimension: 600).isFinite)
        #expect(band.overscroll(displayed: 1e9, dimension: 600).isFinite)
    }

    @Test func slopeIsTheCoefficientAtTheEdgeAndTheDerivative() {
        #expect(band.slope(overscroll: 0, dimension: 600) == 0.55)
        let h = 1e-5
        let numeric = (band.displayed(overscroll: 200 + h, dimension: 600)
            - band.displayed(overscroll: 200 - h, dimension: 600)) / (2 * h)
        #expect(abs(numeric - band.slope(overscroll: 200, dimension: 600)) < 1e-6)
    }

    @Test func offsetsAreBandedOnlyOutsideTheContentRange() {
        #expect(band.displayedOffset(raw: 300, lower: 0, upper: 1000, dimension: 600) == 300)
        #expect(abs(band.displayedOffset(raw: -100, lower: 0, upper: 1000, dimension: 600) - -50.38) < 0.01)
        #expect(abs(band.displayedOffset(raw: 1100, lower: 0, upper: 1000, dimension: 600) - 1050.38) < 0.01)
        let shown = band.displayedOffset(raw: 1234, lower: 0, upper: 1000, dimension: 600)
        #expect(abs(band.rawOffset(displayed: shown, lower: 0, upper: 1000, dimension: 600) - 1234) < 1e-9)
    }
}
