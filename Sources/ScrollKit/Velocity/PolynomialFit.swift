/// The result of a least-squares polynomial fit: `y ≈ c₀ + c₁·x + c₂·x² + …`.
public struct PolynomialFit: Hashable, Sendable {
    /// Coefficients by power: `coefficients[i]` multiplies `xⁱ`.
    public var coefficients: [Double]
    /// Coefficient of determination (r²) of the weighted fit: 1 for a perfect fit, lower for a poorer one.
    /// A constant data set counts as a perfect fit.
    public var confidence: Double

    /// Makes a fit from its coefficients and confidence.
    public init(coefficients: [Double], confidence: Double) {
        self.coefficients = coefficients
        self.confidence = confidence
    }

    /// The degree of the polynomial (number of coefficients − 1).
    public var degree: Int { coefficients.count - 1 }

    /// The polynomial evaluated at `x`.
    public func value(at x: Double) -> Double {
        var result = 0.0
        for c in coefficients.reversed() { result = result * x + c }
        return result
    }
}
