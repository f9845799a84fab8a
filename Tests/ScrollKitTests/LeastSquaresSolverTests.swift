import Testing
@testable import ScrollKit

@Suite struct LeastSquaresSolverTests {
    @Test func quadraticDataIsFittedExactly() throws {
        let xs: [Double] = [0, -8, -16, -24, -32, -40]
        let ys = xs.map { 3 - 2 * $0 + 0.5 * $0 * $0 }
        let fit = try #require(LeastSquaresSolver(x: xs, y: ys).solve(degree: 2))
        #expect(abs(fit.coefficients[0] - 3) < 1e-9)
        #expect(abs(fit.coefficients[1] - -2) < 1e-9)
        #expect(abs(fit.coefficients[2] - 0.5) < 1e-12)
        #expect(abs(fit.confidence - 1) < 1e-12)
        #expect(abs(fit.value(at: 2) - 1) < 1e-9)
    }

    @Test func lineFittedWithDegreeTwoHasNoCurvature() throws {
        let xs: [Double] = [0, -1, -2.5, -7]
        let ys = xs.map { 10 + 4 * $0 }
        let fit = try #require(LeastSquaresSolver(x: xs, y: ys).solve(degree: 2))
        #expect(abs(fit.coefficients[1] - 4) < 1e-9)
        #expect(abs(fit.coefficients[2]) < 1e-10)
    }

    @Test func inexactLineFitMatchesClosedForm() throws {
        // Least-squares line through (0,0), (1,1), (2,1): slope 1/2, intercept 1/6, r² = 3/4.
        let fit = try #require(LeastSquaresSolver(x: [0, 1, 2], y: [0, 1, 1]).solve(degree: 1))
        #expect(abs(fit.coefficients[0] - 1.0 / 6) < 1e-12)
        #expect(abs(fit.coefficients[1] - 0.5) < 1e-12)
        #expect(abs(fit.confidence - 0.75) < 1e-12)
    }

    @Test func zeroWeightIgnoresAPoint() throws {
        let fit = try #require(LeastSquaresSolver(x: [0, 1, 2, 3], y: [0, 1, 2, 100], w: [1, 1, 1, 0]).solve(degree: 1))
        #expect(abs(fit.coefficients[0]) < 1e-12)
        #expect(abs(fit.coefficients[1] - 1) < 1e-12)
    }

    @Test func constantDataHasFullConfidence() throws {
        let fit = try #require(LeastSquaresSolver(x: [0, -8, -16], y: [5, 5, 5]).solve(degree: 2))
        #expect(abs(fit.coefficients[0] - 5) < 1e-12)
        #expect(abs(fit.coefficients[1]) < 1e-12)
        #expect(fit.confidence == 1)
    }

    @Test func tooFewPointsGiveNoFit() {
        #expect(LeastSquaresSolver(x: [0, -8], y: [0, 8]).solve(degree: 2) == nil)
        #expect(LeastSquaresSolver(x: [], y: []).solve(degree: 0) == nil)
    }

    @Test func sharedTimestampsGiveNoFit() {
        // One distinct x: even the linear term is undetermined.
        #expect(LeastSquaresSolver(x: [0, 0, 0, 0, 0], y: [1, 2, 3, 4, 5]).solve(degree: 2) == nil)
        // Two distinct x values cannot determine a quadratic, however many points there are.
        #expect(LeastSquaresSolver(x: [0, 0, 0, -8, -8, -8], y: [6, 5, 4, 3, 2, 1]).solve(degree: 2) == nil)
        #expect(LeastSquaresSolver(x: [-90, -90, -90, 0, 0], y: [1, 2, 3, 4, 5]).solve(degree: 2) == nil)
        // …but they do determine a line.
        let line = LeastSquaresSolver(x: [0, 0, -8, -8], y: [8, 8, 0, 0]).solve(degree: 1)
        #expect(line.map { abs($0.coefficients[1] - 1) < 1e-12 } == true)
    }

    @Test func nonFiniteInputGivesNoFit() {
        #expect(LeastSquaresSolver(x: [0, -1, .nan], y: [0, 1, 2]).solve(degree: 2) == nil)
        #expect(LeastSquaresSolver(x: [0, -1, -2], y: [0, .infinity, 2]).solve(degree: 2) == nil)
    }
}
